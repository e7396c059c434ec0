import { DiscoveryService } from '@nestjs/core';
import type { EntityManager } from 'typeorm';
import { assertQueueName } from '../../infra/queue/queue-names';
import type { RunEntity } from './run.entity';

/**
 * What a handler gets for one attempt of a run. Handlers must be idempotent: an attempt may be cut short (a
 * worker dies, a deploy stops it) and the run started again with `attempt + 1`; read `run` and the domain rows
 * to resume rather than redo.
 */
export interface RunJobContext<I> {
  /** The run row as this attempt started it (state `running`). */
  run: RunEntity;
  input: I;
  /** 1 for the first attempt; counts attempts lost with a worker too. */
  attempt: number;
  /** Reports progress (0–100, never backwards); written throttled. Inside `transaction()` it is written after it ends. */
  progress(percent: number): Promise<void>;
  /**
   * A database transaction that only commits while this attempt still owns the run: it starts by locking the
   * run row and throws RunSupersededError if the run was cancelled or taken over by another attempt.
   */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
  /**
   * Records success with `output` inside the caller's transaction (give it the manager of `transaction()`), so
   * the last domain change and `succeeded` commit together or not at all. Returns `output`; the handler should
   * return it too. A handler that never calls it succeeds with its return value after `handle()` resolves.
   */
  complete<O>(manager: EntityManager, output: O): Promise<O>;
  /** Aborted when the run is cancelled or taken over, or the worker shuts down; stop soon after. */
  signal: AbortSignal;
}

/** Does one kind of run. Throwing fails the attempt: retried with backoff while attempts remain, else `failed`. */
export interface RunJobHandler<I = Record<string, unknown>, O = unknown> {
  handle(context: RunJobContext<I>): Promise<O>;
}

export interface RunHandlerOptions {
  /** Jobs of this kind one worker process runs at once (default: the engine's `concurrency`). */
  concurrency?: number;
}

export interface RunHandlerMetadata extends RunHandlerOptions {
  kind: string;
}

export const RunHandlerMeta = DiscoveryService.createDecorator<RunHandlerMetadata>();

/**
 * Marks an `@Injectable()` class implementing RunJobHandler as the handler of a run kind. The kind names
 * the BullMQ queue, so it is lowercase words and dashes (`release-extraction`). Exactly one handler per kind.
 */
export function RunHandler(kind: string, options: RunHandlerOptions = {}): ClassDecorator {
  assertQueueName(kind);
  return RunHandlerMeta({ kind, ...options });
}

/** Thrown into a handler whose attempt no longer owns its run (cancelled, or another attempt took over). */
export class RunSupersededError extends Error {
  constructor(runId: string, attempt: number, now?: { state: string; attempts: number } | null) {
    super(
      `Attempt ${attempt} of run ${runId} no longer owns it` +
        (now ? ` (the run is ${now.state}, attempt ${now.attempts})` : now === null ? ' (the run is gone)' : ''),
    );
    this.name = 'RunSupersededError';
  }
}
