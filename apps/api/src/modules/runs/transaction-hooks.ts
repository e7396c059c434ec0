import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

interface Hook {
  /** The transaction depth (1 = outermost) the hook belongs to; savepoints nest deeper. */
  depth: number;
  commit?: () => unknown;
  rollback?: () => unknown;
}

const depthOf = (queryRunner: QueryRunner) => (queryRunner as unknown as { transactionDepth: number }).transactionDepth;

/**
 * Work to do once a transaction has committed (enqueue a job for a run written in it) or rolled back. Hooks
 * follow savepoints: a hook registered inside a nested transaction that rolls back is dropped; one whose
 * savepoint is released waits for the outer commit. Hooks run after COMMIT and never fail it: errors are logged.
 */
@Injectable()
export class TransactionHooks implements EntitySubscriberInterface, OnModuleInit {
  private readonly logger = new Logger('TransactionHooks');
  private readonly hooks = new WeakMap<QueryRunner, Hook[]>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    if (!this.dataSource.subscribers.includes(this)) this.dataSource.subscribers.push(this);
  }

  /** Runs `callback` after the commit of the transaction `manager` belongs to; at once when it belongs to none. */
  async afterCommit(manager: EntityManager, callback: () => unknown): Promise<void> {
    const queryRunner = this.activeTransaction(manager);
    if (!queryRunner) return this.run(callback, 'after-commit');
    this.add(queryRunner, { depth: depthOf(queryRunner), commit: callback });
  }

  /** Runs `callback` if the transaction `manager` belongs to rolls back; never when it belongs to none. */
  afterRollback(manager: EntityManager, callback: () => unknown): void {
    const queryRunner = this.activeTransaction(manager);
    if (queryRunner) this.add(queryRunner, { depth: depthOf(queryRunner), rollback: callback });
  }

  /** True when `manager` works inside an open transaction. */
  inTransaction(manager: EntityManager): boolean {
    return this.activeTransaction(manager) !== null;
  }

  async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const hooks = this.hooks.get(event.queryRunner);
    if (!hooks) return;
    if (event.queryRunner.isTransactionActive) {
      // A savepoint was released: its hooks now belong to the transaction around it.
      const depth = depthOf(event.queryRunner);
      for (const hook of hooks) hook.depth = Math.min(hook.depth, depth);
      return;
    }
    this.hooks.delete(event.queryRunner);
    for (const hook of hooks) if (hook.commit) await this.run(hook.commit, 'after-commit');
  }

  async afterTransactionRollback(event: TransactionRollbackEvent): Promise<void> {
    const hooks = this.hooks.get(event.queryRunner);
    if (!hooks) return;
    const depth = event.queryRunner.isTransactionActive ? depthOf(event.queryRunner) : 0;
    const undone = hooks.filter((hook) => hook.depth > depth);
    const kept = hooks.filter((hook) => hook.depth <= depth);
    if (kept.length) this.hooks.set(event.queryRunner, kept);
    else this.hooks.delete(event.queryRunner);
    for (const hook of undone) if (hook.rollback) await this.run(hook.rollback, 'after-rollback');
  }

  private activeTransaction(manager: EntityManager): QueryRunner | null {
    const queryRunner = manager.queryRunner;
    return queryRunner && queryRunner.isTransactionActive && !queryRunner.isReleased ? queryRunner : null;
  }

  private add(queryRunner: QueryRunner, hook: Hook): void {
    const hooks = this.hooks.get(queryRunner);
    if (hooks) hooks.push(hook);
    else this.hooks.set(queryRunner, [hook]);
  }

  private async run(callback: () => unknown, what: string): Promise<void> {
    try {
      await callback();
    } catch (error) {
      this.logger.error(`${what} hook failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
