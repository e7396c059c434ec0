import type { Principal } from '../../common/auth/principal';

/**
 * Who may reach what in the accounts of spec 7: SUPER_ADMIN every account, anyone else its own.
 * Another account is "not found" for a non-super caller, so its ids do not leak.
 */
export function reachesAccount(principal: Principal, accountId: string): boolean {
  return principal.role === 'SUPER_ADMIN' || (principal.accountId !== null && principal.accountId === accountId);
}

/** SUPER_ADMIN administers every account, an ADMIN its own. */
export function administersAccount(principal: Principal, accountId: string): boolean {
  return principal.role === 'SUPER_ADMIN' || (principal.role === 'ADMIN' && principal.accountId === accountId);
}

/** A user may be acted on by itself, an administrator of its account, or SUPER_ADMIN. */
export function reachesUser(principal: Principal, user: { id: string; accountId: string }): boolean {
  return principal.userId === user.id || administersAccount(principal, user.accountId);
}
