import { Inject, Injectable, MessageEvent } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isFinalRunState, RUN_EVENT, RunAction, RunMessages, RunView } from '@library/contracts';
import { acceptedEvents, RUN_MACHINE_VERSION, RunEvent, runMachine } from '@library/machines';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';
import { DataSource, EntityManager, type QueryDeepPartialEntity } from 'typeorm';
import type { Principal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { idempotentRunId } from './idempotency';
import { reachesRun } from './run-access';
import { RunHandlerRegistry } from './run-handler.registry';
import { RunQueue } from './run-queue';
import { initialRunState, storedStateOf, toRunView } from './run-state';
import { RunStore } from './run-store';
import { RunEntity } from './run.entity';
import { RUN_ENGINE_OPTIONS, RunEngineOptions } from './runs.options';
import { TransactionHooks } from './transaction-hooks';

export interface RunOwner {
  accountId: string | null;
  userId: string | null;
}

export interface StartRunOptions {
  /** A second start with the same key (same kind and owner) returns the first run instead of a new one. */
  idempotencyKey?: string;
  /** Attempts before the run ends `failed` (default 3). */
  maxAttempts?: number;
  /** Write the run in this transaction; its job is enqueued once the transaction commits (never before). */
  manager?: EntityManager;
}

const USER_ACTIONS: Record<RunAction, RunEvent> = { retry: { type: 'RETRY' }, cancel: { type: 'CANCEL' } };

/** Starts runs and answers for them. The run row is the truth; BullMQ only carries the work. */
@Injectable()
export class RunsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: RunStore,
    private readonly runQueue: RunQueue,
    private readonly registry: RunHandlerRegistry,
    private readonly hooks: TransactionHooks,
    @Inject(RUN_ENGINE_OPTIONS) private readonly options: RunEngineOptions,
  ) {}

  /**
   * Writes a `queued` run (in `options.manager`'s transaction when given) and enqueues its job on the queue of
   * its kind, with the run id as job id, once the run is committed: at once without a transaction, after COMMIT
   * with one (nothing is enqueued if it rolls back). Callers have nothing to remember.
   */
  async start<I extends Record<string, unknown>>(
    kind: string,
    input: I,
    owner: RunOwner,
    options: StartRunOptions = {},
  ): Promise<RunEntity> {
    this.registry.assertKnown(kind);
    const maxAttempts = options.maxAttempts ?? this.options.defaultMaxAttempts;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`maxAttempts must be a positive integer, not ${maxAttempts}`);
    const id = options.idempotencyKey ? idempotentRunId(kind, owner, options.idempotencyKey) : randomUUID();
    const manager = options.manager ?? this.dataSource.manager;
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(RunEntity)
      .values({
        id,
        kind,
        ownerAccountId: owner.accountId,
        ownerUserId: owner.userId,
        state: 'queued',
        progress: 0,
        snapshot: initialRunState(maxAttempts),
        snapshotVersion: RUN_MACHINE_VERSION,
        input: input as QueryDeepPartialEntity<Record<string, unknown>>,
        attempts: 0,
      })
      .orIgnore()
      .returning(['id'])
      .execute();
    const run = await manager.findOneByOrFail(RunEntity, { id });
    const created = (inserted.raw as unknown[]).length > 0;
    if (created) await this.hooks.afterCommit(manager, () => this.runQueue.enqueueOrLeaveToSweeper(run));
    return run;
  }

  /** The run, if `principal` may see it (its user, an ADMIN of its account, SUPER_ADMIN); else NOT_FOUND. */
  async get(id: string, principal: Principal): Promise<RunEntity> {
    const run = await this.dataSource.getRepository(RunEntity).findOneBy({ id });
    if (!run || !reachesRun(principal, run)) throw new DomainError('NOT_FOUND');
    return run;
  }

  async view(id: string, principal: Principal): Promise<RunView> {
    return toRunView(await this.get(id, principal));
  }

  /** `failed` → `queued`, with a fresh job. 409 naming the allowed actions when the machine refuses. */
  async retry(id: string, principal: Principal): Promise<RunView> {
    const run = await this.act(id, principal, 'retry');
    await this.runQueue.enqueueOrLeaveToSweeper(run, { replace: true });
    return toRunView(await this.reload(id));
  }

  /** Cancels a run not yet finished. A waiting job is removed; a running attempt stops at its next heartbeat. */
  async cancel(id: string, principal: Principal): Promise<RunView> {
    const run = await this.act(id, principal, 'cancel');
    await this.runQueue.remove(run);
    return toRunView(await this.reload(id));
  }

  /**
   * The run's changes as server-sent events: the run now, then each change (the row is read every
   * `eventsPollMs`), ending after a final state. A comment keeps quiet streams open through proxies.
   */
  async events(id: string, principal: Principal): Promise<Observable<MessageEvent>> {
    await this.get(id, principal);
    return this.watch(id);
  }

  watch(id: string): Observable<MessageEvent> {
    const repository = this.dataSource.getRepository(RunEntity);
    const { eventsPollMs, eventsKeepAliveMs } = this.options;
    return new Observable<MessageEvent>((subscriber) => {
      let last = '';
      let lastSentAt = Date.now();
      let reading = false;
      const read = async () => {
        if (reading || subscriber.closed) return;
        reading = true;
        try {
          const run = await repository.findOneBy({ id });
          if (!run) return subscriber.complete();
          const view = toRunView(run);
          const json = JSON.stringify(view);
          if (json !== last) {
            last = json;
            lastSentAt = Date.now();
            subscriber.next({ type: RUN_EVENT, data: view });
          } else if (Date.now() - lastSentAt >= eventsKeepAliveMs) {
            lastSentAt = Date.now();
            subscriber.next({ comment: 'keep-alive' });
          }
          if (isFinalRunState(view.state)) subscriber.complete();
        } catch (error) {
          subscriber.error(error);
        } finally {
          reading = false;
        }
      };
      void read();
      const timer = setInterval(() => void read(), eventsPollMs);
      return () => clearInterval(timer);
    });
  }

  private async act(id: string, principal: Principal, action: RunAction): Promise<RunEntity> {
    await this.get(id, principal);
    const { run, applied } = await this.store.apply(id, USER_ACTIONS[action]);
    if (!run) throw new DomainError('NOT_FOUND');
    if (!applied) {
      const allowed = acceptedEvents(runMachine, storedStateOf(run), Object.values(USER_ACTIONS));
      const names = (Object.keys(USER_ACTIONS) as RunAction[]).filter((name) => allowed.includes(USER_ACTIONS[name].type));
      throw new DomainError('CONFLICT', RunMessages.actionRefused(action, run.state, names));
    }
    return run;
  }

  private reload(id: string): Promise<RunEntity> {
    return this.dataSource.getRepository(RunEntity).findOneByOrFail({ id });
  }
}
