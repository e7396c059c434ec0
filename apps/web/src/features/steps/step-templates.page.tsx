import { ListPlaceholder } from '../library/list-placeholder';

/** Step templates: every list context of this section (home, favourites, all, ...) by route name. */
export function StepTemplatesPage() {
  return <ListPlaceholder noun="Step templates" />;
}
