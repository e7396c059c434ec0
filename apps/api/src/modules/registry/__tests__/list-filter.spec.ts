import {
  CategoryCreateRequest,
  LibraryCategoriesQuery,
  PackageListQuery,
  PackageReleaseView,
  PackageSearchQuery,
  SearchablePackageRequest,
} from '@library/contracts';
import type { UserPrincipal } from '../../../common/auth/principal';
import {
  allOf,
  candidateCondition,
  favoriteKindOf,
  filterConditions,
  latestRevisionSql,
  orderExpression,
  packageIdsOf,
  splitCategoryValues,
} from '../list-filter';
import { toClientPackage } from '../package-search.service';

const ID_A = '0b7e0c1e-6a0e-4c59-9d1f-6f3a9a1d0b0a';
const ID_B = '0b7e0c1e-6a0e-4c59-9d1f-6f3a9a1d0b0b';

const principal = (role: UserPrincipal['role'] = 'USER'): UserPrincipal => ({
  sessionId: 's',
  tokenType: 'user',
  role,
  accountId: '11111111-1111-4111-8111-111111111111',
  userId: '22222222-2222-4222-8222-222222222222',
  multiUserId: null,
  username: 'u',
  expiresAt: new Date(0),
});

describe('package list query (spec 5)', () => {
  it('falls back: skip 0, take 10 (capped at 100), prerelease true, createdAt desc, scope all', () => {
    expect(PackageListQuery.parse({})).toEqual({
      filter: {},
      scope: 'all',
      orderBy: 'createdAt',
      order: 'desc',
      skip: 0,
      take: 10,
      prerelease: true,
    });
    expect(PackageListQuery.parse({ skip: 'x', take: '-3' })).toMatchObject({ skip: 0, take: 10 });
    expect(PackageListQuery.parse({ skip: '7', take: '500' })).toMatchObject({ skip: 7, take: 100 });
  });

  it.each([
    [undefined, true],
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
    ['yes', false],
  ])('prerelease %p is %p', (value, expected) => {
    expect(PackageListQuery.parse({ prerelease: value }).prerelease).toBe(expected);
  });

  it('accepts a filter as a bare value, a list, or in/notIn of one value or a list; ids trimmed and lower-cased', () => {
    const parsed = PackageListQuery.parse({
      filter: {
        ids: ` ${ID_A.toUpperCase()} `,
        categories: { in: [' Mail ', ID_B.toUpperCase()], notIn: 'Uncategorized' },
        status: ['released'],
        level: { notIn: 'pde' },
        label: { in: ' My Step ' },
      },
    });
    expect(parsed.filter).toEqual({
      ids: { in: [ID_A] },
      categories: { in: ['mail', ID_B], notIn: ['uncategorized'] },
      status: { in: ['RELEASED'] },
      level: { notIn: ['PDE'] },
      label: { in: ['my step'] },
    });
  });

  it("refuses bad enums with zod's messages", () => {
    const message = (query: object) => PackageListQuery.safeParse(query).error?.issues.map((issue) => issue.message);
    expect(message({ orderBy: 'size' })).toEqual(["Invalid enum value. Expected 'createdAt' | 'updatedAt' | 'label', received 'size'"]);
    expect(message({ order: 'up' })).toEqual(["Invalid enum value. Expected 'asc' | 'desc', received 'up'"]);
    expect(message({ filter: { ids: 'nope' } })).toEqual(['Invalid uuid']);
    expect(message({ filter: { colour: 'red' } })).toEqual(["Unrecognized key(s) in object: 'colour'"]);
  });
});

describe('client search query (spec 5)', () => {
  it('takes text or query, trimmed and lower-cased; size 10 when not numeric; from 0; include flags true or 1', () => {
    expect(PackageSearchQuery.parse({ query: '  SendGrid ', size: 'many' })).toMatchObject({
      text: 'sendgrid',
      size: 10,
      from: 0,
      includeDeprecated: false,
      includePrerelease: false,
    });
    expect(PackageSearchQuery.parse({ text: 'A', query: 'B', includeDeprecated: '1', includePrerelease: 'true' })).toMatchObject({
      text: 'a',
      includeDeprecated: true,
      includePrerelease: true,
    });
    expect(PackageSearchQuery.parse({ categories: ' Mail ' }).categories).toEqual(['mail']);
    expect(PackageSearchQuery.safeParse({ orderBy: 'versionInt' }).success).toBe(true);
    expect(PackageSearchQuery.safeParse({ orderBy: 'stars' }).success).toBe(false);
  });

  it('PUT body: the package plus its type; other keys are ignored', () => {
    expect(SearchablePackageRequest.parse({ id: ID_A.toUpperCase(), type: 'step', label: 'x' })).toEqual({ id: ID_A, type: 'STEP' });
  });
});

describe('categories', () => {
  it('library-categories takes one type or several, in any case', () => {
    expect(LibraryCategoriesQuery.parse({ type: 'step' }).type).toEqual(['STEP']);
    expect(LibraryCategoriesQuery.parse({ type: ['STEP', 'step_template'] }).type).toEqual(['STEP', 'STEP_TEMPLATE']);
    expect(LibraryCategoriesQuery.safeParse({}).success).toBe(false);
  });

  it('names are trimmed, never a UUID, never the library’s own', () => {
    expect(CategoryCreateRequest.parse({ name: '  Mail  ' })).toEqual({ name: 'Mail', hidden: false });
    expect(CategoryCreateRequest.safeParse({ name: ID_A }).error?.issues[0].message).toBe('Category name cannot be uuid');
    expect(CategoryCreateRequest.safeParse({ name: 'all categories' }).success).toBe(false);
    expect(CategoryCreateRequest.safeParse({ name: ' UNCATEGORIZED ' }).success).toBe(false);
  });
});

describe('list conditions', () => {
  it('splits category values into ids, names and uncategorized', () => {
    expect(splitCategoryValues([ID_A, 'mail', 'uncategorized'])).toEqual({ ids: [ID_A], names: ['mail'], uncategorized: true });
  });

  it('writes in and notIn with their own parameters', () => {
    const condition = allOf(
      filterConditions({ ids: { in: [ID_A], notIn: [ID_B] }, schemaType: { in: ['EXTERNAL'] }, label: { notIn: ['x'] } }, 'release'),
    );
    expect(condition.sql).toContain('release.id = ANY(:f_ids_in)');
    expect(condition.sql).toContain('NOT release.id = ANY(:f_ids_notIn)');
    expect(condition.sql).toContain('release.schema_type = ANY(:f_schemaType_in)');
    expect(condition.sql).toContain('NOT lower(release.label) = ANY(:f_label_notIn)');
    expect(condition.params).toEqual({ f_ids_in: [ID_A], f_ids_notIn: [ID_B], f_schemaType_in: ['EXTERNAL'], f_label_notIn: ['x'] });
  });

  it('asks for a status at the levels of level[in] when both are given', () => {
    const [level, status] = filterConditions({ status: { in: ['RELEASED'] }, level: { in: ['PDE'] } }, 'release');
    expect(level.sql).toContain('.level = ANY(:f_level_in)');
    expect(status.sql).toContain('.status = ANY(:f_status_in) AND f_status_in_s.level = ANY(:f_level_in)');
  });

  it('leaves the category filter out when asked (category totals)', () => {
    const filter = { categories: { in: ['mail'] } };
    expect(filterConditions(filter, 'release')).toHaveLength(1);
    expect(filterConditions(filter, 'release', { withCategories: false })).toHaveLength(0);
  });

  it('matches uncategorized as "no non-hidden category", and notIn as its negation', () => {
    const [inUncategorized] = filterConditions({ categories: { in: ['uncategorized'] } }, 'release');
    expect(inUncategorized.sql).toMatch(/^NOT EXISTS/);
    const [notIn] = filterConditions({ categories: { notIn: ['uncategorized', 'mail'] } }, 'release');
    expect(notIn.sql).toMatch(/^NOT EXISTS .* AND NOT NOT EXISTS/s);
  });

  it('candidates: visibility always (none for SUPER_ADMIN), scope, and no prereleases when excluded', () => {
    expect(candidateCondition(principal('SUPER_ADMIN'), 'r', { scope: 'all', prerelease: true }).sql).toBe('TRUE');
    const playground = candidateCondition(principal(), 'r', { scope: 'playground', prerelease: false });
    expect(playground.sql).toContain('NOT (COALESCE(');
    expect(playground.sql).toContain('r.prerelease = FALSE');
    expect(playground.params).toMatchObject({ viewerUserId: principal().userId });
    expect(candidateCondition(principal(), 'r', { scope: 'pde', prerelease: true }).sql).toContain("r_has_PDE.level = 'PDE'");
  });

  it('latest: the pointer first, the highest versionInt of that one package only when the pointer is not a candidate', () => {
    const latest = latestRevisionSql('p', (alias) => ({ sql: `${alias}.ok`, params: { x: 1 } }));
    expect(latest.sql).toMatch(
      /^COALESCE\(\s*\(SELECT pointer\.revision_id FROM package_release pointer\s+WHERE pointer\.revision_id = p\.latest_revision_id AND pointer\.ok\)/,
    );
    expect(latest.sql).toContain('WHERE fallback.id = p.id AND fallback.ok');
    expect(latest.sql).toContain('ORDER BY fallback.version_int DESC LIMIT 1');
    expect(latest.params).toEqual({ x: 1 });
  });

  it.each([
    ['createdAt', 'release.created_at'],
    ['created', 'release.created_at'],
    ['updatedAt', 'release.updated_at'],
    ['label', 'lower(release.label)'],
    ['version', 'release.version_int'],
    ['versionInt', 'release.version_int'],
    ['relevance', 'score'],
  ] as const)('orders by %s as %s', (orderBy, expression) => {
    expect(orderExpression(orderBy, 'release')).toBe(expression);
  });

  it.each([
    ['STEP', 'steps'],
    ['STEP_TEMPLATE', 'steps'],
    ['BOT_TEMPLATE', 'bots'],
    ['FLOW_TEMPLATE', 'flows'],
    ['CONTENT', null],
  ] as const)('keeps favourites of %s in %p', (type, kind) => {
    expect(favoriteKindOf(type)).toBe(kind);
  });

  it('uses favourite ids that are package ids, lower-cased, once', () => {
    expect(packageIdsOf([ID_A.toUpperCase(), ID_A, 'bot-1', ` ${ID_B} `])).toEqual([ID_A, ID_B]);
  });
});

describe('client package shape (spec 3)', () => {
  const view: PackageReleaseView = {
    revisionId: ID_B,
    id: ID_A,
    version: '1.2.0',
    versionInt: '1000002000000',
    type: 'STEP',
    schemaType: 'EXTERNAL',
    label: 'Mailer',
    description: 'Sends mail',
    meta: { tags: ['mail'] },
    data: null,
    membersAccountIds: null,
    membersUserIds: ['u1'],
    releaseNotesMarkdown: 'notes',
    prerelease: false,
    servingType: null,
    sourceRevisionId: null,
    createdBy: null,
    categories: [{ id: 'c1', name: 'Mail' }],
    statusDetailsSystem: { status: 'UPLOADED', error: null, createdAt: 't', updatedAt: 't', createdBy: null },
    statusDetailsRelease: [
      { status: 'RELEASED', level: 'PDE', createdAt: 't', updatedAt: 't', createdBy: null },
      { status: 'BETA', level: 'USER', createdAt: 't', updatedAt: 't', createdBy: null },
    ],
    schemaServingType: 'STATIC',
    schemaVersion: 'MULTI',
    isPlayground: false,
    baseUrl: null,
    createdAt: '2020-01-01T00:00:00.000Z',
    updatedAt: '2020-01-01T00:00:00.000Z',
  };

  it('maps a release view with its versions and statuses', () => {
    const shaped = toClientPackage(
      view,
      [
        { id: ID_A, version: '1.3.0', revisionId: ID_A, status: null, level: null },
        { id: ID_A, version: '1.2.0', revisionId: ID_B, status: 'RELEASED', level: 'PDE' },
        { id: ID_A, version: '1.2.0', revisionId: ID_B, status: 'BETA', level: 'USER' },
      ],
      1.5,
    );
    expect(shaped).toMatchObject({
      id: ID_A,
      name: 'Mailer',
      categories: ['Mail'],
      version: '1.2.0',
      versions: ['1.3.0', '1.2.0'],
      latestVersion: '1.3.0',
      isExternal: true,
      isSandbox: false,
      releases: [
        { status: 'RELEASED', level: 'PDE', version: '1.2.0', primaryId: ID_B },
        { status: 'BETA', level: 'USER', version: '1.2.0', primaryId: ID_B },
      ],
      statusDetails: { release: { pde: ['RELEASED'], user: ['BETA'], account: [] }, system: ['UPLOADED'] },
      packageMeta: { tags: ['mail'] },
      releaseNotes: 'notes',
      membersUserIds: ['u1'],
      score: 1.5,
    });
  });
});
