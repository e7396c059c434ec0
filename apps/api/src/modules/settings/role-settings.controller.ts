import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Favorites, SettingResponse, SettingsMap, SettingValueRequest } from '@library/contracts';
import { z } from 'zod';
import { AllowMultiUser, CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { Principal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams } from '../../common/validation/zod-params';
import { FavoritesService } from './favorites.service';
import { FavoriteParams, KeyParams } from './params';
import { SettingsService } from './settings.service';

/**
 * Role settings and the favourites kept in them (spec 6): SUPER_ADMIN and ADMIN use their account's settings, USER and
 * GUEST their own. Any other role (a multi-user sign-in is UNAUTHORIZED) gets 403 'Role is not valid', so multi-user
 * tokens are let through to that check.
 */
@ApiTags('sdk: role settings and favourites')
@ApiBearerAuth()
@AllowMultiUser()
@Controller()
export class RoleSettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly favorites: FavoritesService,
  ) {}

  @Get('role-settings')
  @Returns(SettingsMap)
  all(@CurrentPrincipal() principal: Principal) {
    return this.settings.all(principal, { level: 'role' });
  }

  @Get('role-settings/:key')
  @Returns(SettingResponse)
  get(@CurrentPrincipal() principal: Principal, @ZParams(KeyParams) params: z.infer<typeof KeyParams>) {
    return this.settings.get(principal, { level: 'role' }, params.key);
  }

  @Post('role-settings/:key')
  @HttpCode(200)
  @Returns(SettingResponse)
  set(
    @CurrentPrincipal() principal: Principal,
    @ZParams(KeyParams) params: z.infer<typeof KeyParams>,
    @ZBody(SettingValueRequest) body: z.infer<typeof SettingValueRequest>,
  ) {
    return this.settings.set(principal, { level: 'role' }, params.key, body.value);
  }

  @Delete('role-settings/:key')
  @HttpCode(204)
  async remove(@CurrentPrincipal() principal: Principal, @ZParams(KeyParams) params: z.infer<typeof KeyParams>): Promise<void> {
    await this.settings.remove(principal, { level: 'role' }, params.key);
  }

  /** The caller's favourites of every kind (empty lists by default). */
  @Get('favorites')
  @Returns(Favorites)
  favoritesOf(@CurrentPrincipal() principal: Principal) {
    return this.favorites.get(principal);
  }

  /** Adds a favourite (appended; adding it again changes nothing). */
  @Put('favorites/:kind/:id')
  @Returns(Favorites)
  addFavorite(@CurrentPrincipal() principal: Principal, @ZParams(FavoriteParams) params: z.infer<typeof FavoriteParams>) {
    return this.favorites.add(principal, params.kind, params.id);
  }

  /** Removes a favourite (removing a missing one changes nothing). */
  @Delete('favorites/:kind/:id')
  @Returns(Favorites)
  removeFavorite(@CurrentPrincipal() principal: Principal, @ZParams(FavoriteParams) params: z.infer<typeof FavoriteParams>) {
    return this.favorites.remove(principal, params.kind, params.id);
  }
}
