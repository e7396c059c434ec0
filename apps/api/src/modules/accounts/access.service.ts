import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Messages } from '@library/contracts';
import { Repository } from 'typeorm';
import type { Principal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { AccountEntity } from './account.entity';
import { administersAccount, reachesAccount, reachesUser } from './access';
import { UserEntity } from './user.entity';

/** Loads an account or a user the caller may act on: 404 when it cannot see it (or it is missing), 403 when it sees it but may not act. */
@Injectable()
export class AccessService {
  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  /** An account the caller may read: SUPER_ADMIN any, others their own. */
  async account(principal: Principal, accountId: string): Promise<AccountEntity> {
    const account = reachesAccount(principal, accountId) ? await this.accounts.findOneBy({ id: accountId }) : null;
    if (!account) throw new DomainError('NOT_FOUND', Messages.accountNotFound);
    return account;
  }

  /** An account the caller administers: SUPER_ADMIN any, an ADMIN its own. */
  async administeredAccount(principal: Principal, accountId: string): Promise<AccountEntity> {
    const account = await this.account(principal, accountId);
    if (!administersAccount(principal, accountId)) throw new DomainError('FORBIDDEN');
    return account;
  }

  /** A user the caller may act on (itself, a user of an account it administers); when accountId is given the user must belong to it. */
  async user(principal: Principal, userId: string, accountId?: string): Promise<UserEntity> {
    if (accountId !== undefined) await this.account(principal, accountId);
    const user = await this.users.findOneBy({ id: userId });
    if (!user || (accountId !== undefined && user.accountId !== accountId) || !reachesAccount(principal, user.accountId)) {
      throw new DomainError('NOT_FOUND', Messages.userNotFound);
    }
    if (!reachesUser(principal, user)) throw new DomainError('FORBIDDEN');
    return user;
  }
}
