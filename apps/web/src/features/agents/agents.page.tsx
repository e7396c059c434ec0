import { ListPlaceholder } from '../library/list-placeholder';

/** Agents: every list context of this section (home, favourites, all, ...) by route name. */
export function AgentsPage() {
  return <ListPlaceholder noun="Agents" />;
}
