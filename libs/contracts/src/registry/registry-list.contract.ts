import { z, ZodTypeAny } from 'zod';
import { queryFlag, queryInt } from '../common/query';
import { Level, PackageType, SchemaType, SortDirection, Status } from '../enums';
import { Actor, CategoryName, PackageReleaseView } from './registry.contract';

/** Page sizes (spec 9): package lists take 10 and skip 0 by default, package search size 10; both capped. */
export const PACKAGE_LIST_TAKE = { fallback: 10, max: 100 } as const;
export const PACKAGE_SEARCH_SIZE = { fallback: 10, max: 100 } as const;

/** The two category records the library adds to every category list (spec 3, labels of spec 9). */
export const ALL_CATEGORIES = { id: 'all', name: 'All categories' } as const;
export const UNCATEGORIZED = { id: 'uncategorized', name: 'Uncategorized' } as const;

/** Messages of the read side of the package library service and of category management (ours; the spec is silent). */
export const RegistryListMessages = {
  categoryExists: 'A category with this name already exists for this package type',
  categoryNameReserved: `Category name is reserved: ${ALL_CATEGORIES.name} and ${UNCATEGORIZED.name} are added by the library`,
  categoryNotYours: 'Only a SUPER_ADMIN or an ADMIN of the account that created this category can change it',
  searchTypeMismatch: 'type must be the type of the path',
} as const;

const upperCased = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const asList = (value: unknown) => (value === undefined || Array.isArray(value) ? value : [value]);

/**
 * One filter of a list query (spec 5): `{ in, notIn }`, each one value or a list; a bare value or list means `in`.
 * `filter[ids]=a`, `filter[ids][]=a&filter[ids][]=b`, `filter[ids][in]=a`, `filter[ids][notIn][]=a` all parse.
 */
function filterCondition(item: ZodTypeAny) {
  const values = z.preprocess(asList, z.array(item).max(100));
  return z.preprocess(
    (value) => (typeof value === 'string' || Array.isArray(value) ? { in: value } : value),
    z.object({ in: values.optional(), notIn: values.optional() }).strict(),
  );
}

/** A package id in a filter: trimmed, lower-cased, a UUID. */
const FilterPackageId = z.string().trim().toLowerCase().uuid();
/** A category in a filter: its id or its name, trimmed and lower-cased; `uncategorized` means "no category". */
const FilterCategory = z.string().trim().toLowerCase().min(1).max(100);

export const FilterCondition = z.object({ in: z.array(z.string()).optional(), notIn: z.array(z.string()).optional() });
export type FilterCondition = z.infer<typeof FilterCondition>;

/**
 * `filter` of the package list. ids, categories (ids or names) and labels are matched regardless of case; schemaType is
 * exact; status (a release status at any level) and level are upper-cased. Unknown filter names are refused.
 */
export const PackageListFilter = z
  .object({
    ids: filterCondition(FilterPackageId),
    categories: filterCondition(FilterCategory),
    schemaType: filterCondition(SchemaType),
    status: filterCondition(z.preprocess(upperCased, Status)),
    level: filterCondition(z.preprocess(upperCased, Level)),
    label: filterCondition(z.string().trim().toLowerCase().min(1).max(200)),
  })
  .partial()
  .strict();
export type PackageListFilter = z.infer<typeof PackageListFilter>;

/**
 * Which releases a list draws from: `all` that the caller sees; `playground` the caller's own USER-only releases
 * (spec 6: forced to USER level, ACCOUNT and PDE excluded); `account` releases shared at ACCOUNT level with the
 * caller's account (owned by it or listing it as a member); `pde` releases published at PDE level.
 */
export const PackageListScope = z.enum(['all', 'playground', 'account', 'pde']);
export type PackageListScope = z.infer<typeof PackageListScope>;

export const PackageOrderBy = z.enum(['createdAt', 'updatedAt', 'label']);
export type PackageOrderBy = z.infer<typeof PackageOrderBy>;

/** Query of `GET …/packages/{type}` (spec 5 "List queries"); also of `/popular` and `/favorites` (which ignore orderBy/order). */
export const PackageListQuery = z.object({
  filter: PackageListFilter.default({}),
  scope: PackageListScope.default('all'),
  orderBy: PackageOrderBy.default('createdAt'),
  order: SortDirection.default('desc'),
  skip: queryInt(0),
  take: queryInt(PACKAGE_LIST_TAKE.fallback, PACKAGE_LIST_TAKE.max),
  prerelease: queryFlag(true),
});
export type PackageListQuery = z.infer<typeof PackageListQuery>;

export const CategoryTotal = z.object({ id: z.string(), name: z.string(), total: z.number().int() });

/** List response (spec 3): the latest visible version of each package, totals and per-category totals. */
export const PackageListResponse = z.object({
  items: z.array(PackageReleaseView),
  /** Packages of the type the caller sees at all (no scope, filter or prerelease rule). */
  total: z.number().int(),
  /** Packages left after scope, prerelease and filters. */
  itemsTotal: z.number().int(),
  /** Every non-hidden category of the type with the number of matching packages in it (the category filter left out). */
  categories: z.array(CategoryTotal),
  cursor: z.object({
    skip: z.number().int(),
    take: z.number().int(),
    filter: z.record(FilterCondition),
    scope: PackageListScope,
  }),
});
export type PackageListResponse = z.infer<typeof PackageListResponse>;

/** `GET /id/{id}/latest`: prerelease as in lists (true when absent; false skips prereleases). */
export const LatestReleaseQuery = z.object({ prerelease: queryFlag(true) });

export const PackageIdParams = z.object({
  type: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), PackageType),
  id: z.string().uuid(),
});
export const PackageVersionParams = PackageIdParams.extend({ version: z.string().trim().min(1).max(30) });
export const PackageRevisionParams = PackageIdParams.extend({ revisionId: z.string().uuid() });

/** Spec 3 "Package with releases": the package's fields, who created it, and every version the caller sees, newest first. */
export const PackageWithReleases = z.object({
  id: z.string().uuid(),
  type: PackageType,
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: Actor,
  modifiedBy: Actor,
  downloadCount: z.number().int(),
  latestVersion: z.string(),
  latestRevisionId: z.string().uuid(),
  releases: z.array(PackageReleaseView),
});
export type PackageWithReleases = z.infer<typeof PackageWithReleases>;

export const SearchOrderBy = z.enum(['relevance', 'createdAt', 'updatedAt', 'label', 'created', 'version', 'versionInt']);
export type SearchOrderBy = z.infer<typeof SearchOrderBy>;

/**
 * `GET …/search` (spec 5 "Client search"): text from `text` or `query`, trimmed and lower-cased. size falls back to 10
 * when not numeric; from is the offset (0 when absent or not numeric; the response's cursor.from is the next page's
 * offset, which is the spec's "10" for a first page of the default size). Deprecated and prerelease versions are left out
 * unless includeDeprecated / includePrerelease is true or 1. categories: ids or names. orderBy defaults to relevance
 * when there is text, else createdAt; created is createdAt, version and versionInt order by version.
 */
export const PackageSearchQuery = z
  .object({
    text: z.string().max(200).optional(),
    query: z.string().max(200).optional(),
    size: queryInt(PACKAGE_SEARCH_SIZE.fallback, PACKAGE_SEARCH_SIZE.max),
    from: queryInt(0),
    includeDeprecated: queryFlag(false),
    includePrerelease: queryFlag(false),
    categories: z.preprocess(asList, z.array(FilterCategory).max(50)).optional(),
    orderBy: SearchOrderBy.optional(),
    order: SortDirection.default('desc'),
  })
  .transform(({ text, query, ...rest }) => ({ ...rest, text: (text ?? query ?? '').trim().toLowerCase() }));
export type PackageSearchQuery = z.infer<typeof PackageSearchQuery>;

const StatusList = z.array(Status);

/** Spec 3 "Client package shape". */
export const ClientPackage = z.object({
  id: z.string().uuid(),
  name: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  /** Category names. */
  categories: z.array(z.string()),
  type: PackageType,
  schemaType: SchemaType,
  version: z.string(),
  /** Every version the caller sees, newest first. */
  versions: z.array(z.string()),
  latestVersion: z.string(),
  revisionId: z.string().uuid(),
  createdAt: z.string(),
  isExternal: z.boolean(),
  isSandbox: z.boolean(),
  isPlayground: z.boolean(),
  /** One entry per visible version and level with a release status; primaryId is that version's revisionId. */
  releases: z.array(z.object({ status: Status, level: Level, version: z.string(), primaryId: z.string().uuid() })),
  /** Statuses of the shown version: per level, and its system status. */
  statusDetails: z.object({
    release: z.object({ pde: StatusList, user: StatusList, account: StatusList }),
    system: StatusList,
  }),
  packageMeta: z.record(z.unknown()).nullable(),
  data: z.unknown(),
  releaseNotes: z.string().nullable(),
  membersAccountIds: z.array(z.string()).nullable(),
  membersUserIds: z.array(z.string()).nullable(),
  /** Relevance of the match (0 without search text). */
  score: z.number(),
});
export type ClientPackage = z.infer<typeof ClientPackage>;

/** Spec 3 "Client-side list response". */
export const ClientListResponse = z.object({
  entities: z.array(ClientPackage),
  total: z.number().int(),
  count: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  cursor: z.object({ from: z.number().int() }),
  categories: z.array(z.object({ id: z.string(), count: z.number().int(), name: z.string() })),
});
export type ClientListResponse = z.infer<typeof ClientListResponse>;

/**
 * `PUT …/search` (make a package searchable): the package as the client holds it plus its type. Only `id` (and
 * optionally one `revisionId`) is used: the server re-derives fts and search text from what it stores, never from
 * text sent here, so other keys of the package are accepted and ignored.
 */
export const SearchablePackageRequest = z.object({
  id: z.string().trim().toLowerCase().uuid(),
  type: z.preprocess(upperCased, PackageType).optional(),
  revisionId: z.string().uuid().optional(),
});
export const SearchablePackageResponse = z.object({ id: z.string().uuid(), type: PackageType, revisionIds: z.array(z.string().uuid()) });

/** `GET library-categories?type=…`: one type or several (their same-named categories are merged). */
export const LibraryCategoriesQuery = z.object({
  type: z.preprocess(asList, z.array(z.preprocess(upperCased, PackageType)).min(1).max(20)),
  scope: PackageListScope.default('all'),
  prerelease: queryFlag(true),
});

/** Spec 3 "Category records in lists": `ids` are what to send as `filter[categories][in]` for the record. */
export const LibraryCategory = z.object({ id: z.string(), name: z.string(), ids: z.array(z.string()), count: z.number().int() });
export type LibraryCategory = z.infer<typeof LibraryCategory>;

const isReserved = (name: string) =>
  [ALL_CATEGORIES.name, UNCATEGORIZED.name].some((reserved) => reserved.toLowerCase() === name.toLowerCase());
const ManagedCategoryName = CategoryName.refine((name) => !isReserved(name), RegistryListMessages.categoryNameReserved);

export const CategoryCreateRequest = z.object({ name: ManagedCategoryName, hidden: z.boolean().default(false) }).strict();
export const CategoryUpdateRequest = z.object({ name: ManagedCategoryName, hidden: z.boolean() }).partial().strict();
export const CategoryParams = z.object({ type: PackageIdParams.shape.type, categoryId: z.string().uuid() });

export const CategoryView = z.object({
  id: z.string().uuid(),
  name: z.string(),
  hidden: z.boolean(),
  type: PackageType,
  createdBy: Actor,
  modifiedBy: Actor,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CategoryView = z.infer<typeof CategoryView>;
