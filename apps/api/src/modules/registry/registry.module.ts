import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsModule } from '../settings/settings.module';
import { ActorEntity } from './actor.entity';
import { ActorsService } from './actors.service';
import { CategoryEntity } from './category.entity';
import { RegistryMigrationEntity } from './migration.entity';
import { PackageDependencyEntity } from './package-dependency.entity';
import { PackageReleaseDataEntity } from './package-release-data.entity';
import { PackageReleaseEntity } from './package-release.entity';
import { PackageStatusReleaseEntity } from './package-status-release.entity';
import { PackageStatusSystemEntity } from './package-status-system.entity';
import { PackageEntity } from './package.entity';
import { ReleaseFinder } from './release-finder.service';
import { SourceBranchEntity, SourceEntity, SourceMembersEntity, SourceRevisionEntity } from './source.entity';

/** The package library service (`library-api`, spec 7): categories, packages, releases, sources, search. */
@Module({
  imports: [
    SettingsModule,
    TypeOrmModule.forFeature([
      ActorEntity,
      CategoryEntity,
      PackageEntity,
      PackageReleaseEntity,
      PackageReleaseDataEntity,
      PackageStatusSystemEntity,
      PackageStatusReleaseEntity,
      PackageDependencyEntity,
      SourceEntity,
      SourceBranchEntity,
      SourceRevisionEntity,
      SourceMembersEntity,
      RegistryMigrationEntity,
    ]),
  ],
  controllers: [],
  providers: [ActorsService, ReleaseFinder],
})
export class RegistryModule {}
