import { Inject, Injectable, Logger } from '@nestjs/common';
import { RunMessages } from '@library/contracts';
import type { JobState } from 'bullmq';
import Redis from 'ioredis';
import { REDIS } from '../../infra/redis/redis.module';
import { RunEntity } from './run.entity';
import { RunQueue } from './run-queue';
import { applyRunEvent, backoffDelay } from './run-state';
import { RunStore } from './run-store';
import { RUN_ENGINE_OPTIONS, RunEngineOptions } from './runs.options';

/** Job states in which BullMQ will still hand the job to a worker (or one holds it). */
const LIVE_JOB_STATES: ReadonlySet<string> = new Set<JobState>(['active', 'waiting', 'delayed', 'prioritized', 'waiting-children']);

export type SweepAction = 'none' | 'enqueue' | 'fail-attempt';

/**
 * What the sweeper does with a run that has been quiet for too long, given its job's state in BullMQ:
 * - `running` whose job nobody holds or will hand out (the worker died and BullMQ gave the job up, or lost it):
 *   fail that attempt; the machine then retries (requeue) or fails the run.
 * - `queued` or `retrying` without a job that will run (the enqueue after commit failed, Redis lost it):
 *   enqueue it again.
 * Anything whose job is live is BullMQ's to deliver (stalled jobs come back by themselves): leave it.
 */
export function sweepActionFor(runState: string, jobState: JobState | 'unknown'): SweepAction {
  if (LIVE_JOB_STATES.has(jobState)) return 'none';
  if (runState === 'running') return 'fail-attempt';
  if (runState === 'queued' || runState === 'retrying') return 'enqueue';
  return 'none';
}

const STALE_RUNS = `
  SELECT id FROM run
   WHERE kind = ANY($1)
     AND ((state = 'running' AND COALESCE(heartbeat_at, updated_at) < now() - $2 * interval '1 millisecond')
       OR (state IN ('queued', 'retrying') AND updated_at < now() - $2 * interval '1 millisecond'))
   ORDER BY updated_at
   LIMIT $3`;

/** Deletes the lock only if it is still ours. */
const RELEASE_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Closes runs whose worker died (worker role, for the kinds this process handles, whose queues it can read).
 * A timer, not a repeatable job, so it runs wherever workers run; short Redis locks keep workers from sweeping
 * a kind at the same moment, and every change is made under the run's row lock after checking again.
 */
@Injectable()
export class RunSweeper {
  private readonly logger = new Logger('RunSweeper');
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<unknown> | null = null;
  private kinds: string[] = [];

  constructor(
    private readonly store: RunStore,
    private readonly runQueue: RunQueue,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(RUN_ENGINE_OPTIONS) private readonly options: RunEngineOptions,
  ) {}

  start(kinds: string[]): void {
    this.kinds = kinds;
    if (!kinds.length || this.timer) return;
    this.timer = setInterval(() => void this.sweepOnce(), this.options.sweepEveryMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
  }

  /**
   * One sweep, unless one is under way here. Each kind is swept under a short Redis lock of its own, so workers
   * serving the same kinds don't sweep at the same moment and workers serving different kinds never wait for
   * each other. Returns what it did per run id.
   */
  async sweepOnce(): Promise<Map<string, SweepAction>> {
    const done = new Map<string, SweepAction>();
    if (this.sweeping || !this.kinds.length) return done;
    const sweep = (async () => {
      for (const kind of this.kinds) await this.sweepKind(kind, done);
    })();
    this.sweeping = sweep.catch((error: Error) => this.logger.warn(`sweep failed: ${error.message}`));
    try {
      await this.sweeping;
    } finally {
      this.sweeping = null;
    }
    return done;
  }

  private async sweepKind(kind: string, done: Map<string, SweepAction>): Promise<void> {
    const lockKey = `runs:sweeper:${kind}`;
    const owner = `${process.pid}:${Math.random().toString(36).slice(2)}`;
    const ttl = Math.max(1_000, Math.floor(this.options.sweepEveryMs * 0.9));
    if ((await this.redis.set(lockKey, owner, 'PX', ttl, 'NX')) !== 'OK') return;
    try {
      const stale = (await this.store.dataSource.query(STALE_RUNS, [[kind], this.options.staleAfterMs, 100])) as Array<{ id: string }>;
      for (const { id } of stale) {
        const action = await this.sweepRun(id).catch((error: Error) => {
          this.logger.warn(`run ${id}: sweep failed: ${error.message}`);
          return 'none' as const;
        });
        if (action !== 'none') done.set(id, action);
      }
    } finally {
      await this.redis.eval(RELEASE_LOCK, 1, lockKey, owner).catch(() => undefined);
    }
  }

  private async sweepRun(id: string): Promise<SweepAction> {
    const seen = await this.store.dataSource.getRepository(RunEntity).findOneBy({ id });
    if (!seen) return 'none';
    const action = sweepActionFor(seen.state, await this.runQueue.jobState(seen));
    if (action === 'enqueue') {
      this.logger.warn(`run ${id} (${seen.state}) has no job that will run; enqueuing it again`);
      await this.runQueue.enqueue(seen, { replace: true });
    }
    if (action === 'fail-attempt') {
      const after = await this.failLostAttempt(seen);
      if (!after) return 'none';
      this.logger.warn(`run ${id}: the worker of attempt ${seen.attempts} went quiet; the run is now ${after.state}`);
      if (after.state === 'retrying') {
        await this.runQueue.enqueue(after, { replace: true, delayMs: backoffDelay(this.options.backoffMs, after.attempts) });
      }
    }
    return action;
  }

  /** FAIL the attempt under the row lock, if it is still the same quiet attempt. */
  private failLostAttempt(seen: RunEntity): Promise<RunEntity | null> {
    return this.store.dataSource.transaction(async (manager) => {
      const [still] = (await manager.query(
        `SELECT id FROM run WHERE id = $1 AND state = 'running' AND attempts = $2
            AND COALESCE(heartbeat_at, updated_at) < now() - $3 * interval '1 millisecond' FOR UPDATE`,
        [seen.id, seen.attempts, this.options.staleAfterMs],
      )) as Array<{ id: string }>;
      if (!still) return null;
      const run = await this.store.lock(manager, seen.id);
      if (!run || !applyRunEvent(run, { type: 'FAIL', error: RunMessages.workerLost(run.attempts) })) return null;
      await this.store.save(manager, run);
      return run;
    });
  }
}
