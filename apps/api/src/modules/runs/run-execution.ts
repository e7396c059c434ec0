import { Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ProgressThrottle } from './progress-throttle';
import { RunJobContext, RunSupersededError } from './run-handler';
import { RunEntity } from './run.entity';
import { applyRunEvent } from './run-state';
import { ownedBy, RunStore } from './run-store';
import { RunEngineOptions } from './runs.options';
import { TransactionHooks } from './transaction-hooks';

export type StopReason = 'superseded' | 'shutdown';

/**
 * One attempt of one run: the context its handler gets. Keeps the heartbeat going, writes progress throttled,
 * fences every write (an attempt that no longer owns its run writes nothing) and knows whether the handler's
 * `complete()` committed.
 */
export class RunExecution<I = Record<string, unknown>> implements RunJobContext<I> {
  private readonly abortController = new AbortController();
  private readonly throttle: ProgressThrottle;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private openTransactions = 0;
  private completion: 'none' | 'pending' | 'committed' = 'none';
  stopReason: StopReason | null = null;

  constructor(
    readonly run: RunEntity,
    private readonly store: RunStore,
    private readonly hooks: TransactionHooks,
    private readonly options: RunEngineOptions,
    private readonly logger: Logger,
  ) {
    this.throttle = new ProgressThrottle(
      (percent) => this.writeProgress(percent),
      options.progressThrottleMs,
      (error) => this.logger.warn(`run ${run.id}: progress not saved: ${messageOf(error)}`),
    );
    // Handlers may destructure their context: `async handle({ input, progress, transaction })`.
    this.progress = this.progress.bind(this);
    this.transaction = this.transaction.bind(this);
    this.complete = this.complete.bind(this);
  }

  get input(): I {
    return this.run.input as I;
  }

  get attempt(): number {
    return this.run.attempts;
  }

  get signal(): AbortSignal {
    return this.abortController.signal;
  }

  /** True once the handler's `complete()` has committed. */
  get completed(): boolean {
    return this.completion === 'committed';
  }

  progress(percent: number): Promise<void> {
    const written = this.throttle.report(percent);
    // Inside a transaction the run row is locked by the handler itself: waiting for the write would deadlock.
    if (this.openTransactions > 0) return Promise.resolve();
    return written;
  }

  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    this.throwIfStopped();
    this.openTransactions += 1;
    try {
      return await this.store.dataSource.transaction(async (manager) => {
        await this.lockOwned(manager);
        return work(manager);
      });
    } finally {
      this.openTransactions -= 1;
    }
  }

  async complete<O>(manager: EntityManager, output: O): Promise<O> {
    if (!this.hooks.inTransaction(manager)) {
      throw new Error('complete(manager, output) records success inside a transaction: pass the manager of context.transaction()');
    }
    if (this.completion !== 'none') throw new Error(`complete() was already called for run ${this.run.id}`);
    const run = await this.lockOwned(manager);
    applyRunEvent(run, { type: 'SUCCEED', output });
    await this.store.save(manager, run);
    this.completion = 'pending';
    this.hooks.afterRollback(manager, () => (this.completion = 'none'));
    await this.hooks.afterCommit(manager, () => (this.completion = 'committed'));
    return output;
  }

  startHeartbeat(): void {
    this.heartbeatTimer = setInterval(() => void this.beat(), this.options.heartbeatMs);
  }

  /** Aborts the handler's signal; later writes of this attempt are refused. */
  stop(reason: StopReason): void {
    this.stopReason ??= reason;
    if (!this.abortController.signal.aborted) this.abortController.abort(new Error(`run ${this.run.id}: ${reason}`));
  }

  /** Stops the heartbeat and progress writes (waiting for one in flight). */
  async end(): Promise<void> {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    await this.throttle.close();
  }

  private async beat(): Promise<void> {
    try {
      if (!(await this.store.heartbeat(this.run.id, this.attempt))) this.stop('superseded');
    } catch (error) {
      this.logger.warn(`run ${this.run.id}: heartbeat failed: ${messageOf(error)}`);
    }
  }

  private async writeProgress(percent: number): Promise<void> {
    if (this.stopReason === 'superseded') return;
    const { run, applied } = await this.store.apply(this.run.id, { type: 'PROGRESS', progress: percent }, ownedBy(this.attempt));
    if (!applied && (!run || !ownedBy(this.attempt)(run))) this.stop('superseded');
  }

  private async lockOwned(manager: EntityManager): Promise<RunEntity> {
    const run = await this.store.lock(manager, this.run.id);
    if (!run || !ownedBy(this.attempt)(run)) {
      this.stop('superseded');
      throw new RunSupersededError(this.run.id, this.attempt, run && { state: run.state, attempts: run.attempts });
    }
    return run;
  }

  private throwIfStopped(): void {
    if (this.stopReason === 'superseded') throw new RunSupersededError(this.run.id, this.attempt);
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
