import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { RunEvent } from '@library/machines';
import { DataSource, EntityManager } from 'typeorm';
import { RunEntity } from './run.entity';
import { applyRunEvent, changedColumns } from './run-state';

export interface Applied {
  /** The run after the attempt (unchanged when refused); null when there is no such run. */
  run: RunEntity | null;
  applied: boolean;
}

/**
 * Reads and writes run rows for the engine. Every transition locks the row (SELECT … FOR UPDATE) in a
 * transaction, asks the machine and saves what it answered, so concurrent workers, sweepers and API calls
 * take turns and each sees the other's result.
 */
@Injectable()
export class RunStore {
  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

  lock(manager: EntityManager, id: string): Promise<RunEntity | null> {
    return manager.findOne(RunEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async save(manager: EntityManager, run: RunEntity): Promise<void> {
    await manager.update(RunEntity, { id: run.id }, changedColumns(run));
  }

  /** In a transaction of its own: lock, check `accept`, apply `event`, save. */
  apply(id: string, event: RunEvent, accept: (run: RunEntity) => boolean = () => true): Promise<Applied> {
    return this.dataSource.transaction(async (manager) => {
      const run = await this.lock(manager, id);
      if (!run || !accept(run)) return { run, applied: false };
      if (!applyRunEvent(run, event)) return { run, applied: false };
      await this.save(manager, run);
      return { run, applied: true };
    });
  }

  /**
   * Records that attempt `attempt` is alive, unless the row is locked (a transaction of the handler holds it;
   * the heartbeat is skipped, not waited for). Answers false when the attempt no longer owns the run.
   */
  async heartbeat(id: string, attempt: number): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, rowCount].
    const [updated] = (await this.dataSource.query(
      `UPDATE run SET heartbeat_at = now()
        WHERE id = (SELECT id FROM run WHERE id = $1 AND state = 'running' AND attempts = $2 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [id, attempt],
    )) as [unknown[], number];
    if (updated.length) return true;
    const [now] = (await this.dataSource.query(`SELECT state, attempts FROM run WHERE id = $1`, [id])) as Array<{
      state: string;
      attempts: number;
    }>;
    return !!now && now.state === 'running' && now.attempts === attempt;
  }
}

/** True while `attempt` is the attempt running `run`. */
export const ownedBy = (attempt: number) => (run: RunEntity) => run.state === 'running' && run.attempts === attempt;
