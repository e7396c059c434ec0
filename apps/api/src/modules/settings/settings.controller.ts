import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SettingResponse, SettingsMap, SettingValueRequest } from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams } from '../../common/validation/zod-params';
import { TargetKeyParams, TargetParams } from './params';
import { SettingsService } from './settings.service';

type Target = z.infer<typeof TargetParams>;
type TargetKey = z.infer<typeof TargetKeyParams>;
type Value = z.infer<typeof SettingValueRequest>;

/** Every path form of spec 7 "Settings": with the account and user, without the account, or without both (the caller's own). */
const ACCOUNT_SETTINGS = ['account-settings', 'accounts/:accountId/account-settings'];
const USER_SETTINGS = ['user-settings', 'users/:userId/user-settings', 'accounts/:accountId/users/:userId/user-settings'];
const MERGED_SETTINGS = ['settings', 'users/:userId/settings', 'accounts/:accountId/users/:userId/settings'];
const byKey = (paths: string[]) => paths.map((path) => `${path}/:key`);

/**
 * Account-level, user-level and merged settings; without a key, all keys as a map.
 * Account level: read by any user of the account, written by its ADMIN (and SUPER_ADMIN).
 * User level: the user itself, an ADMIN of its account, or SUPER_ADMIN.
 * Merged: the user's value overrides its account's; for all keys, the account's map with the user's laid over it.
 */
@ApiTags('sdk: settings')
@ApiBearerAuth()
@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get(ACCOUNT_SETTINGS)
  @Returns(SettingsMap)
  accountSettings(@CurrentPrincipal() principal: UserPrincipal, @ZParams(TargetParams) params: Target) {
    return this.settings.all(principal, { level: 'account', accountId: params.accountId });
  }

  @Get(byKey(ACCOUNT_SETTINGS))
  @Returns(SettingResponse)
  accountSetting(@CurrentPrincipal() principal: UserPrincipal, @ZParams(TargetKeyParams) params: TargetKey) {
    return this.settings.get(principal, { level: 'account', accountId: params.accountId }, params.key);
  }

  @Post(byKey(ACCOUNT_SETTINGS))
  @HttpCode(200)
  @Returns(SettingResponse)
  setAccountSetting(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(TargetKeyParams) params: TargetKey,
    @ZBody(SettingValueRequest) body: Value,
  ) {
    return this.settings.set(principal, { level: 'account', accountId: params.accountId }, params.key, body.value);
  }

  @Delete(byKey(ACCOUNT_SETTINGS))
  @HttpCode(204)
  async removeAccountSetting(@CurrentPrincipal() principal: UserPrincipal, @ZParams(TargetKeyParams) params: TargetKey): Promise<void> {
    await this.settings.remove(principal, { level: 'account', accountId: params.accountId }, params.key);
  }

  @Get(USER_SETTINGS)
  @Returns(SettingsMap)
  userSettings(@CurrentPrincipal() principal: UserPrincipal, @ZParams(TargetParams) params: Target) {
    return this.settings.all(principal, { level: 'user', ...params });
  }

  @Get(byKey(USER_SETTINGS))
  @Returns(SettingResponse)
  userSetting(@CurrentPrincipal() principal: UserPrincipal, @ZParams(TargetKeyParams) { key, ...target }: TargetKey) {
    return this.settings.get(principal, { level: 'user', ...target }, key);
  }

  @Post(byKey(USER_SETTINGS))
  @HttpCode(200)
  @Returns(SettingResponse)
  setUserSetting(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(TargetKeyParams) { key, ...target }: TargetKey,
    @ZBody(SettingValueRequest) body: Value,
  ) {
    return this.settings.set(principal, { level: 'user', ...target }, key, body.value);
  }

  @Delete(byKey(USER_SETTINGS))
  @HttpCode(204)
  async removeUserSetting(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(TargetKeyParams) { key, ...target }: TargetKey,
  ): Promise<void> {
    await this.settings.remove(principal, { level: 'user', ...target }, key);
  }

  @Get(MERGED_SETTINGS)
  @Returns(SettingsMap)
  mergedSettings(@CurrentPrincipal() principal: UserPrincipal, @ZParams(TargetParams) params: Target) {
    return this.settings.mergedAll(principal, params);
  }

  @Get(byKey(MERGED_SETTINGS))
  @Returns(SettingResponse)
  mergedSetting(@CurrentPrincipal() principal: UserPrincipal, @ZParams(TargetKeyParams) { key, ...target }: TargetKey) {
    return this.settings.merged(principal, target, key);
  }
}
