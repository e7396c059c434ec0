import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Processor, Queue, Worker, WorkerOptions } from 'bullmq';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/config';
import { bullPrefix, assertQueueName } from './queue-names';

export type QueueWorkerOptions = Pick<
  WorkerOptions,
  'concurrency' | 'lockDuration' | 'stalledInterval' | 'maxStalledCount' | 'drainDelay' | 'autorun' | 'name'
>;

/**
 * BullMQ queues and workers on the app's Redis, every key under `${REDIS_PREFIX}bull` so deployments and test
 * runs sharing a Redis never see each other's jobs. Connections are opened on first use: an app that never
 * enqueues opens none. Workers get their own connection with `maxRetriesPerRequest: null` (BullMQ needs it for
 * its blocking commands); producers a bounded one, so a request fails instead of hanging while Redis is away.
 * Whoever creates a worker closes it (workers must stop before the database does); queues and connections
 * are closed here, last.
 */
@Injectable()
export class QueueService implements OnApplicationShutdown {
  private readonly logger = new Logger('Queues');
  private readonly queues = new Map<string, Queue>();
  private producerConnection?: Redis;
  private workerConnection?: Redis;
  readonly prefix: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.prefix = bullPrefix(config.REDIS_PREFIX);
  }

  /** The queue of this name (one per flow, e.g. per run kind), created once. */
  queue(name: string): Queue {
    assertQueueName(name);
    let queue = this.queues.get(name);
    if (!queue) {
      this.producerConnection ??= this.connect('producer', { maxRetriesPerRequest: 2 });
      queue = new Queue(name, { connection: this.producerConnection, prefix: this.prefix });
      queue.on('error', (error) => this.logger.warn(`queue ${name}: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** A worker on the queue of this name; the caller closes it. Stalled-job checks stay on. */
  worker<Data, Result>(name: string, processor: Processor<Data, Result>, options: QueueWorkerOptions = {}): Worker<Data, Result> {
    assertQueueName(name);
    this.workerConnection ??= this.connect('worker', { maxRetriesPerRequest: null });
    const worker = new Worker<Data, Result>(name, processor, {
      ...options,
      connection: this.workerConnection,
      prefix: this.prefix,
      skipStalledCheck: false,
    });
    worker.on('error', (error) => this.logger.warn(`worker ${name}: ${error.message}`));
    return worker;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close().catch(() => undefined)));
    this.queues.clear();
    for (const connection of [this.producerConnection, this.workerConnection]) {
      await connection?.quit().catch(() => connection.disconnect());
    }
    this.producerConnection = this.workerConnection = undefined;
  }

  private connect(role: string, options: { maxRetriesPerRequest: number | null }): Redis {
    const connection = new Redis(this.config.REDIS_URL, { ...options, connectionName: `library-${role}` });
    connection.on('error', (error) => this.logger.warn(`redis (${role}): ${error.message}`));
    return connection;
  }
}
