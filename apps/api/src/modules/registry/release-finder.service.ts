import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PackageReleaseView, PackageType, RegistryMessages } from '@library/contracts';
import { Repository, SelectQueryBuilder } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { APP_CONFIG, AppConfig } from '../../infra/config/config';
import { SERVICE_PATHS } from '@library/contracts';
import { ActorsService } from './actors.service';
import { PackageReleaseEntity } from './package-release.entity';
import { actorIdsOf, ContentLocation, toReleaseView } from './release-view';
import { visibleReleaseCondition } from './visibility';

/** Which release of a package a path names: `/version/{version}` or `/revision/{revisionId}`. */
export type ReleaseSelector = { version: string } | { revisionId: string };

/** Route that serves release files when no CONTENT_BASE_URL is configured. */
export const CONTENT_ROUTE = 'content';

/**
 * Finds releases the caller may see, and turns them into views. The one place the visibility condition is
 * applied to single-release lookups, so another account's private release is "not found" everywhere.
 */
@Injectable()
export class ReleaseFinder {
  readonly content: ContentLocation;

  constructor(
    @InjectRepository(PackageReleaseEntity) private readonly releases: Repository<PackageReleaseEntity>,
    private readonly actors: ActorsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.content = {
      contentBaseUrl: config.CONTENT_BASE_URL ?? `${config.PUBLIC_URL}${SERVICE_PATHS['library-api']}/${CONTENT_ROUTE}`,
      uploadFolder: config.UPLOAD_FOLDER,
    };
  }

  /** A query over releases of one type with the view's relations joined, already limited to what the caller sees. */
  visibleQuery(principal: UserPrincipal, type: PackageType, alias = 'release'): SelectQueryBuilder<PackageReleaseEntity> {
    const visible = visibleReleaseCondition(principal, alias);
    return this.releases
      .createQueryBuilder(alias)
      .leftJoinAndSelect(`${alias}.categories`, 'category')
      .leftJoinAndSelect(`${alias}.releaseData`, 'releaseData')
      .leftJoinAndSelect(`${alias}.statusDetailsSystem`, 'statusSystem')
      .leftJoinAndSelect(`${alias}.statusDetailsRelease`, 'statusRelease')
      .where(`${alias}.type = :type`, { type })
      .andWhere(visible.sql, visible.params);
  }

  /** One visible release, or 404 (`Release not found`). */
  async findVisible(principal: UserPrincipal, type: PackageType, id: string, selector: ReleaseSelector): Promise<PackageReleaseEntity> {
    const query = this.visibleQuery(principal, type).andWhere('release.id = :id', { id });
    if ('version' in selector) query.andWhere('release.version = :version', { version: selector.version });
    else query.andWhere('release.revisionId = :revisionId', { revisionId: selector.revisionId });
    const release = await query.getOne();
    if (!release) throw new DomainError('NOT_FOUND', RegistryMessages.releaseNotFound);
    return release;
  }

  async views(releases: PackageReleaseEntity[]): Promise<PackageReleaseView[]> {
    const actors = await this.actors.resolve(actorIdsOf(releases));
    return releases.map((release) => toReleaseView(release, actors, this.content));
  }

  async view(release: PackageReleaseEntity): Promise<PackageReleaseView> {
    return (await this.views([release]))[0];
  }
}
