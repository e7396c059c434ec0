import type { Session } from '@library/contracts';
import { transition } from 'xstate';
import { authMachine, needsRefresh, REFRESH_BEFORE_EXPIRY_MS } from '../auth.machine';
import { isTokenRejected } from '../auth-errors';
import { type CookieAttributes, type CookieStore, createSessionCookies, SESSION_COOKIES, secureCookiesFor } from '../session-cookies';

const NOW = 1_800_000_000_000;

/** A cookie jar in memory that, like a browser, drops cookies past their expiry. */
function fakeCookieStore(clock: { now: number }) {
  const jar = new Map<string, { value: string; attributes: CookieAttributes }>();
  const store: CookieStore = {
    get: (name) => {
      const cookie = jar.get(name);
      if (!cookie) return undefined;
      if (cookie.attributes.expires && cookie.attributes.expires.getTime() <= clock.now) return undefined;
      return cookie.value;
    },
    set: (name, value, attributes) => void jar.set(name, { value, attributes }),
    remove: (name) => void jar.delete(name),
  };
  return { store, jar };
}

const session = (overrides: Partial<Session> = {}): Session => ({
  token: 'user-token',
  tokenType: 'user',
  role: 'USER',
  accountId: '11111111-1111-4111-8111-111111111111',
  userId: '22222222-2222-4222-8222-222222222222',
  multiUserId: null,
  username: 'user@library.test',
  identityProvider: 'library',
  twoFactorEnabled: false,
  expire: NOW + 86_400_000,
  ...overrides,
});

describe('session cookies', () => {
  it('uses the multitenant_davinci prefix', () => {
    expect(SESSION_COOKIES).toEqual({
      token: 'multitenant_davinci_token',
      user: 'multitenant_davinci_user',
      multiUserToken: 'multitenant_davinci_multi_user_token',
      multiUser: 'multitenant_davinci_multi_user',
    });
  });

  it('writes Secure, SameSite=Lax cookies that expire with the session', () => {
    const clock = { now: NOW };
    const { store, jar } = fakeCookieStore(clock);
    const cookies = createSessionCookies(store, { secure: true, now: () => clock.now });

    cookies.saveUser(session());

    const token = jar.get('multitenant_davinci_token');
    expect(token?.value).toBe('user-token');
    expect(token?.attributes).toEqual({ secure: true, sameSite: 'Lax', path: '/', expires: new Date(NOW + 86_400_000) });
    expect(JSON.parse(jar.get('multitenant_davinci_user')?.value ?? '{}')).not.toHaveProperty('token');
    expect(cookies.readUser()).toEqual(session());
  });

  it('reads nothing once the session has expired', () => {
    const clock = { now: NOW };
    const cookies = createSessionCookies(fakeCookieStore(clock).store, { secure: true, now: () => clock.now });
    cookies.saveUser(session({ expire: NOW + 1000 }));

    clock.now = NOW + 1000;

    expect(cookies.readUser()).toBeNull();
  });

  it('reads nothing from damaged cookies', () => {
    const clock = { now: NOW };
    const { store } = fakeCookieStore(clock);
    const cookies = createSessionCookies(store, { secure: true, now: () => clock.now });
    store.set('multitenant_davinci_token', 'x', { secure: true, sameSite: 'Lax', path: '/' });
    store.set('multitenant_davinci_user', '{not json', { secure: true, sameSite: 'Lax', path: '/' });

    expect(cookies.readUser()).toBeNull();
  });

  it('keeps the multi-user session apart from the user', () => {
    const clock = { now: NOW };
    const cookies = createSessionCookies(fakeCookieStore(clock).store, { secure: false, now: () => clock.now });
    const multi = session({
      token: 'multi-token',
      tokenType: 'multi-user',
      accountId: null,
      userId: null,
      multiUserId: '44444444-4444-4444-8444-444444444444',
    });

    cookies.saveMultiUser(multi);

    expect(cookies.readUser()).toBeNull();
    expect(cookies.readMultiUser()).toEqual(multi);
  });

  it('clears every session cookie', () => {
    const clock = { now: NOW };
    const { store, jar } = fakeCookieStore(clock);
    const cookies = createSessionCookies(store, { secure: true, now: () => clock.now });
    cookies.saveUser(session());
    cookies.saveMultiUser(session({ token: 'multi', tokenType: 'multi-user' }));

    cookies.clearAll();

    expect(jar.size).toBe(0);
  });

  it.each([
    [{ protocol: 'https:', hostname: 'library.example.com' }, true],
    [{ protocol: 'http:', hostname: 'localhost' }, true],
    [{ protocol: 'http:', hostname: '127.0.0.1' }, true],
    [{ protocol: 'http:', hostname: 'library.example.com' }, false],
  ])('Secure for %j: %s', (location, secure) => {
    expect(secureCookiesFor(location)).toBe(secure);
  });
});

describe('refresh rules', () => {
  it.each([
    [NOW + 120_000, false],
    [NOW + REFRESH_BEFORE_EXPIRY_MS, false],
    [NOW + REFRESH_BEFORE_EXPIRY_MS - 1, true],
    [NOW + 1, true],
    [NOW - 1, true],
  ])('expire %d → refresh %s', (expire, expected) => {
    expect(needsRefresh({ expire }, NOW)).toBe(expected);
  });

  it.each([
    ['No user token given', true],
    ['Invalid Token', true],
    ['Request timeout out after 30000 ms', false],
    ['Internal server error', false],
  ])("'%s' clears the session: %s", (message, expected) => {
    expect(isTokenRejected(new Error(message))).toBe(expected);
  });

  it("removes every session cookie when a refresh fails with 'No user token given'", () => {
    const clock = { now: NOW };
    const { store, jar } = fakeCookieStore(clock);
    const cookies = createSessionCookies(store, { secure: true, now: () => clock.now });
    cookies.saveUser(session());
    cookies.saveMultiUser(session({ token: 'multi', tokenType: 'multi-user' }));
    const machine = authMachine.provide({ actions: { clearSessionCookies: () => cookies.clearAll() } });
    const refreshing = machine.resolveState({
      value: { authorized: 'refreshing' },
      context: { session: session(), targetPath: null, urlToken: null, error: null },
    });

    const [next, actions] = transition(machine, refreshing, {
      type: 'xstate.error.actor.refreshSession',
      error: new Error('No user token given'),
    } as never);
    for (const action of actions) action.exec?.(action.info, action.params);

    expect(next.value).toBe('expired');
    expect(jar.size).toBe(0);
  });
});
