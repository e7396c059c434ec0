/** Timings of the job engine. Defaults suit production; tests shorten them (RunsModule.forRoot). */
export interface RunEngineOptions {
  /** Kinds this process runs workers and sweeps for (a dedicated pool); null for every kind it has a handler for. */
  workerKinds: readonly string[] | null;
  /** How often a worker records that the run it executes is alive (`run.heartbeatAt`). */
  heartbeatMs: number;
  /** A run is suspect when its heartbeat (or, while waiting, its last change) is older than this. */
  staleAfterMs: number;
  /** How often a worker sweeps the runs of its kinds. */
  sweepEveryMs: number;
  /** BullMQ: how long a worker's lock on a job lasts without renewal; a dead worker's job stalls after it. */
  lockDurationMs: number;
  /** BullMQ: how often workers look for stalled jobs and move them back to waiting. */
  stalledIntervalMs: number;
  /** First retry delay; BullMQ doubles it for each further attempt (exponential backoff). */
  backoffMs: number;
  /** Attempts of a run unless `start()` says otherwise. */
  defaultMaxAttempts: number;
  /** Jobs a worker runs at once per kind unless its @RunHandler says otherwise. */
  concurrency: number;
  /** Progress is written at most this often (the last value always is). */
  progressThrottleMs: number;
  /** `GET /api/runs/{id}/events` reads the run this often. */
  eventsPollMs: number;
  /** …and writes an SSE comment after this much silence, so proxies keep the stream open. */
  eventsKeepAliveMs: number;
  /** On shutdown, how long running jobs may take to finish before their signal is aborted. */
  shutdownGraceMs: number;
  /** After the abort, how long handlers get to stop before the workers are closed by force. */
  abortGraceMs: number;
}

export const DEFAULT_RUN_ENGINE_OPTIONS: RunEngineOptions = {
  workerKinds: null,
  heartbeatMs: 5_000,
  staleAfterMs: 60_000,
  sweepEveryMs: 30_000,
  lockDurationMs: 30_000,
  stalledIntervalMs: 30_000,
  backoffMs: 5_000,
  defaultMaxAttempts: 3,
  concurrency: 1,
  progressThrottleMs: 500,
  eventsPollMs: 500,
  eventsKeepAliveMs: 15_000,
  shutdownGraceMs: 25_000,
  abortGraceMs: 3_000,
};

export const RUN_ENGINE_OPTIONS = Symbol('RUN_ENGINE_OPTIONS');

/** Defaults completed with `overrides`; refuses timings that would let the sweeper take a live run for a dead one. */
export function runEngineOptions(overrides: Partial<RunEngineOptions> = {}): RunEngineOptions {
  const options = { ...DEFAULT_RUN_ENGINE_OPTIONS, ...overrides };
  if (options.staleAfterMs < 3 * options.heartbeatMs) {
    throw new Error(`Run engine: staleAfterMs (${options.staleAfterMs}) must be at least three heartbeats (${3 * options.heartbeatMs})`);
  }
  if (!Number.isInteger(options.defaultMaxAttempts) || options.defaultMaxAttempts < 1) {
    throw new Error('Run engine: defaultMaxAttempts must be a positive integer');
  }
  return options;
}
