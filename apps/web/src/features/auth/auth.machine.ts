import type { LinkedUser, Role, Session } from '@library/contracts';
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { isNoRightsError, isTokenRejected } from './auth-errors';

/** Spec 9: a token is refreshed when under 60 seconds remain. */
export const REFRESH_BEFORE_EXPIRY_MS = 60_000;
/** After a refresh fails for another reason (network, server), wait this long before trying again. */
export const REFRESH_RETRY_MS = 5_000;

export interface AuthContext {
  /** The signed-in user, as last written to (or read from) the session cookies. */
  session: Session | null;
  /** Where the auth guard was going when initialisation started. */
  targetPath: string | null;
  /** The decoded `token` query parameter given to initialisation, if any. */
  urlToken: string | null;
  error: string | null;
}

export type AuthEvent =
  /** The auth guard found the authorized flag unset. */
  | { type: 'INIT'; targetPath: string; token?: string | null }
  /** The sign-in page obtained a user session. */
  | { type: 'SIGNED_IN'; session: Session }
  /** The cookie poll (every 500 ms): what the session cookies hold now. */
  | { type: 'COOKIES_CHECKED'; session: Session | null; now: number }
  | { type: 'SIGN_OUT' }
  | { type: 'SWITCH_ACCOUNT'; user: LinkedUser };

export interface InitAuthInput {
  targetPath: string;
  token: string | null;
}

const NO_RIGHTS_ROLES: readonly Role[] = ['GUEST', 'UNAUTHORIZED'];

export const hasNoRights = (session: Pick<Session, 'role'>) => NO_RIGHTS_ROLES.includes(session.role);
export const isSameUser = (a: Session, b: Session) => a.userId === b.userId && a.accountId === b.accountId;
export const needsRefresh = (session: Pick<Session, 'expire'>, now: number) => session.expire - now < REFRESH_BEFORE_EXPIRY_MS;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

/**
 * Session lifecycle of the web app: auth initialisation for the guard, token refresh, the cookie
 * watch that raises the login overlay (expired / another user / no rights), sign-out and account switch.
 * Pure: every call and cookie write is a named actor or action supplied with `.provide()`.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    /** Exchange the URL token or check the cached cookie session; rejects with NoRightsError when the user may not enter. */
    initAuth: fromPromise<Session, InitAuthInput>(notProvided('initAuth')),
    /** POST /auth/token { userToken } */
    refreshSession: fromPromise<Session, { token: string }>(notProvided('refreshSession')),
    /** DELETE /auth/token */
    revokeSession: fromPromise<void, { token: string | null }>(notProvided('revokeSession')),
    /** The multi-user token gets a user token for another linked user. */
    switchAccount: fromPromise<Session, { user: LinkedUser }>(notProvided('switchAccount')),
    /** Sends COOKIES_CHECKED every 500 ms. */
    watchCookies: fromCallback(() => () => undefined),
  },
  delays: {
    refreshRetry: REFRESH_RETRY_MS,
  },
  guards: {
    isNoRightsError: (_, params: { error: unknown }) => isNoRightsError(params.error),
    isTokenRejected: (_, params: { error: unknown }) => isTokenRejected(params.error),
    /** The cached cookie session (not a token from the URL) was refused by the server. */
    isCachedSessionRejected: ({ context }, params: { error: unknown }) => context.urlToken === null && isTokenRejected(params.error),
    cookiesGone: ({ event }) => event.type === 'COOKIES_CHECKED' && event.session === null,
    cookiesAnotherUser: ({ context, event }) =>
      event.type === 'COOKIES_CHECKED' && event.session !== null && context.session !== null && !isSameUser(context.session, event.session),
    cookiesNoRights: ({ event }) => event.type === 'COOKIES_CHECKED' && event.session !== null && hasNoRights(event.session),
    cookiesSameUser: ({ context, event }) =>
      event.type === 'COOKIES_CHECKED' && event.session !== null && context.session !== null && isSameUser(context.session, event.session),
    /** Another tab refreshed the token: same user, other token or expiry. */
    cookiesRenewed: ({ context, event }) =>
      event.type === 'COOKIES_CHECKED' &&
      event.session !== null &&
      context.session !== null &&
      isSameUser(context.session, event.session) &&
      (event.session.token !== context.session.token || event.session.expire !== context.session.expire),
    sessionNeedsRefresh: ({ context, event }) =>
      event.type === 'COOKIES_CHECKED' &&
      event.session !== null &&
      context.session !== null &&
      isSameUser(context.session, event.session) &&
      needsRefresh(event.session, event.now),
  },
  actions: {
    storeSession: assign((_, params: { session: Session }) => ({ session: params.session, error: null })),
    storeCookieSession: assign(({ context, event }) => ({
      session: event.type === 'COOKIES_CHECKED' && event.session ? event.session : context.session,
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    forgetSession: assign({ session: null }),
    /** Writes the user session cookies (spec 9). */
    saveSession: (_, _params: { session: Session }) => undefined,
    /** Removes every session cookie (user and multi-user). */
    clearSessionCookies: () => undefined,
    logError: (_, _params: { error: unknown }) => undefined,
    /** After an account switch: full reload at /bots. */
    reloadToBots: () => undefined,
  },
}).createMachine({
  id: 'auth',
  initial: 'unknown',
  context: { session: null, targetPath: null, urlToken: null, error: null },
  on: {
    // The sign-in page obtained a user session: from any state, that user is now signed in.
    SIGNED_IN: {
      target: '.authorized',
      actions: [
        { type: 'storeSession', params: ({ event }) => ({ session: event.session }) },
        { type: 'saveSession', params: ({ event }) => ({ session: event.session }) },
      ],
    },
  },
  states: {
    unknown: {
      on: { INIT: { target: 'initialising' } },
    },
    initialising: {
      entry: assign(({ event }) =>
        event.type === 'INIT' ? { targetPath: event.targetPath, urlToken: event.token ?? null, error: null } : {},
      ),
      invoke: {
        id: 'initAuth',
        src: 'initAuth',
        input: ({ context }) => ({ targetPath: context.targetPath ?? '/', token: context.urlToken }),
        onDone: {
          target: 'authorized',
          actions: [
            { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
            { type: 'saveSession', params: ({ event }) => ({ session: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isNoRightsError', params: ({ event }) => ({ error: event.error }) },
            target: 'noRights',
            actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isCachedSessionRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'unauthorized',
            actions: ['clearSessionCookies', 'forgetSession', { type: 'storeError', params: ({ event }) => ({ error: event.error }) }],
          },
          {
            target: 'unauthorized',
            actions: ['forgetSession', { type: 'storeError', params: ({ event }) => ({ error: event.error }) }],
          },
        ],
      },
    },
    authorized: {
      invoke: { id: 'watchCookies', src: 'watchCookies' },
      initial: 'active',
      on: {
        COOKIES_CHECKED: [
          { guard: 'cookiesGone', target: 'expired' },
          { guard: 'cookiesAnotherUser', target: 'anotherUser' },
          { guard: 'cookiesNoRights', target: 'noRights' },
          { guard: 'cookiesRenewed', actions: 'storeCookieSession' },
        ],
        SIGN_OUT: { target: 'signingOut' },
        SWITCH_ACCOUNT: { target: 'switchingAccount' },
      },
      states: {
        active: {
          on: {
            COOKIES_CHECKED: { guard: 'sessionNeedsRefresh', target: 'refreshing', actions: 'storeCookieSession' },
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshSession',
            src: 'refreshSession',
            input: ({ context }) => ({ token: context.session?.token ?? '' }),
            onDone: {
              target: 'active',
              actions: [
                { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
                { type: 'saveSession', params: ({ event }) => ({ session: event.output }) },
              ],
            },
            onError: [
              {
                guard: { type: 'isTokenRejected', params: ({ event }) => ({ error: event.error }) },
                target: '#auth.expired',
                actions: ['clearSessionCookies', { type: 'storeError', params: ({ event }) => ({ error: event.error }) }],
              },
              {
                target: 'retryLater',
                actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        retryLater: {
          after: { refreshRetry: 'active' },
        },
      },
    },
    /** Login overlay: the session cookies disappeared or expired. */
    expired: {
      invoke: { id: 'watchCookies', src: 'watchCookies' },
      on: {
        COOKIES_CHECKED: [
          { guard: 'cookiesSameUser', target: 'authorized', actions: 'storeCookieSession' },
          { guard: 'cookiesAnotherUser', target: 'anotherUser' },
        ],
        INIT: { target: 'initialising' },
      },
    },
    /** Login overlay: another tab signed in as someone else; the page must be reloaded. */
    anotherUser: {},
    /** Login overlay: the user may not use the library. */
    noRights: {
      on: {
        SIGN_OUT: { target: 'signingOut' },
      },
    },
    unauthorized: {
      on: {
        INIT: { target: 'initialising' },
      },
    },
    signingOut: {
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        input: ({ context }) => ({ token: context.session?.token ?? null }),
        onDone: { target: 'unauthorized', actions: ['clearSessionCookies', 'forgetSession'] },
        // Spec 4: if sign-out fails, the error is logged and the cookies are removed anyway.
        onError: {
          target: 'unauthorized',
          actions: [{ type: 'logError', params: ({ event }) => ({ error: event.error }) }, 'clearSessionCookies', 'forgetSession'],
        },
      },
    },
    switchingAccount: {
      invoke: {
        id: 'switchAccount',
        src: 'switchAccount',
        input: ({ event }) => {
          if (event.type !== 'SWITCH_ACCOUNT') throw new Error('switchingAccount needs a SWITCH_ACCOUNT event');
          return { user: event.user };
        },
        onDone: {
          actions: [
            { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
            { type: 'saveSession', params: ({ event }) => ({ session: event.output }) },
            'reloadToBots',
          ],
        },
        onError: {
          target: 'authorized',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;

/** The login overlay shows in these states (spec 2: expired, cookiesAnotherUser, cookiesNoRights). */
export type LoginOverlayReason = 'expired' | 'anotherUser' | 'noRights';
