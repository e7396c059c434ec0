import type { Account, User } from '@library/contracts';
import type { AccountEntity } from './account.entity';
import type { UserEntity } from './user.entity';

/** What clients see of an account. */
export function toAccount(account: AccountEntity): Account {
  return {
    id: account.id,
    name: account.name,
    label: account.label,
    enabled: account.enabled,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}

/** What clients see of a user: never its password hash or two-factor secrets. */
export function toUser(user: UserEntity): User {
  return {
    id: user.id,
    accountId: user.accountId,
    email: user.email,
    username: user.email,
    role: user.role,
    enabled: user.enabled,
    firstName: user.firstName,
    lastName: user.lastName,
    multiUserId: user.multiUserId,
    twoFactorEnabled: user.twoFactor.enabled,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
