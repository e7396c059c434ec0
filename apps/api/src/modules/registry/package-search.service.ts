import { Injectable } from '@nestjs/common';
import {
  ClientListResponse,
  ClientPackage,
  Level,
  PackageReleaseView,
  PackageSearchQuery,
  PackageType,
  RegistryListMessages,
  RegistryMessages,
  SearchablePackageRequest,
  Status,
} from '@library/contracts';
import { DataSource, EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { z } from 'zod';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { allOf, categoriesCondition, orderExpression, SqlCondition } from './list-filter';
import { countOf, ListRestriction, PackageQueriesService } from './package-queries.service';
import { PackageReleaseEntity } from './package-release.entity';
import { ReleaseFinder } from './release-finder.service';
import { refreshSearchIndex } from './search-index';
import { canManageRelease, visibleReleaseCondition } from './visibility';

/**
 * How alike a misspelled word must be to a word of a release (pg_trgm word_similarity, 0–1). PostgreSQL's default,
 * 0.6, misses one swapped letter in a short word ("sendgird" vs "sendgrid" is 0.56); 0.5 finds it without matching
 * words that only share a prefix.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

/**
 * Relevance of a release for a search text: full-text rank (label weighs A, description B, categories and tags C), plus
 * how well the text matches the label as a word, plus half of how well it matches anywhere (typos). A label match
 * therefore ranks above a description match, by both measures.
 */
const SCORE_SQL = `(ts_rank(release.fts, websearch_to_tsquery('simple', :searchText))
  + word_similarity(:searchText, lower(release.label))
  + 0.5 * word_similarity(:searchText, release.search_text))`;

/** Full text (any form websearch_to_tsquery reads) or a word like the text (GIN trigram index on search_text). */
const TEXT_MATCH_SQL = `(release.fts @@ websearch_to_tsquery('simple', :searchText) OR release.search_text %> :searchText)`;

/** Versions and release statuses of packages, for the client shape. */
export interface VersionRow {
  id: string;
  version: string;
  revisionId: string;
  status: Status | null;
  level: Level | null;
}

/** Spec 3 "Client package shape" of a release view; `versions` are the package's visible versions, newest first. */
export function toClientPackage(view: PackageReleaseView, versions: VersionRow[], score: number): ClientPackage {
  const versionList = [...new Set(versions.map((row) => row.version))];
  const statusesAt = (level: Level) => view.statusDetailsRelease.filter((status) => status.level === level).map((status) => status.status);
  const name = typeof view.meta?.name === 'string' && view.meta.name.trim() ? view.meta.name : view.label;
  return {
    id: view.id,
    name,
    label: view.label,
    description: view.description,
    categories: view.categories.map((category) => category.name),
    type: view.type,
    schemaType: view.schemaType,
    version: view.version,
    versions: versionList.length ? versionList : [view.version],
    latestVersion: versionList[0] ?? view.version,
    revisionId: view.revisionId,
    createdAt: view.createdAt,
    isExternal: view.schemaType === 'EXTERNAL',
    isSandbox: view.isPlayground,
    isPlayground: view.isPlayground,
    releases: versions
      .filter((row): row is VersionRow & { status: Status; level: Level } => row.status !== null && row.level !== null)
      .map((row) => ({ status: row.status, level: row.level, version: row.version, primaryId: row.revisionId })),
    statusDetails: {
      release: { pde: statusesAt('PDE'), user: statusesAt('USER'), account: statusesAt('ACCOUNT') },
      system: view.statusDetailsSystem ? [view.statusDetailsSystem.status] : [],
    },
    packageMeta: view.meta,
    data: view.data,
    releaseNotes: view.releaseNotesMarkdown,
    membersAccountIds: view.membersAccountIds,
    membersUserIds: view.membersUserIds,
    score,
  };
}

/**
 * Search (spec 7 `GET …/search`) over the latest visible version of each package: PostgreSQL full text on fts OR
 * trigram word similarity on search_text, ranked by a combined score; and `PUT …/search`, which re-indexes a
 * package's releases.
 */
@Injectable()
export class PackageSearchService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queries: PackageQueriesService,
    private readonly finder: ReleaseFinder,
  ) {}

  async search(principal: UserPrincipal, type: PackageType, query: PackageSearchQuery): Promise<ClientListResponse> {
    const { rows, total, categories } = await this.queries.read(async (manager) => {
      // The trigram operator reads its threshold from the session; set it for this transaction only.
      await manager.query(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, [String(WORD_SIMILARITY_THRESHOLD)]);
      // Packages with any release matching the text, found through the GIN indexes; the latest-version query then
      // runs for those packages only instead of for every package of the type.
      const restriction = query.text ? { packageIds: await this.packagesMatchingText(manager, type, query.text) } : {};
      const matching = (withCategories: boolean) => this.matching(manager, principal, type, query, withCategories, restriction);
      const page = matching(true)
        .select('release.revision_id', 'revisionId')
        .addSelect(query.text ? SCORE_SQL : '0', 'score')
        .setParameter('searchText', query.text);
      const orderBy = query.orderBy ?? (query.text ? 'relevance' : 'createdAt');
      const direction = query.order === 'asc' ? 'ASC' : 'DESC';
      page.orderBy(orderExpression(orderBy, 'release'), direction);
      if (orderBy === 'relevance') page.addOrderBy('release.created_at', 'DESC');
      page.addOrderBy('release.revision_id', direction).offset(query.from).limit(query.size);
      return {
        rows: query.size > 0 ? await page.getRawMany<{ revisionId: string; score: string | number }>() : [],
        total: await countOf(matching(true)),
        categories: await this.queries.categoryTotals(manager, type, matching(false).select('release.revision_id')),
      };
    });

    const views = await this.queries.viewsInOrder(
      principal,
      type,
      rows.map((row) => row.revisionId),
    );
    const scores = new Map(rows.map((row) => [row.revisionId, Number(row.score)]));
    const versions = await this.versionsOf(
      principal,
      type,
      views.map((view) => view.id),
    );
    const entities = views.map((view) =>
      toClientPackage(
        view,
        versions.filter((row) => row.id === view.id),
        scores.get(view.revisionId) ?? 0,
      ),
    );
    return {
      entities,
      total,
      count: entities.length,
      offset: query.from,
      limit: query.size,
      cursor: { from: query.from + query.size },
      categories: categories.map((category) => ({ id: category.id, count: category.total, name: category.name })),
    };
  }

  /** Latest candidates matching the text, categories and deprecation rule. */
  private matching(
    manager: EntityManager,
    principal: UserPrincipal,
    type: PackageType,
    query: PackageSearchQuery,
    withCategories: boolean,
    restriction: ListRestriction,
  ): SelectQueryBuilder<ObjectLiteral> {
    const conditions: SqlCondition[] = [];
    if (!query.includeDeprecated) {
      conditions.push({
        sql: `NOT EXISTS (SELECT 1 FROM package_status_details_release deprecated
          WHERE deprecated.package_release_revision_id = release.revision_id AND deprecated.status = 'DEPRECATED')`,
        params: {},
      });
    }
    if (query.text) conditions.push({ sql: TEXT_MATCH_SQL, params: { searchText: query.text } });
    if (withCategories && query.categories?.length) conditions.push(categoriesCondition('release', query.categories));
    const built = this.queries.latestQuery(manager, principal, [type], { scope: 'all', prerelease: query.includePrerelease }, restriction);
    const condition = allOf(conditions);
    return condition.sql === 'TRUE' ? built : built.andWhere(condition.sql, condition.params);
  }

  private async packagesMatchingText(manager: EntityManager, type: PackageType, text: string): Promise<string[]> {
    const rows = (await manager.query(
      `SELECT DISTINCT id FROM package_release
       WHERE type = $1 AND (fts @@ websearch_to_tsquery('simple', $2) OR search_text %> $2)`,
      [type, text],
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }

  /** Every visible version of the packages, newest first, with their release statuses. */
  private async versionsOf(principal: UserPrincipal, type: PackageType, ids: string[]): Promise<VersionRow[]> {
    if (!ids.length) return [];
    const visible = visibleReleaseCondition(principal, 'r');
    return this.dataSource
      .createQueryBuilder(PackageReleaseEntity, 'r')
      .select('r.id', 'id')
      .addSelect('r.version', 'version')
      .addSelect('r.revision_id', 'revisionId')
      .addSelect('s.status', 'status')
      .addSelect('s.level', 'level')
      .leftJoin('r.statusDetailsRelease', 's')
      .where('r.type = :type', { type })
      .andWhere('r.id = ANY(:ids)', { ids })
      .andWhere(visible.sql, visible.params)
      .orderBy('r.version_int', 'DESC')
      .addOrderBy('s.level', 'ASC')
      .getRawMany<VersionRow>();
  }

  /**
   * `PUT …/search`: makes a package searchable as it is stored now, by re-deriving fts and search text of its releases
   * (or of one revision). Only releases the caller may manage are touched (owner, ADMIN of the owner account,
   * SUPER_ADMIN); 404 when the caller sees none, 403 when it may manage none.
   */
  async makeSearchable(
    principal: UserPrincipal,
    type: PackageType,
    body: z.infer<typeof SearchablePackageRequest>,
  ): Promise<{ id: string; type: PackageType; revisionIds: string[] }> {
    if (body.type && body.type !== type) throw new DomainError('BAD_REQUEST', RegistryListMessages.searchTypeMismatch);
    const query = this.finder.visibleQuery(principal, type).andWhere('release.id = :id', { id: body.id });
    if (body.revisionId) query.andWhere('release.revisionId = :revisionId', { revisionId: body.revisionId });
    const releases = await query.orderBy('release.versionInt', 'DESC').getMany();
    if (!releases.length) {
      throw new DomainError('NOT_FOUND', body.revisionId ? RegistryMessages.releaseNotFound : RegistryMessages.packageNotFound);
    }
    const manageable = releases.filter((release) => canManageRelease(principal, release)).map((release) => release.revisionId);
    if (!manageable.length) throw new DomainError('FORBIDDEN');
    await refreshSearchIndex(this.dataSource.manager, manageable);
    return { id: body.id, type, revisionIds: manageable };
  }
}
