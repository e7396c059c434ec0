import { ListPlaceholder } from '../library/list-placeholder';

/** Cards: every list context of this section (home, favourites, all, ...) by route name. */
export function CardsPage() {
  return <ListPlaceholder noun="Cards" />;
}
