import { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AppModuleExtras } from '../../src/app/app.module';
import { createApp } from '../../src/app/create-app';
import { loadConfig } from '../../src/infra/config/config';
import { DEMO_PASSWORD } from '../../src/seed/demo-users';

/**
 * An app against the run's real PostgreSQL, Redis and object store (prepared by test/global-setup.ts:
 * a fresh migrated and seeded database per run). Each app gets its own Redis key prefix unless `overrides` sets
 * REDIS_PREFIX. `extras` adds modules (e.g. test-only run handlers) and job engine timings.
 */
export async function startTestApp(overrides: NodeJS.ProcessEnv = {}, extras: AppModuleExtras = {}): Promise<TestApp> {
  const app = await createApp(testConfig(overrides), extras);
  await app.init();
  return new TestApp(app);
}

/** The configuration of a test app: the run's services, a fresh Redis prefix, quiet logs. */
export function testConfig(overrides: NodeJS.ProcessEnv = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    REDIS_URL: process.env.TEST_REDIS_URL,
    REDIS_PREFIX: `test:${randomUUID()}:`,
    S3_ENDPOINT: process.env.TEST_S3_ENDPOINT,
    S3_ACCESS_KEY_ID: process.env.TEST_S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: process.env.TEST_S3_SECRET_ACCESS_KEY,
    S3_BUCKET: process.env.TEST_S3_BUCKET,
    PUBLIC_URL: 'http://localhost:3999',
    ...overrides,
  });
}

export class TestApp {
  constructor(readonly app: INestApplication) {}

  get http() {
    return request(this.app.getHttpServer());
  }

  /** Signs in and returns the bearer token. */
  async signIn(username: string, password = DEMO_PASSWORD): Promise<string> {
    const response = await this.http.post('/api/sdk/auth/token').send({ credentials: { username, password } });
    if (response.status !== 200 || !response.body.token) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(response.body)}`);
    return response.body.token as string;
  }

  close(): Promise<void> {
    return this.app.close();
  }
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@test.library`;
