import { AGENT_INSTALL_KIND, AgentMessages, INSTALLED_RESOURCES_KNOWLEDGE, InstallerMessages } from '@library/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AccountEntity } from '../../src/modules/accounts/account.entity';
import { AgentTemplateEntity } from '../../src/modules/agents/agent-template.entity';
import { AgentEntity } from '../../src/modules/agents/agent.entity';
import { BotEntity } from '../../src/modules/catalogue/bot.entity';
import { FlowEntity } from '../../src/modules/catalogue/flow.entity';
import { demoAgentTemplateId } from '../../src/seed/demo-agents';
import { demoLibraryId } from '../../src/seed/demo-library';
import { TEST_RUN_TIMINGS } from './runs-test-handlers';
import { createAccount, createUser } from './factories';
import { auth, startTestApp, TestApp } from './test-app';

const INSTALLER = '/api/agent-installer';
const AGENTS = '/api/agents';
/** 'Lead qualifier' lists the library space 'Sales pipeline' and two flows the library doesn't have. */
const TEMPLATE = 'Lead qualifier';
/** Workers (and sweeping) for installs only: other test files own the other kinds in this database. */
const INSTALL_RUNS = { ...TEST_RUN_TIMINGS, workerKinds: [AGENT_INSTALL_KIND] };

interface Status {
  status: string;
  message: string;
  requestId: string;
  agentId?: string;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Installs are polled until final (up to 20 s in `until`), which can outlast Jest's default 5 s on a busy machine. */
jest.setTimeout(30_000);

describe('agent-installer (spec 4 Agent install, 7 Installer gateway)', () => {
  /** Serves HTTP only: installs started here wait in the queue until `worker` starts. */
  let api: TestApp;
  /** Runs agent-install jobs (same Redis prefix); started after the broken install is set up. */
  let worker: TestApp;
  const prefix = `test:${randomUUID()}:`;
  let broken: { token: string; accountId: string; agentId: string; requestId: string };

  async function freshUser() {
    const account = await createAccount(api.app);
    const user = await createUser(api.app, { accountId: account.id, role: 'USER' });
    return { accountId: account.id, token: await api.signIn(user.email) };
  }
  const post = (token: string, body: object) => api.http.post(INSTALLER).set(auth(token)).send(body);
  const status = (token: string, query: { agentId: string; accountId: string; templateId: string }) =>
    api.http.get(INSTALLER).query(query).set(auth(token));
  const poll = (token: string, query: { agentId: string; accountId: string; templateId: string }) =>
    until(
      async () => {
        const response = await status(token, query);
        expect(response.status).toBe(200);
        return response.body as Status;
      },
      (body) => body.status !== 'processing',
      'the install to finish',
    );
  const templateId = demoAgentTemplateId(TEMPLATE);

  beforeAll(async () => {
    // Jobs carry the enqueuing app's backoff, so the API app takes the test timings too.
    api = await startTestApp({ APP_ROLE: 'api', REDIS_PREFIX: prefix }, { runs: INSTALL_RUNS });
    // A broken install: the agent is deleted while its install waits in the queue.
    const { token, accountId } = await freshUser();
    const agent = await api.http
      .post(AGENTS + '/agents')
      .set(auth(token))
      .send({ name: 'Doomed' });
    const started = await post(token, { templateId, accountId, agent: agent.body.id });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'processing', message: InstallerMessages.queued(TEMPLATE) });
    expect((await api.http.delete(`${AGENTS}/agents/${agent.body.id}`).set(auth(token))).status).toBe(204);
    broken = { token, accountId, agentId: agent.body.id, requestId: started.body.requestId };
    worker = await startTestApp({ REDIS_PREFIX: prefix }, { runs: INSTALL_RUNS });
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  }, 60_000);

  it('installs a demo agent template onto an agent of the account and is polled to installed', async () => {
    const { token, accountId } = await freshUser();
    const dataSource = api.app.get(DataSource);
    const before = (await dataSource.getRepository(AgentTemplateEntity).findOneByOrFail({ id: templateId })).downloadCount;
    const agent = await api.http.post(`${AGENTS}/agents`).set(auth(token)).send({ name: TEMPLATE });
    expect(agent.status).toBe(201);

    const started = await post(token, { templateId, accountId, agent: agent.body.id });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({
      requestId: expect.any(String),
      agentId: agent.body.id,
      status: 'processing',
      message: expect.any(String),
    });
    const done = await poll(token, { agentId: agent.body.id, accountId, templateId });
    expect(done).toEqual({
      status: 'installed',
      agentId: agent.body.id,
      requestId: started.body.requestId,
      message: InstallerMessages.installed(TEMPLATE, TEMPLATE),
    });

    // The agent has the template's objective, primer, actions, model and knowledge, plus what was installed.
    const template = await dataSource.getRepository(AgentTemplateEntity).findOneByOrFail({ id: templateId });
    const installed = (await api.http.get(`${AGENTS}/agents/${agent.body.id}`).set(auth(token))).body;
    expect(installed).toMatchObject({
      objective: template.objective,
      primer: template.primer,
      actions: template.actions,
      model: template.model,
      origin: { templateId },
    });
    expect(installed.knowledge.slice(0, -1)).toEqual(template.knowledge);
    const resources = installed.knowledge.at(-1);
    expect(resources.name).toBe(INSTALLED_RESOURCES_KNOWLEDGE);
    expect(resources.value).toContain(`Relational DB: ${template.relationalDb.join(', ')}`);
    expect(resources.value).toContain(`Lookup collections: ${template.lookupCollections.join(', ')}`);
    expect(resources.value).toContain(`Connected resources: ${template.connectedResources.join(', ')}`);
    expect(resources.value).toContain('Skipped: flow Lead scoring');

    // The library space 'Sales pipeline' was copied with its flows into the account, with origin.
    const spaceTemplateId = demoLibraryId('bot', 'Sales pipeline');
    const spaces = await dataSource.getRepository(BotEntity).findBy({ accountId });
    expect(spaces).toHaveLength(1);
    expect(spaces[0]!.origin).toMatchObject({ templateId: spaceTemplateId, requestId: started.body.requestId });
    const flows = await dataSource.getRepository(FlowEntity).findBy({ accountId, botId: spaces[0]!.id });
    const templateFlows = await dataSource.getRepository(FlowEntity).findBy({ botId: spaceTemplateId, isDeleted: false });
    expect(flows.length).toBe(templateFlows.length);
    expect(flows.map((flow) => flow.origin!.templateId).sort()).toEqual(templateFlows.map((flow) => flow.id).sort());

    // The run's output lists what was skipped and why; the template counted one download.
    const run = await api.http.get(`/api/runs/${started.body.requestId}`).set(auth(token));
    expect(run.body.output.skipped).toEqual([
      { kind: 'flow', name: 'Lead scoring', reason: InstallerMessages.flowMissing },
      { kind: 'flow', name: 'CRM sync', reason: InstallerMessages.flowMissing },
    ]);
    expect(template.downloadCount).toBe(before + 1);

    // A repeated POST answers the same request, now installed, and copies nothing more.
    const again = await post(token, { templateId, accountId, agent: agent.body.id });
    expect(again.body).toMatchObject({ requestId: started.body.requestId, status: 'installed' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await dataSource.getRepository(BotEntity).countBy({ accountId })).toBe(1);
    expect((await dataSource.getRepository(AgentTemplateEntity).findOneByOrFail({ id: templateId })).downloadCount).toBe(before + 1);
  });

  it('creates the agent from fields (the copy naming rule) and copies listed flows without a listed space into a space for it', async () => {
    const { token, accountId } = await freshUser();
    const dataSource = api.app.get(DataSource);
    const repository = dataSource.getRepository(AgentTemplateEntity);
    const custom = await repository.save(
      repository.create({
        name: `Installer test ${randomUUID().slice(0, 8)}`,
        model: { provider: 'openai', modelName: 'gpt-4o-mini', temperature: 0.2, maxTokens: 800, frequencyPenalty: 0, presencePenalty: 0 },
        objective: 'Test objective',
        spaces: ['No such space'],
        flows: ['lead ENRICHMENT'],
        tables: ['leads'],
      }),
    );
    await api.http.post(`${AGENTS}/agents`).set(auth(token)).send({ name: 'Helper' });
    const started = await post(token, { templateId: custom.id, accountId, agent: { name: 'Helper' } });
    expect(started.status).toBe(202);
    const done = await poll(token, { agentId: started.body.agentId, accountId, templateId: custom.id });
    expect(done).toMatchObject({ status: 'installed', message: InstallerMessages.installed(custom.name, 'Helper copy') });
    const agent = await dataSource.getRepository(AgentEntity).findOneByOrFail({ id: started.body.agentId });
    expect(agent).toMatchObject({ name: 'Helper copy', objective: 'Test objective', origin: { templateId: custom.id } });
    const [space] = await dataSource.getRepository(BotEntity).findBy({ accountId });
    expect(space!.data.label).toBe('Helper copy');
    const flows = await dataSource.getRepository(FlowEntity).findBy({ accountId });
    expect(flows.map((flow) => [flow.botId, flow.origin!.templateId])).toEqual([[space!.id, demoLibraryId('flow', 'Lead enrichment')]]);
    const run = await api.http.get(`/api/runs/${started.body.requestId}`).set(auth(token));
    expect(run.body.output).toMatchObject({
      skipped: [{ kind: 'space', name: 'No such space', reason: InstallerMessages.spaceMissing }],
      flows: [{ name: 'lead ENRICHMENT', botId: space!.id, id: flows[0]!.id }],
      tables: ['leads'],
    });
    expect((await repository.findOneByOrFail({ id: custom.id })).downloadCount).toBe(1);
  });

  it('answers an error status with a message when the install fails (its agent was deleted)', async () => {
    const done = await poll(broken.token, { agentId: broken.agentId, accountId: broken.accountId, templateId });
    expect(done).toEqual({
      status: 'error',
      requestId: broken.requestId,
      message: InstallerMessages.failed(TEMPLATE, InstallerMessages.agentGone),
    });
  });

  it('answers 404 for ids of another account (acme)', async () => {
    const demo = await api.signIn('user@library.test');
    const acme = await api.signIn('user@acme.test');
    const demoAgent = await api.http
      .post(`${AGENTS}/agents`)
      .set(auth(demo))
      .send({ name: `Installer ${randomUUID().slice(0, 8)}` });
    const accountId = demoAgent.body.accountId as string;
    const started = await post(demo, { templateId, accountId, agent: demoAgent.body.id });
    expect(started.status).toBe(202);
    const query = { agentId: demoAgent.body.id, accountId, templateId };

    const other = await status(acme, query);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(InstallerMessages.accountNotFound);
    expect((await post(acme, { templateId, accountId, agent: demoAgent.body.id })).status).toBe(404);
    const ownAccount = (await api.app.get(DataSource).getRepository(AccountEntity).findOneByOrFail({ name: 'acme' })).id;
    const withOwn = await status(acme, { ...query, accountId: ownAccount });
    expect(withOwn.status).toBe(404);
    expect(withOwn.body.message).toBe(InstallerMessages.installNotFound);
    const intoDemoAgent = await post(acme, { templateId, accountId: ownAccount, agent: demoAgent.body.id });
    expect(intoDemoAgent.status).toBe(404);
    expect(intoDemoAgent.body.message).toBe(AgentMessages.agentNotFound);
    await poll(demo, query);
  });

  it('answers 400 with zod messages for bad input, 404 for an unknown template', async () => {
    const { token, accountId } = await freshUser();
    const bad = await post(token, { templateId: 'nope', accountId });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/Invalid uuid/);
    expect(JSON.stringify(bad.body)).toMatch(/agent/);
    const extra = await post(token, { templateId, accountId, agent: { name: 'x', objective: 'no' } });
    expect(extra.status).toBe(400);
    const query = await api.http.get(INSTALLER).query({ agentId: 'x', accountId }).set(auth(token));
    expect(query.status).toBe(400);
    const unknown = await post(token, { templateId: randomUUID(), accountId, agent: { name: 'x' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(AgentMessages.templateNotFound);
    expect((await api.http.post(INSTALLER).send({})).status).toBe(401);
  });
});
