import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { FavoritesService } from './favorites.service';
import { RoleSettingsController } from './role-settings.controller';
import { SettingEntity } from './setting.entity';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';

/** Account, user, merged and role settings, and favourites (the `sdk` service, spec 6 and 7 "Settings"). */
@Module({
  imports: [TypeOrmModule.forFeature([SettingEntity]), AccountsModule],
  controllers: [SettingsController, RoleSettingsController],
  providers: [SettingsService, FavoritesService],
  exports: [FavoritesService],
})
export class SettingsModule {}
