import { Messages, PasswordMessages, User } from '@library/contracts';
import { DataSource } from 'typeorm';
import { AccountEntity } from '../../src/modules/accounts/account.entity';
import { UserEntity } from '../../src/modules/accounts/user.entity';
import { DEMO_PASSWORD } from '../../src/seed/demo-users';
import { createAccount, createUser } from './factories';
import { auth, startTestApp, TestApp, uniqueEmail } from './test-app';

const SDK = '/api/sdk';
const SIGN_IN = `${SDK}/auth/token`;
const NO_SUCH_ID = '0b7e0c1e-6a0e-4c59-9d1f-6f3a9a1d0b00';
const WEAK = 'short';
const WEAK_MESSAGES = [PasswordMessages.min, PasswordMessages.digit, PasswordMessages.uppercase, PasswordMessages.special];
const messagesOf = (body: { issues?: Array<{ message: string }> }) => (body.issues ?? []).map((issue) => issue.message);

describe('accounts and users (sdk service)', () => {
  let t: TestApp;
  let demo: AccountEntity;
  let acme: AccountEntity;
  const tokens: Record<'superAdmin' | 'demoAdmin' | 'demoUser' | 'acmeAdmin' | 'acmeUser' | 'multi', string> = {} as never;
  const userNamed = (email: string) => t.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ email });

  beforeAll(async () => {
    t = await startTestApp();
    const accounts = t.app.get(DataSource).getRepository(AccountEntity);
    demo = await accounts.findOneByOrFail({ name: 'demo' });
    acme = await accounts.findOneByOrFail({ name: 'acme' });
    tokens.superAdmin = await t.signIn('super@library.test');
    tokens.demoAdmin = await t.signIn('admin@library.test');
    tokens.demoUser = await t.signIn('user@library.test');
    tokens.acmeAdmin = await t.signIn('admin@acme.test');
    tokens.acmeUser = await t.signIn('user@acme.test');
    tokens.multi = await t.signIn('multi@library.test');
  });
  afterAll(() => t.close());

  /** A fresh account with an ADMIN and a USER (signed in), for tests that change things. */
  async function freshAccount() {
    const account = await createAccount(t.app);
    const admin = await createUser(t.app, { accountId: account.id, role: 'ADMIN' });
    const user = await createUser(t.app, { accountId: account.id, role: 'USER' });
    return { account, admin, user, adminToken: await t.signIn(admin.email), userToken: await t.signIn(user.email) };
  }

  it('documents its routes in OpenAPI, with parameters, bodies and responses', async () => {
    const document = (await t.http.get('/api/docs/openapi.json')).body;
    const operation = document.paths['/api/sdk/accounts/{id}/users/{userId}'].patch;
    expect(operation.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`).sort()).toEqual([
      'path:id',
      'path:userId',
    ]);
    expect(operation.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
    expect(operation.responses['200'].content['application/json'].schema.properties).toHaveProperty('email');
    expect(document.paths['/api/sdk/users'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['from', 'size', 'orderDirection', 'orderProperty', 'query']),
    );
    for (const path of [
      '/api/sdk/accounts',
      '/api/sdk/account',
      '/api/sdk/accounts/{id}/idw-data',
      '/api/sdk/users/advanced',
      '/api/sdk/multi-users/accounts',
      '/api/sdk/accounts/{id}/multi-user/attach-start',
      '/api/sdk/accounts/{accountId}/users/{userId}/settings/{key}',
      '/api/sdk/favorites/{kind}/{id}',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
  });

  describe('GET /accounts', () => {
    it('lists every account for SUPER_ADMIN, ordered by name', async () => {
      const all = await t.http.get(`${SDK}/accounts?size=200`).set(auth(tokens.superAdmin));
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ from: 0, size: 200 });
      expect(all.body.items.length).toBe(Math.min(all.body.total, 200));
      const names = all.body.items.map((account: { name: string }) => account.name);
      expect(names).toEqual(expect.arrayContaining(['acme', 'demo']));
      expect(names).toEqual([...names].sort());
      expect(all.body.items.find((account: { name: string }) => account.name === 'demo')).toEqual({
        id: demo.id,
        name: 'demo',
        label: 'Demo',
        enabled: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const searched = await t.http.get(`${SDK}/accounts?query=ACME%20c`).set(auth(tokens.superAdmin));
      expect(searched.body.items.map((account: { name: string }) => account.name)).toEqual(['acme']);
    });

    it('pages with from and size, and searches name and label', async () => {
      const prefix = `page-${Date.now().toString(36)}`;
      for (const suffix of ['c', 'a', 'b']) await createAccount(t.app, `${prefix}-${suffix}`);
      const page = await t.http.get(`${SDK}/accounts?query=${prefix}&from=1&size=1`).set(auth(tokens.superAdmin));
      expect(page.body).toMatchObject({ total: 3, from: 1, size: 1 });
      expect(page.body.items.map((account: { name: string }) => account.name)).toEqual([`${prefix}-b`]);
      const counted = await t.http.get(`${SDK}/accounts?query=${prefix}&size=0`).set(auth(tokens.superAdmin));
      expect(counted.body).toMatchObject({ items: [], total: 3 });
      // Not numeric: the defaults (from 0, size 20).
      expect((await t.http.get(`${SDK}/accounts?query=${prefix}&from=x&size=y`).set(auth(tokens.superAdmin))).body).toMatchObject({
        from: 0,
        size: 20,
        total: 3,
      });
    });

    it('is for SUPER_ADMIN only, and refuses multi-user tokens', async () => {
      for (const token of [tokens.demoAdmin, tokens.demoUser, tokens.acmeAdmin]) {
        expect((await t.http.get(`${SDK}/accounts`).set(auth(token))).body).toMatchObject({ statusCode: 403, message: Messages.forbidden });
      }
      expect((await t.http.get(`${SDK}/accounts`).set(auth(tokens.multi))).body).toMatchObject({
        statusCode: 403,
        message: Messages.userOnly,
      });
      expect((await t.http.get(`${SDK}/accounts`)).status).toBe(401);
    });
  });

  describe('GET /accounts/{id}, /account, /accounts/{id}/account-data', () => {
    it('shows SUPER_ADMIN any account and others their own; another account is not found', async () => {
      expect((await t.http.get(`${SDK}/accounts/${acme.id}`).set(auth(tokens.superAdmin))).body).toMatchObject({
        id: acme.id,
        name: 'acme',
      });
      expect((await t.http.get(`${SDK}/accounts/${demo.id}`).set(auth(tokens.demoUser))).body).toMatchObject({ id: demo.id, name: 'demo' });
      expect((await t.http.get(`${SDK}/accounts/${acme.id}`).set(auth(tokens.acmeAdmin))).body.name).toBe('acme');
      const hidden = await t.http.get(`${SDK}/accounts/${demo.id}`).set(auth(tokens.acmeAdmin));
      const missing = await t.http.get(`${SDK}/accounts/${NO_SUCH_ID}`).set(auth(tokens.acmeAdmin));
      expect(hidden.body).toEqual({ statusCode: 404, error: 'Not Found', message: Messages.accountNotFound });
      expect(missing.body).toEqual(hidden.body);
      expect((await t.http.get(`${SDK}/accounts/${NO_SUCH_ID}`).set(auth(tokens.superAdmin))).status).toBe(404);
      const bad = await t.http.get(`${SDK}/accounts/not-a-uuid`).set(auth(tokens.superAdmin));
      expect(bad.body).toMatchObject({ statusCode: 400, message: 'id: Invalid uuid' });
    });

    it("gives the caller's own account at /account", async () => {
      expect((await t.http.get(`${SDK}/account`).set(auth(tokens.acmeUser))).body).toMatchObject({
        id: acme.id,
        name: 'acme',
        label: 'Acme Corp',
      });
      expect((await t.http.get(`${SDK}/account`).set(auth(tokens.superAdmin))).body.id).toBe(demo.id);
      expect((await t.http.get(`${SDK}/account`).set(auth(tokens.multi))).status).toBe(403);
    });

    it('gives account data to its users and SUPER_ADMIN', async () => {
      const { account, userToken } = await freshAccount();
      await t.app
        .get(DataSource)
        .getRepository(AccountEntity)
        .update({ id: account.id }, { accountData: { plan: 'gold' } });
      expect((await t.http.get(`${SDK}/accounts/${account.id}/account-data`).set(auth(userToken))).body).toEqual({ plan: 'gold' });
      expect((await t.http.get(`${SDK}/accounts/${account.id}/account-data`).set(auth(tokens.superAdmin))).body).toEqual({ plan: 'gold' });
      expect((await t.http.get(`${SDK}/accounts/${account.id}/account-data`).set(auth(tokens.demoAdmin))).status).toBe(404);
      expect((await t.http.get(`${SDK}/accounts/${demo.id}/account-data`).set(auth(userToken))).status).toBe(404);
    });
  });

  describe('idw-data', () => {
    it('is read and shallow-merged by SUPER_ADMIN only', async () => {
      const { account, adminToken } = await freshAccount();
      const path = `${SDK}/accounts/${account.id}/idw-data`;
      expect((await t.http.get(path).set(auth(tokens.superAdmin))).body).toEqual({});
      const first = await t.http
        .patch(path)
        .set(auth(tokens.superAdmin))
        .send({ region: 'eu', limits: { flows: 10 } });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ region: 'eu', limits: { flows: 10 } });
      const second = await t.http
        .patch(path)
        .set(auth(tokens.superAdmin))
        .send({ limits: { bots: 2 }, tier: null });
      // Shallow: a top-level key is replaced as a whole.
      expect(second.body).toEqual({ region: 'eu', limits: { bots: 2 }, tier: null });
      expect((await t.http.get(path).set(auth(tokens.superAdmin))).body).toEqual(second.body);

      expect((await t.http.get(path).set(auth(adminToken))).status).toBe(403);
      expect((await t.http.patch(path).set(auth(adminToken)).send({ region: 'us' })).status).toBe(403);
      expect((await t.http.get(`${SDK}/accounts/${NO_SUCH_ID}/idw-data`).set(auth(tokens.superAdmin))).status).toBe(404);
      expect((await t.http.patch(`${SDK}/accounts/${NO_SUCH_ID}/idw-data`).set(auth(tokens.superAdmin)).send({ a: 1 })).status).toBe(404);
      const notObject = await t.http.patch(path).set(auth(tokens.superAdmin)).send([1, 2]);
      expect(notObject.body).toMatchObject({ statusCode: 400, message: 'Expected object, received array' });
    });

    it('keeps concurrent patches', async () => {
      const account = await createAccount(t.app);
      const path = `${SDK}/accounts/${account.id}/idw-data`;
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          t.http
            .patch(path)
            .set(auth(tokens.superAdmin))
            .send({ [`k${i}`]: i }),
        ),
      );
      expect(Object.keys((await t.http.get(path).set(auth(tokens.superAdmin))).body)).toHaveLength(10);
    });
  });

  describe('POST /accounts', () => {
    it('creates an account with its first ADMIN, who can sign in and manage it', async () => {
      const name = `new-${Date.now().toString(36)}`;
      const email = uniqueEmail('first-admin');
      const created = await t.http
        .post(`${SDK}/accounts`)
        .set(auth(tokens.superAdmin))
        .send({
          name: ` ${name.toUpperCase()} `,
          label: 'New one',
          accountData: { plan: 'trial' },
          admin: { email, password: 'First-admin-1' },
        });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name, label: 'New one', enabled: true });
      const adminToken = await t.signIn(email, 'First-admin-1');
      expect((await t.http.get(`${SDK}/account`).set(auth(adminToken))).body.id).toBe(created.body.id);
      expect((await t.http.get(`${SDK}/accounts/${created.body.id}/account-data`).set(auth(adminToken))).body).toEqual({ plan: 'trial' });
      const users = await t.http.get(`${SDK}/users`).set(auth(adminToken));
      expect(users.body.items).toEqual([expect.objectContaining({ email, role: 'ADMIN', accountId: created.body.id })]);

      const bare = await t.http
        .post(`${SDK}/accounts`)
        .set(auth(tokens.superAdmin))
        .send({ name: `${name}-2` });
      expect(bare.body).toMatchObject({ name: `${name}-2`, label: `${name}-2` });
    });

    it('refuses a taken name, a taken admin email, a weak password and a bad name', async () => {
      const taken = await t.http.post(`${SDK}/accounts`).set(auth(tokens.superAdmin)).send({ name: 'acme' });
      expect(taken.body).toEqual({ statusCode: 409, error: 'Conflict', message: Messages.accountNameTaken });
      const name = `x-${Date.now().toString(36)}`;
      const email = await t.http
        .post(`${SDK}/accounts`)
        .set(auth(tokens.superAdmin))
        .send({ name, admin: { email: 'admin@acme.test', password: 'First-admin-1' } });
      expect(email.body).toMatchObject({ statusCode: 409, message: Messages.emailTaken });
      const multiEmail = await t.http
        .post(`${SDK}/accounts`)
        .set(auth(tokens.superAdmin))
        .send({ name, admin: { email: 'multi@library.test', password: 'First-admin-1' } });
      expect(multiEmail.body).toMatchObject({ statusCode: 409, message: Messages.emailTaken });
      const weak = await t.http
        .post(`${SDK}/accounts`)
        .set(auth(tokens.superAdmin))
        .send({ name, admin: { email: uniqueEmail('a'), password: WEAK } });
      expect(weak.status).toBe(400);
      expect(messagesOf(weak.body)).toEqual(WEAK_MESSAGES);
      expect(weak.body.issues[0].path).toEqual(['admin', 'password']);
      const badName = await t.http.post(`${SDK}/accounts`).set(auth(tokens.superAdmin)).send({ name: 'no spaces' });
      expect(badName.body).toMatchObject({ statusCode: 400, message: 'name: Account name may hold lowercase letters, digits and dashes' });
      const extra = await t.http.post(`${SDK}/accounts`).set(auth(tokens.superAdmin)).send({ name, colour: 'red' });
      expect(extra.body.message).toBe("Unrecognized key(s) in object: 'colour'");
      // None of the refused requests created the account.
      expect(await t.app.get(DataSource).getRepository(AccountEntity).existsBy({ name })).toBe(false);
    });

    it('is for SUPER_ADMIN only', async () => {
      const response = await t.http
        .post(`${SDK}/accounts`)
        .set(auth(tokens.demoAdmin))
        .send({ name: `y-${Date.now().toString(36)}` });
      expect(response.status).toBe(403);
    });

    it('gives one of two concurrent creates of a name a 409', async () => {
      const name = `race-${Date.now().toString(36)}`;
      const responses = await Promise.all([0, 1, 2].map(() => t.http.post(`${SDK}/accounts`).set(auth(tokens.superAdmin)).send({ name })));
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    });
  });

  describe('PUT /accounts/{id}, /disable, /enable', () => {
    it('updates label and account data', async () => {
      const { account, adminToken } = await freshAccount();
      const updated = await t.http
        .put(`${SDK}/accounts/${account.id}`)
        .set(auth(tokens.superAdmin))
        .send({ label: 'Renamed', accountData: { seats: 3 } });
      expect(updated.body).toMatchObject({ id: account.id, name: account.name, label: 'Renamed' });
      expect((await t.http.get(`${SDK}/accounts/${account.id}/account-data`).set(auth(adminToken))).body).toEqual({ seats: 3 });
      expect((await t.http.put(`${SDK}/accounts/${account.id}`).set(auth(adminToken)).send({ label: 'Mine' })).status).toBe(403);
      expect((await t.http.put(`${SDK}/accounts/${NO_SUCH_ID}`).set(auth(tokens.superAdmin)).send({ label: 'x' })).status).toBe(404);
      expect((await t.http.put(`${SDK}/accounts/${account.id}`).set(auth(tokens.superAdmin)).send({ name: 'other' })).status).toBe(400);
    });

    it('disables an account: its sessions stop at once and its users cannot sign in until it is enabled', async () => {
      const { account, user, adminToken, userToken } = await freshAccount();
      expect((await t.http.put(`${SDK}/accounts/${account.id}/disable`).set(auth(adminToken))).status).toBe(403);
      const disabled = await t.http.put(`${SDK}/accounts/${account.id}/disable`).set(auth(tokens.superAdmin));
      expect(disabled.body).toMatchObject({ id: account.id, enabled: false });
      expect((await t.http.get(`${SDK}/account`).set(auth(userToken))).body).toMatchObject({
        statusCode: 401,
        message: Messages.accountDisabled,
      });
      expect((await t.http.get(SIGN_IN).set(auth(adminToken))).status).toBe(401);
      const signIn = await t.http.post(SIGN_IN).send({ credentials: { username: user.email, password: DEMO_PASSWORD } });
      expect(signIn.body).toMatchObject({ statusCode: 403, message: Messages.accountDisabled });
      // Idempotent.
      expect((await t.http.put(`${SDK}/accounts/${account.id}/disable`).set(auth(tokens.superAdmin))).body.enabled).toBe(false);

      const enabled = await t.http.put(`${SDK}/accounts/${account.id}/enable`).set(auth(tokens.superAdmin));
      expect(enabled.body.enabled).toBe(true);
      await t.signIn(user.email);
      expect((await t.http.put(`${SDK}/accounts/${NO_SUCH_ID}/enable`).set(auth(tokens.superAdmin))).status).toBe(404);
    });

    it('does not let SUPER_ADMIN disable its own account', async () => {
      const response = await t.http.put(`${SDK}/accounts/${demo.id}/disable`).set(auth(tokens.superAdmin));
      expect(response.body).toMatchObject({ statusCode: 400, message: Messages.cannotDisableOwnAccount });
    });
  });

  describe('GET /users and /users/advanced', () => {
    const userKeys = Object.keys(User.shape).sort();

    it("lists an ADMIN's own account users, and every user for SUPER_ADMIN, without secrets", async () => {
      const own = await t.http.get(`${SDK}/users?size=200`).set(auth(tokens.acmeAdmin));
      expect(own.status).toBe(200);
      const ownEmails = own.body.items.map((user: { email: string }) => user.email);
      expect(ownEmails).toEqual(expect.arrayContaining(['admin@acme.test', 'multi@acme.library.test', 'user@acme.test']));
      expect(own.body.items.every((user: { accountId: string }) => user.accountId === acme.id)).toBe(true);
      expect(own.body).toMatchObject({ total: own.body.items.length, from: 0, size: 200 });
      for (const user of own.body.items) expect(Object.keys(user).sort()).toEqual(userKeys);
      expect(own.body.items.find((user: { email: string }) => user.email === 'admin@acme.test')).toMatchObject({
        accountId: acme.id,
        role: 'ADMIN',
        username: 'admin@acme.test',
        firstName: 'Abe',
        twoFactorEnabled: false,
      });

      const all = await t.http.get(`${SDK}/users?size=200`).set(auth(tokens.superAdmin));
      const emails = all.body.items.map((user: { email: string }) => user.email);
      expect(emails).toEqual(expect.arrayContaining(['super@library.test', 'guest@library.test', 'user@acme.test']));
      expect(JSON.stringify(all.body)).not.toMatch(/passwordHash|password_hash|secret|recoveryCode/i);
    });

    it('pages, orders and searches', async () => {
      const { account, adminToken } = await freshAccount();
      for (const email of ['b-user@paging.test', 'a-user@paging.test', 'c-user@paging.test']) {
        await createUser(t.app, { accountId: account.id, email: `${Date.now().toString(36)}-${email}` });
      }
      const byEmailDesc = await t.http.get(`${SDK}/users?orderDirection=desc&orderProperty=email`).set(auth(adminToken));
      const emails = byEmailDesc.body.items.map((user: { email: string }) => user.email);
      expect(byEmailDesc.body.total).toBe(5);
      expect(emails).toEqual([...emails].sort().reverse());

      const page = await t.http.get(`${SDK}/users?from=1&size=2&orderProperty=email`).set(auth(adminToken));
      expect(page.body.items.map((user: { email: string }) => user.email)).toEqual([...emails].reverse().slice(1, 3));
      expect(page.body).toMatchObject({ total: 5, from: 1, size: 2 });

      const byCreation = await t.http.get(`${SDK}/users?orderProperty=createdAt&orderDirection=desc&size=1`).set(auth(adminToken));
      expect(byCreation.body.items[0].email).toMatch(/c-user@paging.test$/);

      const counted = await t.http.get(`${SDK}/users?size=0`).set(auth(adminToken));
      expect(counted.body).toMatchObject({ items: [], total: 5, size: 0 });

      const searched = await t.http.get(`${SDK}/users?query=B-USER`).set(auth(adminToken));
      expect(searched.body.items.map((user: { email: string }) => user.email)).toEqual([expect.stringMatching(/b-user@paging.test$/)]);
      expect(
        (await t.http.get(`${SDK}/users?query=UMA`).set(auth(tokens.demoAdmin))).body.items.map((user: { email: string }) => user.email),
      ).toEqual(['user@library.test']);
      // LIKE wildcards are taken literally.
      expect((await t.http.get(`${SDK}/users?query=%25`).set(auth(adminToken))).body.total).toBe(0);
      expect((await t.http.get(`${SDK}/users?query=_`).set(auth(adminToken))).body.total).toBe(0);

      const badOrder = await t.http.get(`${SDK}/users?orderProperty=password`).set(auth(adminToken));
      expect(badOrder.body).toMatchObject({ statusCode: 400, message: expect.stringContaining('orderProperty: Invalid enum value') });
    });

    it('filters by role and enabled, and by account for SUPER_ADMIN only', async () => {
      const admins = await t.http.get(`${SDK}/users/advanced?role=ADMIN&accountId=${demo.id}`).set(auth(tokens.superAdmin));
      expect(admins.body.items.map((user: { email: string }) => user.email)).toEqual(['admin@library.test']);

      const { account, user } = await freshAccount();
      await t.app.get(DataSource).getRepository(UserEntity).update({ id: user.id }, { enabled: false });
      const disabled = await t.http.get(`${SDK}/users/advanced?enabled=false&accountId=${account.id}`).set(auth(tokens.superAdmin));
      expect(disabled.body.items.map((found: { id: string }) => found.id)).toEqual([user.id]);

      // An ADMIN's accountId is ignored: it still sees its own account only.
      const ignored = await t.http.get(`${SDK}/users/advanced?accountId=${demo.id}`).set(auth(tokens.acmeAdmin));
      expect(ignored.body.items.every((found: { accountId: string }) => found.accountId === acme.id)).toBe(true);
      expect(ignored.body.items.map((found: { email: string }) => found.email)).toContain('admin@acme.test');

      expect((await t.http.get(`${SDK}/users/advanced?role=OWNER`).set(auth(tokens.superAdmin))).status).toBe(400);
      expect((await t.http.get(`${SDK}/users/advanced?accountId=x`).set(auth(tokens.superAdmin))).body.message).toBe(
        'accountId: Invalid uuid',
      );
    });

    it('is refused to USER and to multi-user tokens', async () => {
      expect((await t.http.get(`${SDK}/users`).set(auth(tokens.demoUser))).status).toBe(403);
      expect((await t.http.get(`${SDK}/users/advanced`).set(auth(tokens.acmeUser))).status).toBe(403);
      expect((await t.http.get(`${SDK}/users`).set(auth(tokens.multi))).body.message).toBe(Messages.userOnly);
    });
  });

  describe('GET /accounts/{id}/users/{userId} and /users/{id}/email', () => {
    it('shows a user to itself, an ADMIN of its account and SUPER_ADMIN; another account is not found', async () => {
      const demoUser = await userNamed('user@library.test');
      const path = `${SDK}/accounts/${demo.id}/users/${demoUser.id}`;
      for (const token of [tokens.demoUser, tokens.demoAdmin, tokens.superAdmin]) {
        const response = await t.http.get(path).set(auth(token));
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ id: demoUser.id, email: 'user@library.test', role: 'USER' });
        expect((await t.http.get(`${SDK}/users/${demoUser.id}/email`).set(auth(token))).body).toEqual({ email: 'user@library.test' });
      }
      const colleague = await userNamed('guest@library.test');
      expect((await t.http.get(`${SDK}/accounts/${demo.id}/users/${colleague.id}`).set(auth(tokens.demoUser))).status).toBe(403);
      expect((await t.http.get(`${SDK}/users/${colleague.id}/email`).set(auth(tokens.demoUser))).status).toBe(403);

      const hidden = await t.http.get(path).set(auth(tokens.acmeAdmin));
      expect(hidden.body).toMatchObject({ statusCode: 404 });
      expect((await t.http.get(`${SDK}/accounts/${acme.id}/users/${demoUser.id}`).set(auth(tokens.acmeAdmin))).body).toMatchObject({
        statusCode: 404,
        message: Messages.userNotFound,
      });
      expect((await t.http.get(`${SDK}/users/${demoUser.id}/email`).set(auth(tokens.acmeAdmin))).body).toMatchObject({
        statusCode: 404,
        message: Messages.userNotFound,
      });
      // The user exists, but not in that account.
      expect((await t.http.get(`${SDK}/accounts/${acme.id}/users/${demoUser.id}`).set(auth(tokens.superAdmin))).status).toBe(404);
      expect((await t.http.get(`${SDK}/accounts/${demo.id}/users/${NO_SUCH_ID}`).set(auth(tokens.superAdmin))).status).toBe(404);
      expect((await t.http.get(`${SDK}/users/${NO_SUCH_ID}/email`).set(auth(tokens.superAdmin))).status).toBe(404);
      expect((await t.http.get(`${SDK}/users/nope/email`).set(auth(tokens.superAdmin))).body.message).toBe('id: Invalid uuid');
    });
  });

  describe('POST /accounts/{id}/users', () => {
    it('lets an ADMIN create users in its account, with the password rules', async () => {
      const { account, adminToken } = await freshAccount();
      const email = uniqueEmail('created');
      const created = await t.http
        .post(`${SDK}/accounts/${account.id}/users`)
        .set(auth(adminToken))
        .send({ email: email.toUpperCase(), password: 'Created-pass-1', role: 'USER', firstName: ' Cora ' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        accountId: account.id,
        email,
        role: 'USER',
        enabled: true,
        firstName: 'Cora',
        lastName: '',
        multiUserId: null,
      });
      await t.signIn(email, 'Created-pass-1');

      const weak = await t.http
        .post(`${SDK}/accounts/${account.id}/users`)
        .set(auth(adminToken))
        .send({ email: uniqueEmail('w'), password: WEAK, role: 'USER' });
      expect(weak.status).toBe(400);
      expect(messagesOf(weak.body)).toEqual(WEAK_MESSAGES);
      expect(weak.body.message).toBe(WEAK_MESSAGES.map((message) => `password: ${message}`).join('; '));
      const noRole = await t.http
        .post(`${SDK}/accounts/${account.id}/users`)
        .set(auth(adminToken))
        .send({ email: uniqueEmail('w'), password: 'Created-pass-1' });
      expect(noRole.body.message).toBe('role: Required');
    });

    it('refuses an email in use by a user or a multi-user', async () => {
      const { account, adminToken } = await freshAccount();
      for (const email of ['user@acme.test', 'MULTI@library.test']) {
        const response = await t.http
          .post(`${SDK}/accounts/${account.id}/users`)
          .set(auth(adminToken))
          .send({ email, password: 'Created-pass-1', role: 'USER' });
        expect(response.body).toEqual({ statusCode: 409, error: 'Conflict', message: Messages.emailTaken });
      }
    });

    it('lets only SUPER_ADMIN create a SUPER_ADMIN, and no one but administrators create users', async () => {
      const { account, adminToken, userToken } = await freshAccount();
      const request = () => ({ email: uniqueEmail('s'), password: 'Created-pass-1', role: 'SUPER_ADMIN' });
      expect((await t.http.post(`${SDK}/accounts/${account.id}/users`).set(auth(adminToken)).send(request())).body).toMatchObject({
        statusCode: 403,
        message: Messages.superAdminOnly,
      });
      expect((await t.http.post(`${SDK}/accounts/${account.id}/users`).set(auth(tokens.superAdmin)).send(request())).status).toBe(201);
      expect(
        (
          await t.http
            .post(`${SDK}/accounts/${account.id}/users`)
            .set(auth(userToken))
            .send({ ...request(), role: 'USER' })
        ).status,
      ).toBe(403);
      expect(
        (
          await t.http
            .post(`${SDK}/accounts/${account.id}/users`)
            .set(auth(tokens.acmeAdmin))
            .send({ ...request(), role: 'USER' })
        ).status,
      ).toBe(404);
      expect(
        (
          await t.http
            .post(`${SDK}/accounts/${NO_SUCH_ID}/users`)
            .set(auth(tokens.superAdmin))
            .send({ ...request(), role: 'USER' })
        ).status,
      ).toBe(404);
    });
  });

  describe('PATCH /accounts/{id}/users/{userId}', () => {
    it("lets an ADMIN change a user's role, names, password and enabled flag", async () => {
      const { account, user, adminToken, userToken } = await freshAccount();
      const path = `${SDK}/accounts/${account.id}/users/${user.id}`;
      const renamed = await t.http.patch(path).set(auth(adminToken)).send({ firstName: 'Nia', lastName: 'New', role: 'ADMIN' });
      expect(renamed.body).toMatchObject({ id: user.id, firstName: 'Nia', lastName: 'New', role: 'ADMIN' });
      // The role change applies to the user's existing session at once.
      expect((await t.http.get(SIGN_IN).set(auth(userToken))).body).toEqual({ role: 'ADMIN', allow: true });

      const weak = await t.http.patch(path).set(auth(adminToken)).send({ password: WEAK });
      expect(messagesOf(weak.body)).toEqual(WEAK_MESSAGES);
      expect((await t.http.patch(path).set(auth(adminToken)).send({ password: 'Reset-by-admin-1' })).status).toBe(200);
      // An administrator's reset ends all the user's sessions.
      expect((await t.http.get(SIGN_IN).set(auth(userToken))).status).toBe(401);
      const fresh = await t.signIn(user.email, 'Reset-by-admin-1');

      const disabled = await t.http.patch(path).set(auth(adminToken)).send({ enabled: false });
      expect(disabled.body.enabled).toBe(false);
      expect((await t.http.get(SIGN_IN).set(auth(fresh))).status).toBe(401);
      expect((await t.http.post(SIGN_IN).send({ credentials: { username: user.email, password: 'Reset-by-admin-1' } })).body.message).toBe(
        Messages.userDisabled,
      );
      expect((await t.http.patch(path).set(auth(adminToken)).send({ enabled: true })).body.enabled).toBe(true);
      // Enabling again does not bring back the sessions that were stopped.
      expect((await t.http.get(SIGN_IN).set(auth(fresh))).status).toBe(401);
      await t.signIn(user.email, 'Reset-by-admin-1');
    });

    it('lets a USER change only its own names and password, proving the current one', async () => {
      const { account, user, userToken } = await freshAccount();
      const path = `${SDK}/accounts/${account.id}/users/${user.id}`;
      expect((await t.http.patch(path).set(auth(userToken)).send({ firstName: 'Me' })).body.firstName).toBe('Me');
      expect((await t.http.patch(path).set(auth(userToken)).send({ role: 'ADMIN' })).body).toMatchObject({
        statusCode: 403,
        message: Messages.forbidden,
      });
      expect((await t.http.patch(path).set(auth(userToken)).send({ enabled: false })).status).toBe(403);
      // Sending unchanged values is harmless.
      expect((await t.http.patch(path).set(auth(userToken)).send({ role: 'USER', enabled: true })).status).toBe(200);

      expect((await t.http.patch(path).set(auth(userToken)).send({ password: 'Own-new-pass-1' })).body).toMatchObject({
        statusCode: 400,
        message: Messages.currentPasswordRequired,
      });
      expect(
        (await t.http.patch(path).set(auth(userToken)).send({ password: 'Own-new-pass-1', currentPassword: 'wrong' })).body,
      ).toMatchObject({
        statusCode: 400,
        message: Messages.wrongCurrentPassword,
      });
      expect(
        messagesOf((await t.http.patch(path).set(auth(userToken)).send({ password: WEAK, currentPassword: DEMO_PASSWORD })).body),
      ).toEqual(WEAK_MESSAGES);
      const other = await t.signIn(user.email);
      const changed = await t.http.patch(path).set(auth(userToken)).send({ password: 'Own-new-pass-1', currentPassword: DEMO_PASSWORD });
      expect(changed.status).toBe(200);
      // The other sessions end; the caller's own goes on.
      expect((await t.http.get(SIGN_IN).set(auth(other))).status).toBe(401);
      expect((await t.http.get(SIGN_IN).set(auth(userToken))).status).toBe(200);
      await t.signIn(user.email, 'Own-new-pass-1');

      const colleague = await createUser(t.app, { accountId: account.id });
      expect(
        (await t.http.patch(`${SDK}/accounts/${account.id}/users/${colleague.id}`).set(auth(userToken)).send({ firstName: 'X' })).status,
      ).toBe(403);
    });

    it('keeps SUPER_ADMIN to SUPER_ADMIN, and nobody changes its own role or disables itself', async () => {
      const { account, admin, user, adminToken } = await freshAccount();
      const userPath = `${SDK}/accounts/${account.id}/users/${user.id}`;
      expect((await t.http.patch(userPath).set(auth(adminToken)).send({ role: 'SUPER_ADMIN' })).body).toMatchObject({
        statusCode: 403,
        message: Messages.superAdminOnly,
      });
      expect((await t.http.patch(userPath).set(auth(tokens.superAdmin)).send({ role: 'SUPER_ADMIN' })).body.role).toBe('SUPER_ADMIN');
      // Now a SUPER_ADMIN: the account's ADMIN can neither change nor delete it.
      expect((await t.http.patch(userPath).set(auth(adminToken)).send({ firstName: 'X' })).status).toBe(403);
      expect((await t.http.patch(userPath).set(auth(adminToken)).send({ role: 'USER' })).status).toBe(403);
      expect((await t.http.delete(userPath).set(auth(adminToken))).body).toMatchObject({
        statusCode: 403,
        message: Messages.superAdminOnly,
      });
      expect((await t.http.patch(userPath).set(auth(tokens.superAdmin)).send({ role: 'USER' })).body.role).toBe('USER');

      const adminPath = `${SDK}/accounts/${account.id}/users/${admin.id}`;
      expect((await t.http.patch(adminPath).set(auth(adminToken)).send({ role: 'USER' })).body).toMatchObject({
        statusCode: 400,
        message: Messages.cannotChangeOwnRole,
      });
      expect((await t.http.patch(adminPath).set(auth(adminToken)).send({ enabled: false })).body.message).toBe(
        Messages.cannotChangeOwnRole,
      );
      expect((await t.http.patch(adminPath).set(auth(adminToken)).send({ lastName: 'Self' })).body.lastName).toBe('Self');
    });

    it('hides other accounts and answers bad input with 400', async () => {
      const demoUser = await userNamed('user@library.test');
      expect(
        (await t.http.patch(`${SDK}/accounts/${demo.id}/users/${demoUser.id}`).set(auth(tokens.acmeAdmin)).send({ firstName: 'X' })).status,
      ).toBe(404);
      expect(
        (await t.http.patch(`${SDK}/accounts/${acme.id}/users/${demoUser.id}`).set(auth(tokens.acmeAdmin)).send({ firstName: 'X' })).status,
      ).toBe(404);
      const unknownKey = await t.http
        .patch(`${SDK}/accounts/${demo.id}/users/${demoUser.id}`)
        .set(auth(tokens.demoAdmin))
        .send({ email: 'x@y.z' });
      expect(unknownKey.body).toMatchObject({ statusCode: 400, message: "Unrecognized key(s) in object: 'email'" });
      const badRole = await t.http
        .patch(`${SDK}/accounts/${demo.id}/users/${demoUser.id}`)
        .set(auth(tokens.demoAdmin))
        .send({ role: 'UNAUTHORIZED' });
      expect(badRole.body.message).toMatch(/^role: Invalid enum value/);
    });
  });

  describe('DELETE /accounts/{id}/users/{userId}', () => {
    it("deletes a user of an administered account; the user's sessions stop", async () => {
      const { account, user, admin, adminToken, userToken } = await freshAccount();
      const path = `${SDK}/accounts/${account.id}/users/${user.id}`;
      expect((await t.http.delete(path).set(auth(userToken))).status).toBe(403);
      expect((await t.http.delete(path).set(auth(tokens.acmeAdmin))).status).toBe(404);
      expect((await t.http.delete(path).set(auth(adminToken))).status).toBe(204);
      expect((await t.http.get(SIGN_IN).set(auth(userToken))).body).toMatchObject({ statusCode: 401, message: Messages.invalidToken });
      expect((await t.http.get(`${SDK}/accounts/${account.id}/users/${user.id}`).set(auth(adminToken))).status).toBe(404);
      expect((await t.http.delete(path).set(auth(adminToken))).status).toBe(404);

      const self = await t.http.delete(`${SDK}/accounts/${account.id}/users/${admin.id}`).set(auth(adminToken));
      expect(self.body).toEqual({ statusCode: 400, error: 'Bad Request', message: Messages.cannotDeleteSelf });
      expect((await t.http.delete(`${SDK}/accounts/${account.id}/users/${admin.id}`).set(auth(tokens.superAdmin))).status).toBe(204);
      expect((await t.http.get(SIGN_IN).set(auth(adminToken))).status).toBe(401);
    });
  });

  describe('multi-users', () => {
    it('lists the multi-users linked to the caller account, and all of them for SUPER_ADMIN', async () => {
      const demoLinked = await userNamed('multi@demo.library.test');
      const acmeLinked = await userNamed('multi@acme.library.test');
      const own = await t.http.get(`${SDK}/account/multi-users`).set(auth(tokens.demoAdmin));
      const multiOf = (body: Array<{ email: string }>) => body.find((found) => found.email === 'multi@library.test');
      expect(multiOf(own.body)).toEqual({
        id: demoLinked.multiUserId,
        email: 'multi@library.test',
        userIds: [demoLinked.id],
        createdAt: expect.any(String),
      });
      expect(multiOf((await t.http.get(`${SDK}/account/multi-users`).set(auth(tokens.acmeAdmin))).body)).toMatchObject({
        userIds: [acmeLinked.id],
      });
      expect((await t.http.get(`${SDK}/account/multi-users`).set(auth(tokens.demoUser))).status).toBe(403);

      const all = await t.http.get(`${SDK}/multi-users`).set(auth(tokens.superAdmin));
      const multi = all.body.find((found: { email: string }) => found.email === 'multi@library.test');
      expect(multi.userIds.sort()).toEqual([demoLinked.id, acmeLinked.id].sort());
      expect((await t.http.get(`${SDK}/multi-users`).set(auth(tokens.demoAdmin))).status).toBe(403);
    });

    it("lists the accounts the caller's multi-user reaches, for the multi-user and its users", async () => {
      const fromMulti = await t.http.get(`${SDK}/multi-users/accounts`).set(auth(tokens.multi));
      expect(fromMulti.status).toBe(200);
      expect(fromMulti.body.map((account: { name: string; role: string }) => [account.name, account.role])).toEqual([
        ['acme', 'ADMIN'],
        ['demo', 'USER'],
      ]);
      expect(fromMulti.body[0]).toMatchObject({
        id: acme.id,
        label: 'Acme Corp',
        enabled: true,
        userId: (await userNamed('multi@acme.library.test')).id,
      });
      const linkedToken = await t.signIn('multi@demo.library.test');
      expect((await t.http.get(`${SDK}/multi-users/accounts`).set(auth(linkedToken))).body).toEqual(fromMulti.body);
      expect((await t.http.get(`${SDK}/multi-users/accounts`).set(auth(tokens.demoUser))).body).toMatchObject({
        statusCode: 403,
        message: Messages.multiUserOnly,
      });
    });

    it('attaches users to a new or existing multi-user, at most one per account', async () => {
      const first = await freshAccount();
      const second = await freshAccount();
      const email = uniqueEmail('multi');
      const attach = (accountId: string, token: string, body: object) =>
        t.http.post(`${SDK}/accounts/${accountId}/multi-user/attach-start`).set(auth(token)).send(body);

      const weak = await attach(first.account.id, first.adminToken, { email, userId: first.user.id, password: WEAK });
      expect(weak.status).toBe(400);
      expect(messagesOf(weak.body)).toEqual(WEAK_MESSAGES);
      expect(weak.body.issues[0].path).toEqual(['password']);

      const created = await attach(first.account.id, first.adminToken, {
        email: email.toUpperCase(),
        userId: first.user.id,
        password: 'Multi-pass-1',
      });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ id: expect.any(String), email, userIds: [first.user.id], createdAt: expect.any(String) });
      // Idempotent for the same user.
      expect(
        (await attach(first.account.id, first.adminToken, { email, userId: first.user.id, password: 'Multi-pass-1' })).body.userIds,
      ).toEqual([first.user.id]);

      const secondUser = await createUser(t.app, { accountId: first.account.id });
      expect(
        (await attach(first.account.id, first.adminToken, { email, userId: secondUser.id, password: 'Multi-pass-1' })).body,
      ).toMatchObject({
        statusCode: 409,
        message: Messages.multiUserAccountTaken,
      });
      expect(
        (await attach(second.account.id, second.adminToken, { email, userId: second.user.id, password: 'Wrong-pass-1' })).body,
      ).toMatchObject({
        statusCode: 401,
        message: Messages.invalidCredentials,
      });
      const joined = await attach(second.account.id, second.adminToken, { email, userId: second.user.id, password: 'Multi-pass-1' });
      // An ADMIN sees only the link into its own account.
      expect(joined.body.userIds).toEqual([second.user.id]);

      const multiToken = await t.signIn(email, 'Multi-pass-1');
      const reached = await t.http.get(`${SDK}/multi-user/list-users`).set(auth(multiToken));
      expect(reached.body.map((user: { id: string }) => user.id).sort()).toEqual([first.user.id, second.user.id].sort());
      expect((await t.http.get(`${SDK}/multi-users/accounts`).set(auth(multiToken))).body).toHaveLength(2);
      const all = await t.http.get(`${SDK}/multi-users`).set(auth(tokens.superAdmin));
      expect(all.body.find((found: { email: string }) => found.email === email).userIds.sort()).toEqual(
        [first.user.id, second.user.id].sort(),
      );

      // A user already linked elsewhere, an email that is a user's, and others' accounts are refused.
      const otherEmail = uniqueEmail('multi-other');
      expect(
        (await attach(first.account.id, first.adminToken, { email: otherEmail, userId: first.user.id, password: 'Multi-pass-1' })).body,
      ).toMatchObject({
        statusCode: 409,
        message: Messages.userAlreadyLinked,
      });
      expect(
        (await attach(first.account.id, first.adminToken, { email: first.user.email, userId: secondUser.id, password: 'Multi-pass-1' }))
          .body,
      ).toMatchObject({
        statusCode: 409,
        message: Messages.emailTaken,
      });
      expect(
        (await attach(first.account.id, tokens.acmeAdmin, { email: otherEmail, userId: secondUser.id, password: 'Multi-pass-1' })).status,
      ).toBe(404);
      expect(
        (await attach(first.account.id, first.userToken, { email: otherEmail, userId: secondUser.id, password: 'Multi-pass-1' })).status,
      ).toBe(403);
      expect(
        (await attach(first.account.id, first.adminToken, { email: otherEmail, userId: second.user.id, password: 'Multi-pass-1' })).body,
      ).toMatchObject({
        statusCode: 404,
        message: Messages.userNotFound,
      });
      expect(
        (await attach(first.account.id, first.adminToken, { email: 'not-an-email', userId: secondUser.id, password: 'x' })).body.message,
      ).toBe('email: Invalid email');
      // SUPER_ADMIN attaches in any account, and sees every link.
      const bySuper = await attach(first.account.id, tokens.superAdmin, {
        email: otherEmail,
        userId: secondUser.id,
        password: 'Multi-pass-1',
      });
      expect(bySuper.body).toMatchObject({ email: otherEmail, userIds: [secondUser.id] });
    });

    it('throttles password guesses through attach like sign-ins', async () => {
      const { account, adminToken, user } = await freshAccount();
      const email = uniqueEmail('multi-guess');
      const attach = (password: string) =>
        t.http
          .post(`${SDK}/accounts/${account.id}/multi-user/attach-start`)
          .set(auth(adminToken))
          .send({ email, userId: user.id, password });
      expect((await attach('Multi-pass-1')).status).toBe(200);
      const other = await createUser(t.app);
      const guess = (password: string) =>
        t.http
          .post(`${SDK}/accounts/${other.accountId}/multi-user/attach-start`)
          .set(auth(tokens.superAdmin))
          .send({ email, userId: other.id, password });
      for (let i = 0; i < 5; i++) expect((await guess(`Guess-pass-${i}`)).status).toBe(401);
      expect((await guess('Multi-pass-1')).body).toMatchObject({ statusCode: 429, message: Messages.tooManyAttempts });
    });

    it('lets only one of two concurrent attaches into an account win', async () => {
      const { account, adminToken } = await freshAccount();
      const users = await Promise.all([0, 1, 2].map(() => createUser(t.app, { accountId: account.id })));
      const email = uniqueEmail('multi-race');
      const responses = await Promise.all(
        users.map((user) =>
          t.http
            .post(`${SDK}/accounts/${account.id}/multi-user/attach-start`)
            .set(auth(adminToken))
            .send({ email, userId: user.id, password: 'Multi-pass-1' }),
        ),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
      const linked = await t.app
        .get(DataSource)
        .getRepository(UserEntity)
        .countBy({ accountId: account.id, multiUserId: responses.find((r) => r.status === 200)!.body.id });
      expect(linked).toBe(1);
    });
  });
});
