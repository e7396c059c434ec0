import { ListPlaceholder } from '../library/list-placeholder';

/** Views: every list context of this section (home, favourites, all, ...) by route name. */
export function ViewsPage() {
  return <ListPlaceholder noun="Views" />;
}
