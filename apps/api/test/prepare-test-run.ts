import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMigrations } from '../src/infra/database/migrate';
import { withDatabase } from '../src/launcher/database-url.util';
import { ensureDatabase } from '../src/launcher/ensure-database';
import { startLocalObjectStore } from '../src/launcher/local-object-store';
import { withPgClient } from '../src/launcher/pg-client.util';
import { seedDemo } from '../src/seed/seed';

/**
 * Gives the run its own database (migrated and seeded once) on the PostgreSQL at `serverUrl`, and an
 * object store; sets TEST_DATABASE_URL and TEST_S3_* for the test files. Returns the clean-up.
 */
export async function prepareTestRun(serverUrl: string): Promise<() => Promise<void>> {
  const databaseUrl = withDatabase(serverUrl, `library_test_${Date.now()}_${process.pid}`);
  await ensureDatabase(databaseUrl);
  await runMigrations(databaseUrl);
  await seedDemo(databaseUrl);
  process.env.TEST_DATABASE_URL = databaseUrl;

  const s3Dir = mkdtempSync(join(tmpdir(), 'library-test-s3-'));
  const store = await startLocalObjectStore(s3Dir, { bucket: 'library-test', log: () => undefined });
  Object.assign(process.env, {
    TEST_S3_ENDPOINT: store.endpoint,
    TEST_S3_ACCESS_KEY_ID: store.accessKeyId,
    TEST_S3_SECRET_ACCESS_KEY: store.secretAccessKey,
    TEST_S3_BUCKET: store.bucket,
  });

  return async () => {
    await store.stop();
    rmSync(s3Dir, { recursive: true, force: true });
    const name = databaseUrl.slice(databaseUrl.lastIndexOf('/') + 1);
    await withPgClient(withDatabase(serverUrl, 'postgres'), (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  };
}
