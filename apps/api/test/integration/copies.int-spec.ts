import { CatalogueMessages, COPY_KIND_LIST, CopyMessages, HIDE_IN_LIBRARY_TAG, RegistryMessages } from '@library/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RunEntity } from '../../src/modules/runs/run.entity';
import { demoLibraryId, HIDDEN_DEMO_FLOW } from '../../src/seed/demo-library';
import { startWorkerProcess } from './runs-child';
import { insertRelease, ownerOf } from './registry-fixtures';
import type { WorkerProcess } from './runs-child';
import { TEST_RUN_TIMINGS } from './runs-test-handlers';
import { createAccount, createUser } from './factories';
import { auth, startTestApp, TestApp, testConfig } from './test-app';
import { failSecondCopyInsertOnce } from './copies-failure';

const HUB = '/api/data-hub';
/** Workers (and sweeping) for the copy kinds only: other test files own the other kinds in this database. */
const COPY_RUNS = { ...TEST_RUN_TIMINGS, workerKinds: [...COPY_KIND_LIST] };

interface Progress {
  requestId: string;
  progress: number;
  state: string;
  error: string | null;
  result: Record<string, unknown> | null;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** What the tests need of one app: requests as a user, the template spaces they make, polling progress. */
function hub(app: () => TestApp) {
  const put = (token: string, path: string, body: object, key?: string) => {
    const call = app().http.put(`${HUB}/${path}`).set(auth(token));
    return (key ? call.set('Idempotency-Key', key) : call).send(body);
  };
  const get = (token: string, path: string) => app().http.get(`${HUB}/${path}`).set(auth(token));
  const post = async (token: string, path: string, body: object) => {
    const response = await app().http.post(`${HUB}/${path}`).set(auth(token)).send(body);
    expect(response.status).toBe(200);
    return response.body as { id: string; version: number };
  };

  /** Polls `GET progress` as the web app does (faster), collecting the progress seen, until the copy is final. */
  async function watch(token: string, requestId: string, timeoutMs = 20_000): Promise<{ seen: number[]; last: Progress }> {
    const seen: number[] = [];
    const last = await until(
      async () => {
        const response = await get(token, `progress?requestId=${requestId}`);
        expect(response.status).toBe(200);
        seen.push(response.body.progress);
        return response.body as Progress;
      },
      (progress) => ['succeeded', 'failed', 'cancelled'].includes(progress.state),
      `copy ${requestId} to finish`,
      timeoutMs,
    );
    return { seen, last };
  }

  /**
   * A library space template of the providers account (demo) with `flowCount` flows; the first flow has a custom
   * step template of its own, and every flow uses a library step.
   */
  async function templateSpace(token: string, flowCount: number) {
    const label = `Template ${randomUUID().slice(0, 8)}`;
    const library = demoLibraryId('step', 'Send email');
    // Tagged hide-in-library (still copyable by id): the library lists other suites count stay as seeded.
    const tagIds = [demoLibraryId('tag', HIDE_IN_LIBRARY_TAG)];
    const bot = await post(token, 'bots/new', { data: { label, description: 'Made by a test' }, isTemplate: true, tagIds });
    const flows: string[] = [];
    for (let index = 0; index < flowCount; index += 1) {
      const flow = await post(token, 'flows/new', {
        flow: {
          botId: bot.id,
          isTemplate: true,
          tagIds,
          data: {
            label: `${label} flow ${index + 1}`,
            trees: [{ id: 'main', steps: [{ id: 's1', type: 'step', stepTemplateId: library }] }],
          },
        },
      });
      flows.push(flow.id);
    }
    const custom = await post(token, 'step-templates/new', { label: `${label} parser`, flowId: flows[0], description: 'Custom' });
    await post(token, `flows/${flows[0]}`, {
      flow: {
        data: {
          trees: [
            {
              id: 'main',
              steps: [
                { id: 's1', type: 'step', stepTemplateId: custom.id, exits: { next: 's2' } },
                { id: 's2', type: 'step', stepTemplateId: library, exits: { next: null } },
              ],
            },
          ],
        },
      },
      previousVersion: 1,
    });
    return { botId: bot.id, flows, customStepId: custom.id, libraryStepId: library, label };
  }

  return { put, get, post, watch, templateSpace };
}

describe('data hub copies (runs)', () => {
  let t: TestApp;
  let db: DataSource;
  let demo: string;
  let acme: string;
  let copier: string;
  let copierAdmin: string;
  let copierAccount: string;
  const { put, get, post, watch, templateSpace } = hub(() => t);

  beforeAll(async () => {
    t = await startTestApp({ REDIS_PREFIX: `test:copies:${randomUUID()}:` }, { runs: COPY_RUNS });
    db = t.app.get(DataSource);
    // Copies land in an account of their own, so the demo accounts' rows other suites count stay as seeded.
    const account = await createAccount(t.app);
    const user = await createUser(t.app, { accountId: account.id });
    const admin = await createUser(t.app, { accountId: account.id, role: 'ADMIN' });
    copierAccount = account.id;
    [demo, acme, copier, copierAdmin] = await Promise.all([
      t.signIn('user@library.test'),
      t.signIn('user@acme.test'),
      t.signIn(user.email),
      t.signIn(admin.email),
    ]);
  });
  afterAll(() => t.close());

  const downloads = async (table: 'bot' | 'flow' | 'step_template' | 'package', id: string) =>
    Number(
      ((await db.query(`SELECT download_count FROM ${table} WHERE id = $1`, [id])) as Array<{ download_count: string }>)[0].download_count,
    );
  const copiesOf = async (table: 'bot' | 'flow' | 'step_template', templateId: string) =>
    (await db.query(`SELECT id FROM ${table} WHERE account_id = $1 AND origin->>'templateId' = $2`, [copierAccount, templateId])) as Array<{
      id: string;
    }>;
  const newSpace = (token: string) => post(token, 'bots/new', { data: { label: `Target ${randomUUID().slice(0, 6)}` } });
  const newFlow = (token: string, botId: string) => post(token, 'flows/new', { flow: { botId, data: { label: 'Target flow' } } });

  describe('PUT bots (space template → new space)', () => {
    it('copies a library space with all its flows; progress reaches 100; origin and downloadCount recorded', async () => {
      const templateId = demoLibraryId('bot', 'Support desk');
      const template = (await get(copier, `bots/${templateId}`)).body;
      const templateFlows = (await db.query(`SELECT id, data FROM flow WHERE bot_id = $1 AND NOT is_deleted ORDER BY created_at, id`, [
        templateId,
      ])) as Array<{ id: string; data: { label: string; trees: unknown; stepTemplates: string[] } }>;
      expect(templateFlows.length).toBeGreaterThan(1);
      const before = await downloads('bot', templateId);

      const started = await put(copier, 'bots', { botId: templateId });
      expect(started.status).toBe(202);
      expect(started.body).toEqual({ requestId: expect.any(String) });
      const { seen, last } = await watch(copier, started.body.requestId);
      expect(last).toMatchObject({ requestId: started.body.requestId, kind: 'space-copy', state: 'succeeded', progress: 100, error: null });
      expect(seen).toEqual([...seen].sort((a, b) => a - b));

      const botId = last.result!.botId as string;
      const bot = (await get(copier, `bots/${botId}`)).body;
      expect(bot).toMatchObject({ accountId: copierAccount, isTemplate: false, data: template.data, tagIds: [] });
      expect(bot.origin).toEqual({ templateId, version: null, copiedAt: expect.any(String), requestId: started.body.requestId });

      const flows = (await get(copier, `flows?botId=${botId}&order=createdAt&limit=500`)).body.items as Array<{
        id: string;
        data: { label: string; trees: unknown; stepTemplates: string[] };
        origin: { templateId: string };
        accountId: string;
        isTemplate: boolean;
      }>;
      expect(flows.map((flow) => flow.origin.templateId).sort()).toEqual(templateFlows.map((flow) => flow.id).sort());
      for (const flow of flows) {
        const source = templateFlows.find((candidate) => candidate.id === flow.origin.templateId)!;
        // Library steps stay referenced as they are: the trees and step templates are the template's.
        expect(flow).toMatchObject({
          accountId: copierAccount,
          isTemplate: false,
          data: { label: source.data.label, trees: source.data.trees },
        });
        expect(flow.data.stepTemplates).toEqual(source.data.stepTemplates);
      }
      expect(last.result!.flowIds).toEqual(expect.arrayContaining(flows.map((flow) => flow.id)));
      expect(await downloads('bot', templateId)).toBe(before + 1);
    });

    it("copies a template's custom step templates and moves the flows' references to the copies", async () => {
      const template = await templateSpace(demo, 2);
      const started = await put(copier, 'bots', { botId: template.botId });
      const { last } = await watch(copier, started.body.requestId);
      expect(last).toMatchObject({ state: 'succeeded', progress: 100 });
      const [first] = await copiesOf('flow', template.flows[0]);
      const flow = (await get(copier, `flows/${first.id}`)).body;
      const customCopy = flow.data.trees[0].steps[0].stepTemplateId as string;
      expect(customCopy).not.toBe(template.customStepId);
      expect(flow.data.trees[0].steps[1].stepTemplateId).toBe(template.libraryStepId);
      expect(flow.data.trees[0].steps[0].exits).toEqual({ next: 's2' });
      // The template's order (the library step came first), with the custom step's reference moved to its copy.
      expect(flow.data.stepTemplates).toEqual([template.libraryStepId, customCopy]);
      const step = (
        await db.query(`SELECT account_id, flow_id, label, is_template, origin FROM step_template WHERE id = $1`, [customCopy])
      )[0];
      expect(step).toMatchObject({
        account_id: copierAccount,
        flow_id: first.id,
        label: `${template.label} parser`,
        is_template: false,
        origin: { templateId: template.customStepId, version: '0.0.1' },
      });
      expect(last.result).toEqual({ botId: expect.any(String), flowIds: expect.any(Array), stepTemplateIds: [customCopy] });
      expect((await get(copier, `step-templates/${first.id}?isCustom=true`)).body.items.map((item: { id: string }) => item.id)).toEqual([
        customCopy,
      ]);
    });

    it('404 for a template that is not a library one (another account, or not a template)', async () => {
      const acmeSpace = await newSpace(copier);
      const demoPrivate = await newSpace(demo);
      for (const botId of [acmeSpace.id, demoPrivate.id, randomUUID()]) {
        const response = await put(copier, 'bots', { botId });
        expect(response.status).toBe(404);
        expect(response.body.message).toBe(CatalogueMessages.botNotFound);
      }
      expect((await put(copier, 'bots', { botId: 'nope' })).status).toBe(400);
    });

    it('the same Idempotency-Key answers the same request, and one copy is made', async () => {
      const template = await templateSpace(demo, 1);
      const key = randomUUID();
      const [a, b] = await Promise.all([
        put(copier, 'bots', { botId: template.botId }, key),
        put(copier, 'bots', { botId: template.botId }, key),
      ]);
      expect(a.body.requestId).toBe(b.body.requestId);
      expect((await watch(copier, a.body.requestId)).last.state).toBe('succeeded');
      expect(await copiesOf('bot', template.botId)).toHaveLength(1);
      expect(await downloads('bot', template.botId)).toBe(1);
    });
  });

  describe('GET progress', () => {
    it("404 for another account's request (and another user's, unless an ADMIN of the account)", async () => {
      const template = await templateSpace(demo, 1);
      const started = await put(copier, 'bots', { botId: template.botId });
      const mine = await get(copier, `progress?requestId=${started.body.requestId}`);
      expect(mine.status).toBe(200);
      const theirs = await get(demo, `progress?requestId=${started.body.requestId}`);
      expect(theirs.status).toBe(404);
      expect(theirs.body.message).toBe(CopyMessages.requestNotFound);
      expect((await get(copierAdmin, `progress?requestId=${started.body.requestId}`)).status).toBe(200);
      expect((await get(copier, `progress?requestId=${randomUUID()}`)).status).toBe(404);
      expect((await get(copier, 'progress?requestId=x')).status).toBe(400);
      await watch(copier, started.body.requestId);
    });
  });

  describe('PUT flows/{botId} (flow template → a space)', () => {
    it("acme copies a library flow into acme's own space; into demo's space is 404", async () => {
      const acmeAccount = (await ownerOf(t.app, 'user@acme.test')).accountId;
      const templateId = demoLibraryId('flow', 'CSV import');
      const before = await downloads('flow', templateId);
      const space = await newSpace(acme);
      // The acme rows made here go at the end (space for good, with its flows): other suites count acme's rows.
      try {
        const started = await put(acme, `flows/${space.id}`, { flowId: templateId, shouldUpdateSteps: false });
        expect(started.status).toBe(202);
        const { last } = await watch(acme, started.body.requestId);
        expect(last).toMatchObject({ state: 'succeeded', progress: 100, result: { botId: space.id, updated: false, stepTemplateIds: [] } });
        const flow = (await get(acme, `flows/${last.result!.flowId as string}`)).body;
        const template = (await get(acme, `flows/${templateId}`)).body;
        expect(flow).toMatchObject({ botId: space.id, accountId: acmeAccount, version: 1, isTemplate: false, isStarter: false });
        expect(flow.data).toEqual(template.data);
        expect(flow.origin).toMatchObject({ templateId, version: template.version, requestId: started.body.requestId });
        expect(await downloads('flow', templateId)).toBe(before + 1);

        const demoSpace = await newSpace(demo);
        const refused = await put(acme, `flows/${demoSpace.id}`, { flowId: templateId });
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe(CatalogueMessages.botNotFound);
        // Not a library flow: another account's, or the caller's own.
        const demoFlow = await newFlow(demo, demoSpace.id);
        const ownFlow = await newFlow(acme, space.id);
        for (const flowId of [demoFlow.id, ownFlow.id]) {
          const response = await put(acme, `flows/${space.id}`, { flowId });
          expect(response.status).toBe(404);
          expect(response.body.message).toBe(CatalogueMessages.flowNotFound);
        }
      } finally {
        await t.http.delete(`${HUB}/bots/${space.id}`).set(auth(acme));
      }
    });

    it('a hide-in-library template is still copyable by id', async () => {
      const space = await newSpace(copier);
      const started = await put(copier, `flows/${space.id}`, { flowId: demoLibraryId('flow', HIDDEN_DEMO_FLOW) });
      expect(started.status).toBe(202);
      expect((await watch(copier, started.body.requestId)).last.state).toBe('succeeded');
    });

    it('shouldUpdateSteps brings the existing copy up to date instead of adding another', async () => {
      const template = await templateSpace(demo, 1);
      const space = await newSpace(copier);
      const first = (await watch(copier, (await put(copier, `flows/${space.id}`, { flowId: template.flows[0] })).body.requestId)).last;
      expect(first.result).toMatchObject({ updated: false, stepTemplateIds: [expect.any(String)] });
      const flowId = first.result!.flowId as string;
      const stepCopy = (first.result!.stepTemplateIds as string[])[0];

      // The template changes: a new label for its custom step.
      await post(demo, `step-templates/${template.customStepId}`, { label: 'Parser v2' });
      const second = (
        await watch(
          copier,
          (await put(copier, `flows/${space.id}`, { flowId: template.flows[0], shouldUpdateSteps: 'true' })).body.requestId,
        )
      ).last;
      expect(second).toMatchObject({ state: 'succeeded', result: { flowId, updated: true, stepTemplateIds: [stepCopy] } });
      const flow = (await get(copier, `flows/${flowId}`)).body;
      expect(flow.version).toBe(2);
      expect(flow.data.stepTemplates).toEqual([template.libraryStepId, stepCopy]);
      expect((await db.query(`SELECT label FROM step_template WHERE id = $1`, [stepCopy]))[0].label).toBe('Parser v2');
      expect(await copiesOf('flow', template.flows[0])).toHaveLength(1);
      expect(await downloads('flow', template.flows[0])).toBe(2);
    });
  });

  describe('PUT step-templates/{flowId}', () => {
    it("copies a library step template as a custom step of the caller's flow", async () => {
      // A library step template of its own (hidden from lists), so the seeded ones' download counts stay put.
      const { id: stepId } = await post(demo, 'step-templates/new', {
        label: 'Library parser',
        isTemplate: true,
        tagIds: [demoLibraryId('tag', HIDE_IN_LIBRARY_TAG)],
        formBuilder: { hasDataOut: true },
        version: '1.4.0',
      });
      const before = await downloads('step_template', stepId);
      const space = await newSpace(copier);
      const flow = await newFlow(copier, space.id);
      const started = await put(copier, `step-templates/${flow.id}`, { stepId });
      expect(started.status).toBe(202);
      const { last } = await watch(copier, started.body.requestId);
      expect(last).toMatchObject({ state: 'succeeded', progress: 100, result: { flowId: flow.id } });
      const copyId = last.result!.stepTemplateId as string;
      const copy = (await get(copier, `step-templates/${flow.id}?isCustom=true`)).body.items[0];
      const template = (await db.query(`SELECT label, data FROM step_template WHERE id = $1`, [stepId]))[0];
      expect(copy).toMatchObject({ id: copyId, label: template.label, flowId: flow.id, isCustom: true, accountId: copierAccount });
      expect(copy.formBuilder).toEqual(template.data.formBuilder);
      expect(copy.origin).toMatchObject({ templateId: stepId, version: template.data.version });
      const after = (await get(copier, `flows/${flow.id}`)).body;
      expect(after.data.stepTemplates).toEqual([copyId]);
      expect(after.version).toBe(flow.version + 1);
      expect(await downloads('step_template', stepId)).toBe(before + 1);

      const demoFlow = await newFlow(demo, (await newSpace(demo)).id);
      const refused = await put(copier, `step-templates/${demoFlow.id}`, { stepId });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(CatalogueMessages.flowNotFound);
      const ownStep = await post(copier, 'step-templates/new', { label: 'Mine' });
      expect((await put(copier, `step-templates/${flow.id}`, { stepId: ownStep.id })).body.message).toBe(
        CatalogueMessages.stepTemplateNotFound,
      );
      expect((await put(copier, `step-templates/${flow.id}`, {})).status).toBe(400);
      expect((await put(copier, `step-templates/${flow.id}`, { stepId, externalStep: { id: stepId, version: '1.0.0' } })).status).toBe(400);
    });

    it('copies a visible registry release (externalStep) and records the release; a private one is 404', async () => {
      const publisher = await ownerOf(t.app, 'admin@library.test');
      const release = await insertRelease(t.app, {
        owner: publisher,
        label: 'Currency converter',
        description: 'Converts amounts',
        version: '2.1.0',
        meta: { icon: 'mdi-cash' },
        data: { template: '<%= amount %>', outputExample: { amount: 1 } },
      });
      const space = await newSpace(copier);
      const flow = await newFlow(copier, space.id);
      const started = await put(copier, `step-templates/${flow.id}`, { externalStep: { id: release.id, version: '2.1.0' } });
      expect(started.status).toBe(202);
      const { last } = await watch(copier, started.body.requestId);
      expect(last).toMatchObject({ state: 'succeeded', progress: 100 });
      const copy = (await get(copier, `step-templates/${flow.id}?isCustom=true`)).body.items[0];
      expect(copy).toMatchObject({
        id: last.result!.stepTemplateId,
        label: 'Currency converter',
        description: 'Converts amounts',
        version: '2.1.0',
        icon: 'mdi-cash',
        template: '<%= amount %>',
        outputExample: { amount: 1 },
        isExternal: false,
        flowId: flow.id,
      });
      expect(copy.origin).toMatchObject({ templateId: release.id, version: '2.1.0', releaseId: release.revisionId });
      expect(await downloads('package', release.id)).toBe(1);

      const hidden = await insertRelease(t.app, { owner: publisher, label: 'Private step', levels: { USER: 'RELEASED' } });
      const refused = await put(copier, `step-templates/${flow.id}`, { externalStep: { id: hidden.id, version: '1.0.0' } });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(RegistryMessages.releaseNotFound);
    });
  });

  describe('retries', () => {
    let cleanUp: (() => Promise<unknown>) | undefined;
    afterEach(() => cleanUp?.());

    it('an attempt failing after part of the copy leaves exactly one complete copy once retried', async () => {
      const template = await templateSpace(demo, 3);
      cleanUp = await failSecondCopyInsertOnce(db, 'flow', template.flows);

      const started = await put(copier, 'bots', { botId: template.botId });
      const { last } = await watch(copier, started.body.requestId);
      expect(last).toMatchObject({ state: 'succeeded', progress: 100 });
      const run = await db.getRepository(RunEntity).findOneByOrFail({ id: started.body.requestId });
      expect(run.attempts).toBe(2);
      expect(await copiesOf('bot', template.botId)).toEqual([{ id: last.result!.botId }]);
      for (const flowId of template.flows) expect(await copiesOf('flow', flowId)).toHaveLength(1);
      expect(await copiesOf('step_template', template.customStepId)).toHaveLength(1);
      expect(await downloads('bot', template.botId)).toBe(1);
    });
  });
});

describe('data hub copies: a worker killed mid-copy', () => {
  const PREFIX = `test:copies-kill:${randomUUID()}:`;
  let api: TestApp;
  let db: DataSource;
  const { put, watch, templateSpace } = hub(() => api);

  beforeAll(async () => {
    // Role api: enqueues, runs no worker; the workers are the child process, then an app of this process.
    api = await startTestApp({ REDIS_PREFIX: PREFIX, APP_ROLE: 'api' }, { runs: COPY_RUNS });
    db = api.app.get(DataSource);
  });
  afterAll(() => api.close());

  it('the retried run leaves exactly one complete copy', async () => {
    const user = await createUser(api.app);
    const copierAccount = user.accountId;
    const [demo, copier] = await Promise.all([api.signIn('user@library.test'), api.signIn(user.email)]);
    const template = await templateSpace(demo, 4);
    const config = testConfig({ REDIS_PREFIX: PREFIX });
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: config.DATABASE_URL,
      REDIS_URL: config.REDIS_URL,
      REDIS_PREFIX: PREFIX,
      S3_ENDPOINT: config.S3_ENDPOINT,
      S3_ACCESS_KEY_ID: config.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: config.S3_SECRET_ACCESS_KEY,
      S3_BUCKET: config.S3_BUCKET,
    };

    // Hold the template's row: the copy's transaction inserts the space and flows, then waits on the download count.
    const blocker = db.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query(`SELECT id FROM bot WHERE id = $1 FOR UPDATE`, [template.botId]);

    const started = await put(copier, 'bots', { botId: template.botId });
    const runId = started.body.requestId as string;
    let worker: WorkerProcess | undefined;
    let second: TestApp | undefined;
    try {
      worker = await startWorkerProcess(env, 'copies-worker.ts');
      // Its inserts are in flight: made in its transaction, which now waits on the template's row, uncommitted.
      await until(
        async () =>
          (
            await db.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE bot SET download_count%'`,
            )
          )[0].n as number,
        (waiting) => waiting > 0,
        'the copy to wait on the template row',
      );
      expect(await db.getRepository(RunEntity).findOneByOrFail({ id: runId })).toMatchObject({ state: 'running', attempts: 1 });
      expect((await db.getRepository(RunEntity).findOneByOrFail({ id: runId })).progress).toBeGreaterThan(0);
      worker.child.kill('SIGKILL');
      expect(await worker.exited).toEqual({ code: null, signal: 'SIGKILL' });
      await blocker.rollbackTransaction();
      expect(
        await db.query(`SELECT id FROM bot WHERE account_id = $1 AND origin->>'templateId' = $2`, [copierAccount, template.botId]),
      ).toEqual([]);

      second = await startTestApp({ REDIS_PREFIX: PREFIX, APP_ROLE: 'worker' }, { runs: COPY_RUNS });
      const { last } = await watch(copier, runId, 40_000);
      expect(last).toMatchObject({ state: 'succeeded', progress: 100 });
      const run = await db.getRepository(RunEntity).findOneByOrFail({ id: runId });
      expect(run.attempts).toBe(2);

      const bots = (await db.query(`SELECT id FROM bot WHERE account_id = $1 AND origin->>'templateId' = $2`, [
        copierAccount,
        template.botId,
      ])) as Array<{
        id: string;
      }>;
      expect(bots).toEqual([{ id: last.result!.botId }]);
      const flows = (await db.query(`SELECT origin->>'templateId' AS template FROM flow WHERE bot_id = $1`, [bots[0].id])) as Array<{
        template: string;
      }>;
      expect(flows.map((flow) => flow.template).sort()).toEqual([...template.flows].sort());
      expect(
        await db.query(`SELECT count(*)::int AS n FROM step_template WHERE account_id = $1 AND origin->>'templateId' = $2`, [
          copierAccount,
          template.customStepId,
        ]),
      ).toEqual([{ n: 1 }]);
      expect((await db.query(`SELECT download_count FROM bot WHERE id = $1`, [template.botId]))[0].download_count).toBe(1);
    } finally {
      if (blocker.isTransactionActive) await blocker.rollbackTransaction();
      await blocker.release();
      worker?.child.kill('SIGKILL');
      await second?.close();
    }
  }, 90_000);
});
