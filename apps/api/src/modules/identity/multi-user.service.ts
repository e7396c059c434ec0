import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LinkedUser, Messages, Session } from '@library/contracts';
import { Repository } from 'typeorm';
import type { Principal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { MultiUserEntity } from '../accounts/multi-user.entity';
import { UserEntity } from '../accounts/user.entity';
import { SessionsService } from './sessions.service';

/** The multi-user side of sign-in: which users a sign-in reaches, and switching between them. */
@Injectable()
export class MultiUserService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(MultiUserEntity) private readonly multiUsers: Repository<MultiUserEntity>,
    private readonly sessions: SessionsService,
  ) {}

  async isMultiUser(username: string): Promise<{ username: string; isMultiUser: boolean }> {
    const email = username.toLowerCase();
    return { username: email, isMultiUser: await this.multiUsers.existsBy({ email }) };
  }

  /** Users the caller's multi-user reaches that can sign in (enabled, in an enabled account, not a guest). */
  async listUsers(principal: Principal): Promise<LinkedUser[]> {
    const multiUserId = this.multiUserIdOf(principal);
    const users = await this.users.find({ where: { multiUserId }, relations: { account: true }, order: { email: 'ASC' } });
    return users
      .filter((user) => user.enabled && user.account?.enabled && user.role !== 'GUEST')
      .map((user) => ({ id: user.id, accountId: user.accountId, accountName: user.account!.name, username: user.email, role: user.role }));
  }

  /** POST /multi-user/user-token: a user session for one of the reached users. */
  async userToken(principal: Principal, accountId: string, userId: string, expireLong = false): Promise<Session> {
    const multiUserId = this.multiUserIdOf(principal);
    const user = await this.users.findOne({ where: { id: userId, accountId, multiUserId }, relations: { account: true } });
    if (!user) throw new DomainError('NOT_FOUND', Messages.userNotLinked);
    if (user.role === 'GUEST') throw new DomainError('GUEST_NOT_ALLOWED');
    if (!user.account?.enabled) throw new DomainError('ACCOUNT_DISABLED');
    if (!user.enabled) throw new DomainError('USER_DISABLED');
    return this.sessions.issue({ kind: 'user', entity: user }, expireLong);
  }

  /** GET /multi-user/token: back from a user to its multi-user session (or a refresh of one). */
  async multiUserToken(principal: Principal, expireLong = false): Promise<Session> {
    const multiUser = await this.multiUsers.findOneBy({ id: this.multiUserIdOf(principal) });
    if (!multiUser) throw new DomainError('FORBIDDEN', Messages.multiUserOnly);
    return this.sessions.issue({ kind: 'multi-user', entity: multiUser }, expireLong);
  }

  private multiUserIdOf(principal: Principal): string {
    if (!principal.multiUserId) throw new DomainError('FORBIDDEN', Messages.multiUserOnly);
    return principal.multiUserId;
  }
}
