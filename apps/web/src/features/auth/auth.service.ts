import { Messages, type Session } from '@library/contracts';
import { type ActorRefFrom, createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { AuthApi } from './auth.api';
import { type AuthEvent, authMachine, hasNoRights, type InitAuthInput, needsRefresh } from './auth.machine';
import { NoRightsError } from './auth-errors';
import { COOKIE_POLL_MS, type SessionCookies } from './session-cookies';

export interface AuthServiceDeps {
  api: AuthApi;
  cookies: SessionCookies;
  now?: () => number;
  pollMs?: number;
  /** Full page load at a path (after an account switch). */
  reloadTo?: (path: string) => void;
  logError?: (error: unknown) => void;
}

export type AuthActor = ActorRefFrom<typeof authMachine>;

/** What the auth guard does next: continue, leave navigation unresolved, or go to the login page. */
export type GuardOutcome = { kind: 'authorized'; session: Session } | { kind: 'noRights' } | { kind: 'unauthorized'; error: string | null };

export const MULTI_USER_TOKEN_IN_URL_MESSAGE = 'A multi-user token cannot open the library; sign in and choose a user';

/**
 * Auth initialisation (spec 2): a `token` query parameter is exchanged for a session; otherwise the
 * cached cookie session is refreshed (under 60 s left) or validated (GET /auth/token, allow must be true).
 */
export async function initialiseAuth(deps: Pick<AuthServiceDeps, 'api' | 'cookies' | 'now'>, input: InitAuthInput): Promise<Session> {
  const now = deps.now ?? Date.now;
  let session: Session;
  if (input.token) {
    session = await deps.api.exchangeToken(input.token);
    if (session.tokenType === 'multi-user') {
      deps.cookies.saveMultiUser(session);
      throw new Error(MULTI_USER_TOKEN_IN_URL_MESSAGE);
    }
  } else {
    const cached = deps.cookies.readUser();
    if (!cached) throw new Error(Messages.noCachedUser);
    if (needsRefresh(cached, now())) {
      session = await deps.api.exchangeToken(cached.token);
    } else {
      const { role } = await deps.api.validateToken(cached.token);
      session = { ...cached, role };
    }
  }
  if (hasNoRights(session)) throw new NoRightsError();
  return session;
}

export function createAuthService(deps: AuthServiceDeps) {
  const now = deps.now ?? Date.now;
  const pollMs = deps.pollMs ?? COOKIE_POLL_MS;
  const logError = deps.logError ?? ((error: unknown) => console.error(error));

  const machine = authMachine.provide({
    actors: {
      initAuth: fromPromise(({ input }) => initialiseAuth(deps, input)),
      refreshSession: fromPromise(({ input }) => deps.api.exchangeToken(input.token)),
      revokeSession: fromPromise(async ({ input }) => {
        const multiUser = deps.cookies.readMultiUser();
        if (multiUser) await deps.api.revokeToken(multiUser.token).catch(logError);
        if (!input.token) throw new Error(Messages.tokenNotDefined);
        await deps.api.revokeToken(input.token);
      }),
      switchAccount: fromPromise(async ({ input }) => {
        const multiUser = deps.cookies.readMultiUser();
        if (!multiUser) throw new Error(Messages.tokenNotDefined);
        return deps.api.getLinkedUserToken(multiUser.token, input.user);
      }),
      watchCookies: fromCallback(({ sendBack }) => {
        const timer = setInterval(
          () => sendBack({ type: 'COOKIES_CHECKED', session: deps.cookies.readUser(), now: now() } satisfies AuthEvent),
          pollMs,
        );
        return () => clearInterval(timer);
      }),
    },
    actions: {
      saveSession: (_, { session }) => deps.cookies.saveUser(session),
      clearSessionCookies: () => deps.cookies.clearAll(),
      logError: (_, { error }) => logError(error),
      reloadToBots: () => (deps.reloadTo ?? ((path: string) => window.location.assign(path)))('/bots'),
    },
  });

  const actor: AuthActor = createActor(machine);
  actor.start();

  /** The auth guard: runs initialisation when the authorized flag is unset. */
  async function ensureAuthorized(input: { targetPath: string; token?: string | null }): Promise<GuardOutcome> {
    let snapshot = actor.getSnapshot();
    if (snapshot.matches('authorized') && snapshot.context.session) return { kind: 'authorized', session: snapshot.context.session };
    if (snapshot.matches('noRights') || snapshot.matches('anotherUser') || snapshot.matches('switchingAccount'))
      return { kind: 'noRights' };
    if (snapshot.can({ type: 'INIT', targetPath: input.targetPath, token: input.token })) {
      actor.send({ type: 'INIT', targetPath: input.targetPath, token: input.token ?? null });
    }
    snapshot = await waitFor(actor, (state) => !state.matches('initialising') && !state.matches('signingOut'));
    if (snapshot.matches('authorized') && snapshot.context.session) return { kind: 'authorized', session: snapshot.context.session };
    if (snapshot.matches('noRights')) return { kind: 'noRights' };
    return { kind: 'unauthorized', error: snapshot.context.error };
  }

  /** DELETE /auth/token, then the cookies are gone whatever the answer. */
  async function signOut(): Promise<void> {
    if (!actor.getSnapshot().can({ type: 'SIGN_OUT' })) {
      deps.cookies.clearAll();
      return;
    }
    actor.send({ type: 'SIGN_OUT' });
    await waitFor(actor, (state) => state.matches('unauthorized'));
  }

  return { actor, ensureAuthorized, signOut, stop: () => actor.stop() };
}

export type AuthService = ReturnType<typeof createAuthService>;
