import { DataSource, EntityManager } from 'typeorm';
import { dataSourceOptions } from '../infra/database/data-source';
import { versionToInt } from '../modules/registry/derived-rules';
import { refreshSearchIndex } from '../modules/registry/search-index';
import { uuidV5 } from '../modules/runs/idempotency';
import { DEMO_CATEGORIES } from '../seed/demo-catalogue';

/**
 * A large, deterministic STEP_TEMPLATE catalogue for the benchmark, written straight to the database in a few
 * multi-row INSERTs (the registry's write API would take minutes for thousands of releases). Rows are shaped like
 * the demo catalogue's: a package, its releases with data, an UPLOADED system status, a PDE release status, category
 * links, then the registry's own search-column SQL (refreshSearchIndex) and latest-release pointer.
 */

export const BENCH_TYPE = 'STEP_TEMPLATE';
const OWNER_EMAIL = 'super@library.test';
const NAMESPACE = 'b7e3c1d2-5a4f-4c6e-9d8b-1f2a3c4d5e6f';
/** Rows per INSERT statement. */
const CHUNK = 2000;
const DAY_MS = 86_400_000;
/** Dates count back from here, so the same options give the same rows on every run. */
const EPOCH = Date.UTC(2025, 0, 1);

// prettier-ignore
const SERVICES = [
  'Salesforce', 'HubSpot', 'Zendesk', 'Stripe', 'Shopify', 'Jira', 'GitHub', 'GitLab', 'Dropbox', 'Slack',
  'Twilio', 'Mailchimp', 'QuickBooks', 'Xero', 'NetSuite', 'Workday', 'Asana', 'Trello', 'Notion', 'Airtable',
  'Intercom', 'Freshdesk', 'Pipedrive', 'Marketo', 'DocuSign', 'Box', 'Okta', 'SendGrid', 'PayPal', 'Magento',
];
// prettier-ignore
const ACTIONS = [
  'sync', 'create', 'update', 'export', 'import', 'notify', 'approve', 'archive', 'validate', 'enrich',
  'route', 'merge', 'transform', 'schedule', 'reconcile', 'escalate', 'classify', 'summarize', 'extract', 'publish',
];
// prettier-ignore
const OBJECTS = [
  'invoice', 'ticket', 'order', 'contact', 'lead', 'report', 'document', 'payment', 'customer', 'shipment',
  'refund', 'subscription', 'employee', 'expense', 'contract', 'issue', 'release', 'deal', 'campaign', 'survey',
  'quote', 'receipt', 'timesheet', 'incident', 'asset', 'product', 'inventory', 'account', 'opportunity', 'signature',
];
// prettier-ignore
const FILLER = [
  'automatically', 'when', 'new', 'record', 'flow', 'data', 'field', 'mapping', 'with', 'retries', 'for', 'each',
  'every', 'from', 'into', 'team', 'daily', 'batch', 'webhook', 'trigger', 'status', 'owner', 'approval', 'channel',
  'email', 'message', 'attachments', 'records', 'list', 'spreadsheet', 'secure', 'audit', 'log', 'errors', 'alerts',
  'dashboard', 'template', 'queue', 'priority', 'region', 'currency', 'language', 'format', 'json', 'csv', 'pdf',
  'rules', 'filters', 'history', 'changes', 'summary', 'digest', 'weekly', 'monthly', 'compliance', 'backup',
];
/** Added to the demo's categories, so the type has 20. */
const BENCH_CATEGORIES = ['Finance', 'Support', 'E-commerce', 'DevOps', 'Marketing', 'HR', 'Analytics', 'Security', 'Storage', 'Documents'];

/** What the benchmark asks for, chosen from the vocabulary above. */
export const BENCH_QUERIES = {
  /** An object word: in ~1 label in 30 and in more descriptions. */
  exactWord: 'invoice',
  /** "reconcile" with a letter missing: no full-text match, only the trigram path finds it. */
  misspelledWord: 'reconcle',
  /** The word the misspelling stands for: a typo search must find labels with it. */
  intendedWord: 'reconcile',
  /** A category name as the list filter takes it (lower case); ~1 package in 10 has it. */
  category: 'finance',
} as const;

export interface CatalogueOptions {
  packages: number;
  versionsPerPackage: number;
  /** Share of packages whose newest version is a prerelease (BETA at PDE): lists skip to an older version for them. */
  prereleaseShare?: number;
  /** Share of packages whose newest version is DEPRECATED at PDE: search leaves them out. */
  deprecatedShare?: number;
  seed?: number;
}

export interface BenchCatalogue {
  packageIds: string[];
  releases: number;
  categories: number;
}

/** mulberry32: a small seeded generator, so every run benchmarks the same catalogue. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface PackageRow {
  id: string;
  created_at: string;
  download_count: number;
}

interface ReleaseRow {
  revision_id: string;
  id: string;
  version: string;
  version_int: string;
  prerelease: boolean;
  label: string;
  description: string;
  meta: Record<string, unknown>;
  release_notes_markdown: string;
  created_at: string;
  status: 'RELEASED' | 'BETA' | 'DEPRECATED';
  categories: string[];
  data: Record<string, unknown>;
}

/** The rows of the catalogue, before ids of categories are known (releases name their categories). */
export function generateCatalogue(options: CatalogueOptions): { packages: PackageRow[]; releases: ReleaseRow[] } {
  const random = seededRandom(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const words = (count: number) => Array.from({ length: count }, () => pick(FILLER)).join(' ');
  const allCategories = [...DEMO_CATEGORIES, ...BENCH_CATEGORIES];
  const packages: PackageRow[] = [];
  const releases: ReleaseRow[] = [];

  for (let n = 0; n < options.packages; n += 1) {
    const id = uuidV5(`bench-package:${n}`, NAMESPACE);
    const [service, otherService, action, object, otherObject] = [
      pick(SERVICES),
      pick(SERVICES),
      pick(ACTIONS),
      pick(OBJECTS),
      pick(OBJECTS),
    ];
    const label = `${service}: ${action} ${object}`;
    const description =
      `${action[0].toUpperCase()}${action.slice(1)} ${object} records in ${service} ${words(4)}, ` +
      `keeping ${otherObject} data in step with ${otherService} ${words(6 + Math.floor(random() * 6))}.`;
    const categories = [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(allCategories)))];
    const tags = [...new Set([service.toLowerCase(), action, object, pick(FILLER)])];
    const createdAt = EPOCH - Math.floor(random() * 730) * DAY_MS - Math.floor(random() * DAY_MS);
    // A long tail of downloads: a few packages are popular, most are not.
    packages.push({ id, created_at: new Date(createdAt).toISOString(), download_count: Math.floor(50_000 * random() ** 6) });

    const major = 1 + Math.floor(random() * 3);
    const newest = options.versionsPerPackage - 1;
    const newestIsPrerelease = random() < (options.prereleaseShare ?? 0.1);
    const newestIsDeprecated = !newestIsPrerelease && random() < (options.deprecatedShare ?? 0.03);
    for (let v = 0; v < options.versionsPerPackage; v += 1) {
      const version = v === newest && v > 0 ? `${major + 1}.0.0` : `${major}.${v}.0`;
      const isNewest = v === newest;
      const inputs = Array.from({ length: 3 + Math.floor(random() * 5) }, (_, index) => `${pick(FILLER)}${index}`);
      releases.push({
        revision_id: uuidV5(`bench-release:${n}@${version}`, NAMESPACE),
        id,
        version,
        version_int: versionToInt(version).toString(),
        prerelease: isNewest && newestIsPrerelease,
        label,
        description,
        meta: { id, label, description, version, icon: 'mdi-puzzle-outline', iconType: 'default', tags, categories },
        release_notes_markdown: `## ${version}\n\n${words(12)}.`,
        created_at: new Date(createdAt + v * 30 * DAY_MS).toISOString(),
        status: isNewest && newestIsPrerelease ? 'BETA' : isNewest && newestIsDeprecated ? 'DEPRECATED' : 'RELEASED',
        categories,
        data: stepTemplateData(id, label, description, version, tags, categories, inputs),
      });
    }
  }
  return { packages, releases };
}

/** A step template as the builder reads it (the demo catalogue's shape), about 1.5 kB of JSON. */
function stepTemplateData(
  id: string,
  label: string,
  description: string,
  version: string,
  tags: string[],
  categories: string[],
  inputs: string[],
): Record<string, unknown> {
  return {
    id,
    label,
    description,
    version,
    icon: 'mdi-puzzle-outline',
    iconType: 'default',
    shape: 'circle',
    tags,
    categories,
    isExternal: false,
    template: `<%= JSON.stringify(${JSON.stringify(Object.fromEntries(inputs.map((input) => [input, `\${${input}}`])))}) %>`,
    form: { style: '', template: `<step-form :inputs='${JSON.stringify(inputs)}'></step-form>`, code: '' },
    data: { exits: [{ id: 'next', label: 'next' }] },
    formBuilder: {
      stepExits: [{ id: 'next', label: 'next' }],
      stepInputs: inputs.map((input) => ({ id: input, label: input, component: 'formTextInput' })),
      hasDataOut: true,
      hasProcessError: true,
    },
    outputExample: { ok: true },
  };
}

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += size) out.push(rows.slice(start, start + size));
  return out;
}

async function ownerOf(manager: EntityManager): Promise<{ accountId: string; userId: string; actorId: number }> {
  const [user] = (await manager.query(`SELECT id, account_id FROM "user" WHERE email = $1`, [OWNER_EMAIL])) as Array<{
    id: string;
    account_id: string;
  }>;
  if (!user) throw new Error(`bench catalogue: ${OWNER_EMAIL} is missing; seed the demo data first`);
  const [actor] = (await manager.query(
    `INSERT INTO actor (account_id, user_id) VALUES ($1, $2)
     ON CONFLICT (account_id, user_id) DO UPDATE SET account_id = EXCLUDED.account_id RETURNING id`,
    [user.account_id, user.id],
  )) as Array<{ id: number }>;
  return { accountId: user.account_id, userId: user.id, actorId: actor.id };
}

/** Writes the catalogue into a migrated database that holds the demo data, in one transaction, then ANALYZEs. */
export async function seedBenchCatalogue(databaseUrl: string, options: CatalogueOptions): Promise<BenchCatalogue> {
  const { packages, releases } = generateCatalogue(options);
  const dataSource = new DataSource(dataSourceOptions(databaseUrl));
  await dataSource.initialize();
  try {
    const categories = await dataSource.transaction(async (manager) => {
      const owner = await ownerOf(manager);
      const by = owner.actorId;
      await manager.query(
        `INSERT INTO category (name, type, created_by_id, modified_by_id) SELECT unnest($1::text[]), $2, $3, $3
         ON CONFLICT (type, lower(name)) DO NOTHING`,
        [[...DEMO_CATEGORIES, ...BENCH_CATEGORIES], BENCH_TYPE, by],
      );
      const categoryRows = (await manager.query(`SELECT id, name FROM category WHERE type = $1`, [BENCH_TYPE])) as Array<{
        id: string;
        name: string;
      }>;
      const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));

      for (const rows of chunks(packages)) {
        await manager.query(
          `INSERT INTO package (id, type, created_by_id, modified_by_id, created_at, updated_at, download_count)
           SELECT x.id, $2, $3, $3, x.created_at, x.created_at, x.download_count
           FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, created_at timestamptz, download_count bigint)`,
          [JSON.stringify(rows), BENCH_TYPE, by],
        );
      }
      for (const rows of chunks(releases)) {
        const json = JSON.stringify(rows.map(({ data: _data, categories: _categories, ...row }) => row));
        await manager.query(
          `INSERT INTO package_release (revision_id, id, type, schema_type, version, version_int, prerelease, label, description, meta,
             release_notes_markdown, owner_account_id, owner_user_id, created_by_id, modified_by_id, created_at, updated_at)
           SELECT x.revision_id, x.id, $2, 'LEGACY', x.version, x.version_int, x.prerelease, x.label, x.description, x.meta,
             x.release_notes_markdown, $3, $4, $5, $5, x.created_at, x.created_at
           FROM jsonb_to_recordset($1::jsonb) AS x(revision_id uuid, id uuid, version text, version_int bigint, prerelease boolean,
             label text, description text, meta jsonb, release_notes_markdown text, created_at timestamptz)`,
          [json, BENCH_TYPE, owner.accountId, owner.userId, by],
        );
        await manager.query(
          `INSERT INTO package_release_data (revision_id, data)
           SELECT x.revision_id, x.data FROM jsonb_to_recordset($1::jsonb) AS x(revision_id uuid, data jsonb)`,
          [JSON.stringify(rows.map((row) => ({ revision_id: row.revision_id, data: row.data })))],
        );
        await manager.query(
          `INSERT INTO package_status_details_system (status, package_release_revision_id, created_by_id, modified_by_id)
           SELECT 'UPLOADED', unnest($1::uuid[]), $2, $2`,
          [rows.map((row) => row.revision_id), by],
        );
        await manager.query(
          `INSERT INTO package_status_details_release (status, level, package_release_revision_id, created_by_id, modified_by_id)
           SELECT x.status, 'PDE', x.revision_id, $2, $2 FROM jsonb_to_recordset($1::jsonb) AS x(revision_id uuid, status text)`,
          [JSON.stringify(rows.map((row) => ({ revision_id: row.revision_id, status: row.status }))), by],
        );
        const links = rows.flatMap((row) => row.categories.map((name) => [row.revision_id, categoryIds.get(name)!] as const));
        await manager.query(
          `INSERT INTO package_release_category (revision_id, category_id) SELECT unnest($1::uuid[]), unnest($2::uuid[])`,
          [links.map(([revisionId]) => revisionId), links.map(([, categoryId]) => categoryId)],
        );
      }
      await refreshSearchIndex(
        manager,
        releases.map((row) => row.revision_id),
      );
      // The pointer refreshLatestRevision keeps (highest versionInt, then newest), for every package at once.
      await manager.query(
        `UPDATE package p SET latest_revision_id = x.revision_id
         FROM (SELECT DISTINCT ON (id) id, revision_id FROM package_release WHERE id = ANY($1::uuid[])
               ORDER BY id, version_int DESC, created_at DESC, revision_id DESC) x
         WHERE p.id = x.id`,
        [packages.map((row) => row.id)],
      );
      return categoryRows.length;
    });
    // What autovacuum would have done to a catalogue that grew over time: statistics, the visibility map, and above all
    // the GIN indexes' pending lists merged. Without it the full-text and trigram indexes look so costly to PostgreSQL
    // that search seq-scans every release, about ten times slower than on a live database.
    await dataSource.query('VACUUM ANALYZE');
    return { packageIds: packages.map((row) => row.id), releases: releases.length, categories };
  } finally {
    await dataSource.destroy();
  }
}
