import { AgentMessages, Messages } from '@library/contracts';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { DEMO_AGENT_TEMPLATES } from '../../src/seed/demo-agents';
import { createAccount, createUser } from './factories';
import { auth, startTestApp, TestApp } from './test-app';

const AGENTS = '/api/agents';
const NO_SUCH_ID = '0b7e0c1e-6a0e-4c59-9d1f-6f3a9a1d0b00';

const PAGE = `<!doctype html>
<html><head><title>Ignored title</title><style>.x { color: red }</style>
<script>var secret = "script text must never show";</script></head>
<body>
<nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav>
<h1>Acme Robots</h1>
<p>Acme builds warehouse robots that pick and pack parcels around the clock.</p>
<!-- a comment that must never show -->
<h2>Pricing</h2>
<p>The starter plan costs 99 dollars per month per robot. The enterprise plan has volume pricing &amp; a dedicated support engineer.</p>
<div data-note="a > b" title='it&apos;s'>Battery life is twelve hours; charging takes forty minutes.</div>
<svg><text>svg text must never show</text></svg>
<p>${'Long sentence about safety certifications and audits of every robot model. '.repeat(20)}</p>
<ul><li>Shipping to Europe and North America</li><li>Returns within 30 days</li></ul>
</body></html>`;

describe('agents service', () => {
  let t: TestApp;
  let userToken: string;
  let adminToken: string;
  let superToken: string;
  let acmeToken: string;

  beforeAll(async () => {
    t = await startTestApp({ AGENTS_ALLOW_PRIVATE_URLS: 'true' });
    [userToken, adminToken, superToken, acmeToken] = await Promise.all([
      t.signIn('user@library.test'),
      t.signIn('admin@library.test'),
      t.signIn('super@library.test'),
      t.signIn('user@acme.test'),
    ]);
  });
  afterAll(() => t.close());

  /** A signed-in USER of a fresh account, so agent names and counts are the test's own. */
  async function freshUser() {
    const account = await createAccount(t.app);
    const user = await createUser(t.app, { accountId: account.id, role: 'USER' });
    return { account, user, token: await t.signIn(user.email) };
  }

  const create = (token: string, body: Record<string, unknown>) => t.http.post(`${AGENTS}/agents`).set(auth(token)).send(body);

  describe('errors', () => {
    it("answers 401 'We are not able to authenticate you' without or with a bad token, on this service only", async () => {
      for (const path of [
        '/agents',
        '/templates',
        `/agents/${NO_SUCH_ID}/executions`,
        '/web-search/html-to-passages?url=http://x&question=y',
      ]) {
        const missing = await t.http.get(`${AGENTS}${path}`);
        expect(missing.status).toBe(401);
        expect(missing.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: AgentMessages.unauthenticated });
        const bad = await t.http.get(`${AGENTS}${path}`).set(auth('not-a-token'));
        expect(bad.status).toBe(401);
        expect(bad.body.message).toBe(AgentMessages.unauthenticated);
      }
      // The rest of the app keeps its own messages.
      expect((await t.http.get('/api/v2/accountId')).body.message).toBe(Messages.noUserToken);
    });

    it("answers 400 with zod's messages for bad input", async () => {
      const response = await create(userToken, { name: '', model: { temperature: 3, maxTokens: 0 }, extra: 1 });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('name: String must contain at least 1 character(s)');
      expect(response.body.message).toContain('model.temperature: Number must be less than or equal to 2');
      expect(response.body.message).toContain('model.maxTokens: Number must be greater than or equal to 1');
      expect(response.body.message).toContain("Unrecognized key(s) in object: 'extra'");
      expect((await t.http.get(`${AGENTS}/agents/not-a-uuid`).set(auth(userToken))).body.message).toBe('id: Invalid uuid');
      const duplicateActions = await create(userToken, {
        name: 'Dup actions',
        actions: [{ name: 'a' }, { name: 'a' }],
      });
      expect(duplicateActions.body.message).toBe(`actions: ${AgentMessages.actionNamesUnique}`);
    });
  });

  describe('agents', () => {
    it('creates, reads, updates and deletes an agent with defaults filled in', async () => {
      const { account, user, token } = await freshUser();
      const created = await create(token, {
        name: '  Helper  ',
        objective: 'Answer billing questions. Be brief.',
        actions: [{ name: 'lookup_invoice', description: 'Find an invoice by number', type: 'search' }],
        knowledge: [{ type: 'text', name: 'Terms', value: 'Net 30' }],
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        accountId: account.id,
        createdBy: user.id,
        name: 'Helper',
        description: '',
        image: null,
        primer: '',
        origin: null,
        model: { provider: 'openai', modelName: 'gpt-4o-mini', temperature: 0.7, maxTokens: 1024, frequencyPenalty: 0, presencePenalty: 0 },
        actions: [{ name: 'lookup_invoice', description: 'Find an invoice by number', type: 'search', config: {} }],
      });
      const id = created.body.id as string;
      expect((await t.http.get(`${AGENTS}/agents/${id}`).set(auth(token))).body).toEqual(created.body);

      const updated = await t.http
        .put(`${AGENTS}/agents/${id}`)
        .set(auth(token))
        .send({ description: 'Billing helper', model: { temperature: 0.1 } });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ name: 'Helper', description: 'Billing helper', model: { temperature: 0.1, maxTokens: 1024 } });
      expect(
        (
          await t.http
            .put(`${AGENTS}/agents/${id}`)
            .set(auth(token))
            .send({ model: { presencePenalty: -3 } })
        ).status,
      ).toBe(400);

      await create(token, { name: 'Other' });
      const rename = await t.http.put(`${AGENTS}/agents/${id}`).set(auth(token)).send({ name: 'OTHER' });
      expect(rename.status).toBe(409);
      expect(rename.body.message).toBe(AgentMessages.agentNameTaken);

      expect((await t.http.delete(`${AGENTS}/agents/${id}`).set(auth(token))).status).toBe(204);
      expect((await t.http.get(`${AGENTS}/agents/${id}`).set(auth(token))).status).toBe(404);
      expect((await t.http.delete(`${AGENTS}/agents/${id}`).set(auth(token))).body.message).toBe(AgentMessages.agentNotFound);
    });

    it("names duplicates ' copy', ' copy 2', ' copy 3' …, also when created at once", async () => {
      const { token } = await freshUser();
      const names: string[] = [];
      for (let i = 0; i < 4; i++) names.push((await create(token, { name: 'Triage' })).body.name);
      expect(names).toEqual(['Triage', 'Triage copy', 'Triage copy 2', 'Triage copy 3']);
      // Case-insensitive: 'triage' is taken too.
      expect((await create(token, { name: 'triage' })).body.name).toBe('triage copy 4');

      const concurrent = await Promise.all(Array.from({ length: 6 }, () => create(token, { name: 'Race' })));
      expect(concurrent.map((response) => response.status)).toEqual(Array(6).fill(201));
      expect(concurrent.map((response) => response.body.name as string).sort()).toEqual(
        ['Race', 'Race copy', 'Race copy 2', 'Race copy 3', 'Race copy 4', 'Race copy 5'].sort(),
      );
    });

    it('lists the account’s agents sorted, searched and paged', async () => {
      const { token } = await freshUser();
      for (const name of ['Charlie', 'alpha', 'Bravo'])
        await create(token, { name, description: name === 'Bravo' ? 'Finds 100% matches' : '' });
      const all = await t.http.get(`${AGENTS}/agents`).set(auth(token));
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ total: 3, from: 0, size: 100 });
      expect(all.body.items.map((agent: { name: string }) => agent.name)).toEqual(['alpha', 'Bravo', 'Charlie']);

      const page = await t.http.get(`${AGENTS}/agents?size=2&from=2&order=desc`).set(auth(token));
      expect(page.body.items.map((agent: { name: string }) => agent.name)).toEqual(['alpha']);
      expect((await t.http.get(`${AGENTS}/agents?search=100%25`).set(auth(token))).body.items.map((a: { name: string }) => a.name)).toEqual(
        ['Bravo'],
      );
      expect((await t.http.get(`${AGENTS}/agents?search=CHAR`).set(auth(token))).body.total).toBe(1);
      expect((await t.http.get(`${AGENTS}/agents?orderBy=label`).set(auth(token))).status).toBe(400);
    });

    it('keeps agents to their account: another account gets 404 for every id', async () => {
      const own = await create(userToken, { name: 'Demo only' });
      const id = own.body.id as string;
      const execution = await t.http.post(`${AGENTS}/agents/${id}/executions`).set(auth(userToken)).send({});
      const execId = execution.body.id as string;
      const calls = [
        t.http.get(`${AGENTS}/agents/${id}`),
        t.http.put(`${AGENTS}/agents/${id}`).send({ description: 'x' }),
        t.http.delete(`${AGENTS}/agents/${id}`),
        t.http.put(`${AGENTS}/agents/${id}/actions/a`).send({}),
        t.http.delete(`${AGENTS}/agents/${id}/actions/a`),
        t.http.get(`${AGENTS}/agents/${id}/executions`),
        t.http.post(`${AGENTS}/agents/${id}/executions`).send({}),
        t.http.get(`${AGENTS}/agents/${id}/executions/${execId}`),
        t.http.delete(`${AGENTS}/agents/${id}/executions/${execId}`),
        t.http.post(`${AGENTS}/agents/${id}/executions/${execId}/run`).send({}),
      ];
      for (const call of calls) {
        const response = await call.set(auth(acmeToken));
        expect(response.status).toBe(404);
        expect(response.body.message).toBe(AgentMessages.agentNotFound);
      }
      expect((await t.http.get(`${AGENTS}/agents`).set(auth(acmeToken))).body.items.map((a: { id: string }) => a.id)).not.toContain(id);
      // Still there, untouched, for its own account (an ADMIN of it included).
      expect((await t.http.get(`${AGENTS}/agents/${id}`).set(auth(adminToken))).body.description).toBe('');
      expect((await t.http.get(`${AGENTS}/agents/${id}/executions/${execId}`).set(auth(userToken))).status).toBe(200);
    });
  });

  describe('actions', () => {
    it('creates or replaces one action by name, and deletes it (404 when missing)', async () => {
      const { token } = await freshUser();
      const id = (await create(token, { name: 'Actor', actions: [{ name: 'first' }] })).body.id as string;
      const added = await t.http
        .put(`${AGENTS}/agents/${id}/actions/send_email`)
        .set(auth(token))
        .send({ description: 'Send an email', type: 'http', config: { method: 'POST' } });
      expect(added.status).toBe(200);
      expect(added.body.actions).toEqual([
        { name: 'first', description: '', type: 'tool', config: {} },
        { name: 'send_email', description: 'Send an email', type: 'http', config: { method: 'POST' } },
      ]);
      const replaced = await t.http.put(`${AGENTS}/agents/${id}/actions/first`).set(auth(token)).send({ description: 'Now described' });
      expect(replaced.body.actions.map((action: { name: string; description: string }) => [action.name, action.description])).toEqual([
        ['first', 'Now described'],
        ['send_email', 'Send an email'],
      ]);
      expect((await t.http.put(`${AGENTS}/agents/${id}/actions/bad name`).set(auth(token)).send({})).status).toBe(400);
      expect((await t.http.put(`${AGENTS}/agents/${id}/actions/x`).set(auth(token)).send({ name: 'y' })).status).toBe(400);

      expect((await t.http.delete(`${AGENTS}/agents/${id}/actions/first`).set(auth(token))).status).toBe(204);
      const missing = await t.http.delete(`${AGENTS}/agents/${id}/actions/first`).set(auth(token));
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(AgentMessages.actionNotFound);
      expect((await t.http.get(`${AGENTS}/agents/${id}`).set(auth(token))).body.actions.map((a: { name: string }) => a.name)).toEqual([
        'send_email',
      ]);
    });
  });

  describe('executions', () => {
    it('records runs with their input and a deterministic output, lists, reads and deletes them', async () => {
      const { token } = await freshUser();
      const agent = await create(token, {
        name: 'Billing bot',
        objective: 'Answer billing questions. Be brief.',
        primer: 'You are polite.',
        actions: [
          { name: 'lookup_invoice', type: 'search', description: 'Find an invoice by its number' },
          { name: 'refund', type: 'flow', description: 'Start a refund of a payment' },
        ],
      });
      const id = agent.body.id as string;
      const queued = await t.http
        .post(`${AGENTS}/agents/${id}/executions`)
        .set(auth(token))
        .send({ input: { message: 'Where is invoice 42?' } });
      expect(queued.status).toBe(201);
      expect(queued.body).toMatchObject({ agentId: id, status: 'queued', output: null, error: null, runCount: 0 });
      expect(queued.body.input).toEqual({ message: 'Where is invoice 42?', variables: {} });
      const execId = queued.body.id as string;

      const run = await t.http.post(`${AGENTS}/agents/${id}/executions/${execId}/run`).set(auth(token)).send({});
      expect(run.status).toBe(200);
      expect(run.body).toMatchObject({ status: 'succeeded', error: null, runCount: 1 });
      expect(run.body.output).toEqual({
        action: 'lookup_invoice',
        reply: 'Billing bot would use lookup_invoice (search) to answer billing questions: “Where is invoice 42?”',
        model: { provider: 'openai', modelName: 'gpt-4o-mini' },
        objective: 'Answer billing questions. Be brief.',
        primer: 'You are polite.',
        message: 'Where is invoice 42?',
        variables: {},
        matchedTerms: ['invoice'],
      });
      expect(run.body.startedAt).toEqual(expect.any(String));
      // Same input, same output.
      const again = await t.http.post(`${AGENTS}/agents/${id}/executions/${execId}/run`).set(auth(token)).send({});
      expect(again.body.output).toEqual(run.body.output);
      expect(again.body.runCount).toBe(2);

      // A new input is kept; an action the agent lacks fails the run.
      const failed = await t.http
        .post(`${AGENTS}/agents/${id}/executions/${execId}/run`)
        .set(auth(token))
        .send({ input: { message: 'Do it', action: 'delete_everything' } });
      expect(failed.status).toBe(200);
      expect(failed.body).toMatchObject({ status: 'failed', output: null, error: AgentMessages.actionNotDefined('delete_everything') });
      expect(failed.body.input).toEqual({ message: 'Do it', action: 'delete_everything', variables: {} });
      const chosen = await t.http
        .post(`${AGENTS}/agents/${id}/executions/${execId}/run`)
        .set(auth(token))
        .send({ input: { message: 'Please', action: 'refund', variables: { amount: 10 } } });
      expect(chosen.body.output).toMatchObject({ action: 'refund', variables: { amount: 10 } });
      const direct = await t.http
        .post(`${AGENTS}/agents/${id}/executions`)
        .set(auth(token))
        .send({ input: { message: 'Hello there' } });
      const directRun = await t.http.post(`${AGENTS}/agents/${id}/executions/${direct.body.id}/run`).set(auth(token)).send({});
      expect(directRun.body.output.action).toBeNull();

      const list = await t.http.get(`${AGENTS}/agents/${id}/executions`).set(auth(token));
      expect(list.body).toMatchObject({ total: 2, from: 0, size: 100 });
      expect(list.body.items.map((execution: { id: string }) => execution.id)).toEqual([direct.body.id, execId]);
      expect((await t.http.get(`${AGENTS}/agents/${id}/executions?status=succeeded&size=1`).set(auth(token))).body.items).toHaveLength(1);
      expect((await t.http.get(`${AGENTS}/agents/${id}/executions/${execId}`).set(auth(token))).body.status).toBe('succeeded');

      expect((await t.http.delete(`${AGENTS}/agents/${id}/executions/${execId}`).set(auth(token))).status).toBe(204);
      const gone = await t.http.get(`${AGENTS}/agents/${id}/executions/${execId}`).set(auth(token));
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(AgentMessages.executionNotFound);
      expect((await t.http.post(`${AGENTS}/agents/${id}/executions/${execId}/run`).set(auth(token)).send({})).status).toBe(404);
      // Deleting the agent deletes its executions.
      await t.http.delete(`${AGENTS}/agents/${id}`).set(auth(token));
      expect((await t.http.get(`${AGENTS}/agents/${id}/executions/${direct.body.id}`).set(auth(token))).status).toBe(404);
    });
  });

  describe('templates', () => {
    it('lists the demo templates with size/from paging (100 by default) to every signed-in user', async () => {
      const all = await t.http.get(`${AGENTS}/templates`).set(auth(acmeToken));
      expect(all.status).toBe(200);
      expect(all.body.size).toBe(100);
      expect(all.body.total).toBeGreaterThanOrEqual(12);
      const names = all.body.items.map((template: { name: string }) => template.name);
      for (const demo of DEMO_AGENT_TEMPLATES) expect(names).toContain(demo.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
      const triage = all.body.items.find((template: { name: string }) => template.name === 'Support triage');
      expect(triage).toMatchObject({
        spaces: ['Support desk'],
        relationalDb: ['support_tickets'],
        lookupCollections: ['Queues', 'Product areas'],
        connectedResources: ['Helpdesk API', 'Pager'],
        tables: ['tickets', 'ticket_tags'],
        downloadCount: 412,
        model: { temperature: 0.2 },
      });

      // Pages until a short page.
      const seen: string[] = [];
      for (let from = 0; ; from += 5) {
        const page = await t.http.get(`${AGENTS}/templates?size=5&from=${from}`).set(auth(userToken));
        seen.push(...page.body.items.map((template: { id: string }) => template.id));
        if (page.body.items.length < 5) break;
      }
      expect(seen).toEqual(all.body.items.map((template: { id: string }) => template.id));

      const popular = await t.http.get(`${AGENTS}/templates?orderBy=downloadCount&order=desc&size=1`).set(auth(userToken));
      expect(popular.body.items[0].name).toBe('Meeting summariser');
      expect((await t.http.get(`${AGENTS}/templates?search=invoice`).set(auth(userToken))).body.items[0].name).toBe('Invoice extractor');
      expect((await t.http.get(`${AGENTS}/templates/${triage.id}`).set(auth(userToken))).body).toEqual(triage);
      const missing = await t.http.get(`${AGENTS}/templates/${NO_SUCH_ID}`).set(auth(userToken));
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(AgentMessages.templateNotFound);
    });

    it('is added by ADMIN or SUPER_ADMIN (validated, names unique) and deleted by SUPER_ADMIN only', async () => {
      const body = {
        name: `Test template ${Date.now()}`,
        description: 'For tests',
        actions: [{ name: 'do_it', type: 'flow' }],
        model: { provider: 'anthropic', modelName: 'claude-3-5-haiku', temperature: 1 },
        spaces: ['Space A'],
        tables: ['table_a'],
      };
      expect((await t.http.post(`${AGENTS}/templates`).set(auth(userToken)).send(body)).status).toBe(403);
      const created = await t.http.post(`${AGENTS}/templates`).set(auth(adminToken)).send(body);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: body.name, downloadCount: 0, flows: [], spaces: ['Space A'], model: { maxTokens: 1024 } });
      const duplicate = await t.http
        .post(`${AGENTS}/templates`)
        .set(auth(superToken))
        .send({ ...body, name: body.name.toUpperCase() });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.message).toBe(AgentMessages.templateNameTaken);
      const invalid = await t.http
        .post(`${AGENTS}/templates`)
        .set(auth(superToken))
        .send({ ...body, name: 'Invalid', model: { frequencyPenalty: 5 } });
      expect(invalid.status).toBe(400);
      expect(invalid.body.message).toBe('model.frequencyPenalty: Number must be less than or equal to 2');

      const id = created.body.id as string;
      expect((await t.http.delete(`${AGENTS}/templates/${id}`).set(auth(adminToken))).status).toBe(403);
      expect((await t.http.delete(`${AGENTS}/templates/${id}`).set(auth(superToken))).status).toBe(204);
      expect((await t.http.get(`${AGENTS}/templates/${id}`).set(auth(userToken))).status).toBe(404);
      expect((await t.http.delete(`${AGENTS}/templates/${id}`).set(auth(superToken))).status).toBe(404);
    });
  });

  describe('web-search/html-to-passages', () => {
    let server: Server;
    let base: string;

    beforeAll(async () => {
      server = createServer((request, response) => {
        if (request.url === '/page') return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
        if (request.url === '/redirect') return response.writeHead(302, { location: '/page' }).end();
        if (request.url === '/text')
          return response.writeHead(200, { 'content-type': 'text/plain' }).end('First part.\n\nSecond part about robots.');
        if (request.url === '/json') return response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        if (request.url === '/big') {
          response.writeHead(200, { 'content-type': 'text/html' });
          return response.end('<p>' + 'x'.repeat(2_100_000) + '</p>');
        }
        response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const passages = (url: string, question: string, extra = '') =>
      t.http
        .get(`${AGENTS}/web-search/html-to-passages?url=${encodeURIComponent(url)}&question=${encodeURIComponent(question)}${extra}`)
        .set(auth(userToken));

    it('splits a page into passages ranked by the question', async () => {
      const response = await passages(`${base}/page`, 'How much does the starter plan cost per month?');
      expect(response.status).toBe(200);
      expect(response.body.url).toBe(`${base}/page`);
      expect(response.body.question).toBe('How much does the starter plan cost per month?');
      const found = response.body.passages as Array<{ text: string; score: number; index: number }>;
      expect(found.length).toBeGreaterThan(1);
      expect(found.length).toBeLessThanOrEqual(5);
      expect(found[0].text).toContain('The starter plan costs 99 dollars per month per robot.');
      expect(found[0].text).toContain('volume pricing & a dedicated');
      expect(found[0].score).toBeGreaterThan(0);
      for (let i = 1; i < found.length; i++) {
        expect(found[i - 1].score > found[i].score || (found[i - 1].score === found[i].score && found[i - 1].index < found[i].index)).toBe(
          true,
        );
      }
      const everything = (await passages(`${base}/page`, 'robot', '&limit=50')).body.passages as Array<{ text: string }>;
      const text = everything.map((passage) => passage.text).join('\n');
      for (const hidden of ['script text', 'comment', 'svg text', 'Ignored title', 'color: red', '<', 'data-note'])
        expect(text).not.toContain(hidden);
      expect(text).toContain('Battery life is twelve hours');
      for (const passage of everything) expect(passage.text.length).toBeLessThanOrEqual(500);
      // The long paragraph is split at sentence ends.
      expect(everything.filter((passage) => passage.text.startsWith('Long sentence about safety')).length).toBeGreaterThan(1);
      for (const passage of everything.filter((candidate) => candidate.text.includes('safety'))) {
        expect(passage.text.split('Long sentence').length).toBe(passage.text.split('every robot model.').length);
      }

      const battery = await passages(`${base}/redirect`, 'battery charging time', '&limit=1');
      expect(battery.body.url).toBe(`${base}/page`);
      expect(battery.body.passages).toHaveLength(1);
      expect(battery.body.passages[0].text).toContain('Battery life');
      expect((await passages(`${base}/text`, 'robots')).body.passages[0].text).toBe('First part. Second part about robots.');
    });

    it('refuses other schemes, unreachable, too large and non-HTML pages with 400', async () => {
      expect((await passages('ftp://127.0.0.1/file', 'x')).body.message).toBe(AgentMessages.urlProtocol);
      expect((await passages(`${base}/json`, 'x')).body.message).toBe(AgentMessages.notAPage('application/json'));
      expect((await passages(`${base}/missing`, 'x')).body.message).toBe(AgentMessages.fetchFailed('HTTP 404'));
      expect((await passages(`${base}/big`, 'x')).body.message).toBe(AgentMessages.pageTooLarge(2_000_000));
      const noQuestion = await t.http.get(`${AGENTS}/web-search/html-to-passages?url=${encodeURIComponent(base)}`).set(auth(userToken));
      expect(noQuestion.status).toBe(400);
      expect(noQuestion.body.message).toBe('question: Required');
    });

    it('refuses private and loopback hosts unless AGENTS_ALLOW_PRIVATE_URLS', async () => {
      const strict = await startTestApp();
      try {
        const token = await strict.signIn('user@library.test');
        for (const url of [
          `${base}/page`,
          'http://localhost:1/',
          'http://[::1]/',
          'http://10.1.2.3/',
          'http://169.254.169.254/latest',
          'http://2130706433/',
        ]) {
          const response = await strict.http
            .get(`${AGENTS}/web-search/html-to-passages?url=${encodeURIComponent(url)}&question=x`)
            .set(auth(token));
          expect(response.status).toBe(400);
          expect(response.body.message).toBe(AgentMessages.urlPrivate);
        }
      } finally {
        await strict.close();
      }
    });
  });
});
