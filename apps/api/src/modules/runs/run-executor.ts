import { Inject, Injectable, Logger } from '@nestjs/common';
import { RunMessages } from '@library/contracts';
import { Job, UnrecoverableError } from 'bullmq';
import { RunHandlerRegistry } from './run-handler.registry';
import { RunSupersededError } from './run-handler';
import { RunEntity } from './run.entity';
import { messageOf, RunExecution } from './run-execution';
import { applyRunEvent } from './run-state';
import { ownedBy, RunStore } from './run-store';
import { RunJobData } from './run-queue';
import { RUN_ENGINE_OPTIONS, RunEngineOptions } from './runs.options';
import { TransactionHooks } from './transaction-hooks';

type Begun = { kind: 'run'; run: RunEntity } | { kind: 'skip'; run: RunEntity | null } | { kind: 'failed'; error: string };

/**
 * Runs one BullMQ job: START on the row, the handler, then SUCCEED or FAIL, each applied by the machine under
 * the row's lock. The machine, not BullMQ, decides whether a failure is retried: `retrying` rethrows (BullMQ
 * backs off and tries again), `failed` throws UnrecoverableError (BullMQ stops).
 */
@Injectable()
export class RunExecutor {
  private readonly logger = new Logger('Runs');
  /** Attempts running in this process, for shutdown. */
  readonly active = new Set<RunExecution>();

  constructor(
    private readonly store: RunStore,
    private readonly registry: RunHandlerRegistry,
    private readonly hooks: TransactionHooks,
    @Inject(RUN_ENGINE_OPTIONS) private readonly options: RunEngineOptions,
  ) {}

  async process(job: Job<RunJobData>): Promise<unknown> {
    const runId = job.data.runId ?? job.id;
    const begun = await this.begin(runId);
    if (begun.kind === 'failed') throw new UnrecoverableError(begun.error);
    if (begun.kind === 'skip') {
      this.logger.debug(`job ${job.id}: run is ${begun.run?.state ?? 'gone'}, nothing to do`);
      return begun.run?.output ?? null;
    }

    const run = begun.run;
    const execution = new RunExecution(run, this.store, this.hooks, this.options, this.logger);
    this.active.add(execution);
    execution.startHeartbeat();
    try {
      const output = await this.registry.handlerFor(run.kind).handle(execution);
      await execution.end();
      if (execution.completed) return output;
      const { applied } = await this.store.apply(run.id, { type: 'SUCCEED', output: output ?? null }, ownedBy(run.attempts));
      if (!applied) this.logger.warn(`run ${run.id}: attempt ${run.attempts} finished but no longer owns the run; its result is dropped`);
      return output;
    } catch (error) {
      await execution.end();
      return this.recordFailure(execution, error);
    } finally {
      this.active.delete(execution);
    }
  }

  /**
   * START under the row lock. A run still `running` means the worker of the previous delivery died (BullMQ
   * found the job stalled and handed it on): that attempt is recorded as failed first, then a new one starts
   * if attempts remain. Final runs are left alone, so a job delivered twice never runs a finished run again.
   */
  private begin(runId: string): Promise<Begun> {
    return this.store.dataSource.transaction(async (manager): Promise<Begun> => {
      const run = await this.store.lock(manager, runId);
      if (!run) return { kind: 'skip', run: null };
      if (run.state === 'running') {
        applyRunEvent(run, { type: 'FAIL', error: RunMessages.workerLost(run.attempts) });
        if ((run.state as string) === 'failed') {
          await this.store.save(manager, run);
          return { kind: 'failed', error: run.error ?? RunMessages.workerLost(run.attempts) };
        }
      }
      if (!applyRunEvent(run, { type: 'START' })) return { kind: 'skip', run };
      run.heartbeatAt = new Date();
      await this.store.save(manager, run);
      return { kind: 'run', run };
    });
  }

  private async recordFailure(execution: RunExecution, error: unknown): Promise<unknown> {
    const { run } = execution;
    if (execution.completed) {
      this.logger.warn(`run ${run.id}: the handler threw after its success committed: ${messageOf(error)}`);
      return run.output;
    }
    if (error instanceof RunSupersededError || execution.stopReason === 'superseded') {
      this.logger.log(`run ${run.id}: attempt ${run.attempts} stopped: ${messageOf(error)}`);
      return null;
    }
    const message = execution.stopReason === 'shutdown' ? RunMessages.interrupted : messageOf(error) || 'Run failed';
    const after = await this.store.apply(run.id, { type: 'FAIL', error: message }, ownedBy(run.attempts));
    if (!after.applied) return null;
    if (after.run?.state === 'failed') throw new UnrecoverableError(message);
    throw error instanceof Error ? error : new Error(message);
  }
}
