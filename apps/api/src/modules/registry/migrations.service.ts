import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MigrationStatus, RegistryMigrationName, RegistryMigrationView } from '@library/contracts';
import { migrationMachine } from '@library/machines';
import { DataSource } from 'typeorm';
import { initialTransition } from 'xstate';
import type { UserPrincipal } from '../../common/auth/principal';
import { RunsService } from '../runs/runs.service';
import { RegistryMigrationEntity } from './migration.entity';

export const MIGRATION_RUN = 'registry-migration';
/** Attempts of a migration run: a worker lost mid-way is retried; the last failure marks the migration FAILURE. */
export const MIGRATION_ATTEMPTS = 3;

export function toMigrationView(migration: RegistryMigrationEntity): RegistryMigrationView {
  return {
    id: migration.id,
    name: migration.name,
    status: migration.status,
    error: migration.error,
    pid: migration.pid,
    runId: migration.runId,
    createdAt: migration.createdAt.toISOString(),
    updatedAt: migration.updatedAt.toISOString(),
  };
}

/** Registry data migrations (SUPER_ADMIN): a row in the migration machine's CREATED state and the run doing it. */
@Injectable()
export class MigrationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly runs: RunsService,
  ) {}

  async start(principal: UserPrincipal, name: RegistryMigrationName): Promise<RegistryMigrationView> {
    const [initial] = initialTransition(migrationMachine);
    const id = await this.dataSource.transaction(async (manager) => {
      const migration = await manager.save(
        manager.create(RegistryMigrationEntity, { name, status: initial.value as MigrationStatus, error: null, pid: null }),
      );
      const run = await this.runs.start(
        MIGRATION_RUN,
        { migrationId: migration.id },
        { accountId: principal.accountId, userId: principal.userId },
        { manager, maxAttempts: MIGRATION_ATTEMPTS },
      );
      await manager.update(RegistryMigrationEntity, { id: migration.id }, { runId: run.id });
      return migration.id;
    });
    return toMigrationView(await this.dataSource.getRepository(RegistryMigrationEntity).findOneByOrFail({ id }));
  }

  async list(): Promise<RegistryMigrationView[]> {
    const rows = await this.dataSource.getRepository(RegistryMigrationEntity).find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toMigrationView);
  }
}
