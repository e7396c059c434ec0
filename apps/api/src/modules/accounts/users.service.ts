import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AdvancedUsersQuery, CreateUserRequest, ListUsersQuery, Messages, UpdateUserRequest, User } from '@library/contracts';
import { DataSource, Repository } from 'typeorm';
import { z } from 'zod';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { hashPassword, verifyPassword } from '../identity/secrets';
import { SessionsService } from '../identity/sessions.service';
import { AccessService } from './access.service';
import { administersAccount } from './access';
import type { Page } from './accounts.service';
import { UserEntity } from './user.entity';
import { containsPattern, emailInUse, isUniqueViolation } from './queries';
import { toUser } from './views';

/** GET /users' query, with /users/advanced's filters when given. */
type UsersQuery = z.infer<typeof ListUsersQuery> & Partial<Pick<z.infer<typeof AdvancedUsersQuery>, 'accountId' | 'role' | 'enabled'>>;

const ORDER_COLUMNS = { email: 'user.email', createdAt: 'user.createdAt', updatedAt: 'user.updatedAt', role: 'user.role' } as const;

/** Users of accounts (spec 7 "Accounts and users"): ADMIN manages its account's users, SUPER_ADMIN everyone's, a user itself. */
@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly access: AccessService,
    private readonly sessions: SessionsService,
    private readonly dataSource: DataSource,
  ) {}

  /** GET /users and /users/advanced: an ADMIN sees its own account; SUPER_ADMIN all, or one account with accountId. */
  async list(principal: UserPrincipal, query: UsersQuery): Promise<Page<User>> {
    const accountId = principal.role === 'SUPER_ADMIN' ? query.accountId : principal.accountId;
    const builder = this.users.createQueryBuilder('user').where('1 = 1');
    if (accountId) builder.andWhere('user.accountId = :accountId', { accountId });
    if (query.role) builder.andWhere('user.role = :role', { role: query.role });
    if (query.enabled !== undefined) builder.andWhere('user.enabled = :enabled', { enabled: query.enabled });
    if (query.query) {
      builder.andWhere('(user.email ILIKE :pattern OR user.firstName ILIKE :pattern OR user.lastName ILIKE :pattern)', {
        pattern: containsPattern(query.query),
      });
    }
    builder.orderBy(ORDER_COLUMNS[query.orderProperty], query.orderDirection === 'desc' ? 'DESC' : 'ASC').addOrderBy('user.id', 'ASC');
    const total = await builder.getCount();
    const items = query.size > 0 ? await builder.offset(query.from).limit(query.size).getMany() : [];
    return { items: items.map(toUser), total, from: query.from, size: query.size };
  }

  async get(principal: UserPrincipal, accountId: string, userId: string): Promise<User> {
    return toUser(await this.access.user(principal, userId, accountId));
  }

  async email(principal: UserPrincipal, userId: string): Promise<{ email: string }> {
    return { email: (await this.access.user(principal, userId)).email };
  }

  /** POST /accounts/{id}/users: by an ADMIN of the account or SUPER_ADMIN; only SUPER_ADMIN creates a SUPER_ADMIN. */
  async create(principal: UserPrincipal, accountId: string, request: z.infer<typeof CreateUserRequest>): Promise<User> {
    await this.access.administeredAccount(principal, accountId);
    if (request.role === 'SUPER_ADMIN' && principal.role !== 'SUPER_ADMIN') throw new DomainError('FORBIDDEN', Messages.superAdminOnly);
    if (await emailInUse(this.dataSource, request.email)) throw new DomainError('CONFLICT', Messages.emailTaken);
    const user = this.users.create({
      accountId,
      email: request.email,
      passwordHash: await hashPassword(request.password),
      role: request.role,
      firstName: request.firstName ?? '',
      lastName: request.lastName ?? '',
    });
    try {
      return toUser(await this.users.save(user));
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('CONFLICT', Messages.emailTaken);
      throw error;
    }
  }

  /**
   * PATCH /accounts/{id}/users/{userId}. An administrator of the account changes role, enabled, password and names;
   * a user itself only its names and password (proving the current one). Nobody changes its own role or disables itself,
   * and only SUPER_ADMIN grants SUPER_ADMIN or touches a SUPER_ADMIN.
   */
  async update(principal: UserPrincipal, accountId: string, userId: string, change: z.infer<typeof UpdateUserRequest>): Promise<User> {
    const user = await this.access.user(principal, userId, accountId);
    const self = user.id === principal.userId;
    const admin = administersAccount(principal, user.accountId);
    const roleChanges = change.role !== undefined && change.role !== user.role;
    const enabledChanges = change.enabled !== undefined && change.enabled !== user.enabled;

    if ((roleChanges || enabledChanges) && !admin) throw new DomainError('FORBIDDEN');
    if (principal.role !== 'SUPER_ADMIN' && (user.role === 'SUPER_ADMIN' || change.role === 'SUPER_ADMIN') && (roleChanges || !self)) {
      throw new DomainError('FORBIDDEN', Messages.superAdminOnly);
    }
    if (self && (roleChanges || enabledChanges)) throw new DomainError('BAD_REQUEST', Messages.cannotChangeOwnRole);

    const columns: Partial<Pick<UserEntity, 'firstName' | 'lastName' | 'role' | 'enabled' | 'passwordHash'>> = {};
    if (change.firstName !== undefined) columns.firstName = change.firstName;
    if (change.lastName !== undefined) columns.lastName = change.lastName;
    if (roleChanges) columns.role = change.role;
    if (enabledChanges) columns.enabled = change.enabled;
    if (change.password !== undefined) {
      if (self) {
        if (!change.currentPassword) throw new DomainError('BAD_REQUEST', Messages.currentPasswordRequired);
        const proven = await verifyPassword(user.passwordHash, change.currentPassword);
        if (!proven) throw new DomainError('BAD_REQUEST', Messages.wrongCurrentPassword);
      }
      columns.passwordHash = await hashPassword(change.password);
    }
    if (Object.keys(columns).length) await this.users.update({ id: user.id }, columns);

    // A new password ends the user's other sessions; a disabled user's sessions all end (and stay ended if it is enabled again).
    if (columns.enabled === false) await this.sessions.revokeAllOf({ kind: 'user', entity: user });
    else if (columns.passwordHash) await this.sessions.revokeAllOf({ kind: 'user', entity: user }, self ? principal.sessionId : undefined);
    return toUser(await this.users.findOneByOrFail({ id: user.id }));
  }

  /** DELETE /accounts/{id}/users/{userId}: by an administrator of the account, never oneself. Sessions go with the user. */
  async delete(principal: UserPrincipal, accountId: string, userId: string): Promise<void> {
    await this.access.administeredAccount(principal, accountId);
    const user = await this.users.findOneBy({ id: userId, accountId });
    if (!user) throw new DomainError('NOT_FOUND', Messages.userNotFound);
    if (user.id === principal.userId) throw new DomainError('BAD_REQUEST', Messages.cannotDeleteSelf);
    if (user.role === 'SUPER_ADMIN' && principal.role !== 'SUPER_ADMIN') throw new DomainError('FORBIDDEN', Messages.superAdminOnly);
    await this.sessions.revokeAllOf({ kind: 'user', entity: user });
    await this.users.delete({ id: user.id });
  }
}
