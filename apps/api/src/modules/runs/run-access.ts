import type { Principal } from '../../common/auth/principal';

/**
 * Who may see and act on a run: the user who started it, an ADMIN of its account, or SUPER_ADMIN. Anyone
 * else gets "not found", so run ids don't leak.
 */
export function reachesRun(principal: Principal, run: { ownerAccountId: string | null; ownerUserId: string | null }): boolean {
  if (principal.role === 'SUPER_ADMIN') return true;
  if (principal.userId !== null && run.ownerUserId === principal.userId) return true;
  return principal.role === 'ADMIN' && principal.accountId !== null && run.ownerAccountId === principal.accountId;
}
