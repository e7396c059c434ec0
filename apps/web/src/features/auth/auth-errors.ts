import { Messages } from '@library/contracts';

/**
 * The signed-in user may not use the library (spec 2): the auth guard leaves navigation
 * unresolved instead of redirecting to the login page, and the login overlay explains why.
 */
export class NoRightsError extends Error {
  override readonly name = 'NoRightsError';

  constructor(message = 'You do not have access to the library with this account') {
    super(message);
  }
}

export function isNoRightsError(error: unknown): boolean {
  return error instanceof NoRightsError || (error instanceof Error && error.name === 'NoRightsError');
}

/** Spec 4 and 8: these answers to a token mean the session is gone; all session cookies are removed. */
export function isTokenRejected(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return message === Messages.noUserToken || message === Messages.invalidToken;
}
