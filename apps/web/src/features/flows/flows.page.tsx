import { ListPlaceholder } from '../library/list-placeholder';

/** Flows: every list context of this section (home, favourites, all, ...) by route name. */
export function FlowsPage() {
  return <ListPlaceholder noun="Flows" />;
}
