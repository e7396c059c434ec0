import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Account, CreateAccountRequest, ListAccountsQuery, Messages, UpdateAccountRequest } from '@library/contracts';
import { DataSource, Repository } from 'typeorm';
import { z } from 'zod';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { hashPassword } from '../identity/secrets';
import { AccessService } from './access.service';
import { AccountEntity } from './account.entity';
import { UserEntity } from './user.entity';
import { containsPattern, emailInUse, isUniqueViolation } from './queries';
import { toAccount } from './views';

export interface Page<T> {
  items: T[];
  total: number;
  from: number;
  size: number;
}

/** Accounts (spec 7 "Accounts and users"): SUPER_ADMIN manages all of them; others see their own. */
@Injectable()
export class AccountsService {
  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    private readonly access: AccessService,
    private readonly dataSource: DataSource,
  ) {}

  async list(query: z.infer<typeof ListAccountsQuery>): Promise<Page<Account>> {
    const builder = this.accounts.createQueryBuilder('account').orderBy('account.name', 'ASC');
    if (query.query) {
      builder.where('(account.name ILIKE :pattern OR account.label ILIKE :pattern)', { pattern: containsPattern(query.query) });
    }
    const total = await builder.getCount();
    const items = query.size > 0 ? await builder.offset(query.from).limit(query.size).getMany() : [];
    return { items: items.map(toAccount), total, from: query.from, size: query.size };
  }

  async get(principal: UserPrincipal, id: string): Promise<Account> {
    return toAccount(await this.access.account(principal, id));
  }

  /** GET /account: the caller's own account. */
  async own(principal: UserPrincipal): Promise<Account> {
    return this.get(principal, principal.accountId);
  }

  async accountData(principal: UserPrincipal, id: string): Promise<Record<string, unknown>> {
    return (await this.access.account(principal, id)).accountData;
  }

  async idwData(id: string): Promise<Record<string, unknown>> {
    return (await this.found(id)).idwData;
  }

  /** PATCH idw-data: a shallow merge, done by the database so concurrent patches do not lose each other. */
  async patchIdwData(id: string, patch: Record<string, unknown>): Promise<Record<string, unknown>> {
    const [rows] = (await this.dataSource.query(
      `UPDATE "account" SET "idw_data" = "idw_data" || $2::jsonb, "updated_at" = now() WHERE "id" = $1 RETURNING "idw_data"`,
      [id, JSON.stringify(patch)],
    )) as [Array<{ idw_data: Record<string, unknown> }>, number];
    if (!rows.length) throw new DomainError('NOT_FOUND', Messages.accountNotFound);
    return rows[0].idw_data;
  }

  /** POST /accounts: a new account, with its first ADMIN when one is given. */
  async create(request: z.infer<typeof CreateAccountRequest>): Promise<Account> {
    if (await this.accounts.existsBy({ name: request.name })) throw new DomainError('CONFLICT', Messages.accountNameTaken);
    const admin = request.admin;
    if (admin && (await emailInUse(this.dataSource, admin.email))) throw new DomainError('CONFLICT', Messages.emailTaken);
    const passwordHash = admin ? await hashPassword(admin.password) : null;
    try {
      const account = await this.dataSource.transaction(async (manager) => {
        const created = await manager.save(
          manager.create(AccountEntity, {
            name: request.name,
            label: request.label ?? request.name,
            accountData: request.accountData ?? {},
          }),
        );
        if (admin) {
          await manager.save(
            manager.create(UserEntity, { accountId: created.id, email: admin.email, passwordHash: passwordHash!, role: 'ADMIN' }),
          );
        }
        return created;
      });
      return toAccount(account);
    } catch (error) {
      // Lost a race with another create of the same name or email.
      if (isUniqueViolation(error)) {
        const nameTaken = await this.accounts.existsBy({ name: request.name });
        throw new DomainError('CONFLICT', nameTaken ? Messages.accountNameTaken : Messages.emailTaken);
      }
      throw error;
    }
  }

  /** PUT /accounts/{id}: label and account data (replaced as a whole). */
  async update(id: string, change: z.infer<typeof UpdateAccountRequest>): Promise<Account> {
    const account = await this.found(id);
    if (change.label !== undefined) account.label = change.label;
    if (change.accountData !== undefined) account.accountData = change.accountData;
    return toAccount(await this.accounts.save(account));
  }

  /** PUT /accounts/{id}/enable and /disable. A disabled account's sessions are refused at once by SessionsService.authenticate. */
  async setEnabled(principal: UserPrincipal, id: string, enabled: boolean): Promise<Account> {
    const account = await this.found(id);
    if (!enabled && id === principal.accountId) throw new DomainError('BAD_REQUEST', Messages.cannotDisableOwnAccount);
    if (account.enabled !== enabled) {
      account.enabled = enabled;
      await this.accounts.save(account);
    }
    return toAccount(account);
  }

  private async found(id: string): Promise<AccountEntity> {
    const account = await this.accounts.findOneBy({ id });
    if (!account) throw new DomainError('NOT_FOUND', Messages.accountNotFound);
    return account;
  }
}
