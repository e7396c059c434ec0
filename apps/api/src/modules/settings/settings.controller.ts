import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SettingResponse, SettingsMap, SettingValueRequest } from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams } from '../../common/validation/zod-params';
import { AccountKeyParams, AccountParams, AccountUserKeyParams, AccountUserParams, KeyParams, UserKeyParams, UserParams } from './params';
import { SettingsService } from './settings.service';

type Params<T extends z.ZodTypeAny> = z.infer<T>;
type Value = z.infer<typeof SettingValueRequest>;

/**
 * Account-level, user-level and merged settings (spec 7 "Settings"), each with its shorter forms: without the
 * account (the user's own), without the user (the caller), without the key (all keys as a map).
 */
@ApiTags('sdk: settings')
@ApiBearerAuth()
@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  // Account level: read by any user of the account, written by its ADMIN (and SUPER_ADMIN).

  @Get('account-settings')
  @Returns(SettingsMap)
  ownAccountSettings(@CurrentPrincipal() principal: UserPrincipal) {
    return this.settings.all(principal, { level: 'account' });
  }

  @Get('account-settings/:key')
  @Returns(SettingResponse)
  ownAccountSetting(@CurrentPrincipal() principal: UserPrincipal, @ZParams(KeyParams) params: Params<typeof KeyParams>) {
    return this.settings.get(principal, { level: 'account' }, params.key);
  }

  @Post('account-settings/:key')
  @HttpCode(200)
  @Returns(SettingResponse)
  setOwnAccountSetting(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(KeyParams) params: Params<typeof KeyParams>,
    @ZBody(SettingValueRequest) body: Value,
  ) {
    return this.settings.set(principal, { level: 'account' }, params.key, body.value);
  }

  @Delete('account-settings/:key')
  @HttpCode(204)
  async removeOwnAccountSetting(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(KeyParams) params: Params<typeof KeyParams>,
  ): Promise<void> {
    await this.settings.remove(principal, { level: 'account' }, params.key);
  }

  @Get('accounts/:accountId/account-settings')
  @Returns(SettingsMap)
  accountSettings(@CurrentPrincipal() principal: UserPrincipal, @ZParams(AccountParams) params: Params<typeof AccountParams>) {
    return this.settings.all(principal, { level: 'account', accountId: params.accountId });
  }

  @Get('accounts/:accountId/account-settings/:key')
  @Returns(SettingResponse)
  accountSetting(@CurrentPrincipal() principal: UserPrincipal, @ZParams(AccountKeyParams) params: Params<typeof AccountKeyParams>) {
    return this.settings.get(principal, { level: 'account', accountId: params.accountId }, params.key);
  }

  @Post('accounts/:accountId/account-settings/:key')
  @HttpCode(200)
  @Returns(SettingResponse)
  setAccountSetting(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(AccountKeyParams) params: Params<typeof AccountKeyParams>,
    @ZBody(SettingValueRequest) body: Value,
  ) {
    return this.settings.set(principal, { level: 'account', accountId: params.accountId }, params.key, body.value);
  }

  @Delete('accounts/:accountId/account-settings/:key')
  @HttpCode(204)
  async removeAccountSetting(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(AccountKeyParams) params: Params<typeof AccountKeyParams>,
  ): Promise<void> {
    await this.settings.remove(principal, { level: 'account', accountId: params.accountId }, params.key);
  }

  // User level: the user itself, an ADMIN of its account, or SUPER_ADMIN.

  @Get('user-settings')
  @Returns(SettingsMap)
  ownUserSettings(@CurrentPrincipal() principal: UserPrincipal) {
    return this.settings.all(principal, { level: 'user' });
  }

  @Get('user-settings/:key')
  @Returns(SettingResponse)
  ownUserSetting(@CurrentPrincipal() principal: UserPrincipal, @ZParams(KeyParams) params: Params<typeof KeyParams>) {
    return this.settings.get(principal, { level: 'user' }, params.key);
  }

  @Post('user-settings/:key')
  @HttpCode(200)
  @Returns(SettingResponse)
  setOwnUserSetting(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(KeyParams) params: Params<typeof KeyParams>,
    @ZBody(SettingValueRequest) body: Value,
  ) {
    return this.settings.set(principal, { level: 'user' }, params.key, body.value);
  }

  @Delete('user-settings/:key')
  @HttpCode(204)
  async removeOwnUserSetting(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(KeyParams) params: Params<typeof KeyParams>,
  ): Promise<void> {
    await this.settings.remove(principal, { level: 'user' }, params.key);
  }

  @Get('users/:userId/user-settings')
  @Returns(SettingsMap)
  userSettingsOf(@CurrentPrincipal() principal: UserPrincipal, @ZParams(UserParams) params: Params<typeof UserParams>) {
    return this.settings.all(principal, { level: 'user', userId: params.userId });
  }

  @Get('users/:userId/user-settings/:key')
  @Returns(SettingResponse)
  userSettingOf(@CurrentPrincipal() principal: UserPrincipal, @ZParams(UserKeyParams) params: Params<typeof UserKeyParams>) {
    return this.settings.get(principal, { level: 'user', userId: params.userId }, params.key);
  }

  @Post('users/:userId/user-settings/:key')
  @HttpCode(200)
  @Returns(SettingResponse)
  setUserSettingOf(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(UserKeyParams) params: Params<typeof UserKeyParams>,
    @ZBody(SettingValueRequest) body: Value,
  ) {
    return this.settings.set(principal, { level: 'user', userId: params.userId }, params.key, body.value);
  }

  @Delete('users/:userId/user-settings/:key')
  @HttpCode(204)
  async removeUserSettingOf(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(UserKeyParams) params: Params<typeof UserKeyParams>,
  ): Promise<void> {
    await this.settings.remove(principal, { level: 'user', userId: params.userId }, params.key);
  }

  @Get('accounts/:accountId/users/:userId/user-settings')
  @Returns(SettingsMap)
  userSettings(@CurrentPrincipal() principal: UserPrincipal, @ZParams(AccountUserParams) params: Params<typeof AccountUserParams>) {
    return this.settings.all(principal, { level: 'user', ...params });
  }

  @Get('accounts/:accountId/users/:userId/user-settings/:key')
  @Returns(SettingResponse)
  userSetting(@CurrentPrincipal() principal: UserPrincipal, @ZParams(AccountUserKeyParams) params: Params<typeof AccountUserKeyParams>) {
    return this.settings.get(principal, { level: 'user', accountId: params.accountId, userId: params.userId }, params.key);
  }

  @Post('accounts/:accountId/users/:userId/user-settings/:key')
  @HttpCode(200)
  @Returns(SettingResponse)
  setUserSetting(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(AccountUserKeyParams) params: Params<typeof AccountUserKeyParams>,
    @ZBody(SettingValueRequest) body: Value,
  ) {
    return this.settings.set(principal, { level: 'user', accountId: params.accountId, userId: params.userId }, params.key, body.value);
  }

  @Delete('accounts/:accountId/users/:userId/user-settings/:key')
  @HttpCode(204)
  async removeUserSetting(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(AccountUserKeyParams) params: Params<typeof AccountUserKeyParams>,
  ): Promise<void> {
    await this.settings.remove(principal, { level: 'user', accountId: params.accountId, userId: params.userId }, params.key);
  }

  // Merged: the user's value overrides its account's; for all keys, the account's map with the user's laid over it.

  @Get('settings')
  @Returns(SettingsMap)
  ownSettings(@CurrentPrincipal() principal: UserPrincipal) {
    return this.settings.mergedAll(principal, {});
  }

  @Get('settings/:key')
  @Returns(SettingResponse)
  ownSetting(@CurrentPrincipal() principal: UserPrincipal, @ZParams(KeyParams) params: Params<typeof KeyParams>) {
    return this.settings.merged(principal, {}, params.key);
  }

  @Get('users/:userId/settings')
  @Returns(SettingsMap)
  settingsOf(@CurrentPrincipal() principal: UserPrincipal, @ZParams(UserParams) params: Params<typeof UserParams>) {
    return this.settings.mergedAll(principal, { userId: params.userId });
  }

  @Get('users/:userId/settings/:key')
  @Returns(SettingResponse)
  settingOf(@CurrentPrincipal() principal: UserPrincipal, @ZParams(UserKeyParams) params: Params<typeof UserKeyParams>) {
    return this.settings.merged(principal, { userId: params.userId }, params.key);
  }

  @Get('accounts/:accountId/users/:userId/settings')
  @Returns(SettingsMap)
  userMergedSettings(@CurrentPrincipal() principal: UserPrincipal, @ZParams(AccountUserParams) params: Params<typeof AccountUserParams>) {
    return this.settings.mergedAll(principal, params);
  }

  @Get('accounts/:accountId/users/:userId/settings/:key')
  @Returns(SettingResponse)
  userMergedSetting(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(AccountUserKeyParams) params: Params<typeof AccountUserKeyParams>,
  ) {
    return this.settings.merged(principal, { accountId: params.accountId, userId: params.userId }, params.key);
  }
}
