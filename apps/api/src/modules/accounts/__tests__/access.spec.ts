import type { Principal } from '../../../common/auth/principal';
import { administersAccount, reachesAccount, reachesUser } from '../access';

const ACCOUNT = 'a0000000-0000-4000-8000-000000000001';
const OTHER = 'a0000000-0000-4000-8000-000000000002';

const principal = (role: Principal['role'], userId = 'u-caller', accountId: string | null = ACCOUNT): Principal => ({
  sessionId: 's',
  tokenType: role === 'UNAUTHORIZED' ? 'multi-user' : 'user',
  role,
  accountId,
  userId,
  multiUserId: null,
  username: 'x',
  expiresAt: new Date(),
});

describe('account access rules', () => {
  it('lets SUPER_ADMIN reach and administer every account', () => {
    expect(reachesAccount(principal('SUPER_ADMIN'), OTHER)).toBe(true);
    expect(administersAccount(principal('SUPER_ADMIN'), OTHER)).toBe(true);
  });

  it('lets an ADMIN administer its own account only', () => {
    expect(administersAccount(principal('ADMIN'), ACCOUNT)).toBe(true);
    expect(reachesAccount(principal('ADMIN'), OTHER)).toBe(false);
    expect(administersAccount(principal('ADMIN'), OTHER)).toBe(false);
  });

  it('lets a USER reach its own account without administering it', () => {
    expect(reachesAccount(principal('USER'), ACCOUNT)).toBe(true);
    expect(administersAccount(principal('USER'), ACCOUNT)).toBe(false);
    expect(reachesAccount(principal('USER'), OTHER)).toBe(false);
  });

  it('lets a multi-user sign-in (no account) reach no account', () => {
    expect(reachesAccount(principal('UNAUTHORIZED', 'u', null), ACCOUNT)).toBe(false);
  });

  it('lets a user act on itself, an ADMIN on its account users, SUPER_ADMIN on anyone', () => {
    const colleague = { id: 'u-other', accountId: ACCOUNT };
    expect(reachesUser(principal('USER', 'u-other'), colleague)).toBe(true);
    expect(reachesUser(principal('USER'), colleague)).toBe(false);
    expect(reachesUser(principal('ADMIN'), colleague)).toBe(true);
    expect(reachesUser(principal('ADMIN'), { id: 'u-far', accountId: OTHER })).toBe(false);
    expect(reachesUser(principal('SUPER_ADMIN', 'u', OTHER), colleague)).toBe(true);
  });
});
