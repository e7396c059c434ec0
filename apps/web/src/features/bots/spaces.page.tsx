import { ListPlaceholder } from '../library/list-placeholder';

/** Spaces: every list context of this section (home, favourites, all, ...) by route name. */
export function SpacesPage() {
  return <ListPlaceholder noun="Spaces" />;
}
