import { CatalogueMessages } from '@library/contracts';
import { DEMO_LIBRARY_COUNTS, demoLibraryId, HIDDEN_DEMO_FLOW, HIDDEN_DEMO_STEP } from '../../src/seed/demo-library';
import { auth, startTestApp, TestApp } from './test-app';

const HUB = '/api/data-hub';

describe('data hub catalogue: spaces, flows, tags, step templates', () => {
  let t: TestApp;
  let demo: string;
  let acme: string;

  beforeAll(async () => {
    t = await startTestApp();
    [demo, acme] = await Promise.all([t.signIn('user@library.test'), t.signIn('user@acme.test')]);
  });
  afterAll(() => t.close());

  const get = (token: string, path: string) => t.http.get(`${HUB}/${path}`).set(auth(token));
  const post = (token: string, path: string, body: object) => t.http.post(`${HUB}/${path}`).set(auth(token)).send(body);
  const del = (token: string, path: string) => t.http.delete(`${HUB}/${path}`).set(auth(token));
  const patch = (token: string, path: string) => t.http.patch(`${HUB}/${path}`).set(auth(token));

  async function newBot(token: string, label = 'My space') {
    const response = await post(token, 'bots/new', { data: { label, color: '#123456' } });
    expect(response.status).toBe(200);
    return response.body as { id: string };
  }
  async function newTag(token: string, label: string) {
    const response = await post(token, 'tags/new', { data: { label } });
    expect(response.status).toBe(200);
    return response.body as { id: string };
  }

  it('needs a signed-in user', async () => {
    expect((await t.http.get(`${HUB}/bots`)).status).toBe(401);
  });

  describe('spaces (bots)', () => {
    it('creates, reads, updates, soft-deletes, recovers and deletes for good', async () => {
      const bot = await newBot(acme, 'Acme ops');
      const read = await get(acme, `bots/${bot.id}`);
      expect(read.body).toMatchObject({
        id: bot.id,
        data: { label: 'Acme ops', color: '#123456', description: '' },
        isDeleted: false,
        isTemplate: false,
      });
      const updated = await post(acme, `bots/${bot.id}`, { data: { description: 'Runs the ops' } });
      expect(updated.body.data).toMatchObject({ label: 'Acme ops', description: 'Runs the ops' });

      expect((await del(acme, `bots/${bot.id}?temporarily=true`)).status).toBe(204);
      expect((await get(acme, 'bots')).body.items.map((item: { id: string }) => item.id)).not.toContain(bot.id);
      expect((await get(acme, 'bots?isDeleted=true')).body.items.map((item: { id: string }) => item.id)).toContain(bot.id);
      expect((await patch(acme, `bots/${bot.id}`)).body.isDeleted).toBe(false);
      expect((await get(acme, 'bots')).body.items.map((item: { id: string }) => item.id)).toContain(bot.id);

      expect((await del(acme, `bots/${bot.id}`)).status).toBe(204);
      expect((await get(acme, `bots/${bot.id}`)).status).toBe(404);
    });

    it("answers 404 for another account's space, and lets everyone read library templates", async () => {
      const own = await newBot(demo, 'Demo private space');
      for (const response of [
        await get(acme, `bots/${own.id}`),
        await post(acme, `bots/${own.id}`, { data: { label: 'x' } }),
        await del(acme, `bots/${own.id}?temporarily=true`),
        await patch(acme, `bots/${own.id}`),
        await post(acme, `bots/${own.id}/tags`, { add: [own.id] }),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body.message).toBe(CatalogueMessages.botNotFound);
      }
      const template = await get(acme, `bots/${demoLibraryId('bot', 'Support desk')}`);
      expect(template.status).toBe(200);
      expect(template.body.isTemplate).toBe(true);
      // Readable, not writable.
      expect((await post(acme, `bots/${demoLibraryId('bot', 'Support desk')}`, { data: { label: 'Mine' } })).status).toBe(404);
      expect((await get(acme, 'bots')).body.items.map((item: { id: string }) => item.id)).not.toContain(own.id);
    });

    it('lists the library with New by creation date and Popular by download count', async () => {
      const library = await get(acme, `bots?library=true&limit=100`);
      expect(library.body.total).toBe(DEMO_LIBRARY_COUNTS.spaces);
      const created = library.body.items.map((item: { createdAt: string }) => item.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      const popular = await get(acme, 'bots-popular?limit=12');
      const counts = popular.body.items.map((item: { downloadCount: number }) => item.downloadCount);
      expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
      expect(popular.body.items.map((item: { id: string }) => item.id)).not.toEqual(
        library.body.items.map((item: { id: string }) => item.id),
      );
      expect((await get(acme, 'bots-popular')).body.items).toHaveLength(8);
    });

    it('applies projection, query, order and limit', async () => {
      const response = await get(acme, 'bots?library=true&projection=data.label,downloadCount&order=data.label&limit=3&query=desk');
      expect(response.status).toBe(200);
      expect(response.body.items).toEqual([
        { id: demoLibraryId('bot', 'Support desk'), data: { label: 'Support desk' }, downloadCount: expect.any(Number) },
      ]);
      const ordered = await get(acme, 'bots?library=true&projection=data.label&order=data.label&limit=3');
      expect(ordered.body.items.map((item: { data: { label: string } }) => item.data.label)).toEqual([
        'Customer chat',
        'Data sync',
        'Expense management',
      ]);
      expect(ordered.body).toMatchObject({ total: DEMO_LIBRARY_COUNTS.spaces, limit: 3, offset: 0 });
      const bad = await get(acme, 'bots?projection=nope,data.zzz');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(CatalogueMessages.unknownFields(['nope', 'data.zzz']));
    });

    it("answers 400 with zod's messages for bad input", async () => {
      const response = await post(acme, 'bots/new', { data: { label: '', extra: 1 }, tagIds: ['x'] });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('data.label: String must contain at least 1 character(s)');
      expect(response.body.message).toContain("data: Unrecognized key(s) in object: 'extra'");
      expect(response.body.message).toContain('tagIds.0: Invalid uuid');
      expect((await get(acme, 'bots/not-a-uuid')).body.message).toBe('id: Invalid uuid');
      expect((await post(acme, 'bots/nope', {})).body.message).toBe(`id: ${CatalogueMessages.idOrNew}`);
      expect((await get(acme, 'bots?order=label')).status).toBe(400);
      expect((await post(acme, 'bots/new', {})).body.data.label).toBe('No Name');
    });
  });

  describe('tags', () => {
    it('creates with new, updates with an id, lists, soft-deletes, recovers and deletes', async () => {
      const tag = await newTag(acme, 'urgent');
      expect((await post(acme, `tags/${tag.id}`, { data: { label: 'very urgent' } })).body.data.label).toBe('very urgent');
      expect((await get(acme, `tags/${tag.id}`)).body).toMatchObject({ id: tag.id, data: { label: 'very urgent' }, isDeleted: false });
      expect((await get(acme, 'tags')).body.map((item: { id: string }) => item.id)).toContain(tag.id);
      expect((await del(acme, `tags/${tag.id}?temporarily=true`)).status).toBe(204);
      expect((await get(acme, 'tags')).body.map((item: { id: string }) => item.id)).not.toContain(tag.id);
      expect((await get(acme, 'tags?isDeleted=true')).body.map((item: { id: string }) => item.id)).toContain(tag.id);
      expect((await patch(acme, `tags/${tag.id}`)).body.isDeleted).toBe(false);

      const bot = await newBot(acme);
      await post(acme, `bots/${bot.id}/tags`, { add: [tag.id] });
      expect((await del(acme, `tags/${tag.id}`)).status).toBe(204);
      expect((await get(acme, `tags/${tag.id}`)).status).toBe(404);
      expect((await get(acme, `bots/${bot.id}`)).body.tagIds).toEqual([]);
      expect((await post(acme, 'tags/new', { data: { label: '' } })).body.message).toBe(
        'data.label: String must contain at least 1 character(s)',
      );
    });

    it("answers 404 for another account's tag", async () => {
      const tag = await newTag(demo, 'demo only');
      expect((await get(acme, `tags/${tag.id}`)).status).toBe(404);
      expect((await post(acme, `tags/${tag.id}`, { data: { label: 'x' } })).body.message).toBe(CatalogueMessages.tagNotFound);
      expect((await del(acme, `tags/${tag.id}`)).status).toBe(404);
      const bot = await newBot(acme);
      const foreign = await post(acme, `bots/${bot.id}/tags`, { add: [tag.id] });
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe(CatalogueMessages.noTagsFound);
    });

    it('adds and removes tags on spaces and flows with the messages of spec 5', async () => {
      const [one, two] = [await newTag(acme, 'one'), await newTag(acme, 'two')];
      const bot = await newBot(acme);
      expect((await post(acme, `bots/${bot.id}/tags`, { add: [one.id, two.id] })).body.tagIds).toEqual([one.id, two.id]);
      const again = await post(acme, `bots/${bot.id}/tags`, { add: [one.id] });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('No tags to add.');
      expect((await post(acme, `bots/${bot.id}/tags`, { remove: [one.id] })).body.tagIds).toEqual([two.id]);
      const gone = await post(acme, `bots/${bot.id}/tags`, { remove: [one.id] });
      expect(gone.status).toBe(400);
      expect(gone.body.message).toBe('No tags to remove.');
      const unknown = await post(acme, `bots/${bot.id}/tags`, { add: ['0b7e0c1e-6a0e-4c59-9d1f-6f3a9a1d0b00'] });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('No tags were found.');
      expect((await post(acme, `bots/${bot.id}/tags`, {})).body.message).toBe(CatalogueMessages.tagsAddOrRemove);

      const flow = (await post(acme, 'flows/new', { flow: { botId: bot.id, data: { label: 'Tagged' } } })).body;
      const tagged = await post(acme, `flows/${flow.id}/tags`, { add: [one.id] });
      expect(tagged.body).toMatchObject({ tagIds: [one.id], version: 1 });
      expect((await post(acme, `flows/${flow.id}/tags`, { add: [one.id] })).body.message).toBe('No tags to add.');
      expect((await post(acme, `flows/${flow.id}/tags`, { remove: [two.id] })).body.message).toBe('No tags to remove.');
    });
  });

  describe('flows', () => {
    const supportDesk = demoLibraryId('bot', 'Support desk');
    const classify = demoLibraryId('step', 'Classify text');
    const sendEmail = demoLibraryId('step', 'Send email');

    it('creates with trees, saves with previousVersion (409 when stale), soft-deletes, recovers and deletes', async () => {
      const bot = await newBot(acme);
      const created = await post(acme, 'flows/new', {
        flow: {
          botId: bot.id,
          data: {
            label: 'Route mail',
            trees: [
              {
                id: 'main',
                steps: [
                  { id: 's1', type: 'step', stepTemplateId: classify, exits: { next: 's2' } },
                  { id: 's2', type: 'step', stepTemplateId: sendEmail, exits: { next: null } },
                ],
              },
            ],
          },
        },
      });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({
        botId: bot.id,
        version: 1,
        data: { label: 'Route mail', stepTemplates: [classify, sendEmail] },
      });
      const id = created.body.id as string;

      const saved = await post(acme, `flows/${id}`, { flow: { data: { description: 'v2' } }, previousVersion: 1 });
      expect(saved.body).toMatchObject({ version: 2, data: { label: 'Route mail', description: 'v2' } });
      const stale = await post(acme, `flows/${id}`, { flow: { data: { description: 'lost' } }, previousVersion: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(CatalogueMessages.staleFlow(1, 2));
      expect((await post(acme, `flows/${id}`, { flow: {} })).body.message).toBe(CatalogueMessages.previousVersionRequired);
      expect((await get(acme, `flows/${id}`)).body.data.description).toBe('v2');

      expect((await get(acme, `flows?botId=${bot.id}`)).body.items.map((item: { id: string }) => item.id)).toEqual([id]);
      expect((await del(acme, `flows/${id}?temporarily=true`)).status).toBe(204);
      expect((await get(acme, `flows?botId=${bot.id}`)).body.total).toBe(0);
      expect((await get(acme, `flows?botId=${bot.id}&isDeleted=true`)).body.total).toBe(1);
      expect((await patch(acme, `flows/${id}`)).body.isDeleted).toBe(false);
      expect((await del(acme, `flows/${id}`)).status).toBe(204);
      expect((await get(acme, `flows/${id}`)).status).toBe(404);
    });

    it("answers 404 for another account's flow and space, reads library flows", async () => {
      const bot = await newBot(demo);
      const flow = (await post(demo, 'flows/new', { flow: { botId: bot.id } })).body;
      expect((await get(acme, `flows/${flow.id}`)).status).toBe(404);
      expect((await post(acme, `flows/${flow.id}`, { flow: {}, previousVersion: 1 })).status).toBe(404);
      expect((await del(acme, `flows/${flow.id}`)).status).toBe(404);
      expect((await patch(acme, `flows/${flow.id}`)).status).toBe(404);
      expect((await get(acme, `flows/${flow.id}/step-templates`)).status).toBe(404);
      expect((await post(acme, 'flows/new', { flow: { botId: bot.id } })).body.message).toBe(CatalogueMessages.botNotFound);
      expect((await post(acme, 'flows/new', { flow: {} })).body.message).toBe('flow.botId: Required');
      const template = await get(acme, `flows/${demoLibraryId('flow', 'Ticket triage')}`);
      expect(template.body).toMatchObject({ isTemplate: true, isStarter: true, botId: supportDesk });
    });

    it('lists library flows, starters and popular; hide-in-library excluded', async () => {
      const library = await get(acme, 'flows?library=true&limit=500&projection=data.label');
      expect(library.body.total).toBe(DEMO_LIBRARY_COUNTS.flows - 1);
      expect(library.body.items.map((item: { id: string }) => item.id)).not.toContain(demoLibraryId('flow', HIDDEN_DEMO_FLOW));
      const starters = await get(acme, 'flows?starters=true&limit=500');
      expect(starters.body.total).toBe(12);
      expect(starters.body.items.every((item: { isStarter: boolean }) => item.isStarter)).toBe(true);
      const popular = await get(acme, 'flows-popular?limit=40');
      const counts = popular.body.items.map((item: { downloadCount: number }) => item.downloadCount);
      expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
      expect(popular.body.items.map((item: { id: string }) => item.id)).not.toContain(demoLibraryId('flow', HIDDEN_DEMO_FLOW));
      // Hidden from lists, still readable by id.
      expect((await get(acme, `flows/${demoLibraryId('flow', HIDDEN_DEMO_FLOW)}`)).status).toBe(200);
    });

    it('finds flows by step template, their step templates and their data-outs', async () => {
      const bot = await newBot(acme);
      const flow = (
        await post(acme, 'flows/new', {
          flow: {
            botId: bot.id,
            data: {
              label: 'Outs',
              trees: [
                {
                  id: 't',
                  steps: [
                    { id: 'a', type: 'step', stepTemplateId: classify, label: 'Label it' },
                    { id: 'b', type: 'step', stepTemplateId: sendEmail },
                  ],
                },
              ],
            },
          },
        })
      ).body;
      const mine = await get(acme, `flows/by-step-template?ids=${classify}`);
      expect(mine.body.map((item: { id: string }) => item.id)).toContain(flow.id);
      expect(mine.body.every((item: { accountId: string }) => item.accountId === flow.accountId)).toBe(true);
      const global = await get(acme, `flows/by-step-template-global?ids=${classify},${sendEmail}&projection=data.label`);
      expect(global.body.map((item: { data: { label: string } }) => item.data.label)).toEqual(
        expect.arrayContaining(['Ticket triage', 'Auto reply']),
      );
      expect(global.body.map((item: { id: string }) => item.id)).not.toContain(flow.id);
      expect((await get(acme, 'flows/by-step-template')).status).toBe(400);

      const steps = await get(acme, `flows/${flow.id}/step-templates`);
      expect(steps.body.map((item: { id: string }) => item.id)).toEqual([classify, sendEmail]);

      const outs = await get(acme, `flows/data-outs?botId=${bot.id}`);
      expect(outs.body).toEqual([
        expect.objectContaining({
          flowId: flow.id,
          botId: bot.id,
          treeId: 't',
          stepId: 'a',
          stepLabel: 'Label it',
          stepTemplateId: classify,
          stepTemplateLabel: 'Classify text',
        }),
      ]);
    });
  });

  describe('step templates', () => {
    it('lists library and custom step templates, 20 a page, with filters', async () => {
      const page = await get(acme, 'step-templates');
      expect(page.body).toMatchObject({ total: DEMO_LIBRARY_COUNTS.steps - 1, limit: 20, offset: 0 });
      expect(page.body.items).toHaveLength(20);
      const all = await get(acme, 'step-templates?limit=100');
      expect(all.body.items.map((item: { id: string }) => item.id)).not.toContain(demoLibraryId('step', HIDDEN_DEMO_STEP));
      expect(new Set(all.body.items.flatMap((item: { categories: string[] }) => item.categories)).size).toBeGreaterThanOrEqual(8);
      const ai = await get(acme, 'step-templates?categories=ai,finance&limit=100');
      expect(ai.body.items.every((item: { categories: string[] }) => ['AI', 'Finance'].includes(item.categories[0]))).toBe(true);
      expect(ai.body.total).toBe(14);
      const search = await get(acme, 'step-templates?query=invoice');
      expect(search.body.items.map((item: { label: string }) => item.label)).toEqual(
        expect.arrayContaining(['Create invoice', 'Send invoice']),
      );
      const recommended = await get(acme, 'step-templates?recommended=true&limit=100');
      expect(recommended.body.items.every((item: { recommended: boolean }) => item.recommended)).toBe(true);
      expect(recommended.body.total).toBe(16);
    });

    it('creates and updates custom step templates, private to the account', async () => {
      const bot = await newBot(acme);
      const flow = (await post(acme, 'flows/new', { flow: { botId: bot.id } })).body;
      const created = await post(acme, 'step-templates/new', { label: 'Acme stamp', flowId: flow.id, formBuilder: { hasDataOut: true } });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({
        label: 'Acme stamp',
        shape: 'circle',
        version: '0.0.1',
        isCustom: true,
        flowId: flow.id,
        formBuilder: { stepExits: [{ id: 'next', label: 'next' }], hasDataOut: true },
      });
      const id = created.body.id as string;
      const updated = await post(acme, `step-templates/${id}`, { description: 'Stamps documents', version: '1.0.0' });
      expect(updated.body).toMatchObject({ label: 'Acme stamp', description: 'Stamps documents', version: '1.0.0' });
      expect((await post(acme, `step-templates/${id}`, { label: '' })).body.message).toBe(
        'label: String must contain at least 1 character(s)',
      );
      expect((await post(acme, 'step-templates/new', {})).body.label).toBe('No Name');

      const custom = await get(acme, 'step-templates?isCustom=true&limit=100');
      expect(custom.body.items.map((item: { id: string }) => item.id)).toContain(id);
      expect(custom.body.items.every((item: { isCustom: boolean }) => item.isCustom)).toBe(true);
      expect((await get(demo, 'step-templates?isCustom=true&limit=100')).body.items.map((item: { id: string }) => item.id)).not.toContain(
        id,
      );
      expect((await post(demo, `step-templates/${id}`, { label: 'Stolen' })).status).toBe(404);
      expect((await get(demo, `step-templates/${flow.id}`)).status).toBe(404);

      const forFlow = await get(acme, `step-templates/${flow.id}?isCustom=true`);
      expect(forFlow.body.items.map((item: { id: string }) => item.id)).toEqual([id]);
    });

    it('ranks popular ids by download count and lists the step templates of a flow', async () => {
      const popular = await get(acme, 'step-templates-popular-ids?limit=10');
      expect(popular.body.ids).toHaveLength(10);
      const all = (await get(acme, 'step-templates?isCustom=false&limit=100')).body.items as Array<{ id: string; downloadCount: number }>;
      const counts = popular.body.ids.map((id: string) => all.find((item) => item.id === id)!.downloadCount);
      expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
      expect(counts[0]).toBe(Math.max(...all.map((item) => item.downloadCount)));

      const flowSteps = await get(acme, `step-templates/${demoLibraryId('flow', 'Ticket triage')}?label=text`);
      expect(flowSteps.body.items.map((item: { label: string }) => item.label)).toEqual(['Classify text']);
      expect((await get(acme, `step-templates/${demoLibraryId('flow', 'Ticket triage')}`)).body.total).toBe(4);
    });
  });
});
