import { CardsViewsMessages, COPY_KIND_LIST, CopyMessages, HIDE_IN_LIBRARY_TAG } from '@library/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RunEntity } from '../../src/modules/runs/run.entity';
import { demoLibraryId } from '../../src/seed/demo-library';
import { TEST_RUN_TIMINGS } from './runs-test-handlers';
import { createAccount, createUser } from './factories';
import { auth, startTestApp, TestApp } from './test-app';
import { failSecondCopyInsertOnce } from './copies-failure';

const HUB = '/api/data-hub';
/** Workers (and sweeping) for the copy kinds only: other test files own the other kinds in this database. */
const COPY_RUNS = { ...TEST_RUN_TIMINGS, workerKinds: [...COPY_KIND_LIST] };

interface Progress {
  requestId: string;
  kind: string;
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

describe('data hub copies of card and view templates (runs)', () => {
  let t: TestApp;
  let db: DataSource;
  let demo: string;
  let acme: string;
  let copier: string;
  let copierAccount: string;
  /** Templates made here are tagged hide-in-library (still copyable by id): the library lists other suites count stay as seeded. */
  const hidden = [demoLibraryId('tag', HIDE_IN_LIBRARY_TAG)];

  beforeAll(async () => {
    t = await startTestApp({ REDIS_PREFIX: `test:card-view-copies:${randomUUID()}:` }, { runs: COPY_RUNS });
    db = t.app.get(DataSource);
    // Copies land in an account of their own, so the demo accounts' rows other suites count stay as seeded.
    const account = await createAccount(t.app);
    const user = await createUser(t.app, { accountId: account.id });
    copierAccount = account.id;
    [demo, acme, copier] = await Promise.all([t.signIn('user@library.test'), t.signIn('user@acme.test'), t.signIn(user.email)]);
  });
  afterAll(() => t.close());

  const put = (token: string, path: string, body: object, key?: string) => {
    const call = t.http.put(`${HUB}/${path}`).set(auth(token));
    return (key ? call.set('Idempotency-Key', key) : call).send(body);
  };
  const get = (token: string, path: string) => t.http.get(`${HUB}/${path}`).set(auth(token));
  const post = async (token: string, path: string, body: object) => {
    const response = await t.http.post(`${HUB}/${path}`).set(auth(token)).send(body);
    expect(response.status).toBe(200);
    return response.body as { id: string; cardIds: string[] };
  };
  const downloads = async (table: 'card' | 'view', id: string) =>
    Number(
      ((await db.query(`SELECT download_count FROM ${table} WHERE id = $1`, [id])) as Array<{ download_count: string }>)[0].download_count,
    );
  const copiesOf = async (table: 'card' | 'view', templateId: string) =>
    (await db.query(`SELECT id FROM ${table} WHERE account_id = $1 AND origin->>'templateId' = $2`, [copierAccount, templateId])) as Array<{
      id: string;
    }>;

  async function watch(token: string, requestId: string): Promise<{ seen: number[]; last: Progress }> {
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
    );
    return { seen, last };
  }

  /** A library card template of the providers account (demo). */
  const templateCard = (label = `Card ${randomUUID().slice(0, 8)}`) =>
    post(demo, 'cards/new', {
      card: {
        isTemplate: true,
        template: { label, description: 'Made by a test', version: '1.2.0', category: 'Support' },
        data: { label, kind: 'line-chart', settings: { metric: 'tickets.open' }, tagIds: hidden },
      },
    });

  /** A library view template holding `count` card templates, all placed on its grid. */
  async function templateView(count: number) {
    const cards = [];
    for (let index = 0; index < count; index += 1) cards.push(await templateCard());
    const label = `View ${randomUUID().slice(0, 8)}`;
    const view = await post(demo, 'views/new', {
      view: {
        isTemplate: true,
        tagIds: hidden,
        cardIds: cards.map((card) => card.id),
        template: { type: 'view', label, version: '2.0.0' },
        data: {
          data: { label, viewClasses: 'Support Board', allowCardsDragging: false },
          library: { category: 'Support' },
          cards: { items: cards.map((card, index) => ({ cardId: card.id, x: index * 4, y: 0, w: 4, h: 3 })) },
        },
      },
    });
    return { viewId: view.id, cardIds: cards.map((card) => card.id), label };
  }

  describe('PUT card-templates', () => {
    it('copies a library card template into the account; progress reaches 100; origin and downloadCount recorded', async () => {
      const template = await templateCard();
      const source = (await get(copier, `card-templates/${template.id}`)).body;
      const started = await put(copier, 'card-templates', { cardId: template.id });
      expect(started.status).toBe(202);
      expect(started.body).toEqual({ requestId: expect.any(String) });
      const { seen, last } = await watch(copier, started.body.requestId);
      expect(last).toMatchObject({ requestId: started.body.requestId, kind: 'card-copy', state: 'succeeded', progress: 100, error: null });
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(last.result).toEqual({ cardId: expect.any(String), viewId: null });

      const card = (await get(copier, `cards/${last.result!.cardId as string}`)).body;
      expect(card).toMatchObject({
        accountId: copierAccount,
        isTemplate: false,
        type: null,
        cardId: template.id,
        viewId: null,
        tagIds: [],
        sandbox: false,
        template: source.template,
        data: { ...source.data, tagIds: [] },
      });
      expect(card.origin).toEqual({
        templateId: template.id,
        version: '1.2.0',
        copiedAt: expect.any(String),
        requestId: started.body.requestId,
      });
      expect(await downloads('card', template.id)).toBe(1);
      // The copy is the account's, not the library's: acme cannot read it.
      expect((await get(acme, `cards/${card.id}`)).status).toBe(404);
    });

    it("adds the copy to one of the caller's views (cardIds and viewId); sandbox sets the copy's flag", async () => {
      const template = await templateCard();
      const view = await post(copier, 'views/new', { view: { data: { data: { label: 'Board' } } } });
      const started = await put(copier, 'card-templates', { cardId: template.id, viewId: view.id, sandbox: true });
      const { last } = await watch(copier, started.body.requestId);
      expect(last).toMatchObject({ state: 'succeeded', progress: 100, result: { cardId: expect.any(String), viewId: view.id } });
      const cardId = last.result!.cardId as string;
      expect((await get(copier, `views/${view.id}`)).body.cardIds).toEqual([cardId]);
      expect((await get(copier, `cards/${cardId}`)).body).toMatchObject({ viewId: view.id, sandbox: true, cardId: template.id });
      expect((await get(copier, `card-templates/${template.id}`)).body.downloadCount).toBe(1);
    });

    it("404 into another account's view (acme into demo's), and for a card that is not a library card template", async () => {
      const template = await templateCard();
      const demoView = await post(demo, 'views/new', { view: { data: { data: { label: 'Demo board' } } } });
      const into = await put(acme, 'card-templates', { cardId: template.id, viewId: demoView.id });
      expect(into.status).toBe(404);
      expect(into.body.message).toBe(CardsViewsMessages.viewNotFound);

      const demoCard = await post(demo, 'cards/new', { card: { data: { label: 'Private' } } });
      const typed = await post(demo, 'cards/new', {
        card: { isTemplate: true, type: 'kpi', template: { label: 'Placed' }, data: { tagIds: hidden } },
      });
      for (const cardId of [demoCard.id, typed.id, randomUUID()]) {
        const response = await put(acme, 'card-templates', { cardId });
        expect(response.status).toBe(404);
        expect(response.body.message).toBe(CardsViewsMessages.cardTemplateNotFound);
      }
      expect((await put(acme, 'card-templates', { cardId: 'nope' })).status).toBe(400);
      expect((await put(acme, 'card-templates', { cardId: template.id, extra: 1 })).status).toBe(400);
      expect(await downloads('card', template.id)).toBe(0);
    });

    it('the same Idempotency-Key answers the same request, and one copy is made; progress is 404 for other accounts', async () => {
      const template = await templateCard();
      const key = randomUUID();
      const [a, b] = await Promise.all([
        put(copier, 'card-templates', { cardId: template.id }, key),
        put(copier, 'card-templates', { cardId: template.id }, key),
      ]);
      expect(a.body.requestId).toBe(b.body.requestId);
      expect((await watch(copier, a.body.requestId)).last.state).toBe('succeeded');
      const theirs = await get(acme, `progress?requestId=${a.body.requestId}`);
      expect(theirs.status).toBe(404);
      expect(theirs.body.message).toBe(CopyMessages.requestNotFound);
      expect(await copiesOf('card', template.id)).toHaveLength(1);
      expect(await downloads('card', template.id)).toBe(1);
    });
  });

  describe('PUT view-templates', () => {
    it('copies a view template with its cards; the new cardIds and grid point at the copies; options override', async () => {
      const template = await templateView(3);
      const source = (await get(copier, `view-templates/${template.viewId}`)).body;
      const started = await put(copier, 'view-templates', {
        viewId: template.viewId,
        options: { viewClasses: ['MyBoard', 'my board'], viewLoadingStatus: { timeout: 99 }, description: 'Mine' },
      });
      expect(started.status).toBe(202);
      const { seen, last } = await watch(copier, started.body.requestId);
      expect(last).toMatchObject({ kind: 'view-copy', state: 'succeeded', progress: 100, error: null });
      expect(seen).toEqual([...seen].sort((a, b) => a - b));

      const viewId = last.result!.viewId as string;
      const view = (await get(copier, `views/${viewId}`)).body;
      expect(view).toMatchObject({
        accountId: copierAccount,
        isTemplate: false,
        type: null,
        tagIds: [],
        downloadable: false,
        template: source.template,
        data: { library: { category: 'Support' } },
      });
      expect(view.origin).toEqual({
        templateId: template.viewId,
        version: '2.0.0',
        copiedAt: expect.any(String),
        requestId: started.body.requestId,
      });
      expect(view.data.data).toMatchObject({
        label: template.label,
        description: 'Mine',
        allowCardsDragging: false,
        viewClasses: ['my-board'],
        viewLoadingStatus: { timeout: 60 },
      });

      expect(view.cardIds).toEqual(last.result!.cardIds);
      expect(view.cardIds).toHaveLength(3);
      for (const [index, cardId] of (view.cardIds as string[]).entries()) {
        expect(template.cardIds).not.toContain(cardId);
        const card = (await get(copier, `cards/${cardId}`)).body;
        expect(card).toMatchObject({ accountId: copierAccount, cardId: template.cardIds[index], viewId, isTemplate: false, tagIds: [] });
        expect(card.origin).toMatchObject({ templateId: template.cardIds[index], version: '1.2.0', requestId: started.body.requestId });
        expect(view.data.cards.items[index]).toEqual({ cardId, x: index * 4, y: 0, w: 4, h: 3 });
      }
      expect(await downloads('view', template.viewId)).toBe(1);
      // The cards were copied as part of the view: only the view template counts a download.
      for (const cardId of template.cardIds) expect(await downloads('card', cardId)).toBe(0);
      expect((await get(acme, `views/${viewId}`)).status).toBe(404);
    });

    it('404 for a view that is not a library view template; 400 for bad options', async () => {
      const demoView = await post(demo, 'views/new', { view: { data: { data: { label: 'Private' } } } });
      for (const viewId of [demoView.id, randomUUID()]) {
        const response = await put(acme, 'view-templates', { viewId });
        expect(response.status).toBe(404);
        expect(response.body.message).toBe(CardsViewsMessages.viewTemplateNotFound);
      }
      const template = await templateView(1);
      expect((await put(acme, 'view-templates', { viewId: template.viewId, options: { colour: 'red' } })).status).toBe(400);
      expect((await put(acme, 'view-templates', { viewId: template.viewId, options: { label: '' } })).status).toBe(400);
      expect(await downloads('view', template.viewId)).toBe(0);
    });
  });

  describe('retries', () => {
    let cleanUp: (() => Promise<unknown>) | undefined;
    afterEach(() => cleanUp?.());

    it('an attempt failing after part of the copy leaves exactly one complete copy once retried', async () => {
      const template = await templateView(3);
      cleanUp = await failSecondCopyInsertOnce(db, 'card', template.cardIds);

      const started = await put(copier, 'view-templates', { viewId: template.viewId });
      const { last } = await watch(copier, started.body.requestId);
      expect(last).toMatchObject({ state: 'succeeded', progress: 100 });
      const run = await db.getRepository(RunEntity).findOneByOrFail({ id: started.body.requestId });
      expect(run.attempts).toBe(2);
      expect(await copiesOf('view', template.viewId)).toEqual([{ id: last.result!.viewId }]);
      for (const cardId of template.cardIds) expect(await copiesOf('card', cardId)).toHaveLength(1);
      expect(await downloads('view', template.viewId)).toBe(1);
    });
  });
});
