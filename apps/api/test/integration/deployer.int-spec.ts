import { DEPLOY_KIND, DeployerMessages } from '@library/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DeploymentEntity } from '../../src/modules/deployer/deployment.entity';
import { demoLibraryId } from '../../src/seed/demo-library';
import { createAccount, createUser } from './factories';
import { TEST_RUN_TIMINGS } from './runs-test-handlers';
import { auth, startTestApp, TestApp } from './test-app';

const DEPLOYER = '/api/deployer';
const HUB = '/api/data-hub';
/** Workers (and sweeping) for the deploy kind only: other test files own the other kinds in this database. */
const DEPLOY_RUNS = { ...TEST_RUN_TIMINGS, workerKinds: [DEPLOY_KIND] };

interface Check {
  status: string;
  flowId?: string;
  flowAlias?: string;
  deployedAt?: string | null;
  flowVersion?: number;
  role?: string | null;
  errorData?: Array<{ code: string; stepId?: string; exit?: string; stepIds?: string[]; message: string }>;
}

interface Step {
  id: string;
  type?: string;
  stepTemplateId?: string;
  exits: Record<string, string | null>;
}

describe('deployer (spec 7 Deployer, 4 Flow deploy)', () => {
  let t: TestApp;
  let token: string;
  let accountId: string;
  let acme: string;
  let demo: string;
  let botId: string;

  beforeAll(async () => {
    t = await startTestApp({ REDIS_PREFIX: `test:deployer:${randomUUID()}:` }, { runs: DEPLOY_RUNS });
    // Deploys happen in an account of their own, so the demo accounts' rows other suites count stay as seeded.
    const account = await createAccount(t.app);
    accountId = account.id;
    const user = await createUser(t.app, { accountId });
    [token, acme, demo] = await Promise.all([t.signIn(user.email), t.signIn('user@acme.test'), t.signIn('user@library.test')]);
    const bot = await t.http
      .post(`${HUB}/bots/new`)
      .set(auth(token))
      .send({ data: { label: 'Deploy target' } });
    expect(bot.status).toBe(200);
    botId = bot.body.id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const newFlow = async (steps: Step[], label = 'Deployable') => {
    const response = await t.http
      .post(`${HUB}/flows/new`)
      .set(auth(token))
      .send({ flow: { botId, data: { label, trees: [{ id: 'main', steps: steps.map((step) => ({ type: 'step', ...step })) }] } } });
    expect(response.status).toBe(200);
    return response.body.id as string;
  };
  const newStepTemplate = async (body: object) => {
    const response = await t.http.post(`${HUB}/step-templates/new`).set(auth(token)).send(body);
    expect(response.status).toBe(200);
    return response.body.id as string;
  };
  const library = (label: string) => demoLibraryId('step', label);
  const linear = (labels: string[]): Step[] =>
    labels.map((label, index) => ({
      id: `step-${index + 1}`,
      stepTemplateId: library(label),
      exits: { next: index + 1 < labels.length ? `step-${index + 2}` : null },
    }));

  const deploy = async (body: object, as = token) => {
    const response = await t.http.post(`${DEPLOYER}/flows/deploy`).set(auth(as)).send(body);
    expect(response.status).toBe(200);
    return response.body as { requestId: string; flowId: string };
  };
  /** Polls the check as the web app does (faster): pending until the run is done. */
  const checkUntilDone = async (flowId: string, requestId: string): Promise<Check> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const response = await t.http.get(`${DEPLOYER}/flows/check/${flowId}/${requestId}`).set(auth(token));
      expect(response.status).toBe(200);
      if (response.body.status !== 'pending') return response.body as Check;
      if (Date.now() > deadline) throw new Error(`deploy ${requestId} still pending`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const liveRows = (flowId: string) => t.app.get(DataSource).getRepository(DeploymentEntity).findBy({ flowId, status: 'deployed' });

  it('deploys a valid flow made of library steps and answers the result once done', async () => {
    const flowId = await newFlow(linear(['Webhook trigger', 'Query table', 'Send email']));
    const started = await deploy({ flowId, interactiveDebug: true, role: 'editor' });
    expect(started.flowId).toBe(flowId);
    const check = await checkUntilDone(flowId, started.requestId);
    expect(check).toMatchObject({ status: 'deployed', flowId, flowAlias: 'live', flowVersion: 1, role: 'editor', interactiveDebug: true });
    expect(new Date(check.deployedAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(check.errorData).toBeUndefined();

    const ofAccount = await t.http.get(`${DEPLOYER}/accounts/${accountId}/flows/check/${flowId}/${started.requestId}`).set(auth(token));
    expect(ofAccount.status).toBe(200);
    expect(ofAccount.body.status).toBe('deployed');
  });

  it('deploys a flow whose cycle passes a loop step (a template with data.loop)', async () => {
    const loop = await newStepTemplate({ label: 'Repeat', data: { loop: true } });
    const flowId = await newFlow([
      { id: 'start', stepTemplateId: library('Schedule trigger'), exits: { next: 'each' } },
      { id: 'each', stepTemplateId: loop, exits: { next: 'mail' } },
      { id: 'mail', stepTemplateId: library('Send email'), exits: { next: 'each' } },
    ]);
    const started = await deploy({ flowId, flowAlias: 'looping' });
    expect(await checkUntilDone(flowId, started.requestId)).toMatchObject({ status: 'deployed', flowAlias: 'looping' });
  });

  it('records a failed deployment whose errorData names each problem and its step', async () => {
    const branch = await newStepTemplate({
      label: 'Yes or no',
      formBuilder: {
        stepExits: [
          { id: 'yes', label: 'Yes' },
          { id: 'no', label: 'No' },
        ],
      },
    });
    const missing = randomUUID();
    const flowId = await newFlow(
      [
        { id: 'start', stepTemplateId: library('Webhook trigger'), exits: { next: 'ask' } },
        { id: 'ask', stepTemplateId: branch, exits: { yes: 'a' } },
        { id: 'a', stepTemplateId: library('Set variables'), exits: { next: 'b' } },
        { id: 'b', stepTemplateId: library('Wait'), exits: { next: 'a' } },
        { id: 'ghost', stepTemplateId: missing, exits: { next: 'nowhere' } },
        { id: 'bare', exits: {} },
        { id: 'loop', type: 'loop', stepTemplateId: library('Send SMS'), exits: { next: 'sms' } },
        { id: 'sms', stepTemplateId: library('Send SMS'), exits: { next: 'loop' } },
      ],
      'Broken',
    );
    const started = await deploy({ flowId });
    const check = await checkUntilDone(flowId, started.requestId);
    expect(check.status).toBe('failed');
    const problems = check.errorData!.map((problem) => [problem.code, problem.stepId, problem.exit ?? problem.stepIds?.join('>') ?? null]);
    expect(problems).toEqual(
      expect.arrayContaining([
        ['unwired-exit', 'ask', 'no'],
        ['missing-template', 'ghost', null],
        ['unknown-target', 'ghost', 'next'],
        ['missing-template', 'bare', null],
        ['cycle', 'a', 'a>b'],
      ]),
    );
    expect(check.errorData).toHaveLength(5);
    expect(check.errorData!.find((problem) => problem.stepId === 'ghost' && problem.code === 'missing-template')!.message).toContain(
      missing,
    );
    // The run itself succeeded: a refusal is the answer, not an error to retry.
    const run = await t.http.get(`/api/runs/${started.requestId}`).set(auth(token));
    expect(run.body.state).toBe('succeeded');
    expect(await liveRows(flowId)).toHaveLength(0);
  });

  it('refuses a deploy or undeploy without an id with exactly "Id is required"', async () => {
    for (const body of [{}, { flowId: '' }, { flowId: '   ' }, { flowAlias: 'live' }]) {
      const response = await t.http.post(`${DEPLOYER}/flows/deploy`).set(auth(token)).send(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(DeployerMessages.idRequired);
    }
    const undeploy = await t.http.delete(`${DEPLOYER}/flows/deploy?flowAlias=live`).set(auth(token));
    expect(undeploy.status).toBe(400);
    expect(undeploy.body.message).toBe('Id is required');
  });

  it('replaces the live deployment of an alias and keeps other aliases live', async () => {
    const flowId = await newFlow(linear(['Form submitted', 'Send email']));
    const first = await deploy({ flowId });
    expect((await checkUntilDone(flowId, first.requestId)).status).toBe('deployed');
    const staging = await deploy({ flowId, flowAlias: 'staging' });
    const second = await deploy({ flowId, flowAlias: 'live' });
    expect((await checkUntilDone(flowId, staging.requestId)).status).toBe('deployed');
    expect((await checkUntilDone(flowId, second.requestId)).status).toBe('deployed');
    expect((await checkUntilDone(flowId, first.requestId)).status).toBe('undeployed');
    const live = await liveRows(flowId);
    expect(live.map((row) => [row.flowAlias, row.runId]).sort()).toEqual(
      [
        ['live', second.requestId],
        ['staging', staging.requestId],
      ].sort(),
    );

    // Undeploy one alias (query), then the rest (body with `id`, account route).
    const one = await t.http.delete(`${DEPLOYER}/flows/deploy?flowId=${flowId}&flowAlias=staging&deleteLambda=true`).set(auth(token));
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ flowId, flowAlias: 'staging', deleteLambda: true, undeployed: 1 });
    expect((await checkUntilDone(flowId, staging.requestId)).status).toBe('undeployed');
    const rest = await t.http.delete(`${DEPLOYER}/accounts/${accountId}/flows/deploy`).set(auth(token)).send({ id: flowId });
    expect(rest.status).toBe(200);
    expect(rest.body.undeployed).toBe(1);
    expect(await liveRows(flowId)).toHaveLength(0);
    const again = await t.http.delete(`${DEPLOYER}/flows/deploy`).set(auth(token)).send({ flowId });
    expect(again.body.undeployed).toBe(0);
  });

  it('DELETE role undeploys the live deployments made for that role', async () => {
    const flowId = await newFlow(linear(['Chat message', 'Send email']));
    const forRole = await deploy({ flowId, flowAlias: 'role-a', role: 'reviewer' });
    const other = await deploy({ flowId, flowAlias: 'role-b', role: 'author' });
    await checkUntilDone(flowId, forRole.requestId);
    await checkUntilDone(flowId, other.requestId);
    const missing = await t.http.delete(`${DEPLOYER}/role`).set(auth(token));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(DeployerMessages.roleRequired);
    const removed = await t.http.delete(`${DEPLOYER}/role?role=reviewer`).set(auth(token));
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ role: 'reviewer', undeployed: 1 });
    expect((await liveRows(flowId)).map((row) => row.role)).toEqual(['author']);
  });

  it('answers 404 for the flows, requests and accounts of others', async () => {
    const flowId = await newFlow(linear(['Webhook trigger', 'Send email']));
    const started = await deploy({ flowId });
    await checkUntilDone(flowId, started.requestId);
    for (const other of [acme, demo]) {
      const calls = [
        t.http.post(`${DEPLOYER}/flows/deploy`).set(auth(other)).send({ flowId }),
        t.http.get(`${DEPLOYER}/flows/check/${flowId}/${started.requestId}`).set(auth(other)),
        t.http.get(`${DEPLOYER}/accounts/${accountId}/flows/check/${flowId}/${started.requestId}`).set(auth(other)),
        t.http.delete(`${DEPLOYER}/flows/deploy`).set(auth(other)).send({ flowId }),
        t.http.delete(`${DEPLOYER}/accounts/${accountId}/flows/deploy`).set(auth(other)).send({ flowId }),
      ];
      for (const response of await Promise.all(calls)) expect(response.status).toBe(404);
    }
    // A demo library flow (of the providers account) is not the caller's to deploy; nor is a made-up id.
    const libraryFlow = demoLibraryId('flow', 'CSV import');
    for (const id of [libraryFlow, randomUUID(), 'not-a-uuid']) {
      expect((await t.http.post(`${DEPLOYER}/flows/deploy`).set(auth(token)).send({ flowId: id })).status).toBe(404);
    }
    // The right request id with another flow id, or a request that is not a deploy, is 404 too.
    const otherFlow = await newFlow(linear(['Send email']));
    expect((await t.http.get(`${DEPLOYER}/flows/check/${otherFlow}/${started.requestId}`).set(auth(token))).status).toBe(404);
    expect((await t.http.get(`${DEPLOYER}/flows/check/${flowId}/${randomUUID()}`).set(auth(token))).status).toBe(404);
    expect((await liveRows(flowId)).length).toBe(1);
  });
});
