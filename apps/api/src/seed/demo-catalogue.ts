import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Level, PackageType, ReleaseFilesManifest, SchemaType, Status } from '@library/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../infra/config/config';
import { versionToInt } from '../modules/registry/derived-rules';
import { ARCHIVE_FILE, declaredFile, ReleaseFilesService } from '../modules/registry/release-files.service';
import { refreshLatestRevision, refreshSearchIndex } from '../modules/registry/search-index';
import { uuidV5 } from '../modules/runs/idempotency';

/**
 * The demo catalogue: step packages of an automation platform, as the library shows them after `npm start`.
 * Shared packages belong to the demo account's SUPER_ADMIN and are RELEASED at PDE level (everyone sees them);
 * one playground release belongs to user@library.test (USER level only). Ids are derived from names, so the
 * seed is idempotent: what exists is left as it is.
 */

const NAMESPACE = '6f1c2a7e-3b9d-4e51-8a0c-5d2f7b9e4c13';
const demoId = (name: string) => uuidV5(name, NAMESPACE);

const SHARED_OWNER = 'super@library.test';
const PLAYGROUND_OWNER = 'user@library.test';

/** Categories, created for both step types. */
export const DEMO_CATEGORIES = [
  'Email',
  'Messaging',
  'HTTP & APIs',
  'Data transformation',
  'Spreadsheets',
  'Flow control',
  'AI',
  'Files',
  'Scheduling',
  'CRM',
] as const;
type DemoCategory = (typeof DEMO_CATEGORIES)[number];

interface DemoVersion {
  version: string;
  notes: string;
  prerelease?: boolean;
  /** PDE release status; RELEASED when absent. */
  status?: Status;
}

interface DemoPackage {
  slug: string;
  type: PackageType;
  schemaType: SchemaType;
  label: string;
  description: string;
  icon: string;
  tags: string[];
  categories: DemoCategory[];
  versions: DemoVersion[];
  /** Inputs of the step's form (LEGACY, LEGACY_MULTI). */
  inputs?: string[];
  owner?: string;
  /** Release status per level; `{ PDE: status }` when absent. */
  levels?: Partial<Record<Level, Status>>;
}

export const DEMO_PACKAGES: readonly DemoPackage[] = [
  {
    slug: 'send-email-sendgrid',
    type: 'STEP',
    schemaType: 'LEGACY',
    label: 'Send email (SendGrid)',
    description: 'Sends a transactional email through SendGrid, with templates, attachments and reply-to.',
    icon: 'mdi-email-fast-outline',
    tags: ['email', 'sendgrid', 'smtp', 'notification'],
    categories: ['Email', 'Messaging'],
    inputs: ['apiKey', 'from', 'to', 'subject', 'html', 'templateId'],
    versions: [
      { version: '1.0.0', notes: 'First release.' },
      { version: '1.1.0', notes: 'Dynamic templates and attachments.' },
      { version: '1.2.0', notes: 'Reply-to and CC/BCC lists.' },
    ],
  },
  {
    slug: 'http-request',
    type: 'STEP',
    schemaType: 'LEGACY_MULTI',
    label: 'HTTP request',
    description: 'Calls any REST or JSON API: method, headers, query, body, retries and response parsing.',
    icon: 'mdi-web',
    tags: ['http', 'rest', 'api', 'webhook', 'json'],
    categories: ['HTTP & APIs'],
    inputs: ['method', 'url', 'headers', 'query', 'body', 'timeoutMs'],
    versions: [
      { version: '1.0.0', notes: 'GET and POST.' },
      { version: '2.0.0', notes: 'Every method; one step per method.' },
      { version: '2.1.0', notes: 'Retries with backoff.' },
      { version: '2.2.0', notes: 'Streaming responses (preview).', prerelease: true, status: 'BETA' },
    ],
  },
  {
    slug: 'slack-message',
    type: 'STEP',
    schemaType: 'EXTERNAL',
    label: 'Slack message',
    description: 'Posts a message to a Slack channel or user, with blocks, threads and mentions.',
    icon: 'mdi-slack',
    tags: ['slack', 'chat', 'notification', 'team'],
    categories: ['Messaging'],
    versions: [
      { version: '1.0.0', notes: 'Channel messages.' },
      { version: '1.1.0', notes: 'Threads and Block Kit.' },
    ],
  },
  {
    slug: 'parse-csv',
    type: 'STEP',
    schemaType: 'LEGACY',
    label: 'Parse CSV',
    description: 'Turns CSV text or a file into a list of records, with header detection and custom delimiters.',
    icon: 'mdi-file-delimited-outline',
    tags: ['csv', 'parse', 'table', 'import'],
    categories: ['Data transformation', 'Files'],
    inputs: ['csv', 'delimiter', 'hasHeader'],
    versions: [
      { version: '1.0.0', notes: 'First release.' },
      { version: '1.0.1', notes: 'Quoted fields with line breaks.' },
    ],
  },
  {
    slug: 'google-sheets-append-row',
    type: 'STEP_TEMPLATE',
    schemaType: 'LEGACY_MULTI',
    label: 'Google Sheets: append row',
    description: 'Appends a row to a Google Sheets spreadsheet, mapping flow data to columns.',
    icon: 'mdi-google-spreadsheet',
    tags: ['google', 'sheets', 'spreadsheet', 'row'],
    categories: ['Spreadsheets'],
    inputs: ['spreadsheetId', 'sheet', 'values'],
    versions: [
      { version: '0.9.0', notes: 'Preview.', prerelease: true, status: 'BETA' },
      { version: '1.0.0', notes: 'First stable release.' },
    ],
  },
  {
    slug: 'wait',
    type: 'STEP',
    schemaType: 'LEGACY',
    label: 'Wait',
    description: 'Pauses the flow for a duration or until a date, then continues.',
    icon: 'mdi-timer-sand',
    tags: ['wait', 'delay', 'timer'],
    categories: ['Flow control', 'Scheduling'],
    inputs: ['duration', 'until'],
    versions: [{ version: '1.0.0', notes: 'First release.' }],
  },
  {
    slug: 'branch-on-condition',
    type: 'STEP',
    schemaType: 'LEGACY',
    label: 'Branch on condition',
    description: 'Sends the flow down one of several exits depending on conditions over its data.',
    icon: 'mdi-source-branch',
    tags: ['if', 'condition', 'branch', 'router'],
    categories: ['Flow control'],
    inputs: ['conditions', 'defaultExit'],
    versions: [
      { version: '1.0.0', notes: 'True / false exits.' },
      { version: '1.1.0', notes: 'Any number of exits.' },
    ],
  },
  {
    slug: 'twilio-sms',
    type: 'STEP',
    schemaType: 'EXTERNAL',
    label: 'Twilio SMS',
    description: 'Sends an SMS or WhatsApp message through Twilio and reports the delivery status.',
    icon: 'mdi-message-text-outline',
    tags: ['sms', 'twilio', 'whatsapp', 'phone'],
    categories: ['Messaging'],
    versions: [{ version: '1.0.0', notes: 'SMS and WhatsApp.' }],
  },
  {
    slug: 'nexmo-sms-legacy',
    type: 'STEP',
    schemaType: 'LEGACY',
    label: 'Nexmo SMS (legacy)',
    description: 'Sends an SMS through the Nexmo API. Deprecated: use Twilio SMS.',
    icon: 'mdi-message-alert-outline',
    tags: ['sms', 'nexmo', 'vonage'],
    categories: ['Messaging'],
    inputs: ['apiKey', 'apiSecret', 'from', 'to', 'text'],
    versions: [{ version: '0.4.2', notes: 'Last release; replaced by Twilio SMS.', status: 'DEPRECATED' }],
  },
  {
    slug: 'openai-completion',
    type: 'STEP_TEMPLATE',
    schemaType: 'EXTERNAL',
    label: 'OpenAI completion',
    description: 'Generates text with an OpenAI chat model from a prompt and the flow data, with JSON output mode.',
    icon: 'mdi-robot-outline',
    tags: ['openai', 'gpt', 'llm', 'ai', 'text'],
    categories: ['AI'],
    versions: [
      { version: '1.0.0', notes: 'Chat completions.' },
      { version: '1.1.0', notes: 'JSON output mode (preview).', prerelease: true, status: 'BETA' },
    ],
  },
  {
    slug: 'json-transform',
    type: 'STEP',
    schemaType: 'LEGACY',
    label: 'Transform JSON',
    description: 'Reshapes JSON with a JSONata expression: pick, rename, filter and compute fields.',
    icon: 'mdi-code-json',
    tags: ['json', 'jsonata', 'map', 'transform'],
    categories: ['Data transformation'],
    inputs: ['input', 'expression'],
    versions: [{ version: '1.0.0', notes: 'First release.' }],
  },
  {
    slug: 'schedule-trigger',
    type: 'STEP_TEMPLATE',
    schemaType: 'LEGACY',
    label: 'Schedule (cron)',
    description: 'Starts a flow on a schedule written as a cron expression, in any time zone.',
    icon: 'mdi-calendar-clock',
    tags: ['cron', 'schedule', 'trigger', 'timer'],
    categories: ['Scheduling', 'Flow control'],
    inputs: ['cron', 'timezone'],
    versions: [
      { version: '1.0.0', notes: 'First release.' },
      { version: '1.1.0', notes: 'Time zones.' },
    ],
  },
  {
    slug: 'hubspot-create-contact',
    type: 'STEP_TEMPLATE',
    schemaType: 'LEGACY_MULTI',
    label: 'HubSpot: create contact',
    description: 'Creates or updates a HubSpot contact from form answers, with owner and lifecycle stage.',
    icon: 'mdi-account-plus-outline',
    tags: ['hubspot', 'crm', 'contact', 'lead'],
    categories: ['CRM'],
    inputs: ['email', 'firstName', 'lastName', 'company', 'lifecycleStage'],
    versions: [{ version: '1.0.0', notes: 'First release.' }],
  },
  {
    slug: 'webhook-tester-playground',
    type: 'STEP',
    schemaType: 'LEGACY',
    label: 'Webhook tester (playground)',
    description: 'Uma’s work in progress: echoes an incoming webhook back to the flow for debugging.',
    icon: 'mdi-flask-outline',
    tags: ['webhook', 'debug', 'echo'],
    categories: ['HTTP & APIs'],
    inputs: ['payload'],
    owner: PLAYGROUND_OWNER,
    levels: { USER: 'BETA' },
    versions: [{ version: '0.1.0', notes: 'Trying things out.', prerelease: true }],
  },
];

export const demoPackageId = (slug: string) => demoId(`demo-package:${slug}`);
export const demoRevisionId = (slug: string, version: string) => demoId(`demo-release:${slug}@${version}`);

/** A step template as the builder reads it (spec 3 "Step template"). */
function stepTemplate(pkg: DemoPackage, version: string, variant?: string) {
  const label = variant ? `${pkg.label} — ${variant}` : pkg.label;
  return {
    id: demoId(`demo-step:${pkg.slug}:${variant ?? ''}`),
    label,
    description: pkg.description,
    version,
    icon: pkg.icon,
    iconType: 'default',
    shape: 'circle',
    tags: pkg.tags,
    categories: pkg.categories,
    isExternal: false,
    template: `<%= JSON.stringify(${JSON.stringify((pkg.inputs ?? []).reduce((all, input) => ({ ...all, [input]: `\${${input}}` }), {}))}) %>`,
    form: { style: '', template: `<step-form :inputs='${JSON.stringify(pkg.inputs ?? [])}'></step-form>`, code: '' },
    data: {
      exits: [{ id: 'next', label: 'next' }, ...(pkg.slug === 'branch-on-condition' ? [{ id: 'otherwise', label: 'otherwise' }] : [])],
    },
    formBuilder: {
      stepExits: [{ id: 'next', label: 'next' }],
      stepInputs: (pkg.inputs ?? []).map((input) => ({ id: input, label: input, component: 'formTextInput' })),
      hasDataOut: true,
      hasProcessError: true,
    },
    outputExample: { ok: true },
  };
}

/** The files of an EXTERNAL demo release: a module, its form, an icon and a readme. */
export function demoExternalFiles(pkg: DemoPackage, version: string): Array<{ fileName: string; body: Buffer }> {
  const text = (value: string) => Buffer.from(value, 'utf8');
  return [
    {
      fileName: 'index.js',
      body: text(
        `// ${pkg.label} ${version}\nexport const meta = ${JSON.stringify({ label: pkg.label, version, tags: pkg.tags })};\n` +
          `export default async function run(input, context) {\n  context.log('${pkg.slug} ${version}', input);\n  return { exit: 'next', data: input };\n}\n`,
      ),
    },
    { fileName: 'form/form.html', body: text(`<form class="step-form"><h3>${pkg.label}</h3><input name="input"></form>\n`) },
    {
      fileName: 'icon.svg',
      body: text(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>${pkg.label}</title><circle cx="12" cy="12" r="10"/></svg>\n`,
      ),
    },
    { fileName: 'README.md', body: text(`# ${pkg.label}\n\n${pkg.description}\n\nVersion ${version}.\n`) },
  ];
}

function dataOf(pkg: DemoPackage, version: string): unknown {
  if (pkg.schemaType === 'EXTERNAL') {
    const files = demoExternalFiles(pkg, version);
    const manifest: ReleaseFilesManifest = {
      files: files.map((file) => ({ ...declaredFile(file.fileName), size: file.body.length })),
      totalBytes: files.reduce((sum, file) => sum + file.body.length, 0),
      extractedAt: '2024-01-01T00:00:00.000Z',
      archive: ARCHIVE_FILE,
    };
    return manifest;
  }
  if (pkg.schemaType === 'LEGACY_MULTI') return { steps: ['default', 'advanced'].map((variant) => stepTemplate(pkg, version, variant)) };
  return stepTemplate(pkg, version);
}

async function userOf(manager: EntityManager, email: string): Promise<{ accountId: string; userId: string; actorId: number }> {
  const [user] = (await manager.query(`SELECT id, account_id FROM "user" WHERE email = $1`, [email])) as Array<{
    id: string;
    account_id: string;
  }>;
  if (!user) throw new Error(`demo catalogue: ${email} is missing; seed the demo users first`);
  const [actor] = (await manager.query(
    `INSERT INTO actor (account_id, user_id) VALUES ($1, $2)
     ON CONFLICT (account_id, user_id) DO UPDATE SET account_id = EXCLUDED.account_id RETURNING id`,
    [user.account_id, user.id],
  )) as Array<{ id: number }>;
  return { accountId: user.account_id, userId: user.id, actorId: actor.id };
}

async function categoryIds(manager: EntityManager, type: PackageType, actorId: number): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const name of DEMO_CATEGORIES) {
    await manager.query(
      `INSERT INTO category (name, type, created_by_id, modified_by_id) VALUES ($1, $2, $3, $3) ON CONFLICT (type, lower(name)) DO NOTHING`,
      [name, type, actorId],
    );
    const [row] = (await manager.query(`SELECT id FROM category WHERE type = $1 AND lower(name) = lower($2)`, [type, name])) as Array<{
      id: string;
    }>;
    ids.set(name, row.id);
  }
  return ids;
}

/**
 * Writes what is missing of the demo catalogue in `manager`'s transaction, with the registry's own search-column
 * and latest-pointer SQL. Data files are not written here (the seed has no object store): the API writes a
 * release's data file from its row when first asked, and DemoCatalogueFiles puts the EXTERNAL files in place.
 */
export async function seedDemoCatalogue(manager: EntityManager): Promise<void> {
  const owners = new Map<string, Awaited<ReturnType<typeof userOf>>>();
  for (const email of [SHARED_OWNER, PLAYGROUND_OWNER]) owners.set(email, await userOf(manager, email));
  const categories = new Map<PackageType, Map<string, string>>();
  for (const type of ['STEP', 'STEP_TEMPLATE'] as const)
    categories.set(type, await categoryIds(manager, type, owners.get(SHARED_OWNER)!.actorId));

  const written: string[] = [];
  for (const pkg of DEMO_PACKAGES) {
    const owner = owners.get(pkg.owner ?? SHARED_OWNER)!;
    const id = demoPackageId(pkg.slug);
    await manager.query(
      `INSERT INTO package (id, type, created_by_id, modified_by_id) VALUES ($1, $2, $3, $3) ON CONFLICT (id) DO NOTHING`,
      [id, pkg.type, owner.actorId],
    );
    for (const entry of pkg.versions) {
      const revisionId = demoRevisionId(pkg.slug, entry.version);
      const inserted = (await manager.query(
        `INSERT INTO package_release (revision_id, id, type, schema_type, version, version_int, prerelease, label, description, meta,
           release_notes_markdown, owner_account_id, owner_user_id, created_by_id, modified_by_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)
         ON CONFLICT DO NOTHING RETURNING revision_id`,
        [
          revisionId,
          id,
          pkg.type,
          pkg.schemaType,
          entry.version,
          versionToInt(entry.version).toString(),
          entry.prerelease ?? false,
          pkg.label,
          pkg.description,
          {
            id,
            label: pkg.label,
            description: pkg.description,
            version: entry.version,
            icon: pkg.icon,
            iconType: 'default',
            tags: pkg.tags,
            categories: pkg.categories,
          },
          entry.notes,
          owner.accountId,
          owner.userId,
          owner.actorId,
        ],
      )) as unknown[];
      if (!inserted.length) continue;
      await manager.query(`INSERT INTO package_release_data (revision_id, data) VALUES ($1, $2)`, [
        revisionId,
        JSON.stringify(dataOf(pkg, entry.version)),
      ]);
      await manager.query(
        `INSERT INTO package_status_details_system (status, package_release_revision_id, created_by_id, modified_by_id) VALUES ('UPLOADED', $1, $2, $2)`,
        [revisionId, owner.actorId],
      );
      const levels = pkg.levels ?? { PDE: entry.status ?? 'RELEASED' };
      for (const [level, status] of Object.entries(levels)) {
        await manager.query(
          `INSERT INTO package_status_details_release (status, level, package_release_revision_id, created_by_id, modified_by_id) VALUES ($1, $2, $3, $4, $4)`,
          [status, level, revisionId, owner.actorId],
        );
      }
      const links = pkg.categories.map((name) => categories.get(pkg.type)!.get(name)!);
      await manager.query(`INSERT INTO package_release_category (revision_id, category_id) SELECT $1, unnest($2::uuid[])`, [
        revisionId,
        links,
      ]);
      written.push(revisionId);
    }
    await refreshLatestRevision(manager, id);
  }
  await refreshSearchIndex(manager, written);
}

/**
 * Puts the files of the EXTERNAL demo releases (and their archive) in the object store at boot when the demo data
 * is on, since the seed itself runs without the store. Checks one archive per release; writes only what is missing.
 */
@Injectable()
export class DemoCatalogueFiles implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoCatalogueFiles.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly files: ReleaseFilesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO) return;
    try {
      for (const pkg of DEMO_PACKAGES.filter((candidate) => candidate.schemaType === 'EXTERNAL')) {
        for (const entry of pkg.versions) {
          const location = { type: pkg.type, id: demoPackageId(pkg.slug), version: entry.version };
          const [exists] = (await this.dataSource.query(`SELECT 1 FROM package_release WHERE revision_id = $1`, [
            demoRevisionId(pkg.slug, entry.version),
          ])) as unknown[];
          if (!exists || (await this.files.stat(this.files.keyOf(location, ARCHIVE_FILE)))) continue;
          const files = demoExternalFiles(pkg, entry.version);
          for (const file of files) await this.files.put(location, file.fileName, file.body, declaredFile(file.fileName).contentType);
          await this.files.writeDataFile(location, dataOf(pkg, entry.version));
          await this.files.writeArchive(location, files);
        }
      }
    } catch (error) {
      this.logger.warn(`demo catalogue files not written: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
