import { BotData, FlowData, HIDE_IN_LIBRARY_TAG, StepTemplateData } from '@library/contracts';
import { EntityManager } from 'typeorm';
import { PROVIDERS_ACCOUNT_NAME } from '../modules/discovery/discovery.controller';
import { uuidV5 } from '../modules/runs/idempotency';

/**
 * The data hub's demo library (spec 3 templates): tags, step templates over eight categories, space templates and
 * flow templates wired to those steps, all templates of the providers account. Ids are derived from labels, so the
 * seed is idempotent (what exists is left as it is). Download counts are not in creation order, so Popular differs
 * from New; "Legacy mail poller" is tagged hide-in-library.
 */

const NAMESPACE = '7b1d2c4e-5f60-4a8b-9c0d-1e2f3a4b5c6d';
export const demoLibraryId = (kind: string, label: string) => uuidV5(`${kind}:${label}`, NAMESPACE);

const TAGS = ['support', 'sales', 'hr', 'finance', 'it', 'marketing', 'ai', 'starter', HIDE_IN_LIBRARY_TAG];

type StepSeed = [label: string, description: string, icon: string, hasDataOut?: boolean];
const STEP_CATEGORIES: Record<string, StepSeed[]> = {
  Triggers: [
    ['Webhook trigger', 'Starts the flow when an HTTP request arrives', 'webhook'],
    ['Schedule trigger', 'Starts the flow on a cron schedule', 'clock'],
    ['Email received', 'Starts the flow when a mailbox receives a message', 'mail'],
    ['Form submitted', 'Starts the flow when a web form is submitted', 'form'],
    ['Record created', 'Starts the flow when a database record is created', 'database'],
    ['Chat message', 'Starts the flow on a chat message', 'chat'],
    ['File uploaded', 'Starts the flow when a file lands in storage', 'upload'],
    ['Legacy mail poller', 'Polls an old POP3 mailbox (kept for old flows)', 'mail'],
  ],
  Logic: [
    ['Branch', 'Sends the flow down one of several exits by condition', 'branch'],
    ['Loop over items', 'Runs the next steps once per item of a list', 'loop'],
    ['Wait', 'Pauses the flow for a while or until a date', 'hourglass'],
    ['Merge paths', 'Joins parallel paths back into one', 'merge'],
    ['Set variables', 'Stores values for later steps', 'variable'],
    ['Filter items', 'Keeps the items of a list that match a rule', 'filter'],
    ['Subflow', 'Calls another flow and waits for its result', 'subflow'],
    ['Stop flow', 'Ends the flow with a status', 'stop'],
  ],
  Messaging: [
    ['Send email', 'Sends an email from a template', 'mail'],
    ['Send SMS', 'Sends a text message', 'sms'],
    ['Post to Slack', 'Posts a message to a Slack channel', 'slack'],
    ['Post to Teams', 'Posts a message to a Microsoft Teams channel', 'teams'],
    ['Push notification', 'Sends a push notification to the mobile app', 'bell'],
    ['Reply in chat', 'Answers the customer in the chat widget', 'chat'],
    ['Page on-call', 'Pages the on-call engineer', 'siren'],
  ],
  Data: [
    ['Lookup record', 'Reads a record by key from a collection', 'search', true],
    ['Save record', 'Creates or updates a record', 'save', true],
    ['Delete record', 'Deletes a record', 'trash'],
    ['Query table', 'Runs a query on a relational table', 'table', true],
    ['Transform JSON', 'Maps one JSON shape onto another', 'code', true],
    ['Parse CSV', 'Reads rows of a CSV file', 'csv', true],
    ['Generate PDF', 'Renders a PDF from a template', 'pdf', true],
    ['Deduplicate', 'Drops repeated items by key', 'copy'],
  ],
  CRM: [
    ['Create lead', 'Adds a lead to the CRM', 'user-plus', true],
    ['Update deal stage', 'Moves a deal to another pipeline stage', 'funnel'],
    ['Find contact', 'Looks a contact up by email or phone', 'contact', true],
    ['Log activity', 'Adds a call, meeting or note to a contact', 'note'],
    ['Assign owner', 'Gives a lead or deal to a sales rep by rule', 'user-check'],
    ['Score lead', 'Scores a lead against the ideal customer profile', 'star', true],
    ['Sync to CRM', 'Pushes changed contacts to the CRM', 'sync'],
  ],
  Finance: [
    ['Create invoice', 'Drafts an invoice from order lines', 'invoice', true],
    ['Send invoice', 'Sends an invoice to the customer', 'send'],
    ['Record payment', 'Marks an invoice paid', 'cash'],
    ['Payment reminder', 'Reminds a customer of an overdue invoice', 'alarm'],
    ['Currency convert', 'Converts an amount at the day rate', 'currency', true],
    ['Expense approval', 'Asks a manager to approve an expense', 'check'],
    ['Export to ledger', 'Posts entries to the accounting ledger', 'book'],
  ],
  'IT & DevOps': [
    ['HTTP request', 'Calls any HTTP API', 'globe', true],
    ['Check uptime', 'Pings a URL and reports its status', 'pulse', true],
    ['Open incident', 'Opens an incident in the incident tracker', 'alert'],
    ['Resolve incident', 'Closes an incident with a note', 'check-circle'],
    ['Create ticket', 'Opens a ticket in the help desk', 'ticket', true],
    ['Run script', 'Runs a JavaScript snippet', 'terminal', true],
    ['Rotate secret', 'Rotates an API key and stores the new one', 'key'],
    ['Provision account', 'Creates accounts in the company tools for a new hire', 'id-card'],
  ],
  AI: [
    ['Classify text', 'Labels a text with one of your categories', 'tag', true],
    ['Summarise', 'Summarises a long text', 'sparkle', true],
    ['Extract fields', 'Pulls named fields out of a document', 'scan', true],
    ['Translate', 'Translates a text into another language', 'language', true],
    ['Sentiment', 'Scores a text from negative to positive', 'smile', true],
    ['Draft reply', 'Drafts a reply from the help centre', 'pen', true],
    ['Ask agent', 'Hands a question to one of your agents', 'robot', true],
  ],
};

type FlowSeed = [label: string, steps: string[], starter?: boolean];
type SpaceSeed = { label: string; color: string; tags: string[]; description: string; flows: FlowSeed[] };
const SPACES: SpaceSeed[] = [
  {
    label: 'Support desk',
    color: '#2f80ed',
    tags: ['support'],
    description: 'Tickets in, answers out: triage, replies and escalations.',
    flows: [
      ['Ticket triage', ['Email received', 'Classify text', 'Create ticket', 'Post to Slack'], true],
      ['Auto reply', ['Create ticket', 'Draft reply', 'Send email']],
      ['Escalate urgent tickets', ['Record created', 'Sentiment', 'Branch', 'Page on-call']],
      ['Customer satisfaction survey', ['Schedule trigger', 'Query table', 'Loop over items', 'Send email']],
    ],
  },
  {
    label: 'Sales pipeline',
    color: '#27ae60',
    tags: ['sales'],
    description: 'From first touch to closed deal.',
    flows: [
      ['Inbound lead capture', ['Form submitted', 'Create lead', 'Score lead', 'Assign owner'], true],
      ['Deal stage alerts', ['Record created', 'Update deal stage', 'Post to Slack']],
      ['Lead enrichment', ['Webhook trigger', 'Find contact', 'HTTP request', 'Sync to CRM']],
      ['Meeting follow-up', ['Record created', 'Summarise', 'Log activity', 'Send email']],
    ],
  },
  {
    label: 'HR onboarding',
    color: '#9b51e0',
    tags: ['hr'],
    description: 'Day one ready for every new hire.',
    flows: [
      ['New hire checklist', ['Form submitted', 'Provision account', 'Send email'], true],
      ['Equipment request', ['Form submitted', 'Expense approval', 'Create ticket']],
      ['First week reminders', ['Schedule trigger', 'Wait', 'Post to Teams']],
      ['Offboarding', ['Form submitted', 'Rotate secret', 'Delete record', 'Send email']],
    ],
  },
  {
    label: 'Invoicing',
    color: '#f2994a',
    tags: ['finance'],
    description: 'Invoices out on time, payments chased politely.',
    flows: [
      ['Invoice on order', ['Webhook trigger', 'Create invoice', 'Generate PDF', 'Send invoice'], true],
      ['Overdue reminders', ['Schedule trigger', 'Query table', 'Loop over items', 'Payment reminder']],
      ['Payment received', ['Webhook trigger', 'Record payment', 'Export to ledger']],
      ['Multi-currency invoices', ['Record created', 'Currency convert', 'Create invoice']],
    ],
  },
  {
    label: 'IT alerts',
    color: '#eb5757',
    tags: ['it'],
    description: 'Know before your customers do.',
    flows: [
      ['Uptime monitor', ['Schedule trigger', 'Check uptime', 'Branch', 'Open incident'], true],
      ['Incident broadcast', ['Webhook trigger', 'Post to Slack', 'Send SMS']],
      ['Auto resolve', ['Schedule trigger', 'Check uptime', 'Resolve incident']],
      ['Secret rotation', ['Schedule trigger', 'Rotate secret', 'Post to Teams']],
    ],
  },
  {
    label: 'Marketing campaigns',
    color: '#f2c94c',
    tags: ['marketing'],
    description: 'Campaign sign-ups, nurture and reports.',
    flows: [
      ['Newsletter sign-up', ['Form submitted', 'Deduplicate', 'Save record', 'Send email'], true],
      ['Nurture sequence', ['Record created', 'Wait', 'Send email', 'Wait', 'Send email']],
      ['Campaign report', ['Schedule trigger', 'Query table', 'Generate PDF', 'Send email']],
    ],
  },
  {
    label: 'Customer chat',
    color: '#56ccf2',
    tags: ['support', 'ai'],
    description: 'A chat assistant that knows your help centre.',
    flows: [
      ['Chat assistant', ['Chat message', 'Ask agent', 'Reply in chat'], true],
      ['Chat to ticket', ['Chat message', 'Extract fields', 'Create ticket']],
      ['Multilingual chat', ['Chat message', 'Translate', 'Draft reply', 'Reply in chat']],
    ],
  },
  {
    label: 'Expense management',
    color: '#6fcf97',
    tags: ['finance', 'hr'],
    description: 'Receipts in, approvals out.',
    flows: [
      ['Receipt capture', ['File uploaded', 'Extract fields', 'Save record'], true],
      ['Expense approvals', ['Record created', 'Expense approval', 'Branch', 'Export to ledger']],
      ['Monthly expense report', ['Schedule trigger', 'Query table', 'Generate PDF']],
    ],
  },
  {
    label: 'Order fulfilment',
    color: '#bb6bd9',
    tags: ['sales'],
    description: 'Orders from checkout to doorstep.',
    flows: [
      ['New order', ['Webhook trigger', 'Save record', 'Send email'], true],
      ['Shipping updates', ['Webhook trigger', 'Lookup record', 'Send SMS']],
      ['Stock alerts', ['Schedule trigger', 'Query table', 'Filter items', 'Post to Slack']],
    ],
  },
  {
    label: 'Data sync',
    color: '#828282',
    tags: ['it'],
    description: 'Keep your tools in step.',
    flows: [
      ['CSV import', ['File uploaded', 'Parse CSV', 'Loop over items', 'Save record'], true],
      ['Nightly CRM sync', ['Schedule trigger', 'Query table', 'Sync to CRM']],
      ['API to table', ['Schedule trigger', 'HTTP request', 'Transform JSON', 'Save record']],
      ['Legacy inbox import', ['Legacy mail poller', 'Save record']],
    ],
  },
  {
    label: 'Recruiting',
    color: '#219653',
    tags: ['hr', 'ai'],
    description: 'Applications screened, interviews booked.',
    flows: [
      ['Application intake', ['Form submitted', 'Extract fields', 'Save record'], true],
      ['Candidate screening', ['Record created', 'Classify text', 'Branch', 'Send email']],
      ['Interview scheduling', ['Record created', 'Subflow', 'Send email']],
    ],
  },
  {
    label: 'Feedback loop',
    color: '#2d9cdb',
    tags: ['marketing', 'ai'],
    description: 'Turn reviews and surveys into action.',
    flows: [
      ['Review monitor', ['Schedule trigger', 'HTTP request', 'Sentiment', 'Post to Slack'], true],
      ['Survey summary', ['Form submitted', 'Summarise', 'Save record']],
      ['Feature request router', ['Email received', 'Classify text', 'Create ticket', 'Stop flow']],
    ],
  },
];

/** A download count that is not in creation order (so Popular ≠ New): deterministic per label. */
function downloads(label: string, scale: number): number {
  let hash = 0;
  for (const character of label) hash = (hash * 31 + character.charCodeAt(0)) % 9973;
  return (hash % scale) + 1;
}

export const DEMO_LIBRARY_COUNTS = {
  spaces: SPACES.length,
  flows: SPACES.reduce((sum, space) => sum + space.flows.length, 0),
  steps: Object.values(STEP_CATEGORIES).reduce((sum, steps) => sum + steps.length, 0),
  categories: Object.keys(STEP_CATEGORIES).length,
};
export const HIDDEN_DEMO_STEP = 'Legacy mail poller';
export const HIDDEN_DEMO_FLOW = 'Legacy inbox import';

export async function seedDemoLibrary(manager: EntityManager): Promise<void> {
  const rows = (await manager.query(`SELECT id FROM account WHERE name = $1`, [PROVIDERS_ACCOUNT_NAME])) as Array<{ id: string }>;
  const accountId = rows[0]?.id;
  if (!accountId) return;
  const day = 24 * 60 * 60 * 1000;
  let created = Date.UTC(2025, 1, 1);
  const at = () => new Date((created += day / 4));
  const tagId = (label: string) => demoLibraryId('tag', label);
  const hidden = [tagId(HIDE_IN_LIBRARY_TAG)];

  for (const label of TAGS) {
    await manager.query(`INSERT INTO tag (id, account_id, data) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      tagId(label),
      accountId,
      { label },
    ]);
  }

  const stepIds = new Map<string, string>();
  for (const [category, steps] of Object.entries(STEP_CATEGORIES)) {
    for (const [label, description, icon, hasDataOut] of steps) {
      const id = demoLibraryId('step', label);
      stepIds.set(label, id);
      const {
        label: parsedLabel,
        recommended,
        ...data
      } = StepTemplateData.parse({
        label,
        description,
        longDescription: `${description}. Part of the ${category} steps of the demo library: drop it into a tree, fill in its form and wire its exits.`,
        icon,
        categories: [category],
        recommended: steps.indexOf(steps.find((step) => step[0] === label)!) < 2,
        publishedBy: 'Library team',
        data: { exits: [{ id: 'next', label: 'next' }] },
        formBuilder: { hasDataOut: hasDataOut ?? false, hasProcessError: true },
        outputExample: hasDataOut ? { ok: true, step: label } : null,
      });
      const tags = label === HIDDEN_DEMO_STEP ? hidden : [tagId(category === 'AI' ? 'ai' : category === 'CRM' ? 'sales' : 'it')];
      await manager.query(
        `INSERT INTO step_template (id, account_id, label, recommended, data, tag_ids, is_template, download_count, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, true, $7, $8, $8) ON CONFLICT DO NOTHING`,
        [id, accountId, parsedLabel, recommended, data, tags, downloads(label, 900), at()],
      );
    }
  }

  for (const space of SPACES) {
    const botId = demoLibraryId('bot', space.label);
    const data = BotData.parse({
      label: space.label,
      color: space.color,
      description: space.description,
      longDescription: `${space.description} This space template comes with ${space.flows.length} flows you can switch on one by one.`,
      categories: space.tags,
    });
    await manager.query(
      `INSERT INTO bot (id, account_id, data, tag_ids, is_template, download_count, created_at, updated_at)
       VALUES ($1, $2, $3, $4, true, $5, $6, $6) ON CONFLICT DO NOTHING`,
      [botId, accountId, data, space.tags.map(tagId), downloads(space.label, 500), at()],
    );
    for (const [label, steps, starter] of space.flows) {
      const ids = steps.map((step) => stepIds.get(step)!);
      const flow = FlowData.parse({
        label,
        color: space.color,
        description: `${label} for the ${space.label.toLowerCase()} space.`,
        longDescription: `${label}: ${steps.join(' → ')}.`,
        categories: space.tags,
        trees: [
          {
            id: 'main',
            label: 'Main',
            steps: steps.map((step, index) => ({
              id: `step-${index + 1}`,
              type: 'step',
              stepTemplateId: ids[index],
              label: step,
              exits: { next: index + 1 < steps.length ? `step-${index + 2}` : null },
            })),
          },
        ],
        stepTemplates: [...new Set(ids)],
      });
      const tags = label === HIDDEN_DEMO_FLOW ? hidden : [...space.tags, ...(starter ? ['starter'] : [])].map(tagId);
      await manager.query(
        `INSERT INTO flow (id, account_id, bot_id, data, step_template_ids, tag_ids, is_template, is_starter, download_count, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, true, $7, $8, $9, $9) ON CONFLICT DO NOTHING`,
        [demoLibraryId('flow', label), accountId, botId, flow, flow.stepTemplates, tags, starter ?? false, downloads(label, 700), at()],
      );
    }
  }
}
