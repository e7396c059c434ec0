import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Messages } from '@library/contracts';
import { DataSource, IsNull, Repository } from 'typeorm';
import type { Principal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { AccessService } from '../accounts/access.service';
import { SettingEntity } from './setting.entity';
import { settingsLevelOf } from './settings-level';

/**
 * Whose settings a route names. Missing ids mean the caller's own: its account, or itself.
 * `role` is the caller's role settings (spec 6): its account's for SUPER_ADMIN and ADMIN, its own for USER and GUEST.
 */
export type SettingsTarget =
  { level: 'account'; accountId?: string } | { level: 'user'; accountId?: string; userId?: string } | { level: 'role' };

/** The rows a target resolves to: account-level rows have no user. */
export interface SettingsScope {
  accountId: string;
  userId: string | null;
}

type Mode = 'read' | 'write';

/** SQL matching the setting table's unique index, for upserts. */
export const SETTING_CONFLICT_TARGET = `("account_id", (COALESCE("user_id", '00000000-0000-0000-0000-000000000000'::uuid)), "key")`;

/**
 * Account-level, user-level, merged and role settings (spec 6, 7 "Settings").
 * Account settings: read by any user of the account, written by its ADMIN; user settings: the user itself or an
 * ADMIN of its account; SUPER_ADMIN everything. Another account's ids are "not found".
 */
@Injectable()
export class SettingsService {
  constructor(
    @InjectRepository(SettingEntity) private readonly settings: Repository<SettingEntity>,
    private readonly access: AccessService,
    private readonly dataSource: DataSource,
  ) {}

  async get(principal: Principal, target: SettingsTarget, key: string): Promise<{ key: string; value: unknown }> {
    const scope = await this.scope(principal, target, 'read');
    const row = await this.settings.findOne({ where: this.where(scope, key), select: { key: true, value: true } });
    if (!row) throw new DomainError('NOT_FOUND', Messages.settingNotFound);
    return { key, value: row.value };
  }

  async all(principal: Principal, target: SettingsTarget): Promise<Record<string, unknown>> {
    return this.mapOf(await this.scope(principal, target, 'read'));
  }

  /** POST: creates or replaces the value, in one statement. */
  async set(principal: Principal, target: SettingsTarget, key: string, value: unknown): Promise<{ key: string; value: unknown }> {
    const scope = await this.scope(principal, target, 'write');
    const rows = (await this.dataSource.query(
      `INSERT INTO "setting" ("account_id", "user_id", "key", "value") VALUES ($1, $2::uuid, $3, $4::jsonb)
       ON CONFLICT ${SETTING_CONFLICT_TARGET} DO UPDATE SET "value" = EXCLUDED."value", "updated_at" = now()
       RETURNING "value"`,
      [scope.accountId, scope.userId, key, JSON.stringify(value)],
    )) as Array<{ value: unknown }>;
    return { key, value: rows[0].value };
  }

  /** DELETE: idempotent, a missing key is not an error. */
  async remove(principal: Principal, target: SettingsTarget, key: string): Promise<void> {
    await this.settings.delete(this.where(await this.scope(principal, target, 'write'), key));
  }

  /** GET settings/{key}: the user's value, else its account's. */
  async merged(
    principal: Principal,
    target: { accountId?: string; userId?: string },
    key: string,
  ): Promise<{ key: string; value: unknown }> {
    const user = await this.scope(principal, { level: 'user', ...target }, 'read');
    const rows = await this.settings.find({
      where: [this.where({ accountId: user.accountId, userId: null }, key), this.where(user, key)],
      select: { userId: true, value: true },
    });
    const row = rows.find((candidate) => candidate.userId !== null) ?? rows[0];
    if (!row) throw new DomainError('NOT_FOUND', Messages.settingNotFound);
    return { key, value: row.value };
  }

  /** GET settings: the account's map with the user's keys laid over it (a shallow merge). */
  async mergedAll(principal: Principal, target: { accountId?: string; userId?: string }): Promise<Record<string, unknown>> {
    const user = await this.scope(principal, { level: 'user', ...target }, 'read');
    return { ...(await this.mapOf({ accountId: user.accountId, userId: null })), ...(await this.mapOf(user)) };
  }

  /** The rows a target names, once the caller's right to them is checked. */
  async scope(principal: Principal, target: SettingsTarget, mode: Mode): Promise<SettingsScope> {
    if (target.level === 'role') {
      const level = settingsLevelOf(principal.role);
      return { accountId: principal.accountId!, userId: level === 'ACCOUNT' ? null : principal.userId! };
    }
    if (target.level === 'account') {
      const accountId = target.accountId ?? principal.accountId!;
      const account =
        mode === 'read' ? await this.access.account(principal, accountId) : await this.access.administeredAccount(principal, accountId);
      return { accountId: account.id, userId: null };
    }
    if (target.userId === undefined) return { accountId: principal.accountId!, userId: principal.userId! };
    const user = await this.access.user(principal, target.userId, target.accountId);
    return { accountId: user.accountId, userId: user.id };
  }

  private async mapOf(scope: SettingsScope): Promise<Record<string, unknown>> {
    const rows = await this.settings.find({
      where: { accountId: scope.accountId, userId: scope.userId ?? IsNull() },
      select: { key: true, value: true },
      order: { key: 'ASC' },
    });
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  }

  private where(scope: SettingsScope, key: string) {
    return { accountId: scope.accountId, userId: scope.userId ?? IsNull(), key };
  }
}
