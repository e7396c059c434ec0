import { Inject, Injectable, Logger } from '@nestjs/common';
import type { JobState } from 'bullmq';
import { QueueService } from '../../infra/queue/queue.service';
import { RunEntity } from './run.entity';
import { RUN_ENGINE_OPTIONS, RunEngineOptions } from './runs.options';
import { storedStateOf } from './run-state';

/** The payload of every run job: only the id; the run row holds the input. */
export interface RunJobData {
  runId: string;
}

/** A run's BullMQ job: on the queue named after its kind, with the run's id as job id (never BullMQ's counter). */
@Injectable()
export class RunQueue {
  private readonly logger = new Logger('Runs');

  constructor(
    private readonly queues: QueueService,
    @Inject(RUN_ENGINE_OPTIONS) private readonly options: RunEngineOptions,
  ) {}

  /**
   * Adds the run's job: attempts left by the machine, exponential backoff. Adding is idempotent (BullMQ keeps
   * one job per id); `replace` first removes a finished job of an earlier life of the run (a retry by hand, a
   * requeue by the sweeper), which would otherwise swallow the add.
   */
  async enqueue(run: RunEntity, options: { replace?: boolean; delayMs?: number } = {}): Promise<void> {
    const queue = this.queues.queue(run.kind);
    if (options.replace) await queue.remove(run.id);
    const { context } = storedStateOf(run);
    await queue.add(run.kind, { runId: run.id } satisfies RunJobData, {
      jobId: run.id,
      attempts: Math.max(1, context.maxAttempts - context.attempts),
      backoff: { type: 'exponential', delay: this.options.backoffMs },
      delay: options.delayMs,
      // The run row is the record; finished jobs are kept only long enough to look at.
      removeOnComplete: { age: 24 * 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
    });
  }

  /** Like enqueue, but a failure is logged, not thrown: the sweeper enqueues runs left without a job. */
  async enqueueOrLeaveToSweeper(run: RunEntity, options: { replace?: boolean; delayMs?: number } = {}): Promise<void> {
    await this.enqueue(run, options).catch((error: Error) =>
      this.logger.warn(`run ${run.id} (${run.kind}) is saved but not enqueued yet; the sweeper will: ${error.message}`),
    );
  }

  /** Removes a waiting or delayed job; an active one stays (its worker notices a cancel through the heartbeat). */
  async remove(run: RunEntity): Promise<void> {
    await this.queues
      .queue(run.kind)
      .remove(run.id)
      .catch(() => 0);
  }

  jobState(run: RunEntity): Promise<JobState | 'unknown'> {
    return this.queues.queue(run.kind).getJobState(run.id);
  }
}
