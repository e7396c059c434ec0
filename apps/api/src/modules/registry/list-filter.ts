import {
  FavoriteKind,
  FilterCondition,
  PackageListFilter,
  PackageListScope,
  PackageOrderBy,
  PackageType,
  SearchOrderBy,
  UNCATEGORIZED,
} from '@library/contracts';
import type { UserPrincipal } from '../../common/auth/principal';
import { playgroundCondition, visibleReleaseCondition } from './visibility';

/**
 * SQL pieces of the package lists, search and category counts, kept free of I/O so they can be unit tested.
 * Conditions are written on an alias of package_release with TypeORM named parameters.
 */
export interface SqlCondition {
  sql: string;
  params: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const TRUE_CONDITION: SqlCondition = { sql: 'TRUE', params: {} };

/** All conditions together (TRUE when there are none). */
export function allOf(conditions: SqlCondition[]): SqlCondition {
  if (!conditions.length) return TRUE_CONDITION;
  return {
    sql: conditions.map((condition) => `(${condition.sql})`).join(' AND '),
    params: Object.assign({}, ...conditions.map((condition) => condition.params)),
  };
}

/** The release has a release status at this level. */
export function hasLevelSql(alias: string, level: 'USER' | 'ACCOUNT' | 'PDE'): string {
  return `EXISTS (SELECT 1 FROM package_status_details_release ${alias}_has_${level} WHERE ${alias}_has_${level}.package_release_revision_id = ${alias}.revision_id AND ${alias}_has_${level}.level = '${level}')`;
}

/** Narrows releases to a list scope (see PackageListScope). */
export function scopeCondition(principal: UserPrincipal, alias: string, scope: PackageListScope): SqlCondition {
  switch (scope) {
    case 'all':
      return TRUE_CONDITION;
    case 'playground':
      return playgroundCondition(principal, alias);
    case 'account':
      return {
        sql: `${hasLevelSql(alias, 'ACCOUNT')} AND (${alias}.owner_account_id = CAST(:viewerAccountId AS uuid) OR CAST(:viewerAccountId AS text) = ANY(COALESCE(${alias}.members_account_ids, '{}')))`,
        params: { viewerAccountId: principal.accountId },
      };
    case 'pde':
      return { sql: hasLevelSql(alias, 'PDE'), params: {} };
  }
}

export interface CandidateOptions {
  scope: PackageListScope;
  /** false: prerelease versions are not candidates (a package then shows its newest stable version). */
  prerelease: boolean;
}

/**
 * The releases a list may show for a package: visible to the caller, in the scope, and not a prerelease when those are
 * excluded. The newest candidate of each package is its item.
 */
export function candidateCondition(principal: UserPrincipal, alias: string, options: CandidateOptions): SqlCondition {
  const conditions = [visibleReleaseCondition(principal, alias), scopeCondition(principal, alias, options.scope)];
  if (!options.prerelease) conditions.push({ sql: `${alias}.prerelease = FALSE`, params: {} });
  return allOf(conditions.filter((condition) => condition.sql !== 'TRUE'));
}

/**
 * The revision id of a package's newest candidate release, as an expression on an alias of `package`.
 *
 * The package row keeps a pointer to its newest release (latest_revision_id, maintained on every add and delete).
 * When that release is a candidate for the caller (the usual case: published releases are visible to everyone), the
 * first branch answers with one primary-key lookup. Only when it is not (a private newer version, a prerelease that is
 * excluded, another scope) does the second branch look at that one package's releases, through the index on
 * package_release(id), for the highest versionInt. PostgreSQL's COALESCE stops at the first non-null argument, so the
 * second subquery never runs when the pointer answers, and no query scans the releases of all packages.
 */
export function latestRevisionSql(packageAlias: string, candidate: (releaseAlias: string) => SqlCondition): SqlCondition {
  const pointer = candidate('pointer');
  const fallback = candidate('fallback');
  return {
    sql: `COALESCE(
      (SELECT pointer.revision_id FROM package_release pointer
        WHERE pointer.revision_id = ${packageAlias}.latest_revision_id AND ${pointer.sql}),
      (SELECT fallback.revision_id FROM package_release fallback
        WHERE fallback.id = ${packageAlias}.id AND ${fallback.sql}
        ORDER BY fallback.version_int DESC LIMIT 1))`,
    params: { ...pointer.params, ...fallback.params },
  };
}

/** Category values of a filter: ids (UUIDs), names (anything else), and whether `uncategorized` was asked for. */
export function splitCategoryValues(values: readonly string[]): { ids: string[]; names: string[]; uncategorized: boolean } {
  const ids = values.filter((value) => UUID.test(value));
  const others = values.filter((value) => !UUID.test(value));
  return {
    ids,
    names: others.filter((value) => value !== UNCATEGORIZED.id),
    uncategorized: others.includes(UNCATEGORIZED.id),
  };
}

/** The release has none of the library's (non-hidden) categories. */
export function uncategorizedSql(alias: string): string {
  return `NOT EXISTS (SELECT 1 FROM package_release_category ${alias}_uc JOIN category ${alias}_ucc ON ${alias}_ucc.id = ${alias}_uc.category_id
    WHERE ${alias}_uc.revision_id = ${alias}.revision_id AND NOT ${alias}_ucc.hidden)`;
}

function categoryCondition(alias: string, values: readonly string[], param: string, negate: boolean): SqlCondition {
  const { ids, names, uncategorized } = splitCategoryValues(values);
  const parts: string[] = [];
  const params: Record<string, unknown> = {};
  if (ids.length || names.length) {
    parts.push(`EXISTS (SELECT 1 FROM package_release_category ${param} JOIN category ${param}_c ON ${param}_c.id = ${param}.category_id
      WHERE ${param}.revision_id = ${alias}.revision_id AND (${param}_c.id = ANY(:${param}_ids) OR lower(${param}_c.name) = ANY(:${param}_names)))`);
    params[`${param}_ids`] = ids;
    params[`${param}_names`] = names;
  }
  if (uncategorized) parts.push(uncategorizedSql(alias));
  if (!parts.length) return { sql: negate ? 'TRUE' : 'FALSE', params };
  return negate ? { sql: parts.map((part) => `NOT ${part}`).join(' AND '), params } : { sql: parts.join(' OR '), params };
}

function statusSql(alias: string, param: string, levels: string[] | undefined): string {
  const levelPart = levels?.length ? ` AND ${param}_s.level = ANY(:f_level_in)` : '';
  return `EXISTS (SELECT 1 FROM package_status_details_release ${param}_s WHERE ${param}_s.package_release_revision_id = ${alias}.revision_id AND ${param}_s.status = ANY(:${param})${levelPart})`;
}

function levelSql(alias: string, param: string): string {
  return `EXISTS (SELECT 1 FROM package_status_details_release ${param}_s WHERE ${param}_s.package_release_revision_id = ${alias}.revision_id AND ${param}_s.level = ANY(:${param}))`;
}

/** `in` and `notIn` of one filter as conditions, given how a list of values matches. */
function inAndNotIn(condition: FilterCondition | undefined, name: string, match: (param: string) => string): SqlCondition[] {
  const conditions: SqlCondition[] = [];
  if (condition?.in) conditions.push({ sql: match(`f_${name}_in`), params: { [`f_${name}_in`]: condition.in } });
  if (condition?.notIn) conditions.push({ sql: `NOT ${match(`f_${name}_notIn`)}`, params: { [`f_${name}_notIn`]: condition.notIn } });
  return conditions;
}

/**
 * The list filters as conditions on the shown (latest) release. A status filter together with `level[in]` asks for
 * that status at those levels; otherwise a status at any level matches.
 */
export function filterConditions(filter: PackageListFilter, alias: string, options: { withCategories?: boolean } = {}): SqlCondition[] {
  const conditions: SqlCondition[] = [
    ...inAndNotIn(filter.ids, 'ids', (param) => `${alias}.id = ANY(:${param})`),
    ...inAndNotIn(filter.schemaType, 'schemaType', (param) => `${alias}.schema_type = ANY(:${param})`),
    ...inAndNotIn(filter.label, 'label', (param) => `lower(${alias}.label) = ANY(:${param})`),
    ...inAndNotIn(filter.level, 'level', (param) => levelSql(alias, param)),
    ...inAndNotIn(filter.status, 'status', (param) => statusSql(alias, param, filter.level?.in)),
  ];
  if (options.withCategories !== false) {
    if (filter.categories?.in) conditions.push(categoryCondition(alias, filter.categories.in, 'f_cat_in', false));
    if (filter.categories?.notIn) conditions.push(categoryCondition(alias, filter.categories.notIn, 'f_cat_notin', true));
  }
  return conditions;
}

/** A category list (search's `categories`) as a condition: any of them, ids or names, `uncategorized` for none. */
export function categoriesCondition(alias: string, values: readonly string[]): SqlCondition {
  return categoryCondition(alias, values, 'q_cat', false);
}

/** The column a list orders by. Labels sort without regard to case. */
export function orderExpression(orderBy: PackageOrderBy | SearchOrderBy, alias: string): string {
  switch (orderBy) {
    case 'createdAt':
    case 'created':
      return `${alias}.created_at`;
    case 'updatedAt':
      return `${alias}.updated_at`;
    case 'label':
      return `lower(${alias}.label)`;
    case 'version':
    case 'versionInt':
      return `${alias}.version_int`;
    case 'relevance':
      return 'score';
  }
}

/** Which favourites list holds packages of a type (spec 3 "Favourites per kind"); null when no list does. */
export function favoriteKindOf(type: PackageType): FavoriteKind | null {
  switch (type) {
    case 'STEP':
    case 'STEP_TEMPLATE':
      return 'steps';
    case 'BOT_TEMPLATE':
      return 'bots';
    case 'FLOW_TEMPLATE':
      return 'flows';
    default:
      return null;
  }
}

/** Favourite ids that can name a package (UUIDs), lower-cased and without repeats. */
export function packageIdsOf(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.trim().toLowerCase()).filter((id) => UUID.test(id)))];
}
