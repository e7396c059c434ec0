import type { ClientPackage, PackageReleaseView } from '@library/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createUser } from './factories';
import { insertCategory, insertRelease, InsertedRelease, Owner, ownerOf, setDownloadCount, uniqueWord } from './registry-fixtures';
import { auth, startTestApp, TestApp } from './test-app';

const LIB = '/api/library-api/api/v2';
const packages = (type: string) => `${LIB}/packages/${type}`;
/** A type only this file writes, so totals and category counts are exact. */
const OWN_TYPE = 'S3_BUCKET';

const idsIn = (ids: string[]) => ids.map((id) => `filter[ids][in][]=${id}`).join('&');
const itemIds = (body: { items: PackageReleaseView[] }) => body.items.map((item) => item.id);
const entityIds = (body: { entities: ClientPackage[] }) => body.entities.map((entity) => entity.id);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('registry read side (library-api)', () => {
  let t: TestApp;
  const tokens: Record<'super' | 'admin' | 'user' | 'acmeUser' | 'acmeAdmin', string> = {} as never;
  let demoUser: Owner;
  let demoAdmin: Owner;
  let acmeUser: Owner;

  beforeAll(async () => {
    t = await startTestApp();
    [tokens.super, tokens.admin, tokens.user, tokens.acmeUser, tokens.acmeAdmin] = await Promise.all([
      t.signIn('super@library.test'),
      t.signIn('admin@library.test'),
      t.signIn('user@library.test'),
      t.signIn('user@acme.test'),
      t.signIn('admin@acme.test'),
    ]);
    [demoUser, demoAdmin, acmeUser] = await Promise.all([
      ownerOf(t.app, 'user@library.test'),
      ownerOf(t.app, 'admin@library.test'),
      ownerOf(t.app, 'user@acme.test'),
    ]);
  });
  afterAll(() => t.close());

  const get = (token: string, path: string) => t.http.get(path).set(auth(token));
  const release = (fixture: Partial<Parameters<typeof insertRelease>[1]> & { label?: string }) =>
    insertRelease(t.app, { owner: demoUser, label: fixture.label ?? uniqueWord('label'), ...fixture });

  describe('list: latest version per package', () => {
    it('shows the newest version of each package once, by the pointer', async () => {
      const a = await release({ version: '1.0.0' });
      await release({ id: a.id, version: '2.0.0' });
      await release({ id: a.id, version: '1.5.0' });
      const b = await release({ version: '0.1.0' });

      const response = await get(tokens.acmeUser, `${packages('STEP')}?${idsIn([a.id, b.id])}`);
      expect(response.status).toBe(200);
      expect(response.body.itemsTotal).toBe(2);
      const byId = new Map<string, PackageReleaseView>(response.body.items.map((item: PackageReleaseView) => [item.id, item]));
      expect(byId.get(a.id)!.version).toBe('2.0.0');
      expect(byId.get(b.id)!.version).toBe('0.1.0');
    });

    it("falls back to the newest visible version when the pointer's release is not visible", async () => {
      const pkg = await release({ version: '1.0.0' });
      const hidden = await release({ id: pkg.id, version: '2.0.0', levels: { USER: 'BETA' } });
      const path = `${packages('STEP')}?filter[ids]=${pkg.id}`;

      expect((await get(tokens.user, path)).body.items[0].revisionId).toBe(hidden.revisionId);
      for (const token of [tokens.acmeUser, tokens.admin, tokens.acmeAdmin]) {
        const body = (await get(token, path)).body;
        expect(body.items.map((item: PackageReleaseView) => item.version)).toEqual(['1.0.0']);
      }
      expect((await get(tokens.super, path)).body.items[0].version).toBe('2.0.0');
    });

    it('prerelease: true when absent, true, "true" or "1"; anything else leaves prereleases out', async () => {
      const pkg = await release({ version: '1.0.0' });
      await release({ id: pkg.id, version: '1.1.0', prerelease: true });
      const onlyPre = await release({ version: '0.0.1', prerelease: true });
      const path = (query: string) => `${packages('STEP')}?${idsIn([pkg.id, onlyPre.id])}&orderBy=label${query}`;
      const versions = async (query: string) => {
        const body = (await get(tokens.acmeUser, path(query))).body;
        return Object.fromEntries(body.items.map((item: PackageReleaseView) => [item.id, item.version]));
      };

      for (const query of ['', '&prerelease=true', '&prerelease=1', '&prerelease=']) {
        expect(await versions(query)).toEqual({ [pkg.id]: '1.1.0', [onlyPre.id]: '0.0.1' });
      }
      for (const query of ['&prerelease=false', '&prerelease=0', '&prerelease=no']) {
        expect(await versions(query)).toEqual({ [pkg.id]: '1.0.0' });
      }
    });
  });

  describe('list: query rules of spec 5', () => {
    let a: InsertedRelease;
    let b: InsertedRelease;
    let c: InsertedRelease;
    let catName: string;
    let catId: string;
    let otherCatId: string;
    const labels = { a: `Alpha ${uniqueWord()}`, b: `beta ${uniqueWord()}`, c: `Gamma ${uniqueWord()}` };

    beforeAll(async () => {
      catName = `Cat ${uniqueWord()}`;
      catId = await insertCategory(t.app, { name: catName });
      otherCatId = await insertCategory(t.app, { name: `Other ${uniqueWord()}` });
      a = await release({ label: labels.a, categoryIds: [catId], schemaType: 'LEGACY', createdAt: minutesAgo(30) });
      b = await release({
        label: labels.b,
        categoryIds: [catId, otherCatId],
        schemaType: 'EXTERNAL',
        levels: { PDE: 'BETA' },
        createdAt: minutesAgo(20),
      });
      c = await release({
        label: labels.c,
        schemaType: 'LEGACY_MULTI',
        levels: { PDE: 'DEPRECATED', ACCOUNT: 'RELEASED' },
        createdAt: minutesAgo(10),
      });
      await t.app
        .get(DataSource)
        .query(`UPDATE package_release SET updated_at = now() - interval '1 hour' WHERE revision_id = $1`, [c.revisionId]);
    });
    const all = () => idsIn([a.id, b.id, c.id]);
    const list = async (query: string, token = tokens.acmeUser) => {
      const response = await get(token, `${packages('STEP')}?${all()}&${query}`);
      expect(response.status).toBe(200);
      return response.body;
    };

    it('orders by createdAt desc by default; order asc; label without regard to case; updatedAt', async () => {
      expect(itemIds(await list(''))).toEqual([c.id, b.id, a.id]);
      expect(itemIds(await list('order=asc'))).toEqual([a.id, b.id, c.id]);
      expect(itemIds(await list('orderBy=label&order=asc'))).toEqual([a.id, b.id, c.id]);
      expect(itemIds(await list('orderBy=label'))).toEqual([c.id, b.id, a.id]);
      expect(itemIds(await list('orderBy=updatedAt&order=asc'))[0]).toBe(c.id);
    });

    it("refuses a bad orderBy, order or scope with zod's enum message", async () => {
      const cases: Array<[string, string]> = [
        ['orderBy=size', "orderBy: Invalid enum value. Expected 'createdAt' | 'updatedAt' | 'label', received 'size'"],
        ['order=up', "order: Invalid enum value. Expected 'asc' | 'desc', received 'up'"],
        ['scope=everything', "scope: Invalid enum value. Expected 'all' | 'playground' | 'account' | 'pde', received 'everything'"],
      ];
      for (const [query, message] of cases) {
        const response = await get(tokens.user, `${packages('STEP')}?${query}`);
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(message);
      }
    });

    it('refuses unknown filters, bad package ids and unknown types', async () => {
      const unknown = await get(tokens.user, `${packages('STEP')}?filter[colour]=red`);
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe("filter: Unrecognized key(s) in object: 'colour'");
      const badId = await get(tokens.user, `${packages('STEP')}?filter[ids]=nope`);
      expect(badId.status).toBe(400);
      expect(badId.body.message).toBe('filter.ids.in.0: Invalid uuid');
      expect((await get(tokens.user, packages('GADGET'))).status).toBe(400);
    });

    it('skip falls back to 0 and take to 10; take is capped at 100; the cursor echoes them', async () => {
      const fallback = await list('skip=minus&take=lots');
      expect(fallback.cursor).toEqual({ skip: 0, take: 10, filter: { ids: { in: [a.id, b.id, c.id] } }, scope: 'all' });
      expect(fallback.items).toHaveLength(3);
      expect((await list('skip=-4&take=-1')).cursor).toMatchObject({ skip: 0, take: 10 });
      expect((await list('take=5000')).cursor.take).toBe(100);

      const page = await list('skip=1&take=1');
      expect(itemIds(page)).toEqual([b.id]);
      expect(page.itemsTotal).toBe(3);
      const none = await list('take=0');
      expect(none.items).toEqual([]);
      expect(none.itemsTotal).toBe(3);
    });

    it('ids: one value or a list, bare (in) or in/notIn; trimmed and lower-cased', async () => {
      const path = (query: string) => `${packages('STEP')}?${query}`;
      const ids = async (query: string) => itemIds((await get(tokens.acmeUser, path(query))).body).sort();
      expect(await ids(`filter[ids]=${a.id}`)).toEqual([a.id]);
      expect(await ids(`filter[ids]=%20${a.id.toUpperCase()}%20`)).toEqual([a.id]);
      expect(await ids(`filter[ids][]=${a.id}&filter[ids][]=${b.id}`)).toEqual([a.id, b.id].sort());
      expect(await ids(`filter[ids][in]=${b.id}`)).toEqual([b.id]);
      expect(await ids(`filter[ids][in]=${b.id}&filter[ids][in]=${c.id.toUpperCase()}`)).toEqual([b.id, c.id].sort());
      expect(await ids(`${all()}&filter[ids][notIn]=${a.id}`)).toEqual([b.id, c.id].sort());
      expect(await ids(`${all()}&filter[ids][notIn][]=${a.id}&filter[ids][notIn][]=${c.id}`)).toEqual([b.id]);
    });

    it('categories: by name or id (trimmed, any case), in and notIn, and uncategorized', async () => {
      const ids = async (query: string) => itemIds(await list(query)).sort();
      expect(await ids(`filter[categories]=%20${encodeURIComponent(catName.toUpperCase())}%20`)).toEqual([a.id, b.id].sort());
      expect(await ids(`filter[categories][in]=${otherCatId.toUpperCase()}`)).toEqual([b.id]);
      expect(await ids(`filter[categories][notIn]=${otherCatId}`)).toEqual([a.id, c.id].sort());
      expect(await ids(`filter[categories][in][]=${otherCatId}&filter[categories][in][]=uncategorized`)).toEqual([b.id, c.id].sort());
      expect(await ids(`filter[categories][notIn]=uncategorized`)).toEqual([a.id, b.id].sort());
      expect(await ids(`filter[categories]=no-such-category`)).toEqual([]);
    });

    it('schemaType, status (at any level, or at the levels asked), level and label', async () => {
      const ids = async (query: string) => itemIds(await list(query)).sort();
      expect(await ids('filter[schemaType]=EXTERNAL')).toEqual([b.id]);
      expect(await ids('filter[schemaType][notIn][]=EXTERNAL&filter[schemaType][notIn][]=LEGACY')).toEqual([c.id]);
      expect(await ids('filter[status]=released')).toEqual([a.id, c.id].sort());
      expect(await ids('filter[status]=RELEASED&filter[level]=PDE')).toEqual([a.id]);
      expect(await ids('filter[status][notIn]=DEPRECATED')).toEqual([a.id, b.id].sort());
      expect(await ids('filter[level]=account')).toEqual([c.id]);
      expect(await ids('filter[level][notIn]=ACCOUNT')).toEqual([a.id, b.id].sort());
      expect(await ids(`filter[label]=%20${encodeURIComponent(labels.b.toUpperCase())}`)).toEqual([b.id]);
      expect(await ids(`filter[label][notIn]=${encodeURIComponent(labels.a)}`)).toEqual([b.id, c.id].sort());
      const badStatus = await get(tokens.user, `${packages('STEP')}?filter[status]=SHINY`);
      expect(badStatus.status).toBe(400);
      expect(badStatus.body.message).toMatch(/^filter\.status\.in\.0: Invalid enum value/);
    });

    it('counts categories of the matched packages, leaving the category filter out', async () => {
      const body = await list(`filter[categories]=${otherCatId}`);
      expect(body.itemsTotal).toBe(1);
      const totals = Object.fromEntries(body.categories.map((category: { id: string; total: number }) => [category.id, category.total]));
      expect(totals[catId]).toBe(2);
      expect(totals[otherCatId]).toBe(1);
    });
  });

  describe('list: totals and category totals', () => {
    it('total counts every visible package of the type, itemsTotal what the filters leave, categories their share', async () => {
      const before = (await get(tokens.acmeUser, packages(OWN_TYPE))).body;
      const category = await insertCategory(t.app, { type: OWN_TYPE, name: `Bucket ${uniqueWord()}` });
      const hidden = await insertCategory(t.app, { type: OWN_TYPE, name: `Hidden ${uniqueWord()}`, hidden: true });
      const visible1 = await release({ type: OWN_TYPE, categoryIds: [category] });
      await release({ id: visible1.id, type: OWN_TYPE, version: '1.1.0', categoryIds: [category] });
      const visible2 = await release({ type: OWN_TYPE, categoryIds: [hidden] });
      const visible3 = await release({ type: OWN_TYPE, schemaType: 'EXTERNAL', prerelease: true });
      await release({ type: OWN_TYPE, levels: { USER: 'BETA' }, categoryIds: [category] });

      const after = (await get(tokens.acmeUser, packages(OWN_TYPE))).body;
      expect(after.total - before.total).toBe(3);
      expect(after.itemsTotal - before.itemsTotal).toBe(3);
      const counted = (body: typeof after, id: string) => body.categories.find((entry: { id: string }) => entry.id === id)?.total;
      expect(counted(after, category)).toBe(1);
      expect(counted(after, hidden)).toBeUndefined();

      const filtered = (await get(tokens.acmeUser, `${packages(OWN_TYPE)}?filter[schemaType]=EXTERNAL&prerelease=false`)).body;
      expect(filtered.total).toBe(after.total);
      expect(itemIds(filtered)).not.toContain(visible3.id);
      const external = (
        await get(tokens.acmeUser, `${packages(OWN_TYPE)}?${idsIn([visible1.id, visible2.id, visible3.id])}&filter[schemaType]=EXTERNAL`)
      ).body;
      expect(itemIds(external)).toEqual([visible3.id]);
      expect(external.itemsTotal).toBe(1);
      expect(counted(external, category)).toBe(0);

      // The owner also sees the private package.
      const owner = (await get(tokens.user, packages(OWN_TYPE))).body;
      expect(owner.total - after.total).toBeGreaterThanOrEqual(1);
    });
  });

  describe('visibility matrix (demo and acme)', () => {
    const word = uniqueWord('vis');
    let userLevel: InsertedRelease;
    let accountLevel: InsertedRelease;
    let sharedWithAcme: InsertedRelease;
    let memberUser: InsertedRelease;
    let pde: InsertedRelease;
    let acmeAccount: InsertedRelease;
    let all: string[];

    beforeAll(async () => {
      userLevel = await release({ label: `${word} user level`, levels: { USER: 'BETA' } });
      accountLevel = await release({ label: `${word} account level`, levels: { ACCOUNT: 'RELEASED' } });
      sharedWithAcme = await release({
        label: `${word} shared with acme`,
        levels: { ACCOUNT: 'RELEASED' },
        membersAccountIds: [acmeUser.accountId],
      });
      memberUser = await release({ label: `${word} member user`, levels: { USER: 'BETA' }, membersUserIds: [acmeUser.userId] });
      pde = await release({ label: `${word} pde`, levels: { PDE: 'RELEASED' } });
      acmeAccount = await release({ owner: acmeUser, label: `${word} acme account`, levels: { ACCOUNT: 'RELEASED' } });
      all = [userLevel, accountLevel, sharedWithAcme, memberUser, pde, acmeAccount].map((entry) => entry.id);
    });

    const expected = () => ({
      user: [userLevel, accountLevel, sharedWithAcme, memberUser, pde],
      admin: [accountLevel, sharedWithAcme, pde],
      super: [userLevel, accountLevel, sharedWithAcme, memberUser, pde, acmeAccount],
      acmeUser: [sharedWithAcme, memberUser, pde, acmeAccount],
      acmeAdmin: [sharedWithAcme, pde, acmeAccount],
    });

    it('lists, searches and ranks as popular only what each caller may see', async () => {
      for (const [who, releases] of Object.entries(expected()) as Array<[keyof typeof tokens, InsertedRelease[]]>) {
        const want = releases.map((entry) => entry.id).sort();
        const listed = (await get(tokens[who], `${packages('STEP')}?${idsIn(all)}`)).body;
        expect([who, itemIds(listed).sort()]).toEqual([who, want]);
        const searched = (await get(tokens[who], `${packages('STEP')}/search?text=${word}&size=50`)).body;
        expect([who, entityIds(searched).sort()]).toEqual([who, want]);
        expect(searched.total).toBe(want.length);
        const popular = (await get(tokens[who], `${packages('STEP')}/popular?${idsIn(all)}`)).body;
        expect([who, itemIds(popular).sort()]).toEqual([who, want]);
      }
    });

    it("answers 404 for another account's private release by id, version, revision and latest", async () => {
      const paths = (entry: InsertedRelease) => [
        `${packages('STEP')}/id/${entry.id}`,
        `${packages('STEP')}/id/${entry.id}/latest`,
        `${packages('STEP')}/id/${entry.id}/version/${entry.version}`,
        `${packages('STEP')}/id/${entry.id}/revision/${entry.revisionId}`,
      ];
      for (const path of paths(userLevel)) {
        const response = await get(tokens.acmeUser, path);
        expect([path, response.status]).toEqual([path, 404]);
        expect(response.body.message).toMatch(/^(Release|Package) not found$/);
        expect((await get(tokens.acmeAdmin, path)).status).toBe(404);
        expect((await get(tokens.admin, path)).status).toBe(404);
        expect((await get(tokens.user, path)).status).toBe(200);
        expect((await get(tokens.super, path)).status).toBe(200);
      }
      for (const path of paths(accountLevel)) {
        expect((await get(tokens.acmeUser, path)).status).toBe(404);
        expect((await get(tokens.admin, path)).status).toBe(200);
      }
      for (const path of paths(sharedWithAcme)) expect((await get(tokens.acmeAdmin, path)).status).toBe(200);
      for (const path of paths(memberUser)) expect((await get(tokens.acmeUser, path)).status).toBe(200);
    });

    it('playground scope: only the caller’s own USER-only releases', async () => {
      const scoped = async (token: string, scope: string) =>
        itemIds((await get(token, `${packages('STEP')}?${idsIn(all)}&scope=${scope}`)).body).sort();
      expect(await scoped(tokens.user, 'playground')).toEqual([userLevel.id, memberUser.id].sort());
      expect(await scoped(tokens.acmeUser, 'playground')).toEqual([]);
      expect(await scoped(tokens.super, 'playground')).toEqual([]);
      expect(await scoped(tokens.acmeUser, 'account')).toEqual([sharedWithAcme.id, acmeAccount.id].sort());
      expect(await scoped(tokens.admin, 'account')).toEqual([accountLevel.id, sharedWithAcme.id].sort());
      expect(await scoped(tokens.acmeAdmin, 'pde')).toEqual([pde.id]);
    });

    it('playground scope shows the playground version of a package whose published version is older', async () => {
      const pkg = await release({ version: '1.0.0' });
      const playground = await release({ id: pkg.id, version: '1.1.0', levels: { USER: 'BETA' } });
      const items = async (scope: string) =>
        (await get(tokens.user, `${packages('STEP')}?filter[ids]=${pkg.id}&scope=${scope}`)).body.items;
      expect((await items('playground')).map((item: PackageReleaseView) => [item.revisionId, item.isPlayground])).toEqual([
        [playground.revisionId, true],
      ]);
      expect((await items('pde')).map((item: PackageReleaseView) => item.version)).toEqual(['1.0.0']);
      expect((await items('all')).map((item: PackageReleaseView) => item.version)).toEqual(['1.1.0']);
    });
  });

  describe('versions and single releases', () => {
    it('GET /id/{id}: visible versions newest first, with the package fields', async () => {
      const first = await release({ version: '1.0.0' });
      await release({ id: first.id, version: '1.10.0' });
      await release({ id: first.id, version: '1.2.0' });
      await release({ id: first.id, version: '2.0.0', levels: { USER: 'BETA' } });

      const mine = await get(tokens.user, `${packages('STEP')}/id/${first.id}`);
      expect(mine.status).toBe(200);
      expect(mine.body).toMatchObject({
        id: first.id,
        type: 'STEP',
        createdBy: { accountId: demoUser.accountId, userId: demoUser.userId },
        downloadCount: 0,
        latestVersion: '2.0.0',
      });
      expect(mine.body.releases.map((entry: PackageReleaseView) => entry.version)).toEqual(['2.0.0', '1.10.0', '1.2.0', '1.0.0']);

      const theirs = await get(tokens.acmeUser, `${packages('step')}/id/${first.id}`);
      expect(theirs.body.releases.map((entry: PackageReleaseView) => entry.version)).toEqual(['1.10.0', '1.2.0', '1.0.0']);
      expect(theirs.body.latestVersion).toBe('1.10.0');
      const latest = await get(tokens.acmeUser, `${packages('STEP')}/id/${first.id}/latest`);
      expect(latest.body.version).toBe('1.10.0');
      expect((await get(tokens.user, `${packages('STEP')}/id/${first.id}/latest`)).body.version).toBe('2.0.0');
    });

    it('GET by version and by revision return one release view; 404 when missing; 400 for a bad uuid', async () => {
      const entry = await release({ version: '3.1.4', schemaType: 'LEGACY_MULTI', data: { steps: 3 } });
      const byVersion = await get(tokens.acmeUser, `${packages('STEP')}/id/${entry.id}/version/3.1.4`);
      expect(byVersion.status).toBe(200);
      expect(byVersion.body).toMatchObject({
        revisionId: entry.revisionId,
        data: { steps: 3 },
        schemaServingType: 'JSON',
        schemaVersion: 'MULTI',
        isPlayground: false,
      });
      const byRevision = await get(tokens.acmeUser, `${packages('STEP')}/id/${entry.id}/revision/${entry.revisionId}`);
      expect(byRevision.body.version).toBe('3.1.4');

      const missing = await get(tokens.acmeUser, `${packages('STEP')}/id/${entry.id}/version/9.9.9`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Release not found');
      expect((await get(tokens.acmeUser, `${packages('STEP')}/id/${entry.id}/revision/${randomUUID()}`)).status).toBe(404);
      expect((await get(tokens.acmeUser, `${packages('STEP_TEMPLATE')}/id/${entry.id}/version/3.1.4`)).status).toBe(404);
      const unknown = await get(tokens.acmeUser, `${packages('STEP')}/id/${randomUUID()}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Package not found');

      const badId = await get(tokens.acmeUser, `${packages('STEP')}/id/not-a-uuid/latest`);
      expect(badId.status).toBe(400);
      expect(badId.body.message).toBe('id: Invalid uuid');
      const badRevision = await get(tokens.acmeUser, `${packages('STEP')}/id/${entry.id}/revision/42`);
      expect(badRevision.body.message).toBe('revisionId: Invalid uuid');
    });

    it('latest skips prereleases when asked', async () => {
      const entry = await release({ version: '1.0.0' });
      await release({ id: entry.id, version: '1.1.0', prerelease: true });
      expect((await get(tokens.acmeUser, `${packages('STEP')}/id/${entry.id}/latest`)).body.version).toBe('1.1.0');
      expect((await get(tokens.acmeUser, `${packages('STEP')}/id/${entry.id}/latest?prerelease=false`)).body.version).toBe('1.0.0');
    });
  });

  describe('search', () => {
    it('finds a misspelled word through trigram similarity', async () => {
      const suffix = uniqueWord('');
      const entry = await release({ label: `SendGrid mailer ${suffix}`, description: 'Sends e-mail through SendGrid' });
      const found = (await get(tokens.acmeUser, `${packages('STEP')}/search?text=sendgird&size=100`)).body;
      expect(entityIds(found)).toContain(entry.id);

      const word = uniqueWord('quokka');
      const other = await release({ label: `Notifier ${word}` });
      // Two neighbouring letters swapped, as a typing slip does.
      const at = [...word].findIndex((letter, index) => index >= 7 && letter !== word[index + 1]);
      const misspelled = `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
      expect(misspelled).not.toBe(word);
      const typo = (await get(tokens.acmeUser, `${packages('STEP')}/search?query=${misspelled}`)).body;
      expect(entityIds(typo)).toEqual([other.id]);
    });

    it('ranks a label match above a description match above a tag match', async () => {
      const word = uniqueWord('rank');
      // Labels of digits share no trigram with the word, so only where the word sits decides the order.
      const inTags = await release({ label: '1001', description: '2002', tags: [word], createdAt: minutesAgo(1) });
      const inDescription = await release({ label: '3003', description: `4004 ${word} 5005`, createdAt: minutesAgo(2) });
      const inLabel = await release({ label: `${word} 6006`, description: '7007', createdAt: minutesAgo(3) });
      const body = (await get(tokens.acmeUser, `${packages('STEP')}/search?text=${word.toUpperCase()}%20%20`)).body;
      expect(entityIds(body)).toEqual([inLabel.id, inDescription.id, inTags.id]);
      expect(body.entities[0].score).toBeGreaterThan(body.entities[1].score);
      expect(body.entities[1].score).toBeGreaterThan(body.entities[2].score);
      const byDate = (await get(tokens.acmeUser, `${packages('STEP')}/search?text=${word}&orderBy=created`)).body;
      expect(entityIds(byDate)).toEqual([inTags.id, inDescription.id, inLabel.id]);
      const bad = await get(tokens.acmeUser, `${packages('STEP')}/search?text=${word}&orderBy=stars`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^orderBy: Invalid enum value/);
    });

    it('answers in the client shape: size, from, cursor, categories, versions and statuses', async () => {
      const word = uniqueWord('shape');
      const category = await insertCategory(t.app, { name: `Shape ${uniqueWord()}` });
      const first = await release({ label: `${word} one`, version: '1.0.0', schemaType: 'EXTERNAL', categoryIds: [category] });
      const second = await release({
        id: first.id,
        label: `${word} one`,
        version: '1.2.0',
        schemaType: 'EXTERNAL',
        categoryIds: [category],
      });
      await release({
        id: first.id,
        label: `${word} one`,
        version: '1.3.0',
        prerelease: true,
        schemaType: 'EXTERNAL',
        categoryIds: [category],
      });
      for (let i = 0; i < 11; i += 1) await release({ label: `${word} filler ${i}`, createdAt: minutesAgo(100 + i) });

      const page = (await get(tokens.acmeUser, `${packages('STEP')}/search?text=${word}&size=many`)).body;
      expect(page).toMatchObject({ total: 12, count: 10, offset: 0, limit: 10, cursor: { from: 10 } });
      expect(page.categories.find((entry: { id: string }) => entry.id === category)).toEqual({
        id: category,
        count: 1,
        name: expect.any(String),
      });
      const next = (await get(tokens.acmeUser, `${packages('STEP')}/search?text=${word}&from=10`)).body;
      expect(next).toMatchObject({ total: 12, count: 2, offset: 10, cursor: { from: 20 } });

      const shaped = (await get(tokens.acmeUser, `${packages('STEP')}/search?text=${word}&categories=${category}`)).body;
      expect(shaped.entities).toHaveLength(1);
      expect(shaped.entities[0]).toMatchObject({
        id: first.id,
        name: `${word} one`,
        label: `${word} one`,
        type: 'STEP',
        schemaType: 'EXTERNAL',
        version: '1.2.0',
        versions: ['1.3.0', '1.2.0', '1.0.0'],
        latestVersion: '1.3.0',
        revisionId: second.revisionId,
        isExternal: true,
        isSandbox: false,
        isPlayground: false,
        statusDetails: { release: { pde: ['RELEASED'], user: [], account: [] }, system: ['UPLOADED'] },
      });
      expect(shaped.entities[0].releases).toContainEqual({
        status: 'RELEASED',
        level: 'PDE',
        version: '1.0.0',
        primaryId: first.revisionId,
      });
      const withPrerelease = (
        await get(tokens.acmeUser, `${packages('STEP')}/search?text=${word}&categories=${category}&includePrerelease=1`)
      ).body;
      expect(withPrerelease.entities[0].version).toBe('1.3.0');
    });

    it('leaves deprecated packages out unless includeDeprecated is true or 1', async () => {
      const word = uniqueWord('dep');
      const deprecated = await release({ label: `${word} old`, levels: { PDE: 'DEPRECATED' } });
      const current = await release({ label: `${word} new` });
      const ids = async (query: string) =>
        entityIds((await get(tokens.acmeUser, `${packages('STEP')}/search?text=${word}${query}`)).body).sort();
      expect(await ids('')).toEqual([current.id]);
      expect(await ids('&includeDeprecated=yes')).toEqual([current.id]);
      expect(await ids('&includeDeprecated=true')).toEqual([current.id, deprecated.id].sort());
      expect(await ids('&includeDeprecated=1')).toEqual([current.id, deprecated.id].sort());
    });

    it('PUT /search re-indexes a package from what is stored, for those who manage it', async () => {
      const word = uniqueWord('idx');
      const entry = await release({ label: 'Before rename', levels: { ACCOUNT: 'RELEASED', PDE: 'RELEASED' } });
      await t.app.get(DataSource).query(`UPDATE package_release SET label = $2 WHERE id = $1`, [entry.id, `${word} renamed`]);
      const search = async () => entityIds((await get(tokens.acmeUser, `${packages('STEP')}/search?text=${word}`)).body);
      expect(await search()).toEqual([]);

      const put = (token: string, body: object) =>
        t.http
          .put(`${packages('STEP')}/search`)
          .set(auth(token))
          .send(body);
      expect((await put(tokens.acmeUser, { id: entry.id })).status).toBe(403);
      expect((await put(tokens.acmeAdmin, { id: entry.id })).status).toBe(403);
      expect((await put(tokens.user, { id: randomUUID() })).status).toBe(404);
      const mismatch = await put(tokens.user, { id: entry.id, type: 'BOT_TEMPLATE' });
      expect(mismatch.status).toBe(400);
      const bad = await put(tokens.user, { label: 'no id' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('id: Required');

      const done = await put(tokens.admin, { id: entry.id, type: 'step', label: 'ignored', versions: [] });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ id: entry.id, type: 'STEP', revisionIds: [entry.revisionId] });
      expect(await search()).toEqual([entry.id]);
    });
  });

  describe('popular and favourites', () => {
    it('popular ranks by download count, then newest', async () => {
      const low = await release({ createdAt: minutesAgo(5) });
      const high = await release({ createdAt: minutesAgo(50) });
      const tieOld = await release({ createdAt: minutesAgo(40) });
      const tieNew = await release({ createdAt: minutesAgo(4) });
      await setDownloadCount(t.app, low.id, 2);
      await setDownloadCount(t.app, high.id, 500);
      await setDownloadCount(t.app, tieOld.id, 30);
      await setDownloadCount(t.app, tieNew.id, 30);
      const ids = [low, high, tieOld, tieNew].map((entry) => entry.id);
      const body = (await get(tokens.acmeUser, `${packages('STEP')}/popular?${idsIn(ids)}&orderBy=label`)).body;
      expect(itemIds(body)).toEqual([high.id, tieNew.id, tieOld.id, low.id]);
      expect(itemIds((await get(tokens.acmeUser, `${packages('STEP')}/popular?${idsIn(ids)}&skip=1&take=2`)).body)).toEqual([
        tieNew.id,
        tieOld.id,
      ]);
    });

    it("lists the caller's favourites of the type's kind", async () => {
      const fan = await createUser(t.app, { accountId: acmeUser.accountId, role: 'USER' });
      const token = await t.signIn(fan.email);
      const step = await release({ label: 'Favourite step' });
      const template = await release({ type: 'STEP_TEMPLATE', label: 'Favourite template' });
      const bot = await release({ type: 'BOT_TEMPLATE', label: 'Favourite bot' });
      const privateStep = await release({ label: 'Private step', levels: { USER: 'BETA' } });
      const notFavourite = await release({ label: 'Not a favourite' });
      for (const [kind, id] of [
        ['steps', step.id],
        ['steps', template.id.toUpperCase()],
        ['steps', privateStep.id],
        ['steps', 'not-a-package'],
        ['bots', bot.id],
      ]) {
        expect((await t.http.put(`/api/sdk/favorites/${kind}/${id}`).set(auth(token))).status).toBe(200);
      }

      const steps = (await get(token, packages('STEP') + '/favorites')).body;
      expect(itemIds(steps)).toEqual([step.id]);
      expect(steps.total).toBe(1);
      expect(itemIds(steps)).not.toContain(notFavourite.id);
      expect(itemIds((await get(token, packages('STEP_TEMPLATE') + '/favorites')).body)).toEqual([template.id]);
      expect(itemIds((await get(token, packages('BOT_TEMPLATE') + '/favorites')).body)).toEqual([bot.id]);
      const none = (await get(token, packages('CONTENT') + '/favorites')).body;
      expect(none).toMatchObject({ items: [], total: 0, itemsTotal: 0 });
      expect(itemIds((await get(tokens.acmeUser, packages('STEP') + '/favorites')).body)).not.toContain(step.id);
    });
  });

  describe('categories', () => {
    const libraryCategories = async (token: string, query: string) => {
      const response = await get(token, `${LIB}/library-categories?${query}`);
      expect(response.status).toBe(200);
      return response.body as Array<{ id: string; name: string; ids: string[]; count: number }>;
    };

    it('library-categories: All first, the non-empty visible categories, Uncategorized last, with counts', async () => {
      const before = await libraryCategories(tokens.acmeUser, `type=${OWN_TYPE}`);
      const named = await insertCategory(t.app, { type: OWN_TYPE, name: `Lib ${uniqueWord()}` });
      const empty = await insertCategory(t.app, { type: OWN_TYPE, name: `Empty ${uniqueWord()}` });
      const hidden = await insertCategory(t.app, { type: OWN_TYPE, name: `Secret ${uniqueWord()}`, hidden: true });
      const a = await release({ type: OWN_TYPE, categoryIds: [named] });
      await release({ id: a.id, type: OWN_TYPE, version: '2.0.0', categoryIds: [named] });
      await release({ type: OWN_TYPE, categoryIds: [named, hidden] });
      await release({ type: OWN_TYPE, categoryIds: [hidden] });
      await release({ type: OWN_TYPE });
      await release({ type: OWN_TYPE, categoryIds: [named], levels: { USER: 'BETA' } });

      const after = await libraryCategories(tokens.acmeUser, `type=${OWN_TYPE.toLowerCase()}`);
      expect(after[0]).toMatchObject({ id: 'all', name: 'All categories', ids: [] });
      expect(after[after.length - 1]).toMatchObject({ id: 'uncategorized', name: 'Uncategorized', ids: ['uncategorized'] });
      expect(after[0].count - before[0].count).toBe(4);
      expect(after[after.length - 1].count - before[before.length - 1].count).toBe(2);
      expect(after.find((entry) => entry.id === named)).toMatchObject({ ids: [named], count: 2 });
      expect(after.find((entry) => entry.id === empty)).toBeUndefined();
      expect(after.find((entry) => entry.id === hidden)).toBeUndefined();
      const owner = await libraryCategories(tokens.user, `type=${OWN_TYPE}`);
      expect(owner.find((entry) => entry.id === named)?.count).toBe(3);
      const badType = await get(tokens.user, `${LIB}/library-categories?type=GADGET`);
      expect(badType.status).toBe(400);
    });

    it('create: ADMIN or SUPER_ADMIN, names trimmed, never a UUID or reserved, unique per type regardless of case', async () => {
      const name = `Mail ${uniqueWord()}`;
      const post = (token: string, body: object, type = 'STEP') => t.http.post(`${LIB}/categories/${type}`).set(auth(token)).send(body);

      const created = await post(tokens.admin, { name: `  ${name}  ` });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name, hidden: false, type: 'STEP', createdBy: { accountId: demoAdmin.accountId } });
      expect((await post(tokens.super, { name: name.toUpperCase() })).status).toBe(409);
      expect((await post(tokens.acmeAdmin, { name: `  ${name.toLowerCase()}` })).body.message).toBe(
        'A category with this name already exists for this package type',
      );
      expect((await post(tokens.super, { name }, 'STEP_TEMPLATE')).status).toBe(201);
      expect((await post(tokens.user, { name: `User ${uniqueWord()}` })).status).toBe(403);

      const uuid = await post(tokens.admin, { name: randomUUID() });
      expect(uuid.status).toBe(400);
      expect(uuid.body.message).toBe('name: Category name cannot be uuid');
      const reserved = await post(tokens.admin, { name: 'uncategorized' });
      expect(reserved.status).toBe(400);
      expect((await post(tokens.admin, { name: '   ' })).status).toBe(400);
      expect((await post(tokens.admin, { name: 'x', colour: 'red' })).body.message).toBe("Unrecognized key(s) in object: 'colour'");
    });

    it('update: renames re-index search; hidden ones leave the library; only SUPER_ADMIN or the creating account', async () => {
      const word = uniqueWord('cat');
      const created = await t.http
        .post(`${LIB}/categories/STEP`)
        .set(auth(tokens.admin))
        .send({ name: `Old ${uniqueWord()}` });
      const categoryId = created.body.id as string;
      const entry = await release({ label: 'Categorised', categoryIds: [categoryId] });
      const put = (token: string, body: object) => t.http.put(`${LIB}/categories/STEP/${categoryId}`).set(auth(token)).send(body);

      expect((await put(tokens.acmeAdmin, { name: word })).status).toBe(403);
      expect((await put(tokens.user, { name: word })).status).toBe(403);
      const renamed = await put(tokens.admin, { name: word });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe(word);
      const found = (await get(tokens.acmeUser, `${packages('STEP')}/search?text=${word}`)).body;
      expect(entityIds(found)).toEqual([entry.id]);

      expect((await put(tokens.super, { hidden: true })).body.hidden).toBe(true);
      const listed = (await get(tokens.user, `${LIB}/categories/STEP`)).body as Array<{ id: string }>;
      expect(listed.map((entry) => entry.id)).not.toContain(categoryId);
      expect(((await get(tokens.admin, `${LIB}/categories/step`)).body as Array<{ id: string }>).map((entry) => entry.id)).toContain(
        categoryId,
      );

      const other = await t.http
        .post(`${LIB}/categories/STEP`)
        .set(auth(tokens.admin))
        .send({ name: `Taken ${uniqueWord()}` });
      expect((await put(tokens.admin, { name: other.body.name.toUpperCase() })).status).toBe(409);
      expect((await put(tokens.admin, { name: word.toUpperCase() })).status).toBe(200);
      expect((await t.http.put(`${LIB}/categories/STEP/${randomUUID()}`).set(auth(tokens.super)).send({ hidden: false })).status).toBe(404);
      expect(
        (await t.http.put(`${LIB}/categories/STEP_TEMPLATE/${categoryId}`).set(auth(tokens.super)).send({ hidden: false })).status,
      ).toBe(404);
    });
  });
});
