import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source';

const MIGRATION_LOCK = 'select pg_advisory_lock(hashtext($1))';
const MIGRATION_UNLOCK = 'select pg_advisory_unlock(hashtext($1))';

/**
 * Applies pending migrations with a short-lived connection. An advisory lock, held on a second
 * connection, makes concurrent starts (api and worker booting together) take turns.
 */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(databaseUrl));
  await dataSource.initialize();
  const lockHolder = dataSource.createQueryRunner();
  try {
    await lockHolder.query(MIGRATION_LOCK, ['library-migrations']);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await lockHolder.query(MIGRATION_UNLOCK, ['library-migrations']).catch(() => undefined);
    await lockHolder.release();
    await dataSource.destroy();
  }
}
