import { INestApplication } from '@nestjs/common';
import { RunMessages, RunView } from '@library/contracts';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AppModuleExtras } from '../../src/app/app.module';
import { createApp } from '../../src/app/create-app';
import { QueueService } from '../../src/infra/queue/queue.service';
import { UserEntity } from '../../src/modules/accounts/user.entity';
import { RunEntity } from '../../src/modules/runs/run.entity';
import { applyRunEvent, initialRunState } from '../../src/modules/runs/run-state';
import { RunsModule } from '../../src/modules/runs/runs.module';
import { RunsService } from '../../src/modules/runs/runs.service';
import { RUN_MACHINE_VERSION } from '@library/machines';
import { startWorkerProcess } from './runs-child';
import {
  effectsOf,
  ensureEffectsTable,
  failAttempts,
  healedRuns,
  RunsTestModule,
  TEST_RUN_TIMINGS,
  testRunOptions,
} from './runs-test-handlers';
import { auth, startTestApp, TestApp, testConfig } from './test-app';

/** Every app of this file shares one Redis prefix: the worker processes must see the jobs the others enqueue. */
const PREFIX = `test:runs:${randomUUID()}:`;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const isFinal = (run: RunEntity) => ['succeeded', 'failed', 'cancelled'].includes(run.state);

/** Reads an SSE response to its end as text (in Node, superagent hands parsers the response stream). */
const asText = (response: request.Response, callback: (error: Error | null, body: string) => void) => {
  const stream = response as unknown as NodeJS.ReadableStream;
  let body = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (body += chunk));
  stream.on('end', () => callback(null, body));
};

function parseEvents(text: string): Array<{ event?: string; data?: string; comment?: boolean }> {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event: { event?: string; data?: string; comment?: boolean } = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) event.comment = true;
        else if (line.startsWith('event: ')) event.event = line.slice(7);
        else if (line.startsWith('data: ')) event.data = (event.data ?? '') + line.slice(6);
      }
      return event;
    });
}

describe('job engine (runs)', () => {
  let t: TestApp;
  let dataSource: DataSource;
  let runs: RunsService;
  const users: Record<string, UserEntity> = {};
  const tokens: Record<string, string> = {};
  const owner = (email: string) => ({ accountId: users[email].accountId, userId: users[email].id });
  const load = (id: string) => dataSource.getRepository(RunEntity).findOneByOrFail({ id });
  const finished = (id: string, timeoutMs?: number) => until(() => load(id), isFinal, `run ${id} to finish`, timeoutMs);
  const queue = (app: INestApplication, kind: string) => app.get(QueueService).queue(kind);
  const token = async (email: string) => (tokens[email] ??= await t.signIn(email));

  beforeAll(async () => {
    t = await startTestApp(
      { REDIS_PREFIX: PREFIX },
      {
        imports: [RunsTestModule.register(['test-sleep', 'test-fail', 'test-tx'])],
        runs: testRunOptions(['test-sleep', 'test-fail', 'test-tx']),
      },
    );
    dataSource = t.app.get(DataSource);
    runs = t.app.get(RunsService);
    await ensureEffectsTable(dataSource);
    for (const email of ['user@library.test', 'admin@library.test', 'super@library.test', 'user@acme.test', 'admin@acme.test']) {
      users[email] = await dataSource.getRepository(UserEntity).findOneByOrFail({ email });
    }
  });

  afterAll(async () => {
    await t.close();
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  describe('a run', () => {
    it('goes queued → running → succeeded, with progress reaching 100 and the output saved', async () => {
      const started = await runs.start('test-sleep', { steps: 5, stepMs: 150 }, owner('user@library.test'));
      expect(started).toMatchObject({
        kind: 'test-sleep',
        state: 'queued',
        progress: 0,
        attempts: 0,
        snapshotVersion: RUN_MACHINE_VERSION,
      });

      const seen: Array<[string, number]> = [];
      const done = await until(
        async () => {
          const run = await load(started.id);
          const last = seen[seen.length - 1];
          if (!last || last[0] !== run.state || last[1] !== run.progress) seen.push([run.state, run.progress]);
          return run;
        },
        isFinal,
        'the run to finish',
      );
      expect(done).toMatchObject({ state: 'succeeded', progress: 100, attempts: 1, error: null, output: { slept: 750, attempt: 1 } });
      expect(done.finishedAt).toBeInstanceOf(Date);
      expect(seen.map(([state]) => state)).toEqual(expect.arrayContaining(['running', 'succeeded']));
      expect(seen.some(([state, progress]) => state === 'running' && progress > 0 && progress < 100)).toBe(true);
      const progress = seen.map(([, value]) => value).filter((value, index, all) => index < all.length - 1);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));

      // The BullMQ job carries only the run id, under the run's id (never BullMQ's counter).
      const job = await queue(t.app, 'test-sleep').getJob(started.id);
      expect(job?.id).toBe(started.id);
      expect(job?.data).toEqual({ runId: started.id });
      expect(await job?.getState()).toBe('completed');

      const response = await t.http.get(`/api/runs/${started.id}`).set(auth(await token('user@library.test')));
      expect(response.status).toBe(200);
      expect(RunView.parse(response.body)).toEqual({
        id: started.id,
        kind: 'test-sleep',
        state: 'succeeded',
        progress: 100,
        error: null,
        output: { slept: 750, attempt: 1 },
        attempts: 1,
        createdAt: done.createdAt.toISOString(),
        updatedAt: done.updatedAt.toISOString(),
        finishedAt: done.finishedAt!.toISOString(),
      });
    });

    it('is retried with exponential backoff, then ends failed with its error', async () => {
      const run = await runs.start('test-fail', { message: 'boom' }, owner('user@library.test'), { maxAttempts: 3 });
      const done = await finished(run.id);
      expect(done).toMatchObject({ state: 'failed', attempts: 3, error: 'boom (attempt 3)' });
      expect(done.finishedAt).toBeInstanceOf(Date);
      const [first, second, third] = failAttempts.get(run.id)!;
      const backoff = TEST_RUN_TIMINGS.backoffMs!;
      expect(second - first).toBeGreaterThanOrEqual(backoff * 0.9);
      expect(third - second).toBeGreaterThanOrEqual(backoff * 2 * 0.9);
      expect(await queue(t.app, 'test-fail').getJobState(run.id)).toBe('failed');
    });

    it('succeeds on a later attempt, its earlier error cleared', async () => {
      const run = await runs.start('test-fail', { message: 'flaky', failTimes: 1 }, owner('user@library.test'), { maxAttempts: 2 });
      expect(await finished(run.id)).toMatchObject({ state: 'succeeded', attempts: 2, error: null, output: { attempt: 2 } });
    });

    it('can be retried by hand once failed (and only then)', async () => {
      const user = await token('user@library.test');
      const run = await runs.start('test-fail', { message: 'down' }, owner('user@library.test'), { maxAttempts: 1 });
      expect(await finished(run.id)).toMatchObject({ state: 'failed', attempts: 1, error: 'down (attempt 1)' });

      healedRuns.add(run.id);
      const retried = await t.http.post(`/api/runs/${run.id}/retry`).set(auth(user));
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ state: 'queued', attempts: 0, error: null, finishedAt: null });
      expect(await finished(run.id)).toMatchObject({ state: 'succeeded', attempts: 1, output: { attempt: 1 } });

      const again = await t.http.post(`/api/runs/${run.id}/retry`).set(auth(user));
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ statusCode: 409, error: 'Conflict', message: RunMessages.actionRefused('retry', 'succeeded', []) });
      expect(again.body.message).toBe('Cannot retry a run that is succeeded; allowed: none');
    });

    it('can be cancelled while running: the handler is stopped and the run never succeeds', async () => {
      const user = await token('user@library.test');
      const run = await runs.start('test-sleep', { steps: 100, stepMs: 100 }, owner('user@library.test'));
      await until(
        () => load(run.id),
        (current) => current.state === 'running' && current.progress > 0,
        'the run to make progress',
      );

      const refused = await t.http.post(`/api/runs/${run.id}/retry`).set(auth(user));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Cannot retry a run that is running; allowed: cancel');

      const cancelled = await t.http.post(`/api/runs/${run.id}/cancel`).set(auth(user));
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ state: 'cancelled' });
      // The worker notices at its next heartbeat, aborts the handler's signal and finishes the job quietly.
      await until(
        () => queue(t.app, 'test-sleep').getJobState(run.id),
        (state) => state === 'completed',
        'the job to end',
      );
      const after = await load(run.id);
      expect(after).toMatchObject({ state: 'cancelled', output: null });
      expect(after.progress).toBeLessThan(100);

      const twice = await t.http.post(`/api/runs/${run.id}/cancel`).set(auth(user));
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('Cannot cancel a run that is cancelled; allowed: none');
    });
  });

  describe('idempotency keys', () => {
    it('a second start with the same key returns the first run, even after it finished', async () => {
      const key = randomUUID();
      const [first, second] = await Promise.all([
        runs.start('test-sleep', { steps: 1, stepMs: 10 }, owner('user@library.test'), { idempotencyKey: key }),
        runs.start('test-sleep', { steps: 1, stepMs: 10 }, owner('user@library.test'), { idempotencyKey: key }),
      ]);
      expect(second.id).toBe(first.id);
      const done = await finished(first.id);
      const later = await runs.start('test-sleep', { steps: 1, stepMs: 10 }, owner('user@library.test'), { idempotencyKey: key });
      expect(later).toMatchObject({ id: first.id, state: 'succeeded', attempts: 1 });
      expect(await dataSource.getRepository(RunEntity).countBy({ id: first.id })).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await load(first.id)).updatedAt).toEqual(done.updatedAt);
    });

    it('keys are scoped to the kind and the owner', async () => {
      const key = randomUUID();
      const mine = await runs.start('test-sleep', { steps: 1, stepMs: 10 }, owner('user@library.test'), { idempotencyKey: key });
      const theirs = await runs.start('test-sleep', { steps: 1, stepMs: 10 }, owner('user@acme.test'), { idempotencyKey: key });
      const other = await runs.start('test-sleep', { steps: 1, stepMs: 10 }, owner('user@library.test'), { idempotencyKey: randomUUID() });
      expect(new Set([mine.id, theirs.id, other.id]).size).toBe(3);
      await Promise.all([mine, theirs, other].map((run) => finished(run.id)));
    });
  });

  describe('who sees a run', () => {
    let runId: string;
    beforeAll(async () => {
      runId = (await runs.start('test-sleep', { steps: 1, stepMs: 10 }, owner('user@library.test'))).id;
      await finished(runId);
    });

    it.each(['user@library.test', 'admin@library.test', 'super@library.test'])('%s sees it', async (email) => {
      const response = await t.http.get(`/api/runs/${runId}`).set(auth(await token(email)));
      expect(response.status).toBe(200);
      expect(response.body.id).toBe(runId);
    });

    it.each(['user@acme.test', 'admin@acme.test'])('%s of another account gets 404, on every route', async (email) => {
      const headers = auth(await token(email));
      const notFound = { statusCode: 404, error: 'Not Found', message: 'Not found' };
      for (const response of [
        await t.http.get(`/api/runs/${runId}`).set(headers),
        await t.http.get(`/api/runs/${runId}/events`).set(headers),
        await t.http.post(`/api/runs/${runId}/retry`).set(headers),
        await t.http.post(`/api/runs/${runId}/cancel`).set(headers),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual(notFound);
      }
    });

    it('answers an unknown id with 404, a malformed one with 400, and no token with 401', async () => {
      const user = auth(await token('user@library.test'));
      expect((await t.http.get(`/api/runs/${randomUUID()}`).set(user)).status).toBe(404);
      expect((await t.http.get('/api/runs/not-a-uuid').set(user)).status).toBe(400);
      expect((await t.http.get(`/api/runs/${runId}`)).status).toBe(401);
    });
  });

  describe('GET /api/runs/{id}/events', () => {
    it('streams the run as it changes and ends after its final state', async () => {
      const run = await runs.start('test-sleep', { steps: 6, stepMs: 150 }, owner('user@library.test'));
      const response = await t.http
        .get(`/api/runs/${run.id}/events`)
        .set(auth(await token('user@library.test')))
        .buffer(true)
        .parse(asText);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);

      const events = parseEvents(response.body as string).filter((event) => !event.comment);
      expect(events.every((event) => event.event === 'run')).toBe(true);
      const views = events.map((event) => RunView.parse(JSON.parse(event.data!)));
      expect(views.length).toBeGreaterThanOrEqual(3);
      expect(views.some((view) => view.state === 'running' && view.progress > 0 && view.progress < 100)).toBe(true);
      const progress = views.map((view) => view.progress);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(views[views.length - 1]).toMatchObject({ id: run.id, state: 'succeeded', progress: 100 });
    });

    it('ends at once for a run already final', async () => {
      const run = await runs.start('test-sleep', { steps: 1, stepMs: 10 }, owner('user@library.test'));
      await finished(run.id);
      const response = await t.http
        .get(`/api/runs/${run.id}/events`)
        .set(auth(await token('user@library.test')))
        .buffer(true)
        .parse(asText);
      const events = parseEvents(response.body as string);
      expect(events).toHaveLength(1);
      expect(JSON.parse(events[0].data!)).toMatchObject({ state: 'succeeded' });
    });
  });

  describe('the same-transaction rule', () => {
    it('commits the last domain change and the success together', async () => {
      const run = await runs.start('test-tx', { value: 'ok' }, owner('user@library.test'));
      expect(await finished(run.id)).toMatchObject({ state: 'succeeded', output: { value: 'ok' }, progress: 100 });
      expect(await effectsOf(dataSource, run.id)).toEqual([{ attempt: 1, note: 'completed', pid: process.pid }]);
    });

    it('rolls both back when the handler’s transaction throws after complete()', async () => {
      const run = await runs.start('test-tx', { value: 'no', throwAfterComplete: true }, owner('user@library.test'), { maxAttempts: 1 });
      expect(await finished(run.id)).toMatchObject({ state: 'failed', error: 'the handler failed after complete()', output: null });
      expect(await effectsOf(dataSource, run.id)).toEqual([]);
    });

    it('start() inside a transaction enqueues only after COMMIT', async () => {
      let id = '';
      await dataSource.transaction(async (manager) => {
        id = (await runs.start('test-sleep', { steps: 1, stepMs: 10 }, owner('user@library.test'), { manager })).id;
        expect(await dataSource.getRepository(RunEntity).findOneBy({ id })).toBeNull();
        expect(await queue(t.app, 'test-sleep').getJobState(id)).toBe('unknown');
      });
      expect(await queue(t.app, 'test-sleep').getJobState(id)).not.toBe('unknown');
      expect(await finished(id)).toMatchObject({ state: 'succeeded' });
    });

    it('start() inside a transaction that rolls back leaves neither a run nor a job', async () => {
      let id = '';
      await expect(
        dataSource.transaction(async (manager) => {
          id = (await runs.start('test-sleep', { steps: 1, stepMs: 10 }, owner('user@library.test'), { manager })).id;
          throw new Error('domain change refused');
        }),
      ).rejects.toThrow('domain change refused');
      expect(await dataSource.getRepository(RunEntity).findOneBy({ id })).toBeNull();
      expect(await queue(t.app, 'test-sleep').getJobState(id)).toBe('unknown');
    });

    it('follows savepoints: a nested transaction that rolls back drops its enqueue, the outer one still commits', async () => {
      let kept = '';
      let dropped = '';
      await dataSource.transaction(async (manager) => {
        kept = (await runs.start('test-sleep', { steps: 1, stepMs: 10 }, owner('user@library.test'), { manager })).id;
        await manager
          .transaction(async (inner) => {
            dropped = (await runs.start('test-sleep', { steps: 1, stepMs: 10 }, owner('user@library.test'), { manager: inner })).id;
            throw new Error('inner refused');
          })
          .catch(() => undefined);
      });
      expect(await dataSource.getRepository(RunEntity).findOneBy({ id: dropped })).toBeNull();
      expect(await queue(t.app, 'test-sleep').getJobState(dropped)).toBe('unknown');
      expect(await finished(kept)).toMatchObject({ state: 'succeeded' });
    });
  });

  describe('the sweeper', () => {
    /** A run row as a worker that died mid-attempt leaves it: running, its heartbeat long gone, no job. */
    async function abandonedRun(attempts: number, maxAttempts: number): Promise<string> {
      const run = Object.assign(new RunEntity(), {
        id: randomUUID(),
        kind: 'test-sleep',
        ownerAccountId: users['user@library.test'].accountId,
        ownerUserId: users['user@library.test'].id,
        state: 'queued',
        progress: 0,
        snapshot: initialRunState(maxAttempts),
        snapshotVersion: RUN_MACHINE_VERSION,
        input: { steps: 1, stepMs: 10 },
        attempts: 0,
      });
      for (let attempt = 1; attempt <= attempts; attempt += 1) {
        applyRunEvent(run, { type: 'START' });
        if (attempt < attempts) applyRunEvent(run, { type: 'FAIL', error: 'earlier' });
      }
      await dataSource.getRepository(RunEntity).save(run);
      await dataSource.query(
        `UPDATE run SET heartbeat_at = now() - interval '1 hour', updated_at = now() - interval '1 hour' WHERE id = $1`,
        [run.id],
      );
      return run.id;
    }

    it('requeues a run whose worker died while attempts remain, and it finishes', async () => {
      const id = await abandonedRun(1, 2);
      expect(await finished(id)).toMatchObject({ state: 'succeeded', attempts: 2 });
    });

    it('fails a run whose worker died on its last attempt', async () => {
      const id = await abandonedRun(2, 2);
      expect(await finished(id)).toMatchObject({ state: 'failed', attempts: 2, error: RunMessages.workerLost(2) });
    });

    it('enqueues a queued run that lost its job', async () => {
      const run = await dataSource.transaction(async (manager) => {
        // Written without start(), as if the enqueue after COMMIT had failed.
        const row = Object.assign(new RunEntity(), {
          id: randomUUID(),
          kind: 'test-sleep',
          ownerAccountId: null,
          ownerUserId: null,
          state: 'queued',
          progress: 0,
          snapshot: initialRunState(1),
          snapshotVersion: RUN_MACHINE_VERSION,
          input: { steps: 1, stepMs: 10 },
          attempts: 0,
        });
        await manager.save(row);
        await manager.query(`UPDATE run SET updated_at = now() - interval '1 hour' WHERE id = $1`, [row.id]);
        return row;
      });
      expect(await finished(run.id)).toMatchObject({ state: 'succeeded', attempts: 1 });
    });
  });

  describe('boot check (worker role)', () => {
    async function bootError(role: 'worker' | 'api', imports: AppModuleExtras['imports'], runs = TEST_RUN_TIMINGS): Promise<Error | null> {
      const app = await createApp(testConfig({ REDIS_PREFIX: PREFIX, APP_ROLE: role }), { imports, runs });
      try {
        await app.init();
        return null;
      } catch (error) {
        return error as Error;
      } finally {
        await app.close().catch(() => undefined);
      }
    }

    it('refuses a kind with two handlers', async () => {
      const error = await bootError('worker', [RunsTestModule.withDuplicateHandlers()]);
      expect(error?.message).toContain(
        'run kind "test-dup" has 2 handlers (DuplicateHandlerA in RunsTestModule, DuplicateHandlerB in RunsTestModule); it needs exactly one',
      );
    });

    it('refuses a declared kind without a handler', async () => {
      const error = await bootError('worker', [RunsModule.forFeature(['test-orphan'])]);
      expect(error?.message).toContain(
        `run kind "test-orphan" is declared (RunsModule.forFeature) but no @RunHandler('test-orphan') handles it`,
      );
    });

    it('refuses a dedicated worker pool for a kind without a handler', async () => {
      const error = await bootError('worker', [], { ...TEST_RUN_TIMINGS, workerKinds: ['test-sleep'] });
      expect(error?.message).toContain('workerKinds names kinds without a handler: test-sleep');
    });

    it('leaves the api role alone (it runs no workers)', async () => {
      expect(await bootError('api', [RunsModule.forFeature(['test-orphan'])])).toBeNull();
    });

    it('refuses to start a run of an unknown kind', async () => {
      await expect(runs.start('test-nobody', {}, owner('user@library.test'))).rejects.toThrow('Unknown run kind "test-nobody"');
    });
  });

  describe('workers in other processes', () => {
    let api: TestApp;
    const workerEnv = () => {
      const config = testConfig({ REDIS_PREFIX: PREFIX });
      return {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: config.DATABASE_URL,
        REDIS_URL: config.REDIS_URL,
        REDIS_PREFIX: PREFIX,
        S3_ENDPOINT: config.S3_ENDPOINT,
        S3_ACCESS_KEY_ID: config.S3_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: config.S3_SECRET_ACCESS_KEY,
        S3_BUCKET: config.S3_BUCKET,
        RUN_TEST_KINDS: 'test-crash',
      };
    };

    beforeAll(async () => {
      // Role api: declares the kind and enqueues, runs no worker; the workers below are separate apps.
      api = await startTestApp(
        { REDIS_PREFIX: PREFIX, APP_ROLE: 'api' },
        { imports: [RunsTestModule.register([], ['test-crash'])], runs: TEST_RUN_TIMINGS },
      );
    });
    afterAll(() => api.close());

    it('role api runs nothing; a cancelled queued run loses its job', async () => {
      const run = await api.app.get(RunsService).start('test-crash', { steps: 1, stepMs: 10 }, owner('user@library.test'));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await load(run.id)).toMatchObject({ state: 'queued' });
      expect(await queue(api.app, 'test-crash').getJobState(run.id)).toBe('waiting');
      const response = await api.http.post(`/api/runs/${run.id}/cancel`).set(auth(await api.signIn('user@library.test')));
      expect(response.body).toMatchObject({ state: 'cancelled' });
      expect(await queue(api.app, 'test-crash').getJobState(run.id)).toBe('unknown');
    });

    it('a worker killed mid-run: another worker finishes the run, exactly once', async () => {
      const run = await api.app.get(RunsService).start('test-crash', { steps: 20, stepMs: 150 }, owner('user@library.test'));
      const first = await startWorkerProcess(workerEnv());
      let second: TestApp | undefined;
      try {
        await until(
          () => load(run.id),
          (current) => current.state === 'running' && current.progress >= 20,
          'the first worker to make progress',
        );
        first.child.kill('SIGKILL');
        expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
        expect(await load(run.id)).toMatchObject({ state: 'running', attempts: 1 });

        second = await startTestApp(
          { REDIS_PREFIX: PREFIX, APP_ROLE: 'worker' },
          { imports: [RunsTestModule.register(['test-crash'])], runs: testRunOptions(['test-crash']) },
        );
        const done = await finished(run.id, 30_000);
        expect(done).toMatchObject({ state: 'succeeded', attempts: 2, output: { attempt: 2, pid: process.pid } });

        // Nothing runs it again: one completion, by the second attempt, in this process.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(await load(run.id)).toMatchObject({ state: 'succeeded', attempts: 2, updatedAt: done.updatedAt });
        expect(await effectsOf(dataSource, run.id)).toEqual([
          { attempt: 1, note: 'started', pid: first.child.pid },
          { attempt: 2, note: 'started', pid: process.pid },
          { attempt: 2, note: 'completed', pid: process.pid },
        ]);
      } finally {
        first.child.kill('SIGKILL');
        await second?.close();
      }
    }, 60_000);

    it('SIGTERM lets the running job finish before the worker exits', async () => {
      const run = await api.app.get(RunsService).start('test-crash', { steps: 10, stepMs: 150 }, owner('user@library.test'));
      const worker = await startWorkerProcess(workerEnv());
      try {
        await until(
          () => load(run.id),
          (current) => current.state === 'running' && current.progress >= 10,
          'the worker to make progress',
        );
        worker.child.kill('SIGTERM');
        const exit = await worker.exited;
        expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
        expect(await load(run.id)).toMatchObject({ state: 'succeeded', attempts: 1, output: { attempt: 1, pid: worker.child.pid } });
      } finally {
        worker.child.kill('SIGKILL');
      }
    }, 60_000);

    it('SIGTERM with a job longer than the grace period: the attempt is interrupted and retried elsewhere', async () => {
      const run = await api.app.get(RunsService).start('test-crash', { steps: 100, stepMs: 100 }, owner('user@library.test'));
      const worker = await startWorkerProcess(workerEnv());
      let second: TestApp | undefined;
      try {
        await until(
          () => load(run.id),
          (current) => current.state === 'running' && current.progress >= 2,
          'the worker to make progress',
        );
        worker.child.kill('SIGTERM');
        await worker.exited;
        expect(await load(run.id)).toMatchObject({ state: 'retrying', attempts: 1, error: RunMessages.interrupted });
        await dataSource.query(`UPDATE run SET input = '{"steps": 2, "stepMs": 10}' WHERE id = $1`, [run.id]);
        second = await startTestApp(
          { REDIS_PREFIX: PREFIX, APP_ROLE: 'worker' },
          { imports: [RunsTestModule.register(['test-crash'])], runs: testRunOptions(['test-crash']) },
        );
        expect(await finished(run.id, 30_000)).toMatchObject({ state: 'succeeded', attempts: 2, error: null });
        expect((await effectsOf(dataSource, run.id)).filter((effect) => effect.note === 'completed')).toHaveLength(1);
      } finally {
        worker.child.kill('SIGKILL');
        await second?.close();
      }
    }, 60_000);
  });
});
