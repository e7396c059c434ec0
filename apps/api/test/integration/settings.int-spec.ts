import { FAVORITES_KEY, Messages } from '@library/contracts';
import { DataSource } from 'typeorm';
import { AccountEntity } from '../../src/modules/accounts/account.entity';
import { UserEntity } from '../../src/modules/accounts/user.entity';
import { createAccount, createUser } from './factories';
import { auth, startTestApp, TestApp } from './test-app';

const SDK = '/api/sdk';
const NO_SUCH_ID = '0b7e0c1e-6a0e-4c59-9d1f-6f3a9a1d0b00';
const BAD_KEY_MESSAGE = 'key: Setting key may hold letters, digits, dot, dash and underscore';
const EMPTY_FAVORITES = { bots: [], flows: [], steps: [], cards: [], views: [] };

describe('settings (sdk service)', () => {
  let t: TestApp;
  let superToken: string;
  let acmeAdminToken: string;
  let multiToken: string;

  beforeAll(async () => {
    t = await startTestApp();
    superToken = await t.signIn('super@library.test');
    acmeAdminToken = await t.signIn('admin@acme.test');
    multiToken = await t.signIn('multi@library.test');
  });
  afterAll(() => t.close());

  /** A fresh account with an ADMIN and two USERs, signed in. */
  async function freshAccount() {
    const account = await createAccount(t.app);
    const admin = await createUser(t.app, { accountId: account.id, role: 'ADMIN' });
    const user = await createUser(t.app, { accountId: account.id, role: 'USER' });
    const colleague = await createUser(t.app, { accountId: account.id, role: 'USER' });
    const [adminToken, userToken, colleagueToken] = await Promise.all([
      t.signIn(admin.email),
      t.signIn(user.email),
      t.signIn(colleague.email),
    ]);
    return { account, admin, user, colleague, adminToken, userToken, colleagueToken };
  }

  describe('account-level settings', () => {
    it('are written by an ADMIN of the account and read by any of its users', async () => {
      const { account, adminToken, userToken } = await freshAccount();
      const path = `${SDK}/accounts/${account.id}/account-settings`;
      const written = await t.http
        .post(`${path}/theme`)
        .set(auth(adminToken))
        .send({ value: { dark: true } });
      expect(written.status).toBe(200);
      expect(written.body).toEqual({ key: 'theme', value: { dark: true } });
      // Upsert: a second write replaces the value.
      expect(
        (
          await t.http
            .post(`${path}/theme`)
            .set(auth(adminToken))
            .send({ value: { dark: false } })
        ).body.value,
      ).toEqual({ dark: false });
      await t.http.post(`${path}/locale`).set(auth(adminToken)).send({ value: 'en' });
      await t.http.post(`${path}/nothing`).set(auth(adminToken)).send({ value: null });

      expect((await t.http.get(`${path}/theme`).set(auth(userToken))).body).toEqual({ key: 'theme', value: { dark: false } });
      expect((await t.http.get(`${path}/nothing`).set(auth(userToken))).body).toEqual({ key: 'nothing', value: null });
      expect((await t.http.get(path).set(auth(userToken))).body).toEqual({ locale: 'en', nothing: null, theme: { dark: false } });
      // The shorter forms name the caller's own account.
      expect((await t.http.get(`${SDK}/account-settings`).set(auth(userToken))).body).toEqual({
        locale: 'en',
        nothing: null,
        theme: { dark: false },
      });
      expect((await t.http.get(`${SDK}/account-settings/locale`).set(auth(userToken))).body).toEqual({ key: 'locale', value: 'en' });
      expect((await t.http.post(`${SDK}/account-settings/locale`).set(auth(adminToken)).send({ value: 'de' })).body.value).toBe('de');
      expect((await t.http.get(`${path}/locale`).set(auth(adminToken))).body.value).toBe('de');

      expect((await t.http.delete(`${SDK}/account-settings/locale`).set(auth(adminToken))).status).toBe(204);
      expect((await t.http.delete(`${path}/theme`).set(auth(adminToken))).status).toBe(204);
      // Deleting what is gone is not an error.
      expect((await t.http.delete(`${path}/theme`).set(auth(adminToken))).status).toBe(204);
      expect((await t.http.get(path).set(auth(adminToken))).body).toEqual({ nothing: null });
      const missing = await t.http.get(`${path}/theme`).set(auth(userToken));
      expect(missing.body).toEqual({ statusCode: 404, error: 'Not Found', message: Messages.settingNotFound });
    });

    it('are not written by a USER, and are hidden from other accounts', async () => {
      const { account, userToken } = await freshAccount();
      const path = `${SDK}/accounts/${account.id}/account-settings`;
      expect((await t.http.post(`${path}/theme`).set(auth(userToken)).send({ value: 1 })).body).toMatchObject({
        statusCode: 403,
        message: Messages.forbidden,
      });
      expect((await t.http.post(`${SDK}/account-settings/theme`).set(auth(userToken)).send({ value: 1 })).status).toBe(403);
      expect((await t.http.delete(`${SDK}/account-settings/theme`).set(auth(userToken))).status).toBe(403);
      expect((await t.http.delete(`${path}/theme`).set(auth(userToken))).status).toBe(403);

      await t.http.post(`${path}/theme`).set(auth(superToken)).send({ value: 'by-super' });
      expect((await t.http.get(`${path}/theme`).set(auth(superToken))).body.value).toBe('by-super');
      for (const request of [
        t.http.get(`${path}/theme`).set(auth(acmeAdminToken)),
        t.http.get(path).set(auth(acmeAdminToken)),
        t.http.post(`${path}/theme`).set(auth(acmeAdminToken)).send({ value: 1 }),
        t.http.delete(`${path}/theme`).set(auth(acmeAdminToken)),
        t.http.get(`${SDK}/accounts/${NO_SUCH_ID}/account-settings`).set(auth(superToken)),
      ]) {
        expect((await request).body).toMatchObject({ statusCode: 404, message: Messages.accountNotFound });
      }
      expect((await t.http.get(`${path}/theme`).set(auth(superToken))).body.value).toBe('by-super');
    });

    it("answers bad keys, bodies and ids with zod's messages", async () => {
      const { account, adminToken } = await freshAccount();
      const path = `${SDK}/accounts/${account.id}/account-settings`;
      expect((await t.http.get(`${path}/bad%20key`).set(auth(adminToken))).body).toMatchObject({
        statusCode: 400,
        message: BAD_KEY_MESSAGE,
      });
      expect(
        (
          await t.http
            .post(`${SDK}/account-settings/${'k'.repeat(101)}`)
            .set(auth(adminToken))
            .send({ value: 1 })
        ).body.message,
      ).toBe('key: String must contain at most 100 character(s)');
      expect((await t.http.post(`${path}/ok`).set(auth(adminToken)).send({})).body).toMatchObject({
        statusCode: 400,
        message: 'value: Required',
      });
      expect((await t.http.post(`${path}/ok`).set(auth(adminToken)).send({ value: 1, extra: 2 })).body.message).toBe(
        "Unrecognized key(s) in object: 'extra'",
      );
      expect((await t.http.get(`${SDK}/accounts/nope/account-settings`).set(auth(adminToken))).body.message).toBe(
        'accountId: Invalid uuid',
      );
      expect((await t.http.get(`${SDK}/account-settings`).set(auth(multiToken))).body).toMatchObject({
        statusCode: 403,
        message: Messages.userOnly,
      });
    });
  });

  describe('user-level settings', () => {
    it('belong to the user, its account ADMIN and SUPER_ADMIN, in every form', async () => {
      const { account, user, adminToken, userToken } = await freshAccount();
      const full = `${SDK}/accounts/${account.id}/users/${user.id}/user-settings`;
      const short = `${SDK}/users/${user.id}/user-settings`;

      expect((await t.http.post(`${SDK}/user-settings/layout`).set(auth(userToken)).send({ value: 'grid' })).body).toEqual({
        key: 'layout',
        value: 'grid',
      });
      expect((await t.http.get(`${SDK}/user-settings/layout`).set(auth(userToken))).body).toEqual({ key: 'layout', value: 'grid' });
      expect((await t.http.get(`${full}/layout`).set(auth(adminToken))).body.value).toBe('grid');
      expect((await t.http.get(`${short}/layout`).set(auth(superToken))).body.value).toBe('grid');

      expect((await t.http.post(`${full}/pageSize`).set(auth(adminToken)).send({ value: 50 })).body.value).toBe(50);
      expect(
        (
          await t.http
            .post(`${short}/pinned`)
            .set(auth(superToken))
            .send({ value: ['a', 'b'] })
        ).body.value,
      ).toEqual(['a', 'b']);
      const all = { layout: 'grid', pageSize: 50, pinned: ['a', 'b'] };
      expect((await t.http.get(`${SDK}/user-settings`).set(auth(userToken))).body).toEqual(all);
      expect((await t.http.get(full).set(auth(adminToken))).body).toEqual(all);
      expect((await t.http.get(short).set(auth(userToken))).body).toEqual(all);

      expect((await t.http.delete(`${SDK}/user-settings/layout`).set(auth(userToken))).status).toBe(204);
      expect((await t.http.delete(`${full}/pageSize`).set(auth(adminToken))).status).toBe(204);
      expect((await t.http.delete(`${short}/pinned`).set(auth(superToken))).status).toBe(204);
      expect((await t.http.get(`${SDK}/user-settings`).set(auth(userToken))).body).toEqual({});
      expect((await t.http.get(`${short}/layout`).set(auth(userToken))).body).toMatchObject({
        statusCode: 404,
        message: Messages.settingNotFound,
      });

      // User-level and account-level keys do not collide.
      await t.http.post(`${SDK}/account-settings/layout`).set(auth(adminToken)).send({ value: 'list' });
      await t.http.post(`${SDK}/user-settings/layout`).set(auth(adminToken)).send({ value: 'admin-own' });
      expect((await t.http.get(`${SDK}/account-settings/layout`).set(auth(userToken))).body.value).toBe('list');
      expect((await t.http.get(`${SDK}/user-settings/layout`).set(auth(userToken))).status).toBe(404);
      expect((await t.http.get(`${SDK}/user-settings/layout`).set(auth(adminToken))).body.value).toBe('admin-own');
    });

    it("are another USER's business only through an ADMIN; other accounts' users are not found", async () => {
      const { account, user, userToken, colleague, colleagueToken } = await freshAccount();
      await t.http.post(`${SDK}/user-settings/secret`).set(auth(userToken)).send({ value: 's' });
      const full = `${SDK}/accounts/${account.id}/users/${user.id}/user-settings`;
      for (const request of [
        t.http.get(`${full}/secret`).set(auth(colleagueToken)),
        t.http.get(full).set(auth(colleagueToken)),
        t.http.post(`${SDK}/users/${user.id}/user-settings/secret`).set(auth(colleagueToken)).send({ value: 'x' }),
        t.http.delete(`${SDK}/users/${user.id}/user-settings/secret`).set(auth(colleagueToken)),
        t.http.get(`${SDK}/users/${user.id}/settings`).set(auth(colleagueToken)),
      ]) {
        expect((await request).body).toMatchObject({ statusCode: 403, message: Messages.forbidden });
      }
      for (const request of [
        t.http.get(`${full}/secret`).set(auth(acmeAdminToken)),
        t.http.get(`${SDK}/users/${user.id}/user-settings`).set(auth(acmeAdminToken)),
        t.http.post(`${full}/secret`).set(auth(acmeAdminToken)).send({ value: 'x' }),
        t.http.get(`${SDK}/accounts/${account.id}/users/${user.id}/settings`).set(auth(acmeAdminToken)),
        t.http.get(`${SDK}/users/${NO_SUCH_ID}/user-settings`).set(auth(superToken)),
      ]) {
        expect((await request).status).toBe(404);
      }
      // The user exists, but not in the account named.
      const acme = await t.app.get(DataSource).getRepository(AccountEntity).findOneByOrFail({ name: 'acme' });
      expect((await t.http.get(`${SDK}/accounts/${acme.id}/users/${user.id}/user-settings`).set(auth(superToken))).body).toMatchObject({
        statusCode: 404,
        message: Messages.userNotFound,
      });
      expect(
        (await t.http.get(`${SDK}/accounts/${account.id}/users/${colleague.id}/user-settings/secret`).set(auth(colleagueToken))).status,
      ).toBe(404);
      expect((await t.http.get(`${full}/secret`).set(auth(userToken))).body.value).toBe('s');
      expect((await t.http.get(`${SDK}/users/nope/user-settings`).set(auth(userToken))).body.message).toBe('userId: Invalid uuid');
    });

    it('go with their user', async () => {
      const { user, userToken, adminToken, account } = await freshAccount();
      await t.http.post(`${SDK}/user-settings/k`).set(auth(userToken)).send({ value: 1 });
      expect((await t.http.delete(`${SDK}/accounts/${account.id}/users/${user.id}`).set(auth(adminToken))).status).toBe(204);
      expect((await t.http.get(`${SDK}/users/${user.id}/user-settings`).set(auth(adminToken))).status).toBe(404);
    });
  });

  describe('merged settings', () => {
    it("lay the user's values over its account's", async () => {
      const { account, user, adminToken, userToken, colleagueToken } = await freshAccount();
      await t.http.post(`${SDK}/account-settings/theme`).set(auth(adminToken)).send({ value: 'light' });
      await t.http.post(`${SDK}/account-settings/locale`).set(auth(adminToken)).send({ value: 'en' });
      await t.http.post(`${SDK}/user-settings/theme`).set(auth(userToken)).send({ value: 'dark' });
      await t.http.post(`${SDK}/user-settings/zoom`).set(auth(userToken)).send({ value: 1.5 });

      expect((await t.http.get(`${SDK}/settings/theme`).set(auth(userToken))).body).toEqual({ key: 'theme', value: 'dark' });
      expect((await t.http.get(`${SDK}/settings/theme`).set(auth(colleagueToken))).body).toEqual({ key: 'theme', value: 'light' });
      expect((await t.http.get(`${SDK}/settings/locale`).set(auth(userToken))).body.value).toBe('en');
      expect((await t.http.get(`${SDK}/settings/zoom`).set(auth(userToken))).body.value).toBe(1.5);
      expect((await t.http.get(`${SDK}/settings/nope`).set(auth(userToken))).body).toMatchObject({
        statusCode: 404,
        message: Messages.settingNotFound,
      });

      const merged = { locale: 'en', theme: 'dark', zoom: 1.5 };
      expect((await t.http.get(`${SDK}/settings`).set(auth(userToken))).body).toEqual(merged);
      expect((await t.http.get(`${SDK}/accounts/${account.id}/users/${user.id}/settings`).set(auth(adminToken))).body).toEqual(merged);
      expect((await t.http.get(`${SDK}/users/${user.id}/settings`).set(auth(superToken))).body).toEqual(merged);
      expect((await t.http.get(`${SDK}/accounts/${account.id}/users/${user.id}/settings/theme`).set(auth(adminToken))).body.value).toBe(
        'dark',
      );
      expect((await t.http.get(`${SDK}/users/${user.id}/settings/locale`).set(auth(userToken))).body.value).toBe('en');
      expect((await t.http.get(`${SDK}/settings`).set(auth(colleagueToken))).body).toEqual({ locale: 'en', theme: 'light' });
      expect((await t.http.get(`${SDK}/settings/bad!`).set(auth(userToken))).body.message).toBe(BAD_KEY_MESSAGE);
    });
  });

  describe('role settings', () => {
    it('are account-level for ADMIN and SUPER_ADMIN, user-level for USER', async () => {
      const { account, adminToken, userToken, colleagueToken } = await freshAccount();
      expect((await t.http.post(`${SDK}/role-settings/view`).set(auth(adminToken)).send({ value: 'admin-view' })).body).toEqual({
        key: 'view',
        value: 'admin-view',
      });
      expect((await t.http.get(`${SDK}/account-settings/view`).set(auth(userToken))).body.value).toBe('admin-view');
      expect((await t.http.post(`${SDK}/role-settings/view`).set(auth(userToken)).send({ value: 'user-view' })).body.value).toBe(
        'user-view',
      );
      expect((await t.http.get(`${SDK}/user-settings/view`).set(auth(userToken))).body.value).toBe('user-view');
      expect((await t.http.get(`${SDK}/account-settings/view`).set(auth(userToken))).body.value).toBe('admin-view');

      expect((await t.http.get(`${SDK}/role-settings/view`).set(auth(adminToken))).body.value).toBe('admin-view');
      expect((await t.http.get(`${SDK}/role-settings/view`).set(auth(userToken))).body.value).toBe('user-view');
      expect((await t.http.get(`${SDK}/role-settings/view`).set(auth(colleagueToken))).body).toMatchObject({
        statusCode: 404,
        message: Messages.settingNotFound,
      });
      expect((await t.http.get(`${SDK}/role-settings`).set(auth(userToken))).body).toEqual({ view: 'user-view' });
      expect((await t.http.get(`${SDK}/role-settings`).set(auth(adminToken))).body).toEqual({ view: 'admin-view' });

      const superAdmin = await createUser(t.app, { accountId: account.id, role: 'SUPER_ADMIN' });
      const ownSuperToken = await t.signIn(superAdmin.email);
      expect((await t.http.get(`${SDK}/role-settings/view`).set(auth(ownSuperToken))).body.value).toBe('admin-view');

      expect((await t.http.delete(`${SDK}/role-settings/view`).set(auth(userToken))).status).toBe(204);
      expect((await t.http.get(`${SDK}/role-settings/view`).set(auth(userToken))).status).toBe(404);
      expect((await t.http.get(`${SDK}/role-settings/view`).set(auth(adminToken))).status).toBe(200);
      expect((await t.http.get(`${SDK}/role-settings/bad key`).set(auth(userToken))).body.message).toBe(BAD_KEY_MESSAGE);
      expect((await t.http.post(`${SDK}/role-settings/view`).set(auth(userToken)).send({})).body.message).toBe('value: Required');
    });

    it("refuses any other role with exactly 'Role is not valid'", async () => {
      for (const request of [
        t.http.get(`${SDK}/role-settings`).set(auth(multiToken)),
        t.http.get(`${SDK}/role-settings/view`).set(auth(multiToken)),
        t.http.post(`${SDK}/role-settings/view`).set(auth(multiToken)).send({ value: 1 }),
        t.http.delete(`${SDK}/role-settings/view`).set(auth(multiToken)),
        t.http.get(`${SDK}/favorites`).set(auth(multiToken)),
        t.http.put(`${SDK}/favorites/bots/b1`).set(auth(multiToken)),
        t.http.delete(`${SDK}/favorites/bots/b1`).set(auth(multiToken)),
      ]) {
        expect((await request).body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Role is not valid' });
      }
      expect(Messages.roleNotValid).toBe('Role is not valid');
      expect((await t.http.get(`${SDK}/role-settings`)).status).toBe(401);
    });
  });

  describe('favourites', () => {
    it('are empty by default, appended, idempotent, and removed', async () => {
      const { userToken, colleagueToken } = await freshAccount();
      expect((await t.http.get(`${SDK}/favorites`).set(auth(userToken))).body).toEqual(EMPTY_FAVORITES);
      expect((await t.http.put(`${SDK}/favorites/flows/f1`).set(auth(userToken))).body).toEqual({ ...EMPTY_FAVORITES, flows: ['f1'] });
      await t.http.put(`${SDK}/favorites/flows/f2`).set(auth(userToken));
      await t.http.put(`${SDK}/favorites/steps/s1`).set(auth(userToken));
      const again = await t.http.put(`${SDK}/favorites/flows/f1`).set(auth(userToken));
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ ...EMPTY_FAVORITES, flows: ['f1', 'f2'], steps: ['s1'] });
      expect((await t.http.get(`${SDK}/favorites`).set(auth(userToken))).body).toEqual(again.body);
      // Kept in the caller's role settings under FAVORITES_KEY.
      expect((await t.http.get(`${SDK}/role-settings/${FAVORITES_KEY}`).set(auth(userToken))).body.value).toEqual({
        flows: ['f1', 'f2'],
        steps: ['s1'],
      });
      expect((await t.http.get(`${SDK}/favorites`).set(auth(colleagueToken))).body).toEqual(EMPTY_FAVORITES);

      expect((await t.http.delete(`${SDK}/favorites/flows/f1`).set(auth(userToken))).body).toEqual({
        ...EMPTY_FAVORITES,
        flows: ['f2'],
        steps: ['s1'],
      });
      expect((await t.http.delete(`${SDK}/favorites/flows/f1`).set(auth(userToken))).body).toEqual({
        ...EMPTY_FAVORITES,
        flows: ['f2'],
        steps: ['s1'],
      });
      expect((await t.http.delete(`${SDK}/favorites/cards/c9`).set(auth(userToken))).body).toEqual({
        ...EMPTY_FAVORITES,
        flows: ['f2'],
        steps: ['s1'],
      });
      expect((await t.http.delete(`${SDK}/favorites/views/v1`).set(auth(colleagueToken))).body).toEqual(EMPTY_FAVORITES);
    });

    it("are shared by an account's administrators (account-level role settings)", async () => {
      const { account, adminToken, userToken } = await freshAccount();
      const otherAdmin = await createUser(t.app, { accountId: account.id, role: 'ADMIN' });
      await t.http.put(`${SDK}/favorites/bots/b1`).set(auth(adminToken));
      expect((await t.http.get(`${SDK}/favorites`).set(auth(await t.signIn(otherAdmin.email)))).body.bots).toEqual(['b1']);
      expect((await t.http.get(`${SDK}/favorites`).set(auth(userToken))).body.bots).toEqual([]);
    });

    it('survive malformed stored values', async () => {
      const { userToken } = await freshAccount();
      await t.http.post(`${SDK}/role-settings/${FAVORITES_KEY}`).set(auth(userToken)).send({ value: 'junk' });
      expect((await t.http.get(`${SDK}/favorites`).set(auth(userToken))).body).toEqual(EMPTY_FAVORITES);
      expect((await t.http.put(`${SDK}/favorites/cards/c1`).set(auth(userToken))).body).toEqual({ ...EMPTY_FAVORITES, cards: ['c1'] });
      await t.http
        .post(`${SDK}/role-settings/${FAVORITES_KEY}`)
        .set(auth(userToken))
        .send({ value: { cards: 'c1', views: ['v1', 7] } });
      expect((await t.http.put(`${SDK}/favorites/cards/c2`).set(auth(userToken))).body).toEqual({
        ...EMPTY_FAVORITES,
        cards: ['c2'],
        views: ['v1'],
      });
      expect((await t.http.delete(`${SDK}/favorites/views/v1`).set(auth(userToken))).body).toEqual({ ...EMPTY_FAVORITES, cards: ['c2'] });
    });

    it('do not lose concurrent changes', async () => {
      const { userToken, adminToken } = await freshAccount();
      const ids = Array.from({ length: 20 }, (_, i) => `bot-${i}`);
      const added = await Promise.all(ids.map((id) => t.http.put(`${SDK}/favorites/bots/${id}`).set(auth(userToken))));
      expect(added.every((response) => response.status === 200)).toBe(true);
      const after = await t.http.get(`${SDK}/favorites`).set(auth(userToken));
      expect(after.body.bots).toHaveLength(20);
      expect([...after.body.bots].sort()).toEqual([...ids].sort());

      // Concurrent removes of half and adds of others, across kinds.
      await Promise.all([
        ...ids.slice(0, 10).map((id) => t.http.delete(`${SDK}/favorites/bots/${id}`).set(auth(userToken))),
        ...ids.map((id) => t.http.put(`${SDK}/favorites/views/${id}`).set(auth(userToken))),
        ...ids.map((id) => t.http.put(`${SDK}/favorites/views/${id}`).set(auth(userToken))),
      ]);
      const mixed = await t.http.get(`${SDK}/favorites`).set(auth(userToken));
      expect([...mixed.body.bots].sort()).toEqual([...ids.slice(10)].sort());
      expect([...mixed.body.views].sort()).toEqual([...ids].sort());

      // Account-level (an ADMIN's) too, with the row created by the race itself.
      await Promise.all(ids.map((id) => t.http.put(`${SDK}/favorites/flows/${id}`).set(auth(adminToken))));
      expect((await t.http.get(`${SDK}/favorites`).set(auth(adminToken))).body.flows).toHaveLength(20);
    });

    it("answers a bad kind or id with zod's messages", async () => {
      const { userToken } = await freshAccount();
      const badKind = await t.http.put(`${SDK}/favorites/agents/a1`).set(auth(userToken));
      expect(badKind.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: "kind: Invalid enum value. Expected 'bots' | 'flows' | 'steps' | 'cards' | 'views', received 'agents'",
        issues: [expect.objectContaining({ path: ['kind'], code: 'invalid_enum_value' })],
      });
      expect((await t.http.delete(`${SDK}/favorites/agents/a1`).set(auth(userToken))).status).toBe(400);
      expect((await t.http.put(`${SDK}/favorites/bots/${'x'.repeat(201)}`).set(auth(userToken))).body.message).toBe(
        'id: String must contain at most 200 character(s)',
      );
      expect((await t.http.put(`${SDK}/favorites/bots/%20`).set(auth(userToken))).body.message).toBe(
        'id: String must contain at least 1 character(s)',
      );
    });
  });

  it('keeps settings when a user is disabled, and drops them with the account', async () => {
    const { account, user, userToken } = await freshAccount();
    await t.http.post(`${SDK}/user-settings/k`).set(auth(userToken)).send({ value: 1 });
    await t.app.get(DataSource).getRepository(UserEntity).update({ id: user.id }, { enabled: false });
    expect((await t.http.get(`${SDK}/users/${user.id}/user-settings/k`).set(auth(superToken))).body.value).toBe(1);
    await t.app.get(DataSource).getRepository(AccountEntity).delete({ id: account.id });
    expect((await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM "setting" WHERE "account_id" = $1`, [account.id]))[0].n).toBe(
      0,
    );
  });
});
