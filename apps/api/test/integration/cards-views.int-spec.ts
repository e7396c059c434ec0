import { CardsViewsMessages, CatalogueMessages } from '@library/contracts';
import { DEMO_CARDS_VIEWS_COUNTS, HIDDEN_DEMO_CARD, HIDDEN_DEMO_VIEW } from '../../src/seed/demo-cards-views';
import { demoLibraryId } from '../../src/seed/demo-library';
import { auth, startTestApp, TestApp } from './test-app';

const HUB = '/api/data-hub';
type Item = { id: string };
const ids = (body: { items: Item[] }) => body.items.map((item) => item.id);

describe('data hub: cards, card templates, views, view templates, downloadable views', () => {
  let t: TestApp;
  let demo: string;
  let demoAdmin: string;
  let acme: string;
  let acmeAdmin: string;

  beforeAll(async () => {
    t = await startTestApp();
    [demo, demoAdmin, acme, acmeAdmin] = await Promise.all([
      t.signIn('user@library.test'),
      t.signIn('admin@library.test'),
      t.signIn('user@acme.test'),
      t.signIn('admin@acme.test'),
    ]);
  });
  afterAll(() => t.close());

  const get = (token: string, path: string) => t.http.get(`${HUB}/${path}`).set(auth(token));
  const post = (token: string, path: string, body: object) => t.http.post(`${HUB}/${path}`).set(auth(token)).send(body);
  const put = (token: string, path: string, body: object) => t.http.put(`${HUB}/${path}`).set(auth(token)).send(body);
  const patch = (token: string, path: string, body: object = {}) => t.http.patch(`${HUB}/${path}`).set(auth(token)).send(body);
  const del = (token: string, path: string) => t.http.delete(`${HUB}/${path}`).set(auth(token));

  async function newCard(token: string, card: object = {}) {
    const response = await post(token, 'cards/new', { card: { data: { label: 'My card' }, ...card } });
    expect(response.status).toBe(200);
    return response.body as { id: string; viewId: string | null };
  }
  async function newView(token: string, view: object = {}) {
    const response = await post(token, 'views/new', { view: { data: { data: { label: 'My view' } }, ...view } });
    expect(response.status).toBe(200);
    return response.body as { id: string; cardIds: string[] };
  }

  it('needs a signed-in user', async () => {
    expect((await t.http.get(`${HUB}/card-templates`)).status).toBe(401);
    expect((await t.http.post(`${HUB}/get-cards`).send({})).status).toBe(401);
  });

  describe('cards', () => {
    it('creates, reads, lists, updates, soft-deletes, recovers and deletes for good', async () => {
      const tag = (await post(acme, 'tags/new', { data: { label: 'kpi' } })).body;
      const card = await newCard(acme, { type: 'kpi', data: { label: 'Open tickets', kind: 'kpi', tagIds: [tag.id] } });
      const read = await get(acme, `cards/${card.id}`);
      expect(read.body).toMatchObject({
        id: card.id,
        type: 'kpi',
        template: null,
        cardId: null,
        viewId: null,
        origin: null,
        downloadCount: 0,
        isDeleted: false,
        tagIds: [tag.id],
        data: { label: 'Open tickets', description: '', kind: 'kpi', settings: {}, tagIds: [tag.id] },
      });
      const updated = await post(acme, `cards/${card.id}`, { card: { data: { description: 'Waiting now' } } });
      expect(updated.body.data).toMatchObject({ label: 'Open tickets', description: 'Waiting now', tagIds: [tag.id] });

      expect(ids((await post(acme, 'get-cards', { ids: [card.id] })).body)).toEqual([card.id]);
      expect(ids((await post(acme, 'get-cards', { filters: { query: 'open tick' } })).body)).toContain(card.id);
      expect(ids((await post(acme, 'get-cards', { filters: { tagIds: [tag.id] } })).body)).toEqual([card.id]);
      const projected = await post(acme, 'get-cards', { ids: [card.id], projection: ['data.label', 'type'] });
      expect(projected.body.items).toEqual([{ id: card.id, data: { label: 'Open tickets' }, type: 'kpi' }]);

      expect((await del(acme, `cards/${card.id}?temporarily=true`)).status).toBe(204);
      expect(ids((await post(acme, 'get-cards', {})).body)).not.toContain(card.id);
      expect(ids((await post(acme, 'get-cards', { filters: { isDeleted: true } })).body)).toContain(card.id);
      expect((await patch(acme, `cards/${card.id}`)).body.isDeleted).toBe(false);
      expect(ids((await post(acme, 'get-cards', {})).body)).toContain(card.id);

      expect((await del(acme, `cards/${card.id}`)).status).toBe(204);
      expect((await get(acme, `cards/${card.id}`)).status).toBe(404);
    });

    it('places cards on views: viewId on save, get-cards by view, PUT holderIds, hard delete leaves the views', async () => {
      const [one, two] = [await newView(acme), await newView(acme)];
      const card = await newCard(acme, { viewId: one.id });
      expect(card.viewId).toBe(one.id);
      expect((await get(acme, `views/${one.id}`)).body.cardIds).toEqual([card.id]);
      expect(ids((await post(acme, 'get-cards', { viewId: one.id })).body)).toEqual([card.id]);

      const moved = await put(acme, `cards/${card.id}`, { holderIds: [two.id] });
      expect(moved.status).toBe(200);
      expect(moved.body.viewId).toBe(two.id);
      expect((await get(acme, `views/${one.id}`)).body.cardIds).toEqual([]);
      expect((await get(acme, `views/${two.id}`)).body.cardIds).toEqual([card.id]);

      const both = await put(acme, `cards/${card.id}`, { holderIds: [one.id, two.id] });
      expect(both.body.viewId).toBe(one.id);
      expect((await get(acme, `views/${one.id}`)).body.cardIds).toEqual([card.id]);
      expect((await put(acme, `cards/${card.id}`, { holderIds: [] })).body.viewId).toBeNull();
      expect((await get(acme, `views/${two.id}`)).body.cardIds).toEqual([]);

      await put(acme, `cards/${card.id}`, { holderIds: [one.id] });
      expect((await del(acme, `cards/${card.id}`)).status).toBe(204);
      expect((await get(acme, `views/${one.id}`)).body.cardIds).toEqual([]);
    });

    it('PUT keepTemplateDetails detaches a card from its origin, keeping or clearing its template details', async () => {
      const template = { type: 'kpi', label: 'Revenue', category: 'Finance' };
      const card = await newCard(acme, { template });
      const kept = await put(acme, `cards/${card.id}`, { keepTemplateDetails: true });
      expect(kept.body).toMatchObject({ cardId: null, origin: null, template: { label: 'Revenue', version: '0.0.1' } });
      const cleared = await put(acme, `cards/${card.id}`, { keepTemplateDetails: false });
      expect(cleared.body.template).toBeNull();
      const both = await put(acme, `cards/${card.id}`, { keepTemplateDetails: true, holderIds: [] });
      expect(both.status).toBe(400);
      expect(both.body.message).toBe(CardsViewsMessages.keepOrHolders);
      expect((await put(acme, `cards/${card.id}`, {})).body.message).toBe(CardsViewsMessages.keepOrHolders);
      const foreignView = await newView(demo);
      const foreign = await put(acme, `cards/${card.id}`, { holderIds: [foreignView.id] });
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe(CardsViewsMessages.viewNotFound);
    });

    it("answers 404 for another account's card, and lets everyone read library card templates", async () => {
      const own = await newCard(demo, { data: { label: 'Demo private card' } });
      for (const response of [
        await get(acme, `cards/${own.id}`),
        await post(acme, `cards/${own.id}`, { card: { data: { label: 'x' } } }),
        await del(acme, `cards/${own.id}?temporarily=true`),
        await patch(acme, `cards/${own.id}`),
        await put(acme, `cards/${own.id}`, { keepTemplateDetails: true }),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body.message).toBe(CardsViewsMessages.cardNotFound);
      }
      expect(ids((await post(acme, 'get-cards', { ids: [own.id] })).body)).toEqual([]);
      const demoView = await newView(demo);
      expect((await post(acme, 'get-cards', { viewId: demoView.id })).status).toBe(404);
      expect((await post(acme, 'cards/new', { card: { viewId: demoView.id } })).body.message).toBe(CardsViewsMessages.viewNotFound);

      const templateId = demoLibraryId('card', 'Open tickets');
      expect((await get(acme, `cards/${templateId}`)).body).toMatchObject({ id: templateId, isTemplate: true, type: null });
      expect((await get(acme, `card-templates/${templateId}`)).body.template.label).toBe('Open tickets');
      expect((await post(acme, `cards/${templateId}`, { card: { data: { label: 'Mine' } } })).status).toBe(404);
    });

    it("answers 400 with zod's messages for bad input", async () => {
      const response = await post(acme, 'cards/new', {
        card: { data: { label: '', extra: 1, tagIds: ['x'] }, template: { version: 'v1' } },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('card.data.label: String must contain at least 1 character(s)');
      expect(response.body.message).toContain("card.data: Unrecognized key(s) in object: 'extra'");
      expect(response.body.message).toContain('card.data.tagIds.0: Invalid uuid');
      expect(response.body.message).toContain('card.template.version: Version must look like 1.2.3');
      expect((await post(acme, 'cards/new', {})).body.message).toBe('card: Required');
      expect((await get(acme, 'cards/not-a-uuid')).body.message).toBe('id: Invalid uuid');
      expect((await post(acme, 'get-cards', { limit: 0 })).body.message).toBe('limit: Number must be greater than or equal to 1');
      expect((await post(acme, 'cards/new', { card: {} })).body.data.label).toBe('No Name');
    });
  });

  describe('card templates (library)', () => {
    it('lists New by creation date and Popular by download count, without hidden ones', async () => {
      const library = await get(acme, 'card-templates?limit=100');
      expect(library.status).toBe(200);
      expect(library.body.total).toBeGreaterThanOrEqual(DEMO_CARDS_VIEWS_COUNTS.cardTemplates);
      expect(DEMO_CARDS_VIEWS_COUNTS.cardTemplates).toBeGreaterThanOrEqual(12);
      const created = library.body.items.map((item: { createdAt: string }) => item.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      expect(ids(library.body)).not.toContain(demoLibraryId('card', HIDDEN_DEMO_CARD));
      // Hidden ones stay readable by id.
      expect((await get(acme, `card-templates/${demoLibraryId('card', HIDDEN_DEMO_CARD)}`)).status).toBe(200);

      const popular = await get(acme, 'card-templates-popular?limit=12');
      const counts = popular.body.items.map((item: { downloadCount: number }) => item.downloadCount);
      expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
      expect(ids(popular.body)).not.toEqual(ids(library.body).slice(0, 12));
      expect((await get(acme, 'card-templates-popular')).body.items).toHaveLength(8);
    });

    it('applies query, category, projection, order and limit', async () => {
      const found = await get(acme, 'card-templates?query=open%20tick&projection=template,downloadCount');
      expect(found.body.items).toEqual([
        {
          id: demoLibraryId('card', 'Open tickets'),
          template: expect.objectContaining({ label: 'Open tickets' }),
          downloadCount: expect.any(Number),
        },
      ]);
      const finance = await get(acme, 'card-templates?category=finance&order=data.label&projection=template');
      expect(finance.body.items.map((item: { template: { label: string } }) => item.template.label)).toEqual([
        'Overdue invoices',
        'Revenue this month',
      ]);
      const paged = await get(acme, 'card-templates?limit=2&offset=1');
      expect(paged.body).toMatchObject({ limit: 2, offset: 1 });
      expect(paged.body.items).toHaveLength(2);
      expect((await get(acme, 'card-templates?projection=nope')).body.message).toBe(CatalogueMessages.unknownFields(['nope']));
      expect((await get(acme, 'card-templates?order=label')).status).toBe(400);
    });

    it('needs template not null and type null for library items', async () => {
      const listed = await newCard(demo, { isTemplate: true, template: { label: 'Listed demo card' } });
      const typed = await newCard(demo, { isTemplate: true, type: 'kpi', template: { label: 'Typed demo card' } });
      const bare = await newCard(demo, { isTemplate: true, data: { label: 'Bare demo card' } });
      const foreign = await newCard(acme, { isTemplate: true, template: { label: 'Acme card' } });
      const library = ids((await get(acme, 'card-templates?limit=500')).body);
      expect(library).toContain(listed.id);
      for (const id of [typed.id, bare.id, foreign.id]) {
        expect(library).not.toContain(id);
        expect((await get(acme, `card-templates/${id}`)).status).toBe(404);
      }
      expect((await get(acme, `cards/${typed.id}`)).status).toBe(404);
      expect((await get(acme, `cards/${listed.id}`)).status).toBe(200);
      expect(ids((await get(acme, 'card-templates-popular?limit=100')).body)).not.toContain(typed.id);
      await del(demo, `cards/${listed.id}`);
    });

    it('PATCH card-templates/{id}: admins of the providers account only', async () => {
      const id = demoLibraryId('card', 'Flow runs today');
      for (const token of [demo, acme, acmeAdmin]) {
        const response = await patch(token, `card-templates/${id}`, { template: { description: 'x' } });
        expect(response.status).toBe(403);
        expect(response.body.message).toBe(CardsViewsMessages.templatesAdminOnly);
      }
      const changed = await patch(demoAdmin, `card-templates/${id}`, {
        template: { version: '1.1.0' },
        data: { description: 'Runs since midnight' },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.template).toMatchObject({ label: 'Flow runs today', version: '1.1.0' });
      expect(changed.body.data.description).toBe('Runs since midnight');
      expect((await patch(demoAdmin, `card-templates/${id}`, { template: { version: 'x' } })).status).toBe(400);
      const mine = await newCard(acme);
      expect((await patch(acmeAdmin, `card-templates/${mine.id}`, {})).status).toBe(404);
    });
  });

  describe('views', () => {
    it('creates, reads, lists, updates options one by one, soft-deletes, recovers and deletes', async () => {
      const bot = (await post(acme, 'bots/new', { data: { label: 'Views space' } })).body;
      const card = await newCard(acme);
      const view = await newView(acme, {
        botId: bot.id,
        cardIds: [card.id],
        data: { data: { label: 'Ops board', viewClasses: 'DarkMode wide_grid' } },
      });
      const read = await get(acme, `views/${view.id}`);
      expect(read.body).toMatchObject({
        id: view.id,
        botId: bot.id,
        flowId: null,
        cardIds: [card.id],
        template: null,
        downloadable: false,
        data: {
          data: {
            label: 'Ops board',
            viewClasses: ['dark-mode', 'wide-grid'],
            allowCardsDragging: true,
            viewLoadingStatus: { timeout: 10, progressType: 'circular', errorOptionIds: ['reload-page'], slots: [] },
            filters: { dates: { rangeName: '30days', timezone: 'UTC' } },
            loadEntities: { bots: false, flows: false, tags: false, views: false },
          },
          library: { category: '' },
          cards: { items: [] },
        },
      });
      const updated = await post(acme, `views/${view.id}`, {
        view: { data: { data: { description: 'All ops', viewLoadingStatus: { timeout: 90 }, loadEntities: { bots: true } } } },
      });
      expect(updated.body.data.data).toMatchObject({
        label: 'Ops board',
        description: 'All ops',
        viewClasses: ['dark-mode', 'wide-grid'],
        viewLoadingStatus: { timeout: 60, progressType: 'circular' },
        loadEntities: { bots: true, flows: false },
      });
      const cleared = await post(acme, `views/${view.id}`, { view: { data: { data: { viewLoadingStatus: { timeout: '' } } } } });
      expect(cleared.body.data.data.viewLoadingStatus.timeout).toBeNull();
      const kept = await post(acme, `views/${view.id}`, { view: { data: { data: { label: 'Ops' } } } });
      expect(kept.body.data.data.viewLoadingStatus.timeout).toBeNull();

      expect(ids((await get(acme, `views?botId=${bot.id}`)).body)).toEqual([view.id]);
      expect(ids((await get(acme, 'views?query=ops&limit=500')).body)).toContain(view.id);
      const projected = await get(acme, `views?botId=${bot.id}&projection=cardIds`);
      expect(projected.body.items).toEqual([{ id: view.id, cardIds: [card.id] }]);

      expect((await del(acme, `views/${view.id}?temporarily=true`)).status).toBe(204);
      expect(ids((await get(acme, `views?botId=${bot.id}`)).body)).toEqual([]);
      expect(ids((await get(acme, `views?botId=${bot.id}&isDeleted=true`)).body)).toEqual([view.id]);
      expect((await patch(acme, `views/${view.id}`)).body.isDeleted).toBe(false);
      await put(acme, `cards/${card.id}`, { holderIds: [view.id] });
      expect((await del(acme, `views/${view.id}`)).status).toBe(204);
      expect((await get(acme, `views/${view.id}`)).status).toBe(404);
      expect((await get(acme, `cards/${card.id}`)).body.viewId).toBeNull();
    });

    it("answers 404 for another account's view and its space, flow or cards", async () => {
      const own = await newView(demo);
      for (const response of [
        await get(acme, `views/${own.id}`),
        await post(acme, `views/${own.id}`, { view: { data: {} } }),
        await del(acme, `views/${own.id}?temporarily=true`),
        await patch(acme, `views/${own.id}`),
        await post(acme, `views/${own.id}/tags`, { add: [own.id] }),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body.message).toBe(CardsViewsMessages.viewNotFound);
      }
      expect(ids((await get(acme, 'views?limit=500')).body)).not.toContain(own.id);
      const demoCard = await newCard(demo);
      expect((await post(acme, 'views/new', { view: { cardIds: [demoCard.id] } })).body.message).toBe(CardsViewsMessages.cardNotFound);
      const demoBot = (await post(demo, 'bots/new', { data: {} })).body;
      expect((await post(acme, 'views/new', { view: { botId: demoBot.id } })).body.message).toBe(CatalogueMessages.botNotFound);
    });

    it('changes tags with the view messages of spec 5', async () => {
      const tag = (await post(acme, 'tags/new', { data: { label: 'board' } })).body;
      const view = await newView(acme);
      expect((await post(acme, `views/${view.id}/tags`, { add: [tag.id] })).body.tagIds).toEqual([tag.id]);
      const again = await post(acme, `views/${view.id}/tags`, { add: [tag.id] });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('No tag IDs to add.');
      expect((await post(acme, `views/${view.id}/tags`, { remove: [tag.id] })).body.tagIds).toEqual([]);
      expect((await post(acme, `views/${view.id}/tags`, { remove: [tag.id] })).body.message).toBe('No tag IDs to remove.');
    });

    it("answers 400 with zod's messages for bad options", async () => {
      const response = await post(acme, 'views/new', {
        view: {
          data: {
            data: {
              viewLoadingStatus: { progressType: 'spinner', errorOptionIds: ['reboot'], slots: ['middle'] },
              loadEntities: { bots: 'yes' },
              colour: 'red',
            },
          },
        },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('view.data.data.viewLoadingStatus.progressType: Invalid enum value');
      expect(response.body.message).toContain('view.data.data.viewLoadingStatus.errorOptionIds.0: Invalid enum value');
      expect(response.body.message).toContain('view.data.data.viewLoadingStatus.slots.0: Invalid enum value');
      expect(response.body.message).toContain('view.data.data.loadEntities.bots: Expected boolean, received string');
      expect(response.body.message).toContain("view.data.data: Unrecognized key(s) in object: 'colour'");
      expect((await get(acme, 'views?botId=nope')).body.message).toBe('botId: Invalid uuid');
    });
  });

  describe('view templates (library)', () => {
    it('lists New and Popular without hidden ones; template not null and type null', async () => {
      const library = await get(acme, 'view-templates?limit=100');
      expect(DEMO_CARDS_VIEWS_COUNTS.viewTemplates).toBeGreaterThanOrEqual(12);
      expect(library.body.total).toBeGreaterThanOrEqual(DEMO_CARDS_VIEWS_COUNTS.viewTemplates);
      const created = library.body.items.map((item: { createdAt: string }) => item.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      expect(ids(library.body)).not.toContain(demoLibraryId('view', HIDDEN_DEMO_VIEW));
      const popular = await get(acme, 'view-templates-popular?limit=12');
      const counts = popular.body.items.map((item: { downloadCount: number }) => item.downloadCount);
      expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
      expect(ids(popular.body)).not.toEqual(ids(library.body).slice(0, 12));

      const support = await get(acme, `view-templates/${demoLibraryId('view', 'Support dashboard')}`);
      expect(support.body).toMatchObject({
        type: null,
        template: { label: 'Support dashboard' },
        data: { library: { category: 'Support' } },
      });
      expect(support.body.cardIds).toContain(demoLibraryId('card', 'Open tickets'));
      expect(support.body.data.data.viewClasses).toEqual(['dashboard', 'support-board']);

      const typed = await newView(demo, { isTemplate: true, type: 'board', template: { label: 'Typed view' } });
      const listed = await newView(demo, { isTemplate: true, template: { label: 'Listed view' } });
      const all = ids((await get(acme, 'view-templates?limit=500')).body);
      expect(all).toContain(listed.id);
      expect(all).not.toContain(typed.id);
      expect((await get(acme, `view-templates/${typed.id}`)).status).toBe(404);
      await del(demo, `views/${listed.id}`);
    });

    it('PATCH view-templates/{id} { options } normalises and is for providers admins only', async () => {
      const id = demoLibraryId('view', 'Automation health');
      expect((await patch(acme, `view-templates/${id}`, { options: { style: '' } })).status).toBe(403);
      expect((await patch(demo, `view-templates/${id}`, { options: { style: '' } })).status).toBe(403);
      const changed = await patch(demoAdmin, `view-templates/${id}`, {
        options: { viewClasses: ['FlowHealth', 'flow health'], viewLoadingStatus: { timeout: 0 }, useCustomBackgroundColor: true },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.data.data).toMatchObject({
        label: 'Automation health',
        viewClasses: ['flow-health'],
        useCustomBackgroundColor: true,
        viewLoadingStatus: { timeout: 1, progressType: 'linear', title: 'Loading automation health' },
      });
      const cleared = await patch(demoAdmin, `view-templates/${id}`, { options: { viewLoadingStatus: { timeout: 'soon' } } });
      expect(cleared.body.data.data.viewLoadingStatus.timeout).toBeNull();
      const bad = await patch(demoAdmin, `view-templates/${id}`, { options: { nope: true } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe("options: Unrecognized key(s) in object: 'nope'");
    });
  });

  describe('downloadable views', () => {
    it("replaces and reads the account's list; other accounts' views are 404", async () => {
      const [one, two] = [
        await newView(acme, { data: { data: { label: 'B board' } } }),
        await newView(acme, { data: { data: { label: 'A board' } } }),
      ];
      const set = await put(acme, 'downloadable-views', { viewIds: [one.id, two.id] });
      expect(set.status).toBe(200);
      expect(set.body.viewIds).toEqual([two.id, one.id]);
      expect(set.body.items[0]).toMatchObject({ id: two.id, downloadable: true });
      expect((await put(acme, 'downloadable-views', { viewIds: [one.id] })).body.viewIds).toEqual([one.id]);
      expect((await get(acme, `views/${two.id}`)).body.downloadable).toBe(false);
      expect((await get(acme, 'downloadable-views')).body.viewIds).toEqual([one.id]);
      expect((await get(demo, 'downloadable-views')).body.viewIds).not.toContain(one.id);

      const foreign = await newView(demo);
      const refused = await put(acme, 'downloadable-views', { viewIds: [one.id, foreign.id] });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(CardsViewsMessages.viewNotFound);
      expect((await get(acme, 'downloadable-views')).body.viewIds).toEqual([one.id]);

      await del(acme, `views/${one.id}?temporarily=true`);
      expect((await get(acme, 'downloadable-views')).body.viewIds).toEqual([]);
      expect((await put(acme, 'downloadable-views', { viewIds: ['x'] })).body.message).toBe('viewIds.0: Invalid uuid');
      expect((await put(acme, 'downloadable-views', {})).body.message).toBe('viewIds: Required');
      expect((await put(acme, 'downloadable-views', { viewIds: [] })).body.viewIds).toEqual([]);
    });
  });
});
