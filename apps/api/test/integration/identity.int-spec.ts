import { Messages, PasswordMessages, SESSION_TTL_LONG_MS, SESSION_TTL_SHORT_MS } from '@library/contracts';
import { generateSync } from 'otplib';
import { DataSource } from 'typeorm';
import { AccountEntity } from '../../src/modules/accounts/account.entity';
import { OutboxMailEntity } from '../../src/modules/identity/outbox-mail.entity';
import { DEMO_PASSWORD } from '../../src/seed/demo-users';
import { createUser } from './factories';
import { auth, startTestApp, TestApp, uniqueEmail } from './test-app';

const SIGN_IN = '/api/sdk/auth/token';

describe('identity (sdk service)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('POST /auth/token', () => {
    it.each(['super@library.test', 'admin@library.test', 'user@library.test', 'user@acme.test', 'admin@acme.test'])(
      'signs in %s',
      async (username) => {
        const response = await t.http.post(SIGN_IN).send({ credentials: { username, password: DEMO_PASSWORD } });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          tokenType: 'user',
          username,
          identityProvider: 'local',
          twoFactorEnabled: false,
          multiUserId: null,
        });
        expect(response.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
        expect(response.body.expire - Date.now()).toBeGreaterThan(SESSION_TTL_SHORT_MS - 60_000);
        expect(response.body.expire - Date.now()).toBeLessThanOrEqual(SESSION_TTL_SHORT_MS);
      },
    );

    it('refuses the guest with the spec message', async () => {
      const response = await t.http.post(SIGN_IN).send({ credentials: { username: 'guest@library.test', password: DEMO_PASSWORD } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: Messages.guestsNotAllowed });
    });

    it('refuses a wrong password and an unknown user alike', async () => {
      const wrong = await t.http.post(SIGN_IN).send({ credentials: { username: 'admin@acme.test', password: 'nope' } });
      const unknown = await t.http.post(SIGN_IN).send({ credentials: { username: uniqueEmail('nobody'), password: 'nope' } });
      expect(wrong.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.body.message).toBe(Messages.invalidCredentials);
    });

    it('gives long sessions when asked', async () => {
      const response = await t.http
        .post(SIGN_IN)
        .send({ credentials: { username: 'user@library.test', password: DEMO_PASSWORD }, expireLong: true });
      expect(response.body.expire - Date.now()).toBeGreaterThan(SESSION_TTL_LONG_MS - 60_000);
    });

    it("answers bad input with zod's messages", async () => {
      const unknownKey = await t.http.post(SIGN_IN).send({ credentials: { username: 'a', password: 'b' }, colour: 'red' });
      expect(unknownKey.status).toBe(400);
      expect(unknownKey.body.message).toBe("Unrecognized key(s) in object: 'colour'");
      const wrongType = await t.http.post(SIGN_IN).send({ credentials: { username: 5, password: 'b' } });
      expect(wrongType.body.message).toBe('credentials.username: Expected string, received number');
      expect(wrongType.body.issues).toEqual([
        { path: ['credentials', 'username'], message: 'Expected string, received number', code: 'invalid_type' },
      ]);
      const missing = await t.http.post(SIGN_IN).send({});
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('credentials: Required');
      const malformed = await t.http.post(SIGN_IN).set('Content-Type', 'application/json').send('{"credentials":');
      expect(malformed.status).toBe(400);
    });

    it('exchanges a token for a fresh session, and refuses empty or unknown ones', async () => {
      const token = await t.signIn('user@library.test');
      const exchanged = await t.http.post(SIGN_IN).send({ userToken: token });
      expect(exchanged.status).toBe(200);
      expect(exchanged.body.token).not.toBe(token);
      expect(exchanged.body.username).toBe('user@library.test');
      expect((await t.http.post(SIGN_IN).send({ userToken: '' })).body).toMatchObject({ statusCode: 400, message: Messages.noToken });
      expect((await t.http.post(SIGN_IN).send({ userToken: 'made-up' })).body).toMatchObject({
        statusCode: 401,
        message: Messages.invalidToken,
      });
    });
  });

  describe('GET and DELETE /auth/token', () => {
    it('validates a token, and refuses a missing or bad one', async () => {
      const token = await t.signIn('admin@library.test');
      expect((await t.http.get(SIGN_IN).set(auth(token))).body).toEqual({ role: 'ADMIN', allow: true });
      expect((await t.http.get(SIGN_IN)).body).toMatchObject({ statusCode: 401, message: Messages.noUserToken });
      expect((await t.http.get(SIGN_IN).set(auth('bogus'))).body).toMatchObject({ statusCode: 401, message: Messages.invalidToken });
    });

    it('signs out: the token stops working', async () => {
      const token = await t.signIn('user@library.test');
      expect((await t.http.delete(SIGN_IN).set(auth(token))).status).toBe(204);
      expect((await t.http.get(SIGN_IN).set(auth(token))).status).toBe(401);
    });

    it("stops a disabled account's sessions at once", async () => {
      const user = await createUser(t.app);
      const token = await t.signIn(user.email);
      await t.app.get(DataSource).getRepository(AccountEntity).update({ id: user.accountId }, { enabled: false });
      const response = await t.http.get(SIGN_IN).set(auth(token));
      expect(response.body).toMatchObject({ statusCode: 401, message: Messages.accountDisabled });
      const again = await t.http.post(SIGN_IN).send({ credentials: { username: user.email, password: DEMO_PASSWORD } });
      expect(again.body).toMatchObject({ statusCode: 403, message: Messages.accountDisabled });
    });
  });

  describe('throttling', () => {
    it('asks for a captcha after repeated failures, and accepts a solved one', async () => {
      const user = await createUser(t.app);
      const attempt = (body: object) => t.http.post(SIGN_IN).send({ credentials: { username: user.email, password: 'wrong' }, ...body });
      for (let i = 0; i < 5; i++) expect((await attempt({})).status).toBe(401);
      const challenged = await t.http.post(SIGN_IN).send({ credentials: { username: user.email, password: DEMO_PASSWORD } });
      expect(challenged.status).toBe(200);
      expect(challenged.body.captchaCheck).toBe(true);
      expect(challenged.body.token).toBeUndefined();
      const answerOf = (question: string) => {
        const [, a, b] = /(\d+) \+ (\d+)/.exec(question)!;
        return Number(a) + Number(b);
      };
      const first = challenged.body.captcha as { id: string; question: string };
      const wrongAnswer = await t.http
        .post(SIGN_IN)
        .send({ credentials: { username: user.email, password: DEMO_PASSWORD }, captchaToken: `${first.id}:0` });
      expect(wrongAnswer.body.captchaCheck).toBe(true);
      // A challenge is good for one answer only.
      const reused = await t.http
        .post(SIGN_IN)
        .send({ credentials: { username: user.email, password: DEMO_PASSWORD }, captchaToken: `${first.id}:${answerOf(first.question)}` });
      expect(reused.body.captchaCheck).toBe(true);

      const { id, question } = reused.body.captcha as { id: string; question: string };
      const solved = await t.http
        .post(SIGN_IN)
        .send({ credentials: { username: user.email, password: DEMO_PASSWORD }, captchaToken: `${id}:${answerOf(question)}` });
      expect(solved.status).toBe(200);
      expect(solved.body.token).toBeDefined();
      // Success clears the user's count: the next failure is a plain one.
      expect((await attempt({})).body.message).toBe(Messages.invalidCredentials);
    });
  });

  describe('two-factor', () => {
    it('enrols, asks for a code, remembers a device, burns recovery codes and switches off', async () => {
      const user = await createUser(t.app);
      const token = await t.signIn(user.email);
      const setup = await t.http.put('/api/sdk/multi-user/twofactor').set(auth(token)).send({ enabled: true });
      expect(setup.body).toMatchObject({ enabled: false, otpauthUrl: expect.stringContaining('otpauth://totp/') });
      const secret = setup.body.secret as string;
      expect(
        (await t.http.put('/api/sdk/multi-user/twofactor').set(auth(token)).send({ enabled: true, secret, verificationCode: '000000' }))
          .status,
      ).toBe(401);
      const enabled = await t.http
        .put('/api/sdk/multi-user/twofactor')
        .set(auth(token))
        .send({ enabled: true, secret, verificationCode: generateSync({ secret }) });
      expect(enabled.body.enabled).toBe(true);
      expect(enabled.body.codes).toHaveLength(10);

      const credentials = { username: user.email, password: DEMO_PASSWORD };
      expect((await t.http.post(SIGN_IN).send({ credentials })).body).toEqual({ twoFactorCheck: true });
      expect((await t.http.post(SIGN_IN).send({ credentials, verificationCode: '123456' })).body.message).toBe(
        Messages.invalidVerificationCode,
      );
      const withCode = await t.http
        .post(SIGN_IN)
        .send({ credentials, verificationCode: generateSync({ secret }), rememberTwoFactor: true, fingerPrint: 'browser-1' });
      expect(withCode.body.twoFactorEnabled).toBe(true);

      expect((await t.http.post(SIGN_IN).send({ credentials, fingerPrint: 'browser-1' })).body.token).toBeDefined();
      expect((await t.http.post(SIGN_IN).send({ credentials, fingerPrint: 'browser-2' })).body).toEqual({ twoFactorCheck: true });

      const recovery = enabled.body.codes[0] as string;
      expect((await t.http.post(SIGN_IN).send({ credentials, verificationCode: recovery })).body.token).toBeDefined();
      expect((await t.http.post(SIGN_IN).send({ credentials, verificationCode: recovery })).status).toBe(401);

      expect((await t.http.delete('/api/sdk/auth/fingerprint-token').set(auth(token))).status).toBe(204);
      expect((await t.http.post(SIGN_IN).send({ credentials, fingerPrint: 'browser-1' })).body).toEqual({ twoFactorCheck: true });

      const off = await t.http
        .put('/api/sdk/multi-user/twofactor')
        .set(auth(token))
        .send({ enabled: false, verificationCode: generateSync({ secret }) });
      expect(off.body).toEqual({ enabled: false });
      expect((await t.http.post(SIGN_IN).send({ credentials })).body.token).toBeDefined();
    });
  });

  describe('multi-user', () => {
    it('signs in as a multi-user, lists its users and switches between them', async () => {
      const signIn = await t.http.post(SIGN_IN).send({ credentials: { username: 'multi@library.test', password: DEMO_PASSWORD } });
      expect(signIn.body).toMatchObject({ tokenType: 'multi-user', role: 'UNAUTHORIZED', accountId: null, userId: null });
      const multiToken = signIn.body.token as string;

      const users = await t.http.get('/api/sdk/multi-user/list-users').set(auth(multiToken));
      expect(users.body.map((u: { accountName: string }) => u.accountName).sort()).toEqual(['acme', 'demo']);
      const acme = users.body.find((u: { accountName: string }) => u.accountName === 'acme');

      const switched = await t.http
        .post('/api/sdk/multi-user/user-token')
        .set(auth(multiToken))
        .send({ accountId: acme.accountId, id: acme.id });
      expect(switched.body).toMatchObject({
        tokenType: 'user',
        accountId: acme.accountId,
        userId: acme.id,
        role: 'ADMIN',
        multiUserId: signIn.body.multiUserId,
      });
      expect((await t.http.get('/api/v2/accountId').set(auth(switched.body.token))).body).toEqual({ accountId: acme.accountId });

      const back = await t.http.get('/api/sdk/multi-user/token').set(auth(switched.body.token));
      expect(back.body.tokenType).toBe('multi-user');

      // A multi-user token is not a user sign-in, and reaches only its own users.
      expect((await t.http.get('/api/v2/accountId').set(auth(multiToken))).status).toBe(403);
      const stranger = await createUser(t.app);
      const refused = await t.http
        .post('/api/sdk/multi-user/user-token')
        .set(auth(multiToken))
        .send({ accountId: stranger.accountId, id: stranger.id });
      expect(refused.body).toMatchObject({ statusCode: 404, message: Messages.userNotLinked });
      const plainUser = await t.signIn('user@library.test');
      expect((await t.http.get('/api/sdk/multi-user/list-users').set(auth(plainUser))).body.message).toBe(Messages.multiUserOnly);
    });

    it('tells whether a username is a multi-user', async () => {
      expect((await t.http.get('/api/sdk/user/multi-user?username=MULTI@library.test')).body).toEqual({
        username: 'multi@library.test',
        isMultiUser: true,
      });
      expect((await t.http.get('/api/sdk/user/multi-user?username=user@library.test')).body.isMultiUser).toBe(false);
    });
  });

  describe('profile', () => {
    it('reads and updates names, checks password rules, changes password and email', async () => {
      const user = await createUser(t.app);
      const token = await t.signIn(user.email);
      const profile = await t.http.post('/api/sdk/multi-user/profile').set(auth(token)).send({ firstName: ' Rita ', lastName: 'Rowe' });
      expect(profile.body).toMatchObject({ id: user.id, email: user.email, firstName: 'Rita', lastName: 'Rowe', pendingEmail: null });

      const weak = await t.http
        .post('/api/sdk/multi-user/profile')
        .set(auth(token))
        .send({ password: { current: DEMO_PASSWORD, new: 'short' } });
      expect(weak.status).toBe(400);
      expect(weak.body.issues.map((i: { message: string }) => i.message)).toEqual([
        PasswordMessages.min,
        PasswordMessages.digit,
        PasswordMessages.uppercase,
        PasswordMessages.special,
      ]);
      const wrongCurrent = await t.http
        .post('/api/sdk/multi-user/profile')
        .set(auth(token))
        .send({ password: { current: 'x', new: 'Better-pass-2' } });
      expect(wrongCurrent.body.message).toBe(Messages.wrongCurrentPassword);
      const other = await t.signIn(user.email);
      expect(
        (
          await t.http
            .post('/api/sdk/multi-user/profile')
            .set(auth(token))
            .send({ password: { current: DEMO_PASSWORD, new: 'Better-pass-2' } })
        ).status,
      ).toBe(200);
      expect((await t.http.get(SIGN_IN).set(auth(other))).status).toBe(401);
      expect((await t.http.get(SIGN_IN).set(auth(token))).status).toBe(200);
      await t.signIn(user.email, 'Better-pass-2');

      const newEmail = uniqueEmail('renamed');
      const pending = await t.http.post('/api/sdk/multi-user/profile').set(auth(token)).send({ email: newEmail });
      expect(pending.body).toMatchObject({ email: user.email, pendingEmail: newEmail });
      const mail = await t.app.get(DataSource).getRepository(OutboxMailEntity).findOneByOrFail({ to: newEmail });
      const mailedToken = /token=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
      expect((await t.http.post('/api/sdk/multi-user/change-email-finish').send({ token: 'nope' })).body.message).toBe(
        Messages.emailChangeTokenInvalid,
      );
      expect((await t.http.post('/api/sdk/multi-user/change-email-finish').send({ token: mailedToken })).body).toEqual({ email: newEmail });
      await t.signIn(newEmail, 'Better-pass-2');
      expect((await t.http.post('/api/sdk/multi-user/change-email-finish').send({ token: mailedToken })).status).toBe(400);
    });

    it('refuses an email already in use', async () => {
      const token = await t.signIn((await createUser(t.app)).email);
      const taken = await t.http.post('/api/sdk/multi-user/profile').set(auth(token)).send({ email: 'admin@acme.test' });
      expect(taken.body).toMatchObject({ statusCode: 409, message: Messages.emailTaken });
    });

    it('signs an upload to the object store and serves the file back', async () => {
      const token = await t.signIn('user@library.test');
      const signed = await t.http
        .post('/api/sdk/multi-user/sign-upload-url')
        .set(auth(token))
        .send({ name: 'me.png', contentType: 'image/png', cacheControl: 'max-age=60' });
      expect(signed.status).toBe(200);
      const form = new FormData();
      for (const [key, value] of Object.entries(signed.body.uploadParams.fields as Record<string, string>)) form.append(key, value);
      form.append('file', new Blob([Buffer.from('fake-png-bytes')], { type: 'image/png' }), 'me.png');
      const upload = await fetch(signed.body.uploadParams.url, { method: 'POST', body: form });
      expect(upload.status).toBeLessThan(300);
      const path = new URL(signed.body.downloadUrl).pathname;
      const download = await t.http.get(path);
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.body.toString()).toBe('fake-png-bytes');

      // Browsers get URLs signed for the address they reach the store at.
      const elsewhere = await startTestApp({ S3_PUBLIC_ENDPOINT: 'http://files.library.test:9000' });
      const publicToken = await elsewhere.signIn('user@library.test');
      const publicSigned = await elsewhere.http
        .post('/api/sdk/multi-user/sign-upload-url')
        .set(auth(publicToken))
        .send({ name: 'me.png', contentType: 'image/png' });
      expect(publicSigned.body.uploadParams.url).toMatch(/^http:\/\/files\.library\.test:9000\//);
      await elsewhere.close();

      const notImage = await t.http
        .post('/api/sdk/multi-user/sign-upload-url')
        .set(auth(token))
        .send({ name: 'x.sh', contentType: 'text/x-sh' });
      expect(notImage.body).toMatchObject({ statusCode: 400, message: Messages.uploadTypeNotAllowed });
    });
  });
});
