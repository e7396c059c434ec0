import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Worker } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../../infra/config/config';
import { QueueService } from '../../infra/queue/queue.service';
import { RunExecutor } from './run-executor';
import { RegisteredHandler, RunHandlerRegistry } from './run-handler.registry';
import { RunJobData } from './run-queue';
import { RunSweeper } from './run-sweeper';
import { RUN_ENGINE_OPTIONS, RunEngineOptions } from './runs.options';

const within = (promise: Promise<unknown>, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/**
 * The worker side of the job engine (roles `worker` and `all`; `api` runs none of it). At boot it checks that
 * every run kind has exactly one handler, then runs one BullMQ worker per kind (or per kind of `workerKinds`)
 * and the sweeper for those kinds. On shutdown
 * (SIGTERM) it stops taking jobs, lets running ones finish for `shutdownGraceMs`, then aborts their signals,
 * and closes by force after `abortGraceMs` (a job left behind is handed on by BullMQ's stalled check).
 */
@Injectable()
export class RunEngine implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('RunEngine');
  private workers: Worker<RunJobData>[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RUN_ENGINE_OPTIONS) private readonly options: RunEngineOptions,
    private readonly registry: RunHandlerRegistry,
    private readonly executor: RunExecutor,
    private readonly sweeper: RunSweeper,
    private readonly queues: QueueService,
  ) {}

  get runsWorkers(): boolean {
    return this.config.APP_ROLE !== 'api';
  }

  onApplicationBootstrap(): void {
    if (!this.runsWorkers) return;
    const handlers = this.selected(this.registry.handlersByKind());
    for (const [kind, handler] of handlers) {
      this.workers.push(
        this.queues.worker<RunJobData, unknown>(kind, (job) => this.executor.process(job), {
          concurrency: handler.concurrency ?? this.options.concurrency,
          lockDuration: this.options.lockDurationMs,
          stalledInterval: this.options.stalledIntervalMs,
          maxStalledCount: 1,
          name: `${process.pid}`,
        }),
      );
    }
    this.sweeper.start([...handlers.keys()]);
    if (handlers.size) this.logger.log(`workers for ${[...handlers.keys()].join(', ')}`);
  }

  /** The handlers this process runs workers for: all, or the `workerKinds` of a dedicated pool. */
  private selected(handlers: Map<string, RegisteredHandler>): Map<string, RegisteredHandler> {
    const { workerKinds } = this.options;
    if (!workerKinds) return handlers;
    const unknown = workerKinds.filter((kind) => !handlers.has(kind));
    if (unknown.length) throw new Error(`The job engine cannot start: workerKinds names kinds without a handler: ${unknown.join(', ')}`);
    return new Map([...handlers].filter(([kind]) => workerKinds.includes(kind)));
  }

  async beforeApplicationShutdown(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    await this.sweeper.stop();
    if (!workers.length) return;
    const closing = Promise.all(workers.map((worker) => worker.close().catch(() => undefined)));
    if (await within(closing, this.options.shutdownGraceMs)) return;
    this.logger.warn(`${this.executor.active.size} run(s) still running after ${this.options.shutdownGraceMs} ms; aborting them`);
    for (const execution of this.executor.active) execution.stop('shutdown');
    if (await within(closing, this.options.abortGraceMs)) return;
    this.logger.warn('closing workers by force; their jobs will be handed on by the stalled check');
    await Promise.all(workers.map((worker) => worker.close(true).catch(() => undefined)));
  }
}
