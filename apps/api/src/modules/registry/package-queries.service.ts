import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  PackageListQuery,
  PackageListResponse,
  PackageReleaseView,
  PackageType,
  PackageWithReleases,
  RegistryMessages,
} from '@library/contracts';
import { DataSource, EntityManager, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { FavoritesService } from '../settings/favorites.service';
import { ActorsService } from './actors.service';
import {
  allOf,
  CandidateOptions,
  candidateCondition,
  favoriteKindOf,
  filterConditions,
  latestRevisionSql,
  orderExpression,
  packageIdsOf,
  SqlCondition,
} from './list-filter';
import { PackageReleaseEntity } from './package-release.entity';
import { PackageEntity } from './package.entity';
import { ReleaseFinder } from './release-finder.service';
import { visibleReleaseCondition } from './visibility';

/** What narrows a list beyond candidates and filters: a set of package ids (favourites, or the packages a search text matches). */
export interface ListRestriction {
  packageIds?: string[];
}

type Sort = { kind: 'field'; query: PackageListQuery } | { kind: 'popular' };

/**
 * Read side of the package library service: lists of the latest visible version of each package (plain, popular,
 * favourites), a package's versions, and single releases. Every query carries the visibility condition, so what the
 * caller may not see is neither listed, counted nor found.
 */
@Injectable()
export class PackageQueriesService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(PackageEntity) private readonly packages: Repository<PackageEntity>,
    private readonly finder: ReleaseFinder,
    private readonly actors: ActorsService,
    private readonly favorites: FavoritesService,
  ) {}

  /** Read queries that belong together (a page, its counts and category totals) in one REPEATABLE READ transaction, so they agree. */
  read<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('REPEATABLE READ', work);
  }

  /**
   * One row per package of the types (`pkg`: id, download_count, latest_revision_id) joined as `release` to its newest
   * candidate release; packages without one drop out. `OFFSET 0` keeps PostgreSQL from flattening the derived table:
   * the newest candidate is worked out once per package (see latestRevisionSql) and its release fetched by primary key,
   * so no plan hashes or scans the releases of every package.
   */
  latestQuery(
    manager: EntityManager,
    principal: UserPrincipal,
    types: PackageType[],
    options: CandidateOptions,
    restriction: ListRestriction = {},
  ): SelectQueryBuilder<ObjectLiteral> {
    const latest = latestRevisionSql('p', (alias) => candidateCondition(principal, alias, options));
    const restricted = restriction.packageIds ? ' AND p.id = ANY(:restrictedIds)' : '';
    return manager
      .createQueryBuilder()
      .from(
        `(SELECT p.id, p.download_count, ${latest.sql} AS latest_revision_id FROM package p WHERE p.type = ANY(:types)${restricted} OFFSET 0)`,
        'pkg',
      )
      .innerJoin(PackageReleaseEntity, 'release', 'release.revision_id = pkg.latest_revision_id')
      .setParameters({ ...latest.params, types, restrictedIds: restriction.packageIds ?? [] });
  }

  /** How many packages of the types the caller sees at all. */
  async visiblePackageCount(
    manager: EntityManager,
    principal: UserPrincipal,
    types: PackageType[],
    restriction: ListRestriction = {},
  ): Promise<number> {
    const visible = visibleReleaseCondition(principal, 'any_release');
    const query = manager
      .createQueryBuilder(PackageEntity, 'pkg')
      .select('COUNT(*)', 'count')
      .where('pkg.type = ANY(:types)', { types })
      .andWhere(`EXISTS (SELECT 1 FROM package_release any_release WHERE any_release.id = pkg.id AND ${visible.sql})`, visible.params);
    if (restriction.packageIds) query.andWhere('pkg.id = ANY(:restrictedIds)', { restrictedIds: restriction.packageIds });
    return Number((await query.getRawOne<{ count: string }>())?.count ?? 0);
  }

  /**
   * Every non-hidden category of the type with how many of the matched releases carry it. `matched` selects revision
   * ids (a query with named parameters, embedded as a subquery).
   */
  async categoryTotals(
    manager: EntityManager,
    type: PackageType,
    matched: SelectQueryBuilder<ObjectLiteral>,
  ): Promise<Array<{ id: string; name: string; total: number }>> {
    // The matching set is worked out once (MATERIALIZED), not once per category as a correlated subquery would.
    const [matchedSql, params] = matched.getQueryAndParameters();
    const rows = (await manager.query(
      `WITH matched AS MATERIALIZED (${matchedSql})
       SELECT c.id, c.name, COUNT(prc.revision_id) AS total
       FROM category c
       LEFT JOIN package_release_category prc ON prc.category_id = c.id AND prc.revision_id IN (SELECT * FROM matched)
       WHERE c.type = $${params.length + 1} AND NOT c.hidden
       GROUP BY c.id, c.name
       ORDER BY lower(c.name) ASC`,
      [...params, type],
    )) as Array<{ id: string; name: string; total: string }>;
    return rows.map((row) => ({ id: row.id, name: row.name, total: Number(row.total) }));
  }

  list(principal: UserPrincipal, type: PackageType, query: PackageListQuery): Promise<PackageListResponse> {
    return this.listOf(principal, type, query, { kind: 'field', query });
  }

  /** Visible packages by download count, most first, then newest. */
  popular(principal: UserPrincipal, type: PackageType, query: PackageListQuery): Promise<PackageListResponse> {
    return this.listOf(principal, type, query, { kind: 'popular' });
  }

  /** The caller's favourite packages of the type's favourites kind; none for types without one. */
  async favoritesOf(principal: UserPrincipal, type: PackageType, query: PackageListQuery): Promise<PackageListResponse> {
    const kind = favoriteKindOf(type);
    const packageIds = kind ? packageIdsOf((await this.favorites.get(principal))[kind]) : [];
    return this.listOf(principal, type, query, { kind: 'field', query }, { packageIds });
  }

  private async listOf(
    principal: UserPrincipal,
    type: PackageType,
    query: PackageListQuery,
    sort: Sort,
    restriction: ListRestriction = {},
  ): Promise<PackageListResponse> {
    const { rows, itemsTotal, total, categories } = await this.read(async (manager) => {
      const matching = (withCategories: boolean) =>
        this.withConditions(
          this.latestQuery(manager, principal, [type], query, restriction),
          filterConditions(query.filter, 'release', { withCategories }),
        );
      const page = matching(true).select('release.revision_id', 'revisionId');
      if (sort.kind === 'popular') {
        page.orderBy('pkg.download_count', 'DESC').addOrderBy('release.created_at', 'DESC').addOrderBy('release.revision_id', 'DESC');
      } else {
        const direction = sort.query.order === 'asc' ? 'ASC' : 'DESC';
        page.orderBy(orderExpression(sort.query.orderBy, 'release'), direction).addOrderBy('release.revision_id', direction);
      }
      page.offset(query.skip).limit(query.take);
      return {
        rows: query.take > 0 ? await page.getRawMany<{ revisionId: string }>() : [],
        itemsTotal: await countOf(matching(true)),
        total: await this.visiblePackageCount(manager, principal, [type], restriction),
        categories: await this.categoryTotals(manager, type, matching(false).select('release.revision_id')),
      };
    });
    return {
      items: await this.viewsInOrder(
        principal,
        type,
        rows.map((row) => row.revisionId),
      ),
      total,
      itemsTotal,
      categories,
      cursor: { skip: query.skip, take: query.take, filter: query.filter, scope: query.scope },
    };
  }

  private withConditions<T extends SelectQueryBuilder<ObjectLiteral>>(query: T, conditions: SqlCondition[]): T {
    const condition = allOf(conditions);
    if (condition.sql !== 'TRUE') query.andWhere(condition.sql, condition.params);
    return query;
  }

  /** Views of releases, in the order of the given revision ids. */
  async viewsInOrder(principal: UserPrincipal, type: PackageType, revisionIds: string[]): Promise<PackageReleaseView[]> {
    if (!revisionIds.length) return [];
    const releases = await this.finder
      .visibleQuery(principal, type)
      .andWhere('release.revisionId IN (:...revisionIds)', { revisionIds })
      .getMany();
    const byId = new Map(releases.map((release) => [release.revisionId, release]));
    return this.finder.views(revisionIds.map((id) => byId.get(id)).filter((release) => release !== undefined));
  }

  /** Spec 3 "Package with releases": every visible version, newest first; 404 when the caller sees none. */
  async versions(principal: UserPrincipal, type: PackageType, id: string): Promise<PackageWithReleases> {
    const releases = await this.finder
      .visibleQuery(principal, type)
      .andWhere('release.id = :id', { id })
      .orderBy('release.versionInt', 'DESC')
      .getMany();
    const pkg = releases.length ? await this.packages.findOneBy({ id, type }) : null;
    if (!pkg) throw new DomainError('NOT_FOUND', RegistryMessages.packageNotFound);
    const [views, actors] = await Promise.all([this.finder.views(releases), this.actors.resolve([pkg.createdById, pkg.modifiedById])]);
    const actor = (actorId: number | null) => (actorId == null ? null : (actors.get(actorId) ?? null));
    return {
      id: pkg.id,
      type: pkg.type,
      createdAt: pkg.createdAt.toISOString(),
      updatedAt: pkg.updatedAt.toISOString(),
      createdBy: actor(pkg.createdById),
      modifiedBy: actor(pkg.modifiedById),
      downloadCount: Number(pkg.downloadCount),
      latestVersion: views[0].version,
      latestRevisionId: views[0].revisionId,
      releases: views,
    };
  }

  /** The newest version the caller sees (prereleases skipped when asked); 404 'Release not found' otherwise. */
  async latest(principal: UserPrincipal, type: PackageType, id: string, prerelease: boolean): Promise<PackageReleaseView> {
    const row = await this.latestQuery(this.dataSource.manager, principal, [type], { scope: 'all', prerelease }, { packageIds: [id] })
      .select('release.revision_id', 'revisionId')
      .getRawOne<{ revisionId: string }>();
    if (!row) throw new DomainError('NOT_FOUND', RegistryMessages.releaseNotFound);
    return this.finder.view(await this.finder.findVisible(principal, type, id, { revisionId: row.revisionId }));
  }

  async byVersion(principal: UserPrincipal, type: PackageType, id: string, version: string): Promise<PackageReleaseView> {
    return this.finder.view(await this.finder.findVisible(principal, type, id, { version }));
  }

  async byRevision(principal: UserPrincipal, type: PackageType, id: string, revisionId: string): Promise<PackageReleaseView> {
    return this.finder.view(await this.finder.findVisible(principal, type, id, { revisionId }));
  }
}

/** The number of rows a query selects. */
export async function countOf(query: SelectQueryBuilder<ObjectLiteral>): Promise<number> {
  return Number((await query.select('COUNT(*)', 'count').getRawOne<{ count: string }>())?.count ?? 0);
}
