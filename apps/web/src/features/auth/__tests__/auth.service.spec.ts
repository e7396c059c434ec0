import { Messages } from '@library/contracts';
import { waitFor } from 'xstate';
import { createAuthService, initialiseAuth } from '../auth.service';
import { isNoRightsError } from '../auth-errors';
import { aSession, fakeAuthApi, memoryCookies, NOW } from './fakes';

const now = () => NOW;

describe('initialiseAuth', () => {
  it("fails with 'No cached user params are available' without cookies", async () => {
    const { cookies } = memoryCookies();
    await expect(initialiseAuth({ api: fakeAuthApi().api, cookies, now }, { targetPath: '/', token: null })).rejects.toThrow(
      Messages.noCachedUser,
    );
  });

  it('validates the cached session and takes the role from the server', async () => {
    const { cookies } = memoryCookies();
    cookies.saveUser(aSession());
    const { api, calls } = fakeAuthApi({ validateToken: async () => ({ role: 'ADMIN', allow: true }) });

    const session = await initialiseAuth({ api, cookies, now }, { targetPath: '/', token: null });

    expect(session.role).toBe('ADMIN');
    expect(calls.map((call) => call.method)).toEqual(['validateToken']);
  });

  it('refreshes a cached session with under 60 s left instead of validating it', async () => {
    const { cookies } = memoryCookies();
    cookies.saveUser(aSession({ expire: NOW + 30_000 }));
    const { api, calls } = fakeAuthApi();

    const session = await initialiseAuth({ api, cookies, now }, { targetPath: '/', token: null });

    expect(session.token).toBe('fresh-token');
    expect(calls).toEqual([{ method: 'exchangeToken', args: ['user-token'] }]);
  });

  it('exchanges a URL token', async () => {
    const { cookies } = memoryCookies();
    const { api, calls } = fakeAuthApi();

    await initialiseAuth({ api, cookies, now }, { targetPath: '/iframe/steps', token: 'url-token' });

    expect(calls).toEqual([{ method: 'exchangeToken', args: ['url-token'] }]);
  });

  it('throws NoRightsError for a guest', async () => {
    const { cookies } = memoryCookies();
    cookies.saveUser(aSession());
    const { api } = fakeAuthApi({ validateToken: async () => ({ role: 'GUEST', allow: true }) });

    const error = await initialiseAuth({ api, cookies, now }, { targetPath: '/', token: null }).catch((e: unknown) => e);

    expect(isNoRightsError(error)).toBe(true);
  });
});

describe('createAuthService', () => {
  it('authorizes from cookies, then signs out (clearing cookies even when DELETE fails)', async () => {
    const { cookies, jar } = memoryCookies();
    cookies.saveUser(aSession());
    const logged: unknown[] = [];
    const { api } = fakeAuthApi({
      revokeToken: async () => {
        throw new Error('Internal server error');
      },
    });
    const auth = createAuthService({ api, cookies, now, pollMs: 60_000, logError: (error) => logged.push(error) });

    await expect(auth.ensureAuthorized({ targetPath: '/bots' })).resolves.toMatchObject({ kind: 'authorized' });
    await auth.signOut();

    expect(jar.size).toBe(0);
    expect(logged).toHaveLength(1);
    auth.stop();
  });

  it("clears the cookies when the cached token is refused with 'Invalid Token'", async () => {
    const { cookies, jar } = memoryCookies();
    cookies.saveUser(aSession());
    const { api } = fakeAuthApi({
      validateToken: async () => {
        throw new Error(Messages.invalidToken);
      },
    });
    const auth = createAuthService({ api, cookies, now, pollMs: 60_000 });

    await expect(auth.ensureAuthorized({ targetPath: '/bots' })).resolves.toEqual({ kind: 'unauthorized', error: 'Invalid Token' });
    expect(jar.size).toBe(0);
    auth.stop();
  });

  it('notices through the cookie poll that the cookies are gone', async () => {
    const { cookies } = memoryCookies();
    cookies.saveUser(aSession());
    const auth = createAuthService({ api: fakeAuthApi().api, cookies, now, pollMs: 5 });
    await auth.ensureAuthorized({ targetPath: '/bots' });

    cookies.clearAll();

    await expect(waitFor(auth.actor, (state) => state.matches('expired'), { timeout: 1000 })).resolves.toBeTruthy();
    auth.stop();
  });
});
