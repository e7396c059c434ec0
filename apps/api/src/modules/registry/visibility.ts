import type { Level } from '@library/contracts';
import type { UserPrincipal } from '../../common/auth/principal';

/**
 * Who sees a release (spec 6, docs/adr/0008): its owner and member users always; with an ACCOUNT-level
 * status, users of the owner account and of member accounts; with a PDE-level status, everyone;
 * SUPER_ADMIN everything. Written as one SQL condition on the alias of package_release, so every list,
 * search and lookup filters in the database and ids of others' private releases are simply not found.
 */
export function visibleReleaseCondition(principal: UserPrincipal, alias: string): { sql: string; params: Record<string, unknown> } {
  if (principal.role === 'SUPER_ADMIN') return { sql: 'TRUE', params: {} };
  const hasLevel = (level: Level) =>
    `EXISTS (SELECT 1 FROM package_status_details_release level_${level} WHERE level_${level}.package_release_revision_id = ${alias}.revision_id AND level_${level}.level = '${level}')`;
  return {
    // One bind parameter serves both a uuid column and a text[] list: cast it each time, or PostgreSQL types it as
    // uuid at its first use and refuses the second (`operator does not exist: uuid = text`).
    sql: `(${alias}.owner_user_id = CAST(:viewerUserId AS uuid)
      OR CAST(:viewerUserId AS text) = ANY(COALESCE(${alias}.members_user_ids, '{}'))
      OR ${hasLevel('PDE')}
      OR (${hasLevel('ACCOUNT')} AND (${alias}.owner_account_id = CAST(:viewerAccountId AS uuid) OR CAST(:viewerAccountId AS text) = ANY(COALESCE(${alias}.members_account_ids, '{}')))))`,
    params: { viewerUserId: principal.userId, viewerAccountId: principal.accountId },
  };
}

/** Playground requests (spec 6): only the caller's own releases that have a USER level and no ACCOUNT or PDE one. */
export function playgroundCondition(principal: UserPrincipal, alias: string): { sql: string; params: Record<string, unknown> } {
  const levels = `(SELECT array_agg(s.level) FROM package_status_details_release s WHERE s.package_release_revision_id = ${alias}.revision_id)`;
  return {
    sql: `(${alias}.owner_user_id = :viewerUserId AND 'USER' = ANY(COALESCE(${levels}, '{}')) AND NOT (COALESCE(${levels}, '{}') && ARRAY['ACCOUNT', 'PDE']))`,
    params: { viewerUserId: principal.userId },
  };
}

/** Changing a release: its owner, an ADMIN of the owner account, or SUPER_ADMIN. */
export function canManageRelease(principal: UserPrincipal, release: { ownerAccountId: string; ownerUserId: string }): boolean {
  if (principal.role === 'SUPER_ADMIN') return true;
  if (release.ownerUserId === principal.userId) return true;
  return principal.role === 'ADMIN' && release.ownerAccountId === principal.accountId;
}

/** Setting a release status at a level: USER by whoever manages the release, ACCOUNT by an ADMIN of the owner account, PDE by SUPER_ADMIN. */
export function canSetLevel(principal: UserPrincipal, release: { ownerAccountId: string; ownerUserId: string }, level: Level): boolean {
  if (principal.role === 'SUPER_ADMIN') return true;
  if (level === 'PDE') return false;
  if (level === 'ACCOUNT') return principal.role === 'ADMIN' && release.ownerAccountId === principal.accountId;
  return canManageRelease(principal, release);
}
