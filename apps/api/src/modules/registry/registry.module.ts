import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RunsModule } from '../runs/runs.module';
import { SettingsModule } from '../settings/settings.module';
import { ActorEntity } from './actor.entity';
import { ActorsService } from './actors.service';
import { CategoriesController } from './categories.controller';
import { CategoriesService } from './categories.service';
import { CategoryEntity } from './category.entity';
import { RegistryMigrationEntity } from './migration.entity';
import { PackageDependencyEntity } from './package-dependency.entity';
import { PackageQueriesService } from './package-queries.service';
import { PackageReleaseDataEntity } from './package-release-data.entity';
import { PackageReleaseEntity } from './package-release.entity';
import { PackageSearchService } from './package-search.service';
import { PackageStatusReleaseEntity } from './package-status-release.entity';
import { PackageStatusSystemEntity } from './package-status-system.entity';
import { PackageEntity } from './package.entity';
import { PackagesController } from './packages.controller';
import { ReleaseFinder } from './release-finder.service';
import { SourceBranchEntity, SourceEntity, SourceMembersEntity, SourceRevisionEntity } from './source.entity';
import { DependenciesController } from './dependencies.controller';
import { DependenciesService } from './dependencies.service';
import { ExtractionHandler } from './extraction.handler';
import { MigrationsController } from './migrations.controller';
import { MIGRATION_RUN, MigrationsService } from './migrations.service';
import { RegistryMigrationHandler } from './registry-migration.handler';
import { ReleaseFilesService } from './release-files.service';
import { EXTRACTION_RUN, ReleaseStatusService } from './release-status.service';
import { ContentController, ReleasesController } from './releases.controller';
import { ReleasesService } from './releases.service';
import { SourcesController } from './sources.controller';
import { SourcesService } from './sources.service';
import { DemoCatalogueFiles } from '../../seed/demo-catalogue';

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
    RunsModule.forFeature([EXTRACTION_RUN, MIGRATION_RUN]),
  ],
  controllers: [
    PackagesController,
    CategoriesController,
    ReleasesController,
    ContentController,
    DependenciesController,
    SourcesController,
    MigrationsController,
  ],
  providers: [
    ActorsService,
    ReleaseFinder,
    PackageQueriesService,
    PackageSearchService,
    CategoriesService,
    ReleaseFilesService,
    ReleasesService,
    ReleaseStatusService,
    DependenciesService,
    SourcesService,
    MigrationsService,
    ExtractionHandler,
    RegistryMigrationHandler,
    DemoCatalogueFiles,
  ],
  exports: [ReleaseFinder],
})
export class RegistryModule {}
