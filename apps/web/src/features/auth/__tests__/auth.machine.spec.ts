import type { Session } from '@library/contracts';
import { type StateValue, transition } from 'xstate';
import { type AuthContext, type AuthEvent, authMachine, REFRESH_BEFORE_EXPIRY_MS } from '../auth.machine';
import { NoRightsError } from '../auth-errors';

const NOW = 1_800_000_000_000;
const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const OTHER_USER = '33333333-3333-4333-8333-333333333333';

const session = (overrides: Partial<Session> = {}): Session => ({
  token: 'token-1',
  tokenType: 'user',
  role: 'USER',
  accountId: ACCOUNT,
  userId: USER,
  multiUserId: null,
  username: 'user@library.test',
  identityProvider: 'library',
  twoFactorEnabled: false,
  expire: NOW + 3_600_000,
  ...overrides,
});

const signedIn: Partial<AuthContext> = { session: session() };

function at(value: StateValue, context: Partial<AuthContext> = {}) {
  return authMachine.resolveState({ value, context: { session: null, targetPath: null, urlToken: null, error: null, ...context } });
}

/** Done and error events of invoked actors, which the machine's own event type does not list. */
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as AuthEvent;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as AuthEvent;
const cookies = (value: Session | null, now = NOW): AuthEvent => ({ type: 'COOKIES_CHECKED', session: value, now });

type Row = [description: string, from: StateValue, context: Partial<AuthContext>, event: AuthEvent, to: StateValue, actions?: string[]];

const rows: Row[] = [
  ['guard starts initialisation', 'unknown', {}, { type: 'INIT', targetPath: '/flows' }, 'initialising'],
  ['sign-in page reports a session', 'unknown', {}, { type: 'SIGNED_IN', session: session() }, { authorized: 'active' }, ['saveSession']],
  ['initialisation succeeds', 'initialising', {}, done('initAuth', session()), { authorized: 'active' }, ['saveSession']],
  ['initialisation: no rights', 'initialising', {}, failed('initAuth', new NoRightsError()), 'noRights'],
  [
    'initialisation: no cached user',
    'initialising',
    {},
    failed('initAuth', new Error('No cached user params are available')),
    'unauthorized',
  ],
  [
    'initialisation: cached token refused',
    'initialising',
    {},
    failed('initAuth', new Error('Invalid Token')),
    'unauthorized',
    ['clearSessionCookies'],
  ],
  [
    'initialisation: URL token refused keeps cookies',
    'initialising',
    { urlToken: 'bad' },
    failed('initAuth', new Error('Invalid Token')),
    'unauthorized',
  ],
  ['unauthorized user signs in', 'unauthorized', {}, { type: 'SIGNED_IN', session: session() }, { authorized: 'active' }, ['saveSession']],
  ['unauthorized guard runs again', 'unauthorized', {}, { type: 'INIT', targetPath: '/bots' }, 'initialising'],
  ['cookies unchanged', { authorized: 'active' }, signedIn, cookies(session()), { authorized: 'active' }],
  ['cookies gone → expired overlay', { authorized: 'active' }, signedIn, cookies(null), 'expired'],
  ['another user in another tab', { authorized: 'active' }, signedIn, cookies(session({ userId: OTHER_USER, token: 'x' })), 'anotherUser'],
  ['cookies now say guest → no rights', { authorized: 'active' }, signedIn, cookies(session({ role: 'GUEST' })), 'noRights'],
  [
    'another tab refreshed the token',
    { authorized: 'active' },
    signedIn,
    cookies(session({ token: 'token-2', expire: NOW + 7_200_000 })),
    { authorized: 'active' },
  ],
  [
    'under 60 s left → refresh',
    { authorized: 'active' },
    signedIn,
    cookies(session({ expire: NOW + REFRESH_BEFORE_EXPIRY_MS - 1 })),
    { authorized: 'refreshing' },
  ],
  [
    'exactly 60 s left → no refresh yet',
    { authorized: 'active' },
    signedIn,
    cookies(session({ expire: NOW + REFRESH_BEFORE_EXPIRY_MS })),
    { authorized: 'active' },
  ],
  [
    'refresh succeeds',
    { authorized: 'refreshing' },
    signedIn,
    done('refreshSession', session({ token: 'token-2' })),
    { authorized: 'active' },
    ['saveSession'],
  ],
  [
    "refresh fails: 'No user token given'",
    { authorized: 'refreshing' },
    signedIn,
    failed('refreshSession', new Error('No user token given')),
    'expired',
    ['clearSessionCookies'],
  ],
  [
    "refresh fails: 'Invalid Token'",
    { authorized: 'refreshing' },
    signedIn,
    failed('refreshSession', new Error('Invalid Token')),
    'expired',
    ['clearSessionCookies'],
  ],
  [
    'refresh fails otherwise → retry later',
    { authorized: 'refreshing' },
    signedIn,
    failed('refreshSession', new Error('Failed to fetch')),
    { authorized: 'retryLater' },
    ['logError'],
  ],
  ['sign out', { authorized: 'active' }, signedIn, { type: 'SIGN_OUT' }, 'signingOut'],
  ['sign-out succeeds', 'signingOut', signedIn, done('revokeSession', undefined), 'unauthorized', ['clearSessionCookies']],
  [
    'sign-out fails: log and clear anyway',
    'signingOut',
    signedIn,
    failed('revokeSession', new Error('Internal server error')),
    'unauthorized',
    ['logError', 'clearSessionCookies'],
  ],
  [
    'account switch',
    { authorized: 'active' },
    signedIn,
    { type: 'SWITCH_ACCOUNT', user: { id: OTHER_USER, accountId: ACCOUNT, accountName: 'Acme', username: 'u', role: 'USER' } },
    'switchingAccount',
  ],
  [
    'account switch succeeds → reload',
    'switchingAccount',
    signedIn,
    done('switchAccount', session({ userId: OTHER_USER })),
    'switchingAccount',
    ['saveSession', 'reloadToBots'],
  ],
  [
    'account switch fails',
    'switchingAccount',
    signedIn,
    failed('switchAccount', new Error('This user is not reachable from your sign-in')),
    { authorized: 'active' },
    ['logError'],
  ],
  ['expired: same user signs in again elsewhere', 'expired', signedIn, cookies(session({ token: 'token-3' })), { authorized: 'active' }],
  ['expired: another user signs in elsewhere', 'expired', signedIn, cookies(session({ userId: OTHER_USER })), 'anotherUser'],
  ['expired: still no cookies', 'expired', signedIn, cookies(null), 'expired'],
  ['no rights: sign in as someone else', 'noRights', signedIn, { type: 'SIGN_OUT' }, 'signingOut'],
  [
    'no rights: another user signs in on the login page',
    'noRights',
    signedIn,
    { type: 'SIGNED_IN', session: session({ userId: OTHER_USER }) },
    { authorized: 'active' },
    ['saveSession'],
  ],
  [
    'already signed in: a new sign-in replaces the user',
    { authorized: 'active' },
    signedIn,
    { type: 'SIGNED_IN', session: session({ token: 'new' }) },
    { authorized: 'active' },
    ['saveSession'],
  ],
  ['another user: nothing but a reload helps', 'anotherUser', signedIn, { type: 'INIT', targetPath: '/bots' }, 'anotherUser'],
];

describe('authMachine transitions', () => {
  it.each(rows)('%s: %j + event → %j', (_description, from, context, event, to, actions = []) => {
    const [next, executed] = transition(authMachine, at(from, context), event);

    expect(next.value).toEqual(to);
    const executedTypes = executed.map((action) => action.type);
    for (const action of actions) expect(executedTypes).toContain(action);
  });

  it('remembers the target path and URL token of initialisation', () => {
    const [next] = transition(authMachine, at('unknown'), { type: 'INIT', targetPath: '/flows?query=x', token: 'abc' });

    expect(next.context).toMatchObject({ targetPath: '/flows?query=x', urlToken: 'abc' });
  });

  it('forgets the user and keeps the message when sign-out fails', () => {
    const [next] = transition(authMachine, at('signingOut', signedIn), failed('revokeSession', new Error('Internal server error')));

    expect(next.context.session).toBeNull();
  });

  it('does not clear cookies when a refresh fails for another reason', () => {
    const [, executed] = transition(
      authMachine,
      at({ authorized: 'refreshing' }, signedIn),
      failed('refreshSession', new Error('Failed to fetch')),
    );

    expect(executed.map((action) => action.type)).not.toContain('clearSessionCookies');
  });
});
