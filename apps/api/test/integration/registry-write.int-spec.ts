import { RegistryMessages } from '@library/contracts';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { ObjectStorageService } from '../../src/infra/storage/object-storage.service';
import { streamToBuffer } from '../../src/modules/registry/release-files.service';
import { insertCategory, ownerOf, uniqueWord } from './registry-fixtures';
import { auth, startTestApp, TestApp } from './test-app';

const LIB = '/api/library-api';
const packages = (type: string) => `${LIB}/api/v2/packages/${type}`;
const UPLOAD_FOLDER = 'packages';

type Tokens = Record<'super' | 'admin' | 'user' | 'acmeUser' | 'acmeAdmin', string>;

describe('registry write side (library-api)', () => {
  let t: TestApp;
  let db: DataSource;
  let storage: ObjectStorageService;
  const tokens: Tokens = {} as Tokens;

  beforeAll(async () => {
    // Short engine timings: a failed extraction attempt is retried after 50 ms, not 5 s.
    t = await startTestApp({}, { runs: { backoffMs: 50, sweepEveryMs: 1_000 } });
    db = t.app.get(DataSource);
    storage = t.app.get(ObjectStorageService);
    [tokens.super, tokens.admin, tokens.user, tokens.acmeUser, tokens.acmeAdmin] = await Promise.all([
      t.signIn('super@library.test'),
      t.signIn('admin@library.test'),
      t.signIn('user@library.test'),
      t.signIn('user@acme.test'),
      t.signIn('admin@acme.test'),
    ]);
  });
  afterAll(() => t.close());

  const legacy = (change: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    type: 'STEP',
    schemaType: 'LEGACY',
    version: '1.0.0',
    label: `Mailer ${uniqueWord('w')}`,
    description: 'Sends mail',
    data: { id: 'step-1', label: 'Mailer', template: '<%= x %>' },
    meta: { categories: [], tags: ['Mail', 'smtp'], icon: 'mdi-email' },
    ...change,
  });
  const external = (change: Record<string, unknown> = {}) => {
    const { data: _data, ...body } = legacy({ schemaType: 'EXTERNAL', fileNames: ['index.js', 'form/form.html', 'icon.svg'], ...change });
    return body;
  };
  const add = (token: string, body: object, type = 'STEP') => t.http.post(packages(type)).set(auth(token)).send(body);
  const release = (type: string, id: string, ref: { version: string } | { revisionId: string }) =>
    `${packages(type)}/id/${id}/${'version' in ref ? `version/${ref.version}` : `revision/${ref.revisionId}`}`;
  const level = (token: string, path: string, lvl: string, status: string) =>
    t.http.post(`${path}/release/level/${lvl}/status/${status}`).set(auth(token));
  const objectText = async (key: string) => {
    const object = await storage.get(key);
    return object ? (await streamToBuffer(object.body)).toString('utf8') : null;
  };
  const row = async (revisionId: string) =>
    (
      (await db.query(`SELECT search_text, fts::text AS fts, modified_by_id, owner_user_id FROM package_release WHERE revision_id = $1`, [
        revisionId,
      ])) as Array<{ search_text: string; fts: string; modified_by_id: number; owner_user_id: string }>
    )[0];
  const latestOf = async (id: string) =>
    (
      (await db.query(`SELECT latest_revision_id, download_count FROM package WHERE id = $1`, [id])) as Array<{
        latest_revision_id: string;
        download_count: string;
      }>
    )[0];
  const actorIdOf = async (email: string) => {
    const owner = await ownerOf(t.app, email);
    return (
      (await db.query(`SELECT id FROM actor WHERE account_id = $1 AND user_id = $2`, [owner.accountId, owner.userId])) as Array<{
        id: number;
      }>
    )[0]?.id;
  };

  /** Uploads files through the signatures, as a browser would (a form POST straight to the store). */
  async function upload(
    signatures: Array<{ fileName: string; url: string; fields: Record<string, string> }>,
    files: Record<string, string>,
  ) {
    for (const signature of signatures) {
      if (!(signature.fileName in files)) continue;
      const form = new FormData();
      for (const [key, value] of Object.entries(signature.fields)) form.append(key, value);
      form.append(
        'file',
        new Blob([Buffer.from(files[signature.fileName])], { type: signature.fields['Content-Type'] }),
        signature.fileName,
      );
      const response = await fetch(signature.url, { method: 'POST', body: form });
      expect(response.status).toBeLessThan(300);
    }
  }

  /** Polls a run until it is final. */
  async function settled(token: string, runId: string) {
    for (let tries = 0; tries < 200; tries += 1) {
      const response = await t.http.get(`/api/runs/${runId}`).set(auth(token));
      expect(response.status).toBe(200);
      if (['succeeded', 'failed', 'cancelled'].includes(response.body.state)) return response.body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`run ${runId} did not finish`);
  }

  describe('add-package: validation (spec 5)', () => {
    it.each([
      ['no data and no fileNames', {}],
      ['null data', { data: null }],
      ['empty data', { data: {} }],
      ['empty fileNames', { data: undefined, fileNames: [] }],
    ])('requires fileNames or data: %s', async (_case, change) => {
      const body = legacy(change);
      if (!('data' in change) || change.data === undefined) delete (body as { data?: unknown }).data;
      const response = await add(tokens.user, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(RegistryMessages.fileNamesOrData);
    });

    it('answers zod’s own messages for unknown keys, enums, types, uuids and the version format', async () => {
      const cases: Array<[object, string]> = [
        [legacy({ colour: 'red' }), "Unrecognized key(s) in object: 'colour'"],
        [legacy({ schemaType: 'LEGACY_PLUS' }), 'schemaType: Invalid enum value'],
        [legacy({ type: 'WIDGET' }), 'type: Invalid enum value'],
        [legacy({ label: 42 }), 'label: Expected string, received number'],
        [legacy({ id: 'not-a-uuid' }), 'id: Invalid uuid'],
        [legacy({ version: '1.0' }), `version: ${RegistryMessages.versionFormat}`],
        [legacy({ statusDetailsRelease: { level: 'WORLD', status: 'RELEASED' } }), 'statusDetailsRelease.level: Invalid enum value'],
        [legacy({ label: '   ' }), 'label: String must contain at least 1 character(s)'],
      ];
      for (const [body, message] of cases) {
        const response = await add(tokens.user, body);
        expect(response.status).toBe(400);
        expect(response.body.message).toContain(message);
      }
      const badPathType = await add(tokens.user, legacy(), 'WIDGET');
      expect(badPathType.status).toBe(400);
      expect(badPathType.body.message).toContain('type: Invalid enum value');
      const otherType = await add(tokens.user, legacy(), 'STEP_TEMPLATE');
      expect(otherType.status).toBe(400);
      expect(otherType.body.message).toBe(RegistryMessages.bodyTypeMismatch);
    });

    it('accepts the path type in any case and trims release notes', async () => {
      const response = await add(tokens.user, legacy({ releaseNotesMarkdown: '  ## Notes  \n' }), 'step');
      expect(response.status).toBe(201);
      expect(response.body.packageRelease.releaseNotesMarkdown).toBe('## Notes');
    });

    it('links categories by id of the same type; unknown ones are 404', async () => {
      const name = `Mail ${uniqueWord('c')}`;
      const category = await insertCategory(t.app, { name });
      const otherType = await insertCategory(t.app, { name: `Other ${uniqueWord('c')}`, type: 'STEP_TEMPLATE' });
      for (const categories of [[randomUUID()], ['mail'], [otherType]]) {
        const refused = await add(tokens.user, legacy({ categories }));
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe(RegistryMessages.categoryNotFound);
      }
      const response = await add(tokens.user, legacy({ categories: [category.toUpperCase()] }));
      expect(response.status).toBe(201);
      expect(response.body.packageRelease.categories).toEqual([{ id: category, name }]);
      expect((await row(response.body.packageRelease.revisionId)).search_text).toContain(name.toLowerCase());
    });

    it('refuses unsafe, reserved, unknown-type and repeated file names', async () => {
      const cases: Array<[string[], string]> = [
        [['../escape.js'], RegistryMessages.fileNameNotAllowed('../escape.js')],
        [['/abs.js'], RegistryMessages.fileNameNotAllowed('/abs.js')],
        [['data.json'], RegistryMessages.fileNameNotAllowed('data.json')],
        [['tool.exe'], RegistryMessages.fileTypeNotAllowed('tool.exe')],
        [['a.js', 'a.js'], RegistryMessages.fileNameDuplicate('a.js')],
      ];
      for (const [fileNames, message] of cases) {
        const response = await add(tokens.user, external({ fileNames }));
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(message);
      }
    });
  });

  describe('add-package: what it writes', () => {
    it('creates the package, the release, its data (row and file), statuses, search columns and the latest pointer', async () => {
      const revisionId = randomUUID();
      const body = legacy({ revisionId, releaseNotesMarkdown: 'First', statusDetailsRelease: { level: 'USER', status: 'BETA' } });
      const response = await add(tokens.user, body);
      expect(response.status).toBe(201);
      const user = await ownerOf(t.app, 'user@library.test');
      expect(response.body.uploadSignature).toEqual([]);
      expect(response.body.packageRelease).toMatchObject({
        revisionId,
        id: body.id,
        version: '1.0.0',
        versionInt: '1000000000000',
        type: 'STEP',
        schemaType: 'LEGACY',
        label: body.label,
        data: body.data,
        meta: body.meta,
        createdBy: { accountId: user.accountId, userId: user.userId },
        statusDetailsSystem: { status: 'UPLOADED', error: null },
        statusDetailsRelease: [{ level: 'USER', status: 'BETA' }],
        schemaServingType: 'JSON',
        schemaVersion: 'SINGLE',
        isPlayground: true,
        baseUrl: `http://localhost:3999${LIB}/content/${UPLOAD_FOLDER}/STEP/${body.id}/${revisionId}`,
      });
      expect(JSON.parse((await objectText(`${UPLOAD_FOLDER}/STEP/${body.id}/1.0.0/data.json`))!)).toEqual(body.data);
      const stored = await row(revisionId);
      expect(stored.owner_user_id).toBe(user.userId);
      expect(stored.search_text).toBe(`${body.label} sends mail mail smtp`.toLowerCase());
      expect(stored.fts).toContain("'smtp':");
      expect((await latestOf(body.id)).latest_revision_id).toBe(revisionId);
    });

    it('keeps the latest pointer on the highest version, and published versions immutable', async () => {
      const first = await add(tokens.user, legacy());
      const id = first.body.packageRelease.id as string;
      const second = await add(tokens.user, legacy({ id, version: '1.10.0', label: 'Second' }));
      expect((await latestOf(id)).latest_revision_id).toBe(second.body.packageRelease.revisionId);
      const older = await add(tokens.user, legacy({ id, version: '1.2.0' }));
      expect(older.status).toBe(201);
      expect((await latestOf(id)).latest_revision_id).toBe(second.body.packageRelease.revisionId);

      const again = await add(tokens.user, legacy({ id, version: '1.10.0', data: { changed: true } }));
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(RegistryMessages.versionExists);
      expect(JSON.parse((await objectText(`${UPLOAD_FOLDER}/STEP/${id}/1.10.0/data.json`))!)).toEqual(legacy().data);

      const sameRevision = await add(tokens.user, legacy({ id, version: '3.0.0', revisionId: second.body.packageRelease.revisionId }));
      expect(sameRevision.status).toBe(409);
      expect(sameRevision.body.message).toBe(RegistryMessages.revisionExists);
      const otherType = await add(tokens.user, legacy({ id, type: 'STEP_TEMPLATE', version: '4.0.0' }), 'STEP_TEMPLATE');
      expect(otherType.status).toBe(409);
      expect(otherType.body.message).toBe(RegistryMessages.typeMismatch);
      const stranger = await add(tokens.acmeUser, legacy({ id, version: '5.0.0' }));
      expect(stranger.status).toBe(409);
      expect(stranger.body.message).toBe(RegistryMessages.packageIdTaken);
      // An ADMIN of the owner account manages the package too.
      expect((await add(tokens.admin, legacy({ id, version: '5.0.0' }))).status).toBe(201);
    });

    it('goes straight to UPLOADED for inline data (LEGACY_MULTI too) and may start as TEST_ONLY', async () => {
      const multi = await add(tokens.user, legacy({ schemaType: 'LEGACY_MULTI', data: { steps: [{ id: 'a' }, { id: 'b' }] } }));
      expect(multi.body.packageRelease).toMatchObject({
        statusDetailsSystem: { status: 'UPLOADED' },
        schemaServingType: 'JSON',
        schemaVersion: 'MULTI',
      });
      const testOnly = await add(tokens.user, legacy({ statusDetailsSystem: { status: 'TEST_ONLY' } }));
      expect(testOnly.body.packageRelease.statusDetailsSystem.status).toBe('TEST_ONLY');
      const extracting = await add(tokens.user, legacy({ statusDetailsSystem: { status: 'EXTRACTING' } }));
      expect(extracting.status).toBe(409);
      expect(extracting.body.message).toBe(RegistryMessages.statusNotAllowed('PENDING', 'EXTRACTING', ['TEST_ONLY', 'UPLOADED']));
    });

    it('applies a release status given at add time through the machine and the level rights, or writes nothing', async () => {
      const pde = legacy({ statusDetailsRelease: { level: 'PDE', status: 'RELEASED' } });
      expect((await add(tokens.user, pde)).status).toBe(403);
      expect((await add(tokens.super, pde)).status).toBe(201);
      // Files not uploaded yet: nothing can be released, and the refused add leaves no rows behind.
      const early = external({ statusDetailsRelease: { level: 'USER', status: 'RELEASED' } });
      const refused = await add(tokens.user, early);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(RegistryMessages.statusNotAllowed('NONE', 'RELEASED', []));
      expect(await db.query(`SELECT 1 FROM package WHERE id = $1`, [early.id])).toEqual([]);
    });

    it('writes nothing when the object store fails', async () => {
      const body = legacy();
      const put = jest.spyOn(storage, 'put').mockRejectedValueOnce(new Error('store down'));
      try {
        const response = await add(tokens.user, body);
        expect(response.status).toBe(500);
      } finally {
        put.mockRestore();
      }
      expect(await db.query(`SELECT 1 FROM package WHERE id = $1`, [body.id])).toEqual([]);
      expect(await db.query(`SELECT 1 FROM package_release WHERE id = $1`, [body.id])).toEqual([]);
    });
  });

  describe('release update (PUT …/revision/{revisionId})', () => {
    it('changes only the whitelisted fields, recomputes the search columns and records who changed it', async () => {
      // Shared with the account's ADMIN, who manages the account's releases it sees.
      const admin = await ownerOf(t.app, 'admin@library.test');
      const created = (await add(tokens.user, legacy({ membersUserIds: [admin.userId] }))).body.packageRelease;
      const path = release('STEP', created.id, { revisionId: created.revisionId });
      for (const key of ['data', 'version', 'type', 'schemaType', 'prerelease']) {
        const response = await t.http
          .put(path)
          .set(auth(tokens.user))
          .send({ [key]: 'x' });
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(`Unrecognized key(s) in object: '${key}'`);
      }
      const category = await insertCategory(t.app, { name: `Cat ${uniqueWord('u')}` });
      const word = uniqueWord('renamed');
      const response = await t.http
        .put(path)
        .set(auth(tokens.admin))
        .send({
          label: `  ${word} mailer `,
          description: 'Now with templates',
          meta: { tags: ['templated'] },
          categories: [category],
          releaseNotesMarkdown: ' notes ',
          membersUserIds: [admin.userId, 'u1'],
          membersAccountIds: [],
        });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        label: `${word} mailer`,
        description: 'Now with templates',
        meta: { tags: ['templated'], categories: [] },
        releaseNotesMarkdown: 'notes',
        membersUserIds: [admin.userId, 'u1'],
        membersAccountIds: [],
        data: created.data,
        version: created.version,
      });
      expect(response.body.categories.map((c: { id: string }) => c.id)).toEqual([category]);
      const stored = await row(created.revisionId);
      expect(stored.search_text).toContain(word.toLowerCase());
      expect(stored.search_text).toContain('templated');
      expect(stored.search_text).not.toContain('smtp');
      expect(stored.modified_by_id).toBe(await actorIdOf('admin@library.test'));
      // Another account's user doesn't see it; an unknown category is a 404 too.
      expect((await t.http.put(path).set(auth(tokens.acmeUser)).send({ label: 'x' })).status).toBe(404);
      const unknown = await t.http
        .put(path)
        .set(auth(tokens.user))
        .send({ categories: [randomUUID()] });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(RegistryMessages.categoryNotFound);
    });
  });

  describe('statuses through the machines', () => {
    it('moves release statuses per level with the level rights, and names the allowed moves when refusing', async () => {
      // A USER-level release is its owner's (and members'): shared with the ADMIN, who may then set the ACCOUNT level.
      const admin = await ownerOf(t.app, 'admin@library.test');
      const created = (await add(tokens.user, legacy({ membersUserIds: [admin.userId] }))).body.packageRelease;
      const byVersion = release('STEP', created.id, { version: created.version });
      const byRevision = release('STEP', created.id, { revisionId: created.revisionId });

      expect((await level(tokens.user, byVersion, 'USER', 'BETA')).body.statusDetailsRelease).toMatchObject([
        { level: 'USER', status: 'BETA' },
      ]);
      expect((await level(tokens.user, byRevision, 'USER', 'RELEASED')).status).toBe(200);
      const back = await level(tokens.user, byRevision, 'USER', 'BETA');
      expect(back.status).toBe(409);
      expect(back.body.message).toBe('Cannot change status from RELEASED to BETA; allowed: DEPRECATED');
      const notAStatus = await level(tokens.user, byRevision, 'USER', 'PENDING');
      expect(notAStatus.status).toBe(409);
      expect(notAStatus.body.message).toBe(RegistryMessages.statusNotAllowed('RELEASED', 'PENDING', ['DEPRECATED']));
      expect((await level(tokens.user, byRevision, 'USER', 'SHINY')).status).toBe(400);

      // ACCOUNT: an ADMIN of the owner account; PDE: SUPER_ADMIN.
      expect((await level(tokens.user, byVersion, 'ACCOUNT', 'RELEASED')).status).toBe(403);
      expect((await level(tokens.acmeAdmin, byVersion, 'ACCOUNT', 'RELEASED')).status).toBe(404);
      expect((await level(tokens.admin, byVersion, 'ACCOUNT', 'ACCOUNT_BETA')).status).toBe(200);
      expect((await level(tokens.admin, byVersion, 'PDE', 'RELEASED')).status).toBe(403);
      // ACCOUNT level: the other account still doesn't see it.
      expect((await t.http.get(`${byVersion}/archive`).set(auth(tokens.acmeUser))).status).toBe(404);
      const released = await level(tokens.super, byVersion, 'PDE', 'RELEASED');
      expect(released.status).toBe(200);
      expect(released.body.statusDetailsRelease.map((s: { level: string; status: string }) => `${s.level}:${s.status}`)).toEqual([
        'ACCOUNT:ACCOUNT_BETA',
        'PDE:RELEASED',
        'USER:RELEASED',
      ]);
      expect(released.body.isPlayground).toBe(false);
      expect(released.body.baseUrl).toMatch(new RegExp(`/${created.id}/1\\.0\\.0$`));
      // PDE: everyone sees it, but only its managers change it.
      expect((await t.http.get(`${byVersion}/archive`).set(auth(tokens.acmeUser))).status).toBe(200);
      expect((await level(tokens.acmeAdmin, byVersion, 'USER', 'DEPRECATED')).status).toBe(403);
      expect((await level(tokens.super, byVersion, 'PDE', 'DEPRECATED')).body.statusDetailsRelease[1].status).toBe('DEPRECATED');
    });

    it('moves system statuses by hand only where the machine and the release allow it', async () => {
      const inline = (await add(tokens.user, legacy())).body.packageRelease;
      const inlinePath = release('STEP', inline.id, { revisionId: inline.revisionId });
      const refused = await t.http.post(`${inlinePath}/system/PENDING`).set(auth(tokens.user));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Cannot change status from UPLOADED to PENDING; allowed: none');
      const extract = await t.http.post(`${inlinePath}/system/EXTRACTING`).set(auth(tokens.user));
      expect(extract.status).toBe(409);
      expect(extract.body.message).toBe(RegistryMessages.notAFileRelease);

      const files = (await add(tokens.user, external())).body.packageRelease;
      const filesPath = release('STEP', files.id, { version: files.version });
      const byHand = await t.http.post(`${filesPath}/system/UPLOADED`).set(auth(tokens.user));
      expect(byHand.status).toBe(409);
      expect(byHand.body.message).toBe('Cannot change status from PENDING to UPLOADED; allowed: EXTRACTING, TEST_ONLY');
      expect((await t.http.post(`${filesPath}/system/RELEASED`).set(auth(tokens.user))).status).toBe(409);
      expect((await t.http.post(`${filesPath}/system/UPLOADED`).set(auth(tokens.acmeUser))).status).toBe(404);
      const testOnly = await t.http.post(`${filesPath}/system/TEST_ONLY`).set(auth(tokens.user));
      expect(testOnly.status).toBe(200);
      expect(testOnly.body.statusDetailsSystem.status).toBe('TEST_ONLY');
      expect((await level(tokens.user, filesPath, 'USER', 'BETA')).body.message).toBe(
        RegistryMessages.statusNotAllowed('NONE', 'BETA', []),
      );
    });
  });

  describe('delete', () => {
    it('removes the release, its rows and files, moves the pointer, and the package with its last release', async () => {
      const first = (await add(tokens.user, legacy())).body.packageRelease;
      const second = (await add(tokens.user, legacy({ id: first.id, version: '2.0.0' }))).body.packageRelease;
      await t.http
        .post(`${release('STEP', first.id, { revisionId: second.revisionId })}/dependencies`)
        .set(auth(tokens.user))
        .send({ type: 'STEP', value: 'x' });
      const secondKey = `${UPLOAD_FOLDER}/STEP/${first.id}/2.0.0/data.json`;
      expect(await objectText(secondKey)).not.toBeNull();

      expect((await t.http.delete(release('STEP', first.id, { version: '2.0.0' })).set(auth(tokens.acmeUser))).status).toBe(404);
      const removed = await t.http.delete(release('STEP', first.id, { version: '2.0.0' })).set(auth(tokens.user));
      expect(removed.status).toBe(204);
      expect(await objectText(secondKey)).toBeNull();
      for (const table of ['package_release', 'package_release_data', 'package_status_details_system', 'package_dependency']) {
        const column = table === 'package_release' || table === 'package_release_data' ? 'revision_id' : 'package_release_revision_id';
        expect(await db.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [second.revisionId])).toEqual([]);
      }
      expect((await latestOf(first.id)).latest_revision_id).toBe(first.revisionId);
      expect((await t.http.delete(release('STEP', first.id, { version: '2.0.0' })).set(auth(tokens.user))).status).toBe(404);

      expect((await t.http.delete(release('STEP', first.id, { revisionId: first.revisionId })).set(auth(tokens.user))).status).toBe(204);
      expect(await db.query(`SELECT 1 FROM package WHERE id = $1`, [first.id])).toEqual([]);
      expect(await objectText(`${UPLOAD_FOLDER}/STEP/${first.id}/1.0.0/data.json`)).toBeNull();
    });

    it('keeps RELEASED releases with force=false; force is true when absent, true or 1 (spec 5)', async () => {
      const created = (await add(tokens.user, legacy({ statusDetailsRelease: { level: 'USER', status: 'RELEASED' } }))).body.packageRelease;
      const path = release('STEP', created.id, { version: '1.0.0' });
      for (const flag of ['false', '0', 'no']) {
        const kept = await t.http.delete(`${path}?force=${flag}`).set(auth(tokens.user));
        expect(kept.status).toBe(409);
        expect(kept.body.message).toBe(RegistryMessages.releasedNeedsForce(['USER']));
      }
      expect((await t.http.delete(path).set(auth(tokens.user))).status).toBe(204);

      const beta = (await add(tokens.user, legacy({ statusDetailsRelease: { level: 'USER', status: 'BETA' } }))).body.packageRelease;
      expect((await t.http.delete(`${release('STEP', beta.id, { version: '1.0.0' })}?force=false`).set(auth(tokens.user))).status).toBe(
        204,
      );
    });

    it('leaves ACCOUNT and PDE releases to whoever may set those levels', async () => {
      const created = (await add(tokens.user, legacy())).body.packageRelease;
      const path = release('STEP', created.id, { version: '1.0.0' });
      await level(tokens.super, path, 'PDE', 'BETA');
      const refused = await t.http.delete(path).set(auth(tokens.user));
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(RegistryMessages.deleteNeedsLevelRights(['PDE']));
      expect((await t.http.delete(path).set(auth(tokens.acmeAdmin))).status).toBe(403);
      expect((await t.http.delete(path).set(auth(tokens.super))).status).toBe(204);
    });
  });

  describe('archive and content', () => {
    it('answers a short-lived URL of the data file, counts the download, and hides others’ private releases', async () => {
      const body = legacy();
      const created = (await add(tokens.user, body)).body.packageRelease;
      const path = `${release('STEP', created.id, { version: '1.0.0' })}/archive`;
      const response = await t.http.get(path).set(auth(tokens.user));
      expect(response.status).toBe(200);
      expect(response.body.key).toBe(`${UPLOAD_FOLDER}/STEP/${created.id}/1.0.0/data.json`);
      const download = await fetch(response.body.url);
      expect(download.status).toBe(200);
      expect(await download.json()).toEqual(body.data);
      expect((await latestOf(created.id)).download_count).toBe('1');
      await t.http.get(path).set(auth(tokens.user));
      expect((await latestOf(created.id)).download_count).toBe('2');

      expect((await t.http.get(path).set(auth(tokens.acmeUser))).status).toBe(404);
      expect((await t.http.get(path).set(auth(tokens.admin))).status).toBe(404);
      expect((await latestOf(created.id)).download_count).toBe('2');
      expect((await t.http.get(`${release('STEP', created.id, { version: '9.9.9' })}/archive`).set(auth(tokens.user))).status).toBe(404);

      // The data file is rewritten from the row when the store lost it.
      await storage.delete(response.body.key);
      const again = await t.http.get(path).set(auth(tokens.user));
      expect(await (await fetch(again.body.url)).json()).toEqual(body.data);
    });

    it('serves release files at the content route for those who see the release', async () => {
      const body = legacy();
      const created = (await add(tokens.user, body)).body.packageRelease;
      const url = new URL(`${created.baseUrl}/data.json`);
      expect(url.pathname).toBe(`${LIB}/content/${UPLOAD_FOLDER}/STEP/${created.id}/1.0.0/data.json`);
      const file = await t.http.get(url.pathname).set(auth(tokens.user));
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toContain('application/json');
      expect(JSON.parse(file.text)).toEqual(body.data);
      // A playground release's baseUrl names its revision; both forms reach the same files.
      const byRevision = `${LIB}/content/${UPLOAD_FOLDER}/STEP/${created.id}/${created.revisionId}/data.json`;
      expect((await t.http.get(byRevision).set(auth(tokens.user))).status).toBe(200);
      expect((await t.http.get(url.pathname).set(auth(tokens.acmeUser))).status).toBe(404);
      expect((await t.http.get(url.pathname.replace(`/${UPLOAD_FOLDER}/`, '/elsewhere/')).set(auth(tokens.user))).status).toBe(404);
      expect((await t.http.get(url.pathname.replace('data.json', 'missing.js')).set(auth(tokens.user))).status).toBe(404);
      expect((await t.http.get(url.pathname)).status).toBe(401);
    });
  });

  describe('dependencies', () => {
    it('are listed by whoever sees the release and changed by whoever manages it', async () => {
      const created = (await add(tokens.user, legacy())).body.packageRelease;
      const path = `${release('STEP', created.id, { revisionId: created.revisionId })}/dependencies`;
      expect((await t.http.get(path).set(auth(tokens.user))).body).toEqual([]);
      const added = await t.http.post(path).set(auth(tokens.user)).send({ type: 'STEP', value: ' http-request@2.1.0 ' });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ type: 'STEP', value: 'http-request@2.1.0' });
      const chosenId = randomUUID();
      expect((await t.http.post(path).set(auth(tokens.user)).send({ type: 'STEP_INPUT', value: 'form', id: chosenId })).body.id).toBe(
        chosenId,
      );
      const replaced = await t.http.post(path).set(auth(tokens.user)).send({ type: 'STEP_INPUT', value: 'form-v2', id: chosenId });
      expect(replaced.body).toMatchObject({ id: chosenId, value: 'form-v2' });
      expect((await t.http.get(path).set(auth(tokens.user))).body.map((d: { value: string }) => d.value)).toEqual([
        'http-request@2.1.0',
        'form-v2',
      ]);

      const bad = await t.http.post(path).set(auth(tokens.user)).send({ type: 'WIDGET', value: 'x', extra: 1 });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('type: Invalid enum value');
      expect(bad.body.message).toContain("Unrecognized key(s) in object: 'extra'");
      expect((await t.http.get(path).set(auth(tokens.acmeUser))).status).toBe(404);
      expect((await t.http.post(path).set(auth(tokens.acmeUser)).send({ type: 'STEP', value: 'x' })).status).toBe(404);

      expect((await t.http.delete(`${path}/${added.body.id}`).set(auth(tokens.user))).status).toBe(204);
      const gone = await t.http.delete(`${path}/${added.body.id}`).set(auth(tokens.user));
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(RegistryMessages.dependencyNotFound);
      expect((await t.http.get(path).set(auth(tokens.user))).body).toHaveLength(1);

      // A released release is shared: others read its dependencies, but only its managers change them.
      await level(tokens.super, release('STEP', created.id, { revisionId: created.revisionId }), 'PDE', 'RELEASED');
      expect((await t.http.get(path).set(auth(tokens.acmeUser))).body).toHaveLength(1);
      expect((await t.http.post(path).set(auth(tokens.acmeUser)).send({ type: 'STEP', value: 'x' })).status).toBe(403);
    });
  });

  describe('EXTERNAL packages: upload, extraction run, release, download (the done-when scenario)', () => {
    const files = {
      'index.js': 'export default async function run(input) { return { exit: "next", data: input }; }\n',
      'form/form.html': '<form><input name="to"></form>\n',
      'icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    };

    it('publishes an EXTERNAL package end to end, and another account can neither fetch nor download it while private', async () => {
      // 1. add: the release and one upload signature per file, limited to the release's folder.
      // The publisher shares it with the account's ADMIN, who releases it to the account.
      const admin = await ownerOf(t.app, 'admin@library.test');
      const word = uniqueWord('digest');
      const body = external({ label: `Slack ${word}`, membersUserIds: [admin.userId] });
      const added = await add(tokens.user, body);
      expect(added.status).toBe(201);
      const { packageRelease, uploadSignature } = added.body;
      expect(packageRelease.statusDetailsSystem.status).toBe('PENDING');
      expect(packageRelease).toMatchObject({ schemaServingType: 'STATIC', schemaVersion: 'MULTI' });
      expect(packageRelease.data.files.map((f: { fileName: string }) => f.fileName)).toEqual(Object.keys(files));
      expect(uploadSignature.map((s: { fileName: string }) => s.fileName)).toEqual(Object.keys(files));
      for (const signature of uploadSignature) {
        expect(signature.fields.key).toBe(`${UPLOAD_FOLDER}/STEP/${body.id}/1.0.0/${signature.fileName}`);
        expect(signature.fields['Content-Type']).toBe(
          { 'index.js': 'application/javascript', 'form/form.html': 'text/html', 'icon.svg': 'image/svg+xml' }[
            signature.fileName as string
          ],
        );
      }
      const path = release('STEP', body.id, { revisionId: packageRelease.revisionId });
      expect((await t.http.get(`${release('STEP', body.id, { version: '1.0.0' })}/archive`).set(auth(tokens.user))).body.message).toBe(
        RegistryMessages.archiveNotReady,
      );

      // 2. upload through the signatures, 3. the extraction run.
      await upload(uploadSignature, files);
      const extraction = await t.http.post(`${path}/extract`).set(auth(tokens.user));
      expect(extraction.status).toBe(202);
      expect(extraction.body.packageRelease.statusDetailsSystem.status).toBe('EXTRACTING');
      const again = await t.http.post(`${path}/extract`).set(auth(tokens.user));
      expect(again.status).toBe(409);
      const run = await settled(tokens.user, extraction.body.runId);
      expect(run).toMatchObject({
        kind: 'release-extraction',
        state: 'succeeded',
        progress: 100,
        output: { status: 'UPLOADED', files: 3 },
      });

      // 4. UPLOADED, with the manifest as data.
      const view = (await level(tokens.user, path, 'USER', 'BETA')).body;
      expect(view.statusDetailsSystem).toMatchObject({ status: 'UPLOADED', error: null });
      expect(view.data).toMatchObject({
        files: Object.entries(files).map(([fileName, text]) => ({ fileName, size: Buffer.byteLength(text) })),
        totalBytes: Object.values(files).reduce((sum, text) => sum + Buffer.byteLength(text), 0),
        archive: 'archive.tar.gz',
      });
      const content = await t.http.get(new URL(`${view.baseUrl}/index.js`).pathname).set(auth(tokens.user));
      expect(content.status).toBe(200);
      expect(content.headers['content-type']).toContain('application/javascript');
      expect(content.text).toBe(files['index.js']);

      // 5. promote: ACCOUNT by the account's ADMIN; the other account still sees nothing.
      expect((await level(tokens.admin, path, 'ACCOUNT', 'RELEASED')).status).toBe(200);
      const archivePath = `${release('STEP', body.id, { version: '1.0.0' })}/archive`;
      for (const token of [tokens.acmeUser, tokens.acmeAdmin]) {
        expect((await t.http.get(archivePath).set(auth(token))).status).toBe(404);
        expect((await t.http.get(new URL(`${view.baseUrl}/index.js`).pathname).set(auth(token))).status).toBe(404);
        expect((await t.http.get(`${path}/dependencies`).set(auth(token))).status).toBe(404);
      }

      // 6. download the archive: a real tar.gz of the files.
      const archive = await t.http.get(archivePath).set(auth(tokens.admin));
      expect(archive.status).toBe(200);
      expect(archive.body.key).toBe(`${UPLOAD_FOLDER}/STEP/${body.id}/1.0.0/archive.tar.gz`);
      const bytes = Buffer.from(await (await fetch(archive.body.url)).arrayBuffer());
      const dir = mkdtempSync(join(tmpdir(), 'archive-'));
      try {
        writeFileSync(join(dir, 'a.tar.gz'), bytes);
        expect(
          execFileSync('tar', ['-tzf', join(dir, 'a.tar.gz')])
            .toString()
            .trim()
            .split('\n')
            .sort(),
        ).toEqual(Object.keys(files).sort());
        execFileSync('tar', ['-xzf', join(dir, 'a.tar.gz'), '-C', dir]);
        expect(execFileSync('cat', [join(dir, 'form/form.html')]).toString()).toBe(files['form/form.html']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      expect((await latestOf(body.id)).download_count).toBe('1');

      // 7. PDE by SUPER_ADMIN: now everyone may find it, even misspelled, and download it.
      const misspelled = `${word.slice(0, 8)}${word[9]}${word[8]}${word.slice(10)}`;
      const search = (token: string) => t.http.get(`${packages('STEP')}/search?text=${misspelled}`).set(auth(token));
      expect((await search(tokens.acmeUser)).body.entities).toEqual([]);
      expect((await level(tokens.super, path, 'PDE', 'RELEASED')).status).toBe(200);
      expect((await search(tokens.acmeUser)).body.entities.map((entity: { id: string }) => entity.id)).toEqual([body.id]);
      expect((await t.http.get(archivePath).set(auth(tokens.acmeUser))).status).toBe(200);
    });

    it('sends a release back to PENDING with the error when its files are missing or of the wrong type, and the run fails', async () => {
      const body = external();
      const { packageRelease, uploadSignature } = (await add(tokens.user, body)).body;
      const path = release('STEP', body.id, { version: '1.0.0' });
      await upload(uploadSignature, { 'index.js': files['index.js'], 'form/form.html': files['form/form.html'] });
      const extraction = await t.http.post(`${path}/system/EXTRACTING`).set(auth(tokens.user));
      expect(extraction.status).toBe(200);
      expect(extraction.body.statusDetailsSystem.status).toBe('EXTRACTING');
      const runId = (
        (await db.query(`SELECT id FROM run WHERE input->>'revisionId' = $1`, [packageRelease.revisionId])) as Array<{ id: string }>
      )[0].id;
      const failed = await settled(tokens.user, runId);
      expect(failed.state).toBe('failed');
      expect(failed.error).toBe(RegistryMessages.fileMissing('icon.svg'));
      const after = (await t.http.post(`${path}/system/TEST_ONLY`).set(auth(tokens.acmeUser))).status;
      expect(after).toBe(404);
      const view = await t.http.post(`${path}/release/level/USER/status/BETA`).set(auth(tokens.user));
      expect(view.status).toBe(409);
      const status = (await db.query(`SELECT status, error FROM package_status_details_system WHERE package_release_revision_id = $1`, [
        packageRelease.revisionId,
      ])) as Array<{ status: string; error: string }>;
      expect(status[0]).toEqual({ status: 'PENDING', error: RegistryMessages.fileMissing('icon.svg') });

      // A file uploaded as another type than its extension promises is refused too.
      const signature = uploadSignature.find((s: { fileName: string }) => s.fileName === 'icon.svg');
      await upload([{ ...signature, fields: { ...signature.fields, 'Content-Type': 'text/plain' } }], { 'icon.svg': files['icon.svg'] });
      const retry = await t.http.post(`${path}/extract`).set(auth(tokens.user));
      expect(retry.status).toBe(202);
      expect(retry.body.packageRelease.statusDetailsSystem).toMatchObject({ status: 'EXTRACTING', error: null });
      expect((await settled(tokens.user, retry.body.runId)).error).toBe(
        RegistryMessages.fileTypeMismatch('icon.svg', 'image/svg+xml', 'text/plain'),
      );

      // Fixed: the next extraction succeeds.
      await upload([signature], { 'icon.svg': files['icon.svg'] });
      const fixed = await t.http.post(`${path}/extract`).set(auth(tokens.user));
      expect((await settled(tokens.user, fixed.body.runId)).state).toBe('succeeded');
      const archive = await t.http.get(`${path}/archive`).set(auth(tokens.user));
      expect(archive.status).toBe(200);
    });
  });
});
