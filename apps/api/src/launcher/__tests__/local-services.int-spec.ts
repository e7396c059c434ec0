import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import Redis from 'ioredis';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalObjectStore } from '../local-object-store';
import { startLocalPostgres } from '../local-postgres';
import { startLocalRedis } from '../local-redis';
import { startLocalServices, ServiceEnv } from '../local-services';
import { withPgClient } from '../pg-client.util';
import { isRunning, readPidFile } from '../process.util';

jest.setTimeout(120_000);

const quiet = () => undefined;

async function redisGet(url: string, key: string): Promise<string | null> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    return await client.get(key);
  } finally {
    client.disconnect();
  }
}

function s3Client(env: ServiceEnv): S3Client {
  return new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

describe('local services (real PostgreSQL, redis-server and s3rver)', () => {
  let dataDir: string;
  beforeAll(() => (dataDir = mkdtempSync(join(tmpdir(), 'launcher-int-'))));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('start from nothing, survive a killed launcher, and stop', async () => {
    // First launcher: every service answers.
    const postgres = await startLocalPostgres(dataDir, { ephemeral: true, log: quiet });
    const redis = await startLocalRedis(dataDir, { log: quiet });
    const store = await startLocalObjectStore(dataDir, { log: quiet });
    const postgresPid = readPidFile(join(dataDir, 'postgres', 'postmaster.pid'));
    const redisPid = readPidFile(join(dataDir, 'redis', 'redis-server.pid'));
    expect(postgresPid && isRunning(postgresPid)).toBe(true);
    expect(redisPid && isRunning(redisPid)).toBe(true);

    await withPgClient(postgres.url, (client) => client.query('CREATE TABLE kept (value text); INSERT INTO kept VALUES ($$yes$$)'));
    const writer = new Redis(redis.url);
    await writer.set('launcher:kept', 'yes');
    writer.disconnect();

    const preflight = await fetch(`${store.endpoint}/${store.bucket}/avatar.png`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBeTruthy();

    // The launcher is SIGKILLed: the detached servers keep running, the in-process s3rver dies with it.
    await store.stop();
    const ports = JSON.parse(readFileSync(join(dataDir, 'ports.json'), 'utf8'));

    // Second launcher on the same directory: the stale servers are stopped and replaced, data and ports kept.
    const services = await startLocalServices({}, dataDir, { log: quiet, ephemeral: true });
    try {
      expect(services.started).toEqual(['postgres', 'redis', 'objectStore']);
      expect(isRunning(postgresPid!)).toBe(false);
      expect(isRunning(redisPid!)).toBe(false);
      expect(JSON.parse(readFileSync(join(dataDir, 'ports.json'), 'utf8'))).toEqual(ports);
      expect(services.env.DATABASE_URL).toBe(postgres.url);

      const rows = await withPgClient(services.env.DATABASE_URL!, async (client) => (await client.query('SELECT value FROM kept')).rows);
      expect(rows).toEqual([{ value: 'yes' }]);
      expect(await redisGet(services.env.REDIS_URL!, 'launcher:kept')).toBe('yes');

      const s3 = s3Client(services.env);
      await s3.send(new PutObjectCommand({ Bucket: services.env.S3_BUCKET, Key: 'hello.txt', Body: 'hello' }));
      const object = await s3.send(new GetObjectCommand({ Bucket: services.env.S3_BUCKET, Key: 'hello.txt' }));
      expect(await object.Body?.transformToString()).toBe('hello');
      s3.destroy();
    } finally {
      await services.stopAll();
    }

    // Stopped for good: no servers, no pid files.
    const newPostgresPid = readPidFile(join(dataDir, 'postgres', 'postmaster.pid'));
    expect(newPostgresPid).toBeUndefined();
    expect(existsSync(join(dataDir, 'redis', 'redis-server.pid'))).toBe(false);
  });

  it('creates the database a given DATABASE_URL names and starts nothing for it', async () => {
    const serverDir = mkdtempSync(join(tmpdir(), 'launcher-int-pg-'));
    const postgres = await startLocalPostgres(serverDir, { ephemeral: true, log: quiet });
    try {
      const url = postgres.url.replace(/\/library$/, '/fresh_from_url');
      const services = await startLocalServices({ DATABASE_URL: url, REDIS_URL: 'redis://unused', S3_ENDPOINT: 'http://unused' }, dataDir);
      expect(services.started).toEqual([]);
      expect(services.env).toEqual({});
      expect(await withPgClient(url, async (client) => (await client.query('SELECT current_database() AS name')).rows)).toEqual([
        { name: 'fresh_from_url' },
      ]);
      await services.stopAll();
    } finally {
      await postgres.stop();
      rmSync(serverDir, { recursive: true, force: true });
    }
  });
});
