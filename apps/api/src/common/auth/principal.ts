import type { Role, TokenType } from '@library/contracts';

/** Who is calling, resolved from the bearer token by the auth guard. */
export interface Principal {
  sessionId: string;
  tokenType: TokenType;
  /** UNAUTHORIZED for a multi-user token: it reaches users, not an account. */
  role: Role;
  accountId: string | null;
  userId: string | null;
  multiUserId: string | null;
  username: string;
  expiresAt: Date;
}

/** A principal signed in as a user of an account. */
export interface UserPrincipal extends Principal {
  tokenType: 'user';
  accountId: string;
  userId: string;
}

export function isUserPrincipal(principal: Principal): principal is UserPrincipal {
  return principal.tokenType === 'user' && principal.accountId !== null && principal.userId !== null;
}
