import { z } from 'zod';

/** The states of the run machine (libs/machines run.machine.ts), as the API reports them. */
export const RunState = z.enum(['queued', 'running', 'retrying', 'succeeded', 'failed', 'cancelled']);
export type RunState = z.infer<typeof RunState>;

/** States after which nothing happens by itself: an event stream ends, a poller stops. `failed` may be retried by hand. */
export const FINAL_RUN_STATES: readonly RunState[] = ['succeeded', 'failed', 'cancelled'];
export const isFinalRunState = (state: string): boolean => (FINAL_RUN_STATES as readonly string[]).includes(state);

/** What a caller may ask of a run by hand (`POST /api/runs/{id}/{action}`). */
export const RunAction = z.enum(['retry', 'cancel']);
export type RunAction = z.infer<typeof RunAction>;

/** A run as `GET /api/runs/{id}` answers it; also each `run` event of `GET /api/runs/{id}/events`. */
export const RunView = z
  .object({
    id: z.string().uuid(),
    kind: z.string(),
    state: RunState,
    progress: z.number().int().min(0).max(100),
    error: z.string().nullable(),
    output: z.unknown(),
    attempts: z.number().int().nonnegative(),
    createdAt: z.string(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .strict();
export type RunView = z.infer<typeof RunView>;

export const RunIdParams = z.object({ id: z.string().uuid() });
export type RunIdParams = z.infer<typeof RunIdParams>;

/** The server-sent event type carrying a RunView (`event: run`). The stream ends after a final state. */
export const RUN_EVENT = 'run';
