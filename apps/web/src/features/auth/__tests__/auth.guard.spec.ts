import type { LoaderFunctionArgs } from 'react-router-dom';
import { createAuthGuard, createLoginGuard } from '../auth.guard';
import type { AuthService, GuardOutcome } from '../auth.service';
import { safeRedirectPath, tokenFromSearch, withoutToken } from '../redirect-path';

const user = { token: 't', role: 'USER' } as never;
const args = (url: string) => ({ request: { url } }) as unknown as LoaderFunctionArgs;

/** An auth service that answers the guard with a fixed outcome and records what it was asked. */
function fakeAuth(outcome: GuardOutcome, state = 'unknown') {
  const calls: { targetPath: string; token?: string | null }[] = [];
  const auth = {
    ensureAuthorized: async (input: { targetPath: string; token?: string | null }) => {
      calls.push(input);
      return outcome;
    },
    actor: { getSnapshot: () => ({ matches: (value: string) => value === state }) },
  } as unknown as Pick<AuthService, 'actor' | 'ensureAuthorized'>;
  return { auth, calls };
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    return error as Response;
  }
  throw new Error('expected a redirect');
}

describe('auth guard', () => {
  it('lets an authorized user through', async () => {
    const { auth, calls } = fakeAuth({ kind: 'authorized', session: user });

    await expect(createAuthGuard(auth)(args('http://localhost/flows/items?query=mail'))).resolves.toBeNull();
    expect(calls).toEqual([{ targetPath: '/flows/items?query=mail', token: null }]);
  });

  it('sends anyone else to /login with the current URL as redirectPath', async () => {
    const { auth } = fakeAuth({ kind: 'unauthorized', error: 'No cached user params are available' });

    const response = await thrown(createAuthGuard(auth)(args('http://localhost/flows?query=a&category=b')));

    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login?redirectPath=/flows?query=a%26category=b');
  });

  it('leaves navigation unresolved on NoRightsError', async () => {
    const { auth } = fakeAuth({ kind: 'noRights' });
    const pending = createAuthGuard(auth)(args('http://localhost/bots'));

    const winner = await Promise.race([pending.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('pending'), 50))]);

    expect(winner).toBe('pending');
  });

  it('exchanges the decoded token query parameter, then drops it from the URL', async () => {
    const { auth, calls } = fakeAuth({ kind: 'authorized', session: user });

    const response = await thrown(createAuthGuard(auth)(args('http://localhost/iframe/steps?attachToTree=true&token=a%2Bb+c')));

    expect(calls[0].token).toBe('a+b+c');
    expect(response.headers.get('Location')).toBe('/iframe/steps?attachToTree=true');
  });
});

describe('login guard', () => {
  it('sends an authorized user to the root', async () => {
    const { auth } = fakeAuth({ kind: 'authorized', session: user }, 'authorized');

    const response = await thrown(createLoginGuard(auth)(args('http://localhost/login')));

    expect(response.headers.get('Location')).toBe('/');
  });

  it('checks cached cookies once, and shows the page when they do not sign anyone in', async () => {
    const { auth, calls } = fakeAuth({ kind: 'unauthorized', error: null }, 'unknown');

    await expect(createLoginGuard(auth)(args('http://localhost/login?redirectPath=/flows'))).resolves.toBeNull();
    expect(calls).toHaveLength(1);
  });
});

describe('redirect helpers', () => {
  it.each([
    ['/flows', '/flows'],
    ['/flows/items/1?query=x#top', '/flows/items/1?query=x#top'],
    ['//evil.example.com/x', null],
    ['/\\evil.example.com', null],
    ['https://evil.example.com/', null],
    ['flows', null],
    ['/login', null],
    [undefined, null],
  ])('redirectPath %j → %j', (value, expected) => {
    expect(safeRedirectPath(value, 'http://localhost:3000')).toBe(expected);
  });

  it('reads and removes the token', () => {
    expect(tokenFromSearch('?a=1&token=x%20y')).toBe('x y');
    expect(tokenFromSearch('?a=1')).toBeNull();
    expect(withoutToken(new URL('http://h/p?token=1&a=2#h'))).toBe('/p?a=2#h');
  });
});
