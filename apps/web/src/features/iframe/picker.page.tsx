import { ListPlaceholder } from '../library/list-placeholder';

/** A list of the embedded picker; `noun` names what it lists ("Step templates", "Views", ...). */
export function PickerPage({ noun }: { noun: string }) {
  return <ListPlaceholder noun={noun} />;
}
