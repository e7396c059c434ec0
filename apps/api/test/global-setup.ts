import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { withDatabase } from '../src/launcher/database-url.util';
import { ensureDatabase } from '../src/launcher/ensure-database';
import { startLocalObjectStore } from '../src/launcher/local-object-store';
import { startLocalPostgres } from '../src/launcher/local-postgres';
import { startLocalRedis } from '../src/launcher/local-redis';
import { withPgClient } from '../src/launcher/pg-client.util';
import { seedDemoData } from '../src/seed/seed';

/** What global-teardown undoes; both run in Jest's parent process, so a global carries it across. */
export interface TestRun {
  databaseServerUrl: string;
  databaseUrl: string;
  dataDir?: string;
  stops: Array<() => Promise<void>>;
}

export const TEST_RUN_KEY = '__libraryTestRun__';
type WithTestRun = typeof globalThis & { [TEST_RUN_KEY]?: TestRun };
export const testRunSlot = globalThis as WithTestRun;

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

const log = (line: string) => process.stderr.write(`[test services] ${line}\n`);

async function postgresAnswers(url: string): Promise<boolean> {
  return withPgClient(url, async (client) => (await client.query('SELECT 1')).rows.length === 1, 2000).catch(() => false);
}

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * Integration tests use the machine's PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL) and start local
 * ones in a temporary directory when those don't answer, plus an s3rver unless TEST_S3_ENDPOINT is given.
 * Each run gets a fresh database, migrated and seeded, published to the test workers as TEST_DATABASE_URL.
 */
export default async function globalSetup(): Promise<void> {
  const run: TestRun = { databaseServerUrl: '', databaseUrl: '', stops: [] };
  testRunSlot[TEST_RUN_KEY] = run;
  const dataDir = () => (run.dataDir ??= mkdtempSync(join(tmpdir(), 'library-test-')));
  const quiet = () => undefined;

  let serverUrl = process.env.TEST_DATABASE_URL || DEFAULT_DATABASE_URL;
  if (!(await postgresAnswers(serverUrl))) {
    const postgres = await startLocalPostgres(dataDir(), { database: 'postgres', ephemeral: true, log: quiet });
    run.stops.unshift(postgres.stop);
    log(`no PostgreSQL answered at ${serverUrl}; started one on port ${postgres.port}`);
    serverUrl = postgres.url;
  }
  let redisUrl = process.env.TEST_REDIS_URL || DEFAULT_REDIS_URL;
  if (!(await redisAnswers(redisUrl))) {
    const redis = await startLocalRedis(dataDir(), { log: quiet });
    run.stops.unshift(redis.stop);
    log(`no Redis answered at ${redisUrl}; started one on port ${redis.port}`);
    redisUrl = redis.url;
  }
  if (!process.env.TEST_S3_ENDPOINT) {
    const store = await startLocalObjectStore(dataDir(), { bucket: 'library-test', log: quiet });
    run.stops.unshift(store.stop);
    Object.assign(process.env, {
      TEST_S3_ENDPOINT: store.endpoint,
      TEST_S3_ACCESS_KEY_ID: store.accessKeyId,
      TEST_S3_SECRET_ACCESS_KEY: store.secretAccessKey,
      TEST_S3_BUCKET: store.bucket,
      TEST_S3_REGION: store.region,
    });
  }

  run.databaseServerUrl = serverUrl;
  run.databaseUrl = withDatabase(serverUrl, `library_test_${Date.now()}_${randomBytes(3).toString('hex')}`);
  await ensureDatabase(run.databaseUrl);
  await seedDemoData({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: run.databaseUrl,
    REDIS_URL: redisUrl,
    S3_ENDPOINT: process.env.TEST_S3_ENDPOINT,
    S3_ACCESS_KEY_ID: process.env.TEST_S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: process.env.TEST_S3_SECRET_ACCESS_KEY,
    S3_BUCKET: process.env.TEST_S3_BUCKET,
  });

  // Test workers start after this and inherit these.
  Object.assign(process.env, {
    TEST_DATABASE_URL: run.databaseUrl,
    TEST_DATABASE_SERVER_URL: serverUrl,
    TEST_REDIS_URL: redisUrl,
  });
}
