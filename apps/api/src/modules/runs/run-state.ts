import { isFinalRunState, RunState, RunView } from '@library/contracts';
import { applyEvent, RUN_MACHINE_VERSION, RunContext, RunEvent, runMachine, StoredState } from '@library/machines';
import type { QueryDeepPartialEntity } from 'typeorm';
import { initialTransition } from 'xstate';
import { RunEntity } from './run.entity';

/** The stored state of a new run: `queued`, no attempt made yet. */
export function initialRunState(maxAttempts: number): StoredState<RunContext> {
  const [snapshot] = initialTransition(runMachine, { maxAttempts });
  return { value: snapshot.value, context: snapshot.context };
}

/** The machine state a row holds. */
export function storedStateOf(run: Pick<RunEntity, 'id' | 'snapshot' | 'snapshotVersion'>): StoredState<RunContext> {
  if (run.snapshotVersion !== RUN_MACHINE_VERSION) {
    throw new Error(
      `Run ${run.id} was written by run machine version ${run.snapshotVersion}; this build runs version ${RUN_MACHINE_VERSION}`,
    );
  }
  return run.snapshot as StoredState<RunContext>;
}

/**
 * Applies one event to a run row in memory: the machine decides, the columns mirror its snapshot (state,
 * progress, attempts, error, output; finishedAt once nothing more will happen by itself). Returns false, leaving
 * the row untouched, when the machine ignores the event.
 */
export function applyRunEvent(run: RunEntity, event: RunEvent, now = new Date()): boolean {
  const { snapshot, changed } = applyEvent(runMachine, storedStateOf(run), event);
  if (!changed) return false;
  const context = snapshot.context as RunContext;
  run.snapshot = { value: snapshot.value, context } satisfies StoredState<RunContext>;
  run.snapshotVersion = RUN_MACHINE_VERSION;
  run.state = String(snapshot.value);
  run.progress = context.progress;
  run.attempts = context.attempts;
  run.error = context.error;
  run.output = context.output ?? null;
  run.finishedAt = isFinalRunState(run.state) ? now : null;
  return true;
}

/** The columns a transition changes, for an UPDATE of just those. */
export function changedColumns(run: RunEntity): QueryDeepPartialEntity<RunEntity> {
  const { state, progress, snapshot, snapshotVersion, attempts, error, output, heartbeatAt, finishedAt } = run;
  // jsonb columns are typed `unknown`; TypeORM serialises whatever JSON they hold.
  return {
    state,
    progress,
    snapshot,
    snapshotVersion,
    attempts,
    error,
    output,
    heartbeatAt,
    finishedAt,
  } as QueryDeepPartialEntity<RunEntity>;
}

export function toRunView(run: RunEntity): RunView {
  return {
    id: run.id,
    kind: run.kind,
    state: run.state as RunState,
    progress: run.progress,
    error: run.error,
    output: run.output ?? null,
    attempts: run.attempts,
    createdAt: run.createdAt.toISOString(),
    updatedAt: run.updatedAt.toISOString(),
    finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null,
  };
}

/** Delay BullMQ's exponential backoff gives before attempt `attemptsMade + 1`. */
export function backoffDelay(baseMs: number, attemptsMade: number): number {
  return Math.round(baseMs * 2 ** Math.max(0, attemptsMade - 1));
}
