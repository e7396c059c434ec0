import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AttachMultiUserRequest, Messages, Password, ReachableAccount } from '@library/contracts';
import { DataSource, EntityManager, In, IsNull, Not, Repository } from 'typeorm';
import { z } from 'zod';
import type { Principal, UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { hashPassword, verifyPassword } from '../identity/secrets';
import { SignInThrottleService } from '../identity/sign-in-throttle.service';
import { AccessService } from './access.service';
import { MultiUserEntity } from './multi-user.entity';
import { UserEntity } from './user.entity';
import { toAccount } from './views';

export interface MultiUserView {
  id: string;
  email: string;
  userIds: string[];
  createdAt: string;
}

/** Multi-users seen from accounts: who links to whom, and attaching a user of an account to a multi-user. */
@Injectable()
export class MultiUsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(MultiUserEntity) private readonly multiUsers: Repository<MultiUserEntity>,
    private readonly access: AccessService,
    private readonly dataSource: DataSource,
    private readonly throttle: SignInThrottleService,
  ) {}

  /** GET /account/multi-users: multi-users linked to users of the caller's account, with those users only. */
  async ofOwnAccount(principal: UserPrincipal): Promise<MultiUserView[]> {
    const users = await this.users.find({
      where: { accountId: principal.accountId, multiUserId: Not(IsNull()) },
      select: { id: true, multiUserId: true },
    });
    return this.views(users);
  }

  /** GET /multi-users (SUPER_ADMIN): every multi-user with every user it reaches. */
  async all(): Promise<MultiUserView[]> {
    const multiUsers = await this.multiUsers.find({ order: { email: 'ASC' } });
    const users = await this.users.find({ where: { multiUserId: Not(IsNull()) }, select: { id: true, multiUserId: true } });
    return multiUsers.map((multiUser) => this.view(multiUser, users));
  }

  /** GET /multi-users/accounts: the accounts the caller's multi-user can switch to (as /multi-user/list-users: enabled, not a guest). */
  async reachableAccounts(principal: Principal): Promise<ReachableAccount[]> {
    if (!principal.multiUserId) throw new DomainError('FORBIDDEN', Messages.multiUserOnly);
    const users = await this.users.find({ where: { multiUserId: principal.multiUserId }, relations: { account: true } });
    return users
      .filter((user) => user.enabled && user.account?.enabled && user.role !== 'GUEST')
      .map((user) => ({ ...toAccount(user.account!), userId: user.id, role: user.role }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * POST /accounts/{id}/multi-user/attach-start: links a user of the account to the multi-user with that email, creating
   * the multi-user (the password must obey the rules) or proving its password. A multi-user reaches at most one user per account.
   * Runs in one transaction holding the multi-user's row, so concurrent attaches cannot both win.
   */
  async attach(
    principal: UserPrincipal,
    accountId: string,
    request: z.infer<typeof AttachMultiUserRequest>,
    clientIp: string,
  ): Promise<MultiUserView> {
    await this.access.administeredAccount(principal, accountId);
    // Proving a multi-user's password here counts against the same throttle as signing in with it.
    if (await this.throttle.needsCaptcha(request.email, clientIp)) throw new DomainError('TOO_MANY_REQUESTS', Messages.tooManyAttempts);
    if (!(await this.users.existsBy({ id: request.userId, accountId }))) throw new DomainError('NOT_FOUND', Messages.userNotFound);
    if (await this.users.existsBy({ email: request.email })) throw new DomainError('CONFLICT', Messages.emailTaken);
    // Hash before the transaction (it is slow), and only when the multi-user looks new.
    const newHash = (await this.multiUsers.existsBy({ email: request.email }))
      ? null
      : await hashPassword(z.object({ password: Password }).parse({ password: request.password }).password);

    const multiUser = await this.dataSource
      .transaction(async (manager) => {
        const target = await this.lockedMultiUser(manager, request.email, request.password, newHash);
        const user = await manager.findOne(UserEntity, { where: { id: request.userId, accountId }, lock: { mode: 'pessimistic_write' } });
        if (!user) throw new DomainError('NOT_FOUND', Messages.userNotFound);
        if (user.multiUserId === target.id) return target;
        if (user.multiUserId) throw new DomainError('CONFLICT', Messages.userAlreadyLinked);
        const accountTaken = await manager.existsBy(UserEntity, { multiUserId: target.id, accountId });
        if (accountTaken) throw new DomainError('CONFLICT', Messages.multiUserAccountTaken);
        await manager.update(UserEntity, { id: user.id }, { multiUserId: target.id });
        return target;
      })
      .catch(async (error: unknown) => {
        if (error instanceof DomainError && error.code === 'INVALID_CREDENTIALS')
          await this.throttle.recordFailure(request.email, clientIp);
        throw error;
      });

    const linked = await this.users.find({
      where: { multiUserId: multiUser.id },
      select: { id: true, multiUserId: true, accountId: true },
    });
    // An ADMIN sees only the links into its own account.
    const visible = principal.role === 'SUPER_ADMIN' ? linked : linked.filter((user) => user.accountId === accountId);
    return this.view(multiUser, visible);
  }

  /** The multi-user with that email, row-locked: created with `newHash` when missing, else its password must match. */
  private async lockedMultiUser(manager: EntityManager, email: string, password: string, newHash: string | null): Promise<MultiUserEntity> {
    if (newHash) {
      const inserted = (await manager.query(
        `INSERT INTO "multi_user" ("email", "password_hash") VALUES ($1, $2) ON CONFLICT ("email") DO NOTHING RETURNING "id"`,
        [email, newHash],
      )) as Array<{ id: string }>;
      if (inserted.length) {
        return manager.findOneOrFail(MultiUserEntity, { where: { id: inserted[0].id }, lock: { mode: 'pessimistic_write' } });
      }
    }
    const existing = await manager.findOne(MultiUserEntity, { where: { email }, lock: { mode: 'pessimistic_write' } });
    if (!existing || !(await verifyPassword(existing.passwordHash, password))) throw new DomainError('INVALID_CREDENTIALS');
    return existing;
  }

  private async views(users: Array<Pick<UserEntity, 'id' | 'multiUserId'>>): Promise<MultiUserView[]> {
    const ids = [...new Set(users.map((user) => user.multiUserId!))];
    if (!ids.length) return [];
    const multiUsers = await this.multiUsers.find({ where: { id: In(ids) }, order: { email: 'ASC' } });
    return multiUsers.map((multiUser) => this.view(multiUser, users));
  }

  private view(multiUser: MultiUserEntity, users: Array<Pick<UserEntity, 'id' | 'multiUserId'>>): MultiUserView {
    return {
      id: multiUser.id,
      email: multiUser.email,
      userIds: users.filter((user) => user.multiUserId === multiUser.id).map((user) => user.id),
      createdAt: multiUser.createdAt.toISOString(),
    };
  }
}
