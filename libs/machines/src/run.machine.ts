import { assign, setup } from 'xstate';

export interface RunContext {
  progress: number;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  output: unknown;
}

export type RunEvent =
  | { type: 'START' }
  | { type: 'PROGRESS'; progress: number }
  | { type: 'SUCCEED'; output?: unknown }
  | { type: 'FAIL'; error: string }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

export const RUN_MACHINE_VERSION = 1;

const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

/**
 * A copy, install, deploy or extraction job: queued → running (progress 0–100) → succeeded | failed.
 * A failure with attempts left waits in `retrying` for the queue's backoff; a failed run can be retried by
 * hand; a run not yet finished can be cancelled. Progress never goes backwards within an attempt.
 */
export const runMachine = setup({
  types: { context: {} as RunContext, events: {} as RunEvent, input: {} as { maxAttempts?: number } },
  guards: {
    hasAttemptsLeft: ({ context }) => context.attempts < context.maxAttempts,
  },
  actions: {
    beginAttempt: assign({ attempts: ({ context }) => context.attempts + 1, progress: 0, error: null }),
    recordProgress: assign({
      progress: ({ context, event }) => (event.type === 'PROGRESS' ? Math.max(context.progress, clamp(event.progress)) : context.progress),
    }),
    recordSuccess: assign({ progress: 100, output: ({ event }) => (event.type === 'SUCCEED' ? (event.output ?? null) : null) }),
    recordError: assign({ error: ({ event }) => (event.type === 'FAIL' ? event.error : null) }),
    resetAttempts: assign({ attempts: 0, error: null, progress: 0 }),
  },
}).createMachine({
  id: 'run',
  context: ({ input }) => ({ progress: 0, attempts: 0, maxAttempts: input?.maxAttempts ?? 3, error: null, output: null }),
  initial: 'queued',
  states: {
    queued: { on: { START: { target: 'running', actions: 'beginAttempt' }, CANCEL: 'cancelled' } },
    running: {
      on: {
        PROGRESS: { actions: 'recordProgress' },
        SUCCEED: { target: 'succeeded', actions: 'recordSuccess' },
        FAIL: [
          { guard: 'hasAttemptsLeft', target: 'retrying', actions: 'recordError' },
          { target: 'failed', actions: 'recordError' },
        ],
        CANCEL: 'cancelled',
      },
    },
    retrying: { on: { START: { target: 'running', actions: 'beginAttempt' }, CANCEL: 'cancelled' } },
    succeeded: { type: 'final' },
    failed: { on: { RETRY: { target: 'queued', actions: 'resetAttempts' } } },
    cancelled: { type: 'final' },
  },
});
