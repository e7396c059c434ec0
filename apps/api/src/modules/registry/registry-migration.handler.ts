import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MigrationStatus } from '@library/contracts';
import { applyEvent, MigrationContext, MigrationEvent, migrationMachine } from '@library/machines';
import { DataSource, EntityManager } from 'typeorm';
import { RunHandler, RunJobContext, RunJobHandler } from '../runs/run-handler';
import { RegistryMigrationEntity } from './migration.entity';
import { MIGRATION_ATTEMPTS, MIGRATION_RUN } from './migrations.service';
import { refreshSearchIndex } from './search-index';

export interface MigrationInput {
  migrationId: string;
  [key: string]: unknown;
}

export interface MigrationOutput {
  migrationId: string;
  releases: number;
  baseUrlsReset: number;
}

/** Releases re-derived per transaction. */
export const MIGRATION_BATCH = 200;

/**
 * The `registry-migration` run. `rederive-release-fields`: for every release, in batches of MIGRATION_BATCH, the
 * search columns (fts, searchText) are computed again, and a stored baseUrl of the derived shape
 * (`…/{type}/{id}/{version or revisionId}`, e.g. from an earlier content address) is cleared so the view derives
 * it from the current CONTENT_BASE_URL and UPLOAD_FOLDER; other stored addresses are kept. The migration row goes
 * CREATED → RUNNING (with this worker's pid) → SUCCESS, or FAILURE with the error once the last attempt fails;
 * SUCCESS commits with the run's success. Re-running a batch is harmless, so a retried attempt starts over.
 */
@Injectable()
@RunHandler(MIGRATION_RUN)
export class RegistryMigrationHandler implements RunJobHandler<MigrationInput, MigrationOutput> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async handle(context: RunJobContext<MigrationInput>): Promise<MigrationOutput> {
    const { migrationId } = context.input;
    const started = await context.transaction(async (manager) => {
      const migration = await this.lock(manager, migrationId);
      if (migration.status === 'CREATED') await this.apply(manager, migration, { type: 'START', pid: process.pid });
      // A retried attempt runs in another worker: the pid names the one at work now.
      else if (migration.status === 'RUNNING') await manager.update(RegistryMigrationEntity, { id: migrationId }, { pid: process.pid });
      return migration.status;
    });
    if (started === 'SUCCESS' || started === 'FAILURE') throw new Error(`Migration ${migrationId} has already ended (${started})`);

    try {
      let releases = 0;
      let baseUrlsReset = 0;
      const [{ total }] = (await this.dataSource.query(`SELECT count(*)::int AS total FROM package_release`)) as Array<{ total: number }>;
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        context.signal.throwIfAborted();
        const batch = await context.transaction(async (manager) => {
          const rows = (await manager.query(
            `SELECT revision_id FROM package_release WHERE revision_id > $1 ORDER BY revision_id LIMIT $2 FOR UPDATE`,
            [after, MIGRATION_BATCH],
          )) as Array<{ revision_id: string }>;
          const ids = rows.map((row) => row.revision_id);
          await refreshSearchIndex(manager, ids);
          const [reset] = (await manager.query(
            `UPDATE package_release SET base_url = NULL
              WHERE revision_id = ANY($1::uuid[]) AND base_url IS NOT NULL
                AND (base_url LIKE '%/' || type || '/' || id || '/' || version OR base_url LIKE '%/' || type || '/' || id || '/' || revision_id)
              RETURNING revision_id`,
            [ids],
          )) as [unknown[], number];
          return { ids, reset: reset.length };
        });
        if (!batch.ids.length) break;
        releases += batch.ids.length;
        baseUrlsReset += batch.reset;
        after = batch.ids[batch.ids.length - 1];
        await context.progress(total ? (releases / total) * 99 : 99);
      }
      const output: MigrationOutput = { migrationId, releases, baseUrlsReset };
      return await context.transaction(async (manager) => {
        await this.apply(manager, await this.lock(manager, migrationId), { type: 'SUCCEED' });
        return context.complete(manager, output);
      });
    } catch (error) {
      if (context.attempt >= MIGRATION_ATTEMPTS && !context.signal.aborted) {
        const message = error instanceof Error ? error.message : String(error);
        await this.dataSource.transaction(async (manager) => {
          const migration = await this.lock(manager, migrationId);
          if (migration.status === 'RUNNING') await this.apply(manager, migration, { type: 'FAIL', error: message });
        });
      }
      throw error;
    }
  }

  private async lock(manager: EntityManager, id: string): Promise<RegistryMigrationEntity> {
    return manager.findOneOrFail(RegistryMigrationEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** One event through the migration machine, saved (status, error, pid) when it changed something. */
  private async apply(manager: EntityManager, migration: RegistryMigrationEntity, event: MigrationEvent): Promise<void> {
    const { snapshot, changed } = applyEvent(
      migrationMachine,
      { value: migration.status, context: { error: migration.error, pid: migration.pid } },
      event,
    );
    if (!changed) return;
    const context = snapshot.context as MigrationContext;
    await manager.update(
      RegistryMigrationEntity,
      { id: migration.id },
      { status: snapshot.value as MigrationStatus, error: context.error, pid: context.pid },
    );
  }
}
