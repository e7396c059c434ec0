import { RegistryMessages } from '@library/contracts';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { DEMO_CATEGORIES, DEMO_PACKAGES, demoPackageId, demoRevisionId, seedDemoCatalogue } from '../../src/seed/demo-catalogue';
import { ownerOf, uniqueWord } from './registry-fixtures';
import { auth, startTestApp, TestApp } from './test-app';

const LIB = '/api/library-api/api/v2';
const SOURCES = `${LIB}/sources`;
const MIGRATIONS = `${LIB}/migrations`;
const packages = (type: string) => `${LIB}/packages/${type}`;

type Tokens = Record<'super' | 'admin' | 'user' | 'acmeUser' | 'acmeAdmin', string>;

describe('registry sources, publishing, migrations and the demo catalogue (library-api)', () => {
  let t: TestApp;
  let db: DataSource;
  const tokens: Tokens = {} as Tokens;

  beforeAll(async () => {
    t = await startTestApp({}, { runs: { backoffMs: 50, sweepEveryMs: 1_000 } });
    db = t.app.get(DataSource);
    [tokens.super, tokens.admin, tokens.user, tokens.acmeUser, tokens.acmeAdmin] = await Promise.all([
      t.signIn('super@library.test'),
      t.signIn('admin@library.test'),
      t.signIn('user@library.test'),
      t.signIn('user@acme.test'),
      t.signIn('admin@acme.test'),
    ]);
  });
  afterAll(() => t.close());

  const post = (token: string, path: string, body: object = {}) => t.http.post(path).set(auth(token)).send(body);
  const get = (token: string, path: string) => t.http.get(path).set(auth(token));

  async function settled(token: string, runId: string) {
    for (let tries = 0; tries < 200; tries += 1) {
      const response = await get(token, `/api/runs/${runId}`);
      if (['succeeded', 'failed', 'cancelled'].includes(response.body.state)) return response.body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`run ${runId} did not finish`);
  }

  /** A source of the user's with one branch and one revision. */
  async function sourceWithRevision(token = tokens.user, packageMeta: Record<string, unknown> = {}) {
    const source = (await post(token, SOURCES, { label: `Editor ${uniqueWord()}`, type: 'editor' })).body;
    const branch = (await post(token, `${SOURCES}/${source.id}/branches`, { label: 'main' })).body;
    const revision = (
      await post(token, `${SOURCES}/${source.id}/branches/${branch.id}/revisions`, {
        packageMeta: { label: `Lead scorer ${uniqueWord()}`, description: 'Scores leads', tags: ['crm', 'score'], ...packageMeta },
        meta: { shape: 'hexagon' },
        data: { id: 'lead-scorer', template: '<%= score %>' },
      })
    ).body;
    return { source, branch, revision, branchPath: `${SOURCES}/${source.id}/branches/${branch.id}` };
  }

  describe('sources, branches and revisions', () => {
    it('creates a source with members, validates bodies, and shows it to its owner, members and its account’s ADMIN', async () => {
      const acmeUser = await ownerOf(t.app, 'user@acme.test');
      const bad = await post(tokens.user, SOURCES, { label: '', type: 'editor', owner: 'me' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('label: String must contain at least 1 character(s)');
      expect(bad.body.message).toContain("Unrecognized key(s) in object: 'owner'");
      expect((await post(tokens.user, SOURCES, { label: 'x', type: 'editor', members: { userIds: ['nope'] } })).body.message).toBe(
        'members.userIds.0: Invalid uuid',
      );

      const created = await post(tokens.user, SOURCES, {
        label: ' Shared editor ',
        type: 'editor',
        members: { userIds: [acmeUser.userId.toUpperCase()] },
      });
      expect(created.status).toBe(201);
      const user = await ownerOf(t.app, 'user@library.test');
      expect(created.body).toMatchObject({
        label: 'Shared editor',
        type: 'editor',
        ownerUserId: user.userId,
        members: { accountIds: [], userIds: [acmeUser.userId] },
        branches: [],
        createdBy: { userId: user.userId },
      });
      const privateOne = (await post(tokens.user, SOURCES, { label: 'Private editor', type: 'editor' })).body;

      const listed = async (token: string) => (await get(token, SOURCES)).body.map((source: { id: string }) => source.id);
      expect(await listed(tokens.user)).toEqual(expect.arrayContaining([created.body.id, privateOne.id]));
      expect(await listed(tokens.acmeUser)).toContain(created.body.id);
      expect(await listed(tokens.acmeUser)).not.toContain(privateOne.id);
      expect(await listed(tokens.acmeAdmin)).not.toContain(created.body.id);
      expect(await listed(tokens.admin)).toContain(privateOne.id);
      expect(await listed(tokens.super)).toContain(privateOne.id);
      expect((await get(tokens.acmeAdmin, `${SOURCES}/${privateOne.id}`)).status).toBe(404);
      expect((await get(tokens.acmeUser, `${SOURCES}/${created.body.id}`)).status).toBe(200);

      // Members of an account: every user of it.
      const forAcme = (
        await post(tokens.user, SOURCES, { label: 'For acme', type: 'editor', members: { accountIds: [acmeUser.accountId] } })
      ).body;
      expect(await listed(tokens.acmeAdmin)).toContain(forAcme.id);
    });

    it('adds branches (from a parent revision of the same source) and revisions', async () => {
      const { source, branch, revision, branchPath } = await sourceWithRevision();
      expect(branch).toMatchObject({
        label: 'main',
        published: false,
        publishedVersion: null,
        parentRevisionId: null,
        sourceId: source.id,
      });
      expect(revision).toMatchObject({
        sourceId: source.id,
        sourceBranchId: branch.id,
        meta: { shape: 'hexagon' },
        data: { id: 'lead-scorer' },
      });
      expect(revision.packageMeta).toMatchObject({ categories: [], tags: ['crm', 'score'] });
      const revisions = await get(tokens.user, `${branchPath}/revisions`);
      expect(revisions.body.map((r: { id: string }) => r.id)).toEqual([revision.id]);

      const badMeta = await post(tokens.user, `${branchPath}/revisions`, { packageMeta: { label: 7 }, data: {} });
      expect(badMeta.status).toBe(400);
      expect(badMeta.body.message).toBe('packageMeta.label: Expected string, received number');

      const other = await sourceWithRevision();
      const foreignParent = await post(tokens.user, `${SOURCES}/${source.id}/branches`, {
        label: 'x',
        parentRevisionId: other.revision.id,
      });
      expect(foreignParent.status).toBe(404);
      expect(foreignParent.body.message).toBe(RegistryMessages.sourceRevisionNotFound);
      const child = await post(tokens.user, `${SOURCES}/${source.id}/branches`, { label: 'feature', parentRevisionId: revision.id });
      expect(child.status).toBe(201);
      expect(child.body.parentRevisionId).toBe(revision.id);
      expect((await get(tokens.user, `${SOURCES}/${source.id}`)).body.branches.map((b: { label: string }) => b.label)).toEqual([
        'main',
        'feature',
      ]);

      expect((await post(tokens.acmeUser, `${SOURCES}/${source.id}/branches`, { label: 'x' })).status).toBe(404);
      expect((await post(tokens.user, `${SOURCES}/${source.id}/branches/${randomUUID()}/revisions`, { data: {} })).body.message).toBe(
        RegistryMessages.branchNotFound,
      );
    });
  });

  describe('publishing a branch', () => {
    it('makes a release of the newest revision with the bumped version, sourceRevisionId and the branch’s publishedVersion', async () => {
      const packageId = randomUUID();
      const { revision, branch, branchPath, source } = await sourceWithRevision(tokens.user, { id: packageId });
      const first = await post(tokens.user, `${branchPath}/publish`, { releaseType: 'minor', packageType: 'STEP' });
      expect(first.status).toBe(201);
      expect(first.body.packageRelease).toMatchObject({
        id: packageId,
        version: '0.1.0',
        versionInt: '1000000',
        type: 'STEP',
        schemaType: 'LEGACY',
        label: revision.packageMeta.label,
        description: 'Scores leads',
        sourceRevisionId: revision.id,
        data: revision.data,
        meta: { shape: 'hexagon', tags: ['crm', 'score'], version: '0.1.0' },
        statusDetailsSystem: { status: 'UPLOADED' },
      });
      expect(first.body.branch).toMatchObject({ id: branch.id, published: true, publishedVersion: '0.1.0' });
      const [{ search_text: searchText }] = (await db.query(`SELECT search_text FROM package_release WHERE revision_id = $1`, [
        first.body.packageRelease.revisionId,
      ])) as Array<{ search_text: string }>;
      expect(searchText).toContain('score');

      const second = (await post(tokens.user, `${branchPath}/revisions`, { packageMeta: { label: 'Lead scorer v2' }, data: { v: 2 } }))
        .body;
      const major = await post(tokens.user, `${branchPath}/publish`, {
        releaseType: 'major',
        packageType: 'STEP',
        releaseNotesMarkdown: ' Big one ',
        statusDetailsRelease: { level: 'USER', status: 'BETA' },
      });
      expect(major.status).toBe(201);
      expect(major.body.packageRelease).toMatchObject({
        id: packageId,
        version: '1.0.0',
        sourceRevisionId: second.id,
        label: 'Lead scorer v2',
        releaseNotesMarkdown: 'Big one',
        statusDetailsRelease: [{ level: 'USER', status: 'BETA' }],
      });
      const [{ latest }] = (await db.query(`SELECT latest_revision_id AS latest FROM package WHERE id = $1`, [packageId])) as Array<{
        latest: string;
      }>;
      expect(latest).toBe(major.body.packageRelease.revisionId);

      // An older revision by id; the package is the one this branch published before.
      const minor = await post(tokens.user, `${branchPath}/publish`, {
        releaseType: 'minor',
        packageType: 'STEP',
        revisionId: revision.id,
      });
      expect(minor.body.packageRelease).toMatchObject({ id: packageId, version: '1.1.0', sourceRevisionId: revision.id });

      // A branch from a published revision goes on counting from its branch's version.
      const feature = (await post(tokens.user, `${SOURCES}/${source.id}/branches`, { label: 'feature', parentRevisionId: second.id })).body;
      expect(feature.publishedVersion).toBe('1.1.0');
    });

    it('refuses a version the package already has (409, nothing written), empty branches and data, others’ branches', async () => {
      const packageId = randomUUID();
      const { source, branchPath } = await sourceWithRevision(tokens.user, { id: packageId });
      expect(
        (await post(tokens.user, `${branchPath}/publish`, { releaseType: 'major', packageType: 'STEP' })).body.packageRelease.version,
      ).toBe('1.0.0');
      // Another branch that never published starts from nothing: major → 1.0.0 again.
      const other = (await post(tokens.user, `${SOURCES}/${source.id}/branches`, { label: 'other' })).body;
      const otherPath = `${SOURCES}/${source.id}/branches/${other.id}`;
      const emptyBranch = await post(tokens.user, `${otherPath}/publish`, { releaseType: 'major', packageType: 'STEP' });
      expect(emptyBranch.status).toBe(409);
      expect(emptyBranch.body.message).toBe(RegistryMessages.branchHasNoRevisions);
      await post(tokens.user, `${otherPath}/revisions`, { packageMeta: { label: 'Other', id: packageId }, data: { other: true } });
      const again = await post(tokens.user, `${otherPath}/publish`, { releaseType: 'major', packageType: 'STEP' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(RegistryMessages.versionExists);
      expect(
        (await get(tokens.user, `${SOURCES}/${source.id}`)).body.branches.find((b: { id: string }) => b.id === other.id),
      ).toMatchObject({
        published: false,
        publishedVersion: null,
      });
      expect(await db.query(`SELECT version FROM package_release WHERE id = $1`, [packageId])).toEqual([{ version: '1.0.0' }]);

      const wrongType = await post(tokens.user, `${otherPath}/publish`, { releaseType: 'minor', packageType: 'STEP_TEMPLATE' });
      expect(wrongType.status).toBe(409);
      expect(wrongType.body.message).toBe(RegistryMessages.typeMismatch);
      const bad = await post(tokens.user, `${otherPath}/publish`, { releaseType: 'patch', packageType: 'STEP' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('releaseType: Invalid enum value');
      const foreignRevision = await post(tokens.user, `${otherPath}/publish`, {
        releaseType: 'minor',
        packageType: 'STEP',
        revisionId: randomUUID(),
      });
      expect(foreignRevision.status).toBe(404);

      const empty = await sourceWithRevision();
      await post(tokens.user, `${empty.branchPath}/revisions`, { data: {} });
      const noData = await post(tokens.user, `${empty.branchPath}/publish`, { releaseType: 'minor', packageType: 'STEP' });
      expect(noData.status).toBe(400);
      expect(noData.body.message).toBe(RegistryMessages.fileNamesOrData);
      expect((await post(tokens.acmeUser, `${empty.branchPath}/publish`, { releaseType: 'minor', packageType: 'STEP' })).status).toBe(404);
    });
  });

  describe('registry data migrations', () => {
    it('is for SUPER_ADMIN, runs as a run, re-derives the search columns and derived baseUrls, and lists status and pid', async () => {
      expect((await post(tokens.admin, MIGRATIONS, { name: 'rederive-release-fields' })).status).toBe(403);
      expect((await get(tokens.user, MIGRATIONS)).status).toBe(403);
      const bad = await post(tokens.super, MIGRATIONS, { name: 'drop-everything' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('name: Invalid enum value');

      const { branchPath } = await sourceWithRevision();
      const published = (await post(tokens.user, `${branchPath}/publish`, { releaseType: 'major', packageType: 'STEP' })).body
        .packageRelease;
      const custom = (await post(tokens.user, `${branchPath}/publish`, { releaseType: 'minor', packageType: 'STEP' })).body.packageRelease;
      await db.query(
        `UPDATE package_release SET search_text = '', fts = NULL, base_url = 'https://old-cdn.test/packages/STEP/' || id || '/' || version WHERE revision_id = $1`,
        [published.revisionId],
      );
      await db.query(`UPDATE package_release SET base_url = 'https://cdn.example.test/lead-scorer' WHERE revision_id = $1`, [
        custom.revisionId,
      ]);

      const started = await post(tokens.super, MIGRATIONS, { name: 'rederive-release-fields' });
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ name: 'rederive-release-fields', status: 'CREATED', error: null, pid: null });
      const run = await settled(tokens.super, started.body.runId);
      expect(run).toMatchObject({ kind: 'registry-migration', state: 'succeeded' });
      expect(run.output.releases).toBeGreaterThan(1);
      expect(run.output.baseUrlsReset).toBeGreaterThanOrEqual(1);

      const listed = (await get(tokens.super, MIGRATIONS)).body;
      expect(listed[0]).toMatchObject({ id: started.body.id, status: 'SUCCESS', error: null, pid: process.pid, runId: started.body.runId });
      const rows = (await db.query(
        `SELECT revision_id, search_text, fts IS NOT NULL AS indexed, base_url FROM package_release WHERE revision_id = ANY($1)`,
        [[published.revisionId, custom.revisionId]],
      )) as Array<{ revision_id: string; search_text: string; indexed: boolean; base_url: string | null }>;
      const byId = new Map(rows.map((entry) => [entry.revision_id, entry]));
      expect(byId.get(published.revisionId)).toMatchObject({ indexed: true, base_url: null });
      expect(byId.get(published.revisionId)!.search_text).toContain('scores leads');
      expect(byId.get(custom.revisionId)!.base_url).toBe('https://cdn.example.test/lead-scorer');
      const view = (await get(tokens.user, `${packages('STEP')}/id/${published.id}/version/${published.version}`)).body;
      expect(view.baseUrl).toBe(`http://localhost:3999/api/library-api/content/packages/STEP/${published.id}/1.0.0`);
    });

    it('ends FAILURE with the error once its last attempt fails', async () => {
      // The migration's count query fails, every attempt.
      const original = db.query.bind(db);
      const failing = jest
        .spyOn(db, 'query')
        .mockImplementation((sql, parameters, queryRunner) =>
          sql.startsWith('SELECT count(*)::int AS total FROM package_release')
            ? Promise.reject(new Error('disk on fire'))
            : original(sql, parameters, queryRunner),
        );
      try {
        const started = (await post(tokens.super, MIGRATIONS, { name: 'rederive-release-fields' })).body;
        const run = await settled(tokens.super, started.runId);
        expect(run).toMatchObject({ state: 'failed', error: 'disk on fire', attempts: 3 });
        const listed = (await get(tokens.super, MIGRATIONS)).body.find((entry: { id: string }) => entry.id === started.id);
        expect(listed).toMatchObject({ status: 'FAILURE', error: 'disk on fire', pid: process.pid });
      } finally {
        failing.mockRestore();
      }
    });
  });

  describe('demo catalogue', () => {
    it('seeds step packages over ≥ 8 categories, several versions, prereleases, a deprecated one and a playground release', async () => {
      const categories = (await db.query(`SELECT name FROM category WHERE type = 'STEP' AND name = ANY($1)`, [
        [...DEMO_CATEGORIES],
      ])) as unknown[];
      expect(categories.length).toBeGreaterThanOrEqual(8);
      const types = new Set(DEMO_PACKAGES.map((pkg) => `${pkg.type}/${pkg.schemaType}`));
      for (const kind of ['STEP/LEGACY', 'STEP/LEGACY_MULTI', 'STEP/EXTERNAL', 'STEP_TEMPLATE/LEGACY', 'STEP_TEMPLATE/EXTERNAL'])
        expect(types).toContain(kind);

      const sendgrid = demoPackageId('send-email-sendgrid');
      const versions = (await get(tokens.acmeUser, `${packages('STEP')}/id/${sendgrid}/version/1.2.0`)).body;
      expect(versions).toMatchObject({
        label: 'Send email (SendGrid)',
        statusDetailsRelease: [{ level: 'PDE', status: 'RELEASED' }],
        statusDetailsSystem: { status: 'UPLOADED' },
        schemaServingType: 'JSON',
      });
      expect(versions.categories.map((c: { name: string }) => c.name)).toEqual(['Email', 'Messaging']);
      const [pointer] = (await db.query(`SELECT latest_revision_id FROM package WHERE id = $1`, [sendgrid])) as Array<{
        latest_revision_id: string;
      }>;
      expect(pointer.latest_revision_id).toBe(demoRevisionId('send-email-sendgrid', '1.2.0'));

      const deprecated = (await get(tokens.acmeUser, `${packages('STEP')}/id/${demoPackageId('nexmo-sms-legacy')}/version/0.4.2`)).body;
      expect(deprecated.statusDetailsRelease).toMatchObject([{ level: 'PDE', status: 'DEPRECATED' }]);
      const prerelease = (await get(tokens.acmeUser, `${packages('STEP')}/id/${demoPackageId('http-request')}/version/2.2.0`)).body;
      expect(prerelease).toMatchObject({ prerelease: true, schemaVersion: 'MULTI' });

      const playground = `${packages('STEP')}/id/${demoPackageId('webhook-tester-playground')}/version/0.1.0`;
      expect((await get(tokens.user, playground)).body.isPlayground).toBe(true);
      expect((await get(tokens.acmeUser, playground)).status).toBe(404);
      expect((await get(tokens.admin, playground)).status).toBe(404);

      const found = (await get(tokens.acmeUser, `${packages('STEP')}/search?text=sendgird&size=100`)).body;
      expect(found.entities.map((entity: { id: string }) => entity.id)).toContain(sendgrid);
    });

    it('is idempotent: seeding again adds nothing and keeps the pointers', async () => {
      // Only the demo's own rows: other test files write to the same database meanwhile.
      const ids = DEMO_PACKAGES.map((pkg) => demoPackageId(pkg.slug));
      const count = async () =>
        (await db.query(
          `SELECT (SELECT count(*) FROM package_release WHERE id = ANY($1::uuid[])) AS releases,
                  (SELECT count(*) FROM category WHERE name = ANY($2)) AS categories,
                  (SELECT array_agg(latest_revision_id ORDER BY id) FROM package WHERE id = ANY($1::uuid[])) AS pointers`,
          [ids, [...DEMO_CATEGORIES]],
        )) as unknown[];
      const before = await count();
      await db.transaction((manager) => seedDemoCatalogue(manager));
      expect(await count()).toEqual(before);
    });

    it('has the files of its EXTERNAL releases in the store: content and archive', async () => {
      const id = demoPackageId('slack-message');
      const view = (await get(tokens.acmeUser, `${packages('STEP')}/id/${id}/version/1.1.0`)).body;
      expect(view.data.files.map((file: { fileName: string }) => file.fileName)).toEqual([
        'index.js',
        'form/form.html',
        'icon.svg',
        'README.md',
      ]);
      const script = await get(tokens.acmeUser, new URL(`${view.baseUrl}/index.js`).pathname);
      expect(script.status).toBe(200);
      expect(script.text).toContain('slack-message 1.1.0');
      const archive = (await get(tokens.acmeUser, `${packages('STEP')}/id/${id}/version/1.1.0/archive`)).body;
      const dir = mkdtempSync(join(tmpdir(), 'demo-archive-'));
      try {
        writeFileSync(join(dir, 'a.tar.gz'), Buffer.from(await (await fetch(archive.url)).arrayBuffer()));
        expect(
          execFileSync('tar', ['-tzf', join(dir, 'a.tar.gz')])
            .toString()
            .trim()
            .split('\n'),
        ).toEqual(view.data.files.map((f: { fileName: string }) => f.fileName));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
