import { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, StateValue, transition } from 'xstate';

/** What the server stores of a machine: its state value and context (with the machine version beside it). */
export interface StoredState<TContext = unknown> {
  value: StateValue;
  context: TContext;
}

/**
 * Applies one event to a stored state with xstate's pure `transition()`, for the server: load the row,
 * apply, save in the same transaction. `changed` is false when the machine ignored the event.
 */
export function applyEvent<TMachine extends AnyStateMachine>(
  machine: TMachine,
  stored: StoredState,
  event: EventFromLogic<TMachine>,
): { snapshot: AnyMachineSnapshot; changed: boolean } {
  const before: AnyMachineSnapshot = machine.resolveState(stored);
  const [after] = transition(machine, before as never, event) as unknown as [AnyMachineSnapshot];
  const changed = JSON.stringify(after.value) !== JSON.stringify(before.value) || after.context !== before.context;
  return { snapshot: after, changed };
}

/** The event types a stored state would accept, for "allowed: …" messages. */
export function acceptedEvents<TMachine extends AnyStateMachine>(
  machine: TMachine,
  stored: StoredState,
  candidates: ReadonlyArray<EventFromLogic<TMachine>>,
): string[] {
  const snapshot: AnyMachineSnapshot = machine.resolveState(stored);
  return candidates.filter((event) => snapshot.can(event)).map((event) => event.type);
}
