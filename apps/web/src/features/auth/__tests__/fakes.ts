import type { LinkedUser, Session, SignInRequest, SignInResponse } from '@library/contracts';
import type { AuthApi } from '../auth.api';
import { type CookieStore, createSessionCookies } from '../session-cookies';

export const NOW = 1_800_000_000_000;

export const aSession = (overrides: Partial<Session> = {}): Session => ({
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

/** Cookies in memory. */
export function memoryCookies(now = () => NOW) {
  const jar = new Map<string, string>();
  const store: CookieStore = {
    get: (name) => jar.get(name),
    set: (name, value) => void jar.set(name, value),
    remove: (name) => void jar.delete(name),
  };
  return { jar, cookies: createSessionCookies(store, { secure: true, now }) };
}

/** An AuthApi whose answers the test sets, recording every call. */
export function fakeAuthApi(overrides: Partial<AuthApi> = {}) {
  const calls: { method: keyof AuthApi; args: unknown[] }[] = [];
  const record = <K extends keyof AuthApi>(method: K, fallback: AuthApi[K]): AuthApi[K] =>
    ((...args: unknown[]) => {
      calls.push({ method, args });
      return (overrides[method] ?? fallback)(...(args as [never, never]));
    }) as AuthApi[K];
  const api: AuthApi = {
    signIn: record('signIn', async (_request: SignInRequest): Promise<SignInResponse> => aSession()),
    exchangeToken: record('exchangeToken', async () => aSession({ token: 'fresh-token' })),
    validateToken: record('validateToken', async () => ({ role: 'USER' as const, allow: true })),
    revokeToken: record('revokeToken', async () => undefined),
    listLinkedUsers: record('listLinkedUsers', async (): Promise<LinkedUser[]> => []),
    getLinkedUserToken: record('getLinkedUserToken', async () => aSession()),
  };
  return { api, calls };
}
