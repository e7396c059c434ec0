import { CardData, HIDE_IN_LIBRARY_TAG, TemplateDetails, ViewData } from '@library/contracts';
import { EntityManager } from 'typeorm';
import { PROVIDERS_ACCOUNT_NAME } from '../modules/discovery/discovery.controller';
import { demoLibraryId } from './demo-library';

/**
 * The data hub's demo card and view templates (spec 3 Card, View): library templates of the providers account
 * (template details set, type null), written for an automation product. Ids are derived from labels, so the seed is
 * idempotent. Download counts are not in creation order (Popular ≠ New); one card and one view template carry
 * hide-in-library. Runs after seedDemoLibrary (it uses that seed's tags).
 */

type CardSeed = [label: string, kind: string, category: string, tags: string[], description: string, settings: Record<string, unknown>];
const CARDS: CardSeed[] = [
  [
    'Open tickets',
    'kpi',
    'Support',
    ['support'],
    'Tickets waiting for an answer right now, with the change since yesterday.',
    { metric: 'tickets.open', compare: 'yesterday' },
  ],
  [
    'Average first response',
    'kpi',
    'Support',
    ['support'],
    'How long customers wait for the first reply, over the selected dates.',
    { metric: 'tickets.firstResponse', unit: 'minutes' },
  ],
  [
    'Customer satisfaction',
    'gauge',
    'Support',
    ['support', 'ai'],
    'CSAT from survey answers, scored 0 to 100.',
    { metric: 'survey.csat', min: 0, max: 100 },
  ],
  [
    'Ticket volume trend',
    'line-chart',
    'Support',
    ['support'],
    'New and solved tickets per day.',
    { series: ['tickets.created', 'tickets.solved'], interval: 'day' },
  ],
  [
    'Revenue this month',
    'kpi',
    'Finance',
    ['finance'],
    'Paid invoices this calendar month against the same month last year.',
    { metric: 'invoices.paid.amount', compare: 'lastYear', unit: 'USD' },
  ],
  [
    'Overdue invoices',
    'table',
    'Finance',
    ['finance'],
    'Invoices past their due date, oldest first, with the reminder count.',
    { columns: ['customer', 'amount', 'dueDate', 'reminders'] },
  ],
  ['Deals by stage', 'bar-chart', 'Sales', ['sales'], 'Open deal value per pipeline stage.', { metric: 'deals.value', groupBy: 'stage' }],
  [
    'New leads this week',
    'kpi',
    'Sales',
    ['sales', 'marketing'],
    'Leads captured by forms and chats since Monday.',
    { metric: 'leads.created', compare: 'lastWeek' },
  ],
  [
    'Conversion funnel',
    'funnel',
    'Marketing',
    ['marketing', 'sales'],
    'Visitors to sign-ups to qualified leads to customers.',
    { steps: ['visits', 'signups', 'qualified', 'won'] },
  ],
  [
    'Flow runs today',
    'kpi',
    'Automation',
    ['it'],
    'Runs of your flows since midnight, in the view timezone.',
    { metric: 'flows.runs', interval: 'day' },
  ],
  [
    'Failed runs',
    'table',
    'Automation',
    ['it'],
    'The latest failed flow runs with the failing step and error.',
    { columns: ['flow', 'step', 'error', 'startedAt'] },
  ],
  [
    'Service uptime',
    'gauge',
    'IT',
    ['it'],
    'Uptime of your monitored endpoints over the selected dates.',
    { metric: 'uptime.percent', min: 90, max: 100 },
  ],
  ['Recent incidents', 'list', 'IT', ['it'], 'Incidents opened by the uptime monitor, newest first.', { limit: 10 }],
  [
    'New hires starting',
    'table',
    'HR',
    ['hr'],
    'People starting in the next two weeks and their onboarding progress.',
    { columns: ['name', 'startDate', 'progress'] },
  ],
  ['Legacy SLA widget', 'kpi', 'Support', [HIDE_IN_LIBRARY_TAG], 'The old SLA counter, kept for existing views.', { metric: 'sla.legacy' }],
];

type ViewSeed = [label: string, category: string, tags: string[], description: string, cards: string[], color: string];
const VIEWS: ViewSeed[] = [
  [
    'Support dashboard',
    'Support',
    ['support'],
    'Queue size, response times and satisfaction at a glance.',
    ['Open tickets', 'Average first response', 'Customer satisfaction', 'Ticket volume trend'],
    '#eef4fd',
  ],
  [
    'Sales pipeline',
    'Sales',
    ['sales'],
    'Deals by stage and the leads feeding them.',
    ['Deals by stage', 'New leads this week', 'Conversion funnel'],
    '#eefaf2',
  ],
  ['Finance overview', 'Finance', ['finance'], 'Revenue and what is still owed.', ['Revenue this month', 'Overdue invoices'], '#fdf5ec'],
  [
    'IT operations',
    'IT',
    ['it'],
    'Uptime, incidents and failing automations.',
    ['Service uptime', 'Recent incidents', 'Failed runs'],
    '#fdeeee',
  ],
  ['Automation health', 'Automation', ['it'], 'How your flows are doing today.', ['Flow runs today', 'Failed runs'], '#f3f3f3'],
  [
    'Executive summary',
    'Management',
    ['finance', 'sales'],
    'Revenue, pipeline and customer happiness on one page.',
    ['Revenue this month', 'Deals by stage', 'Customer satisfaction'],
    '#ffffff',
  ],
  [
    'Marketing campaigns',
    'Marketing',
    ['marketing'],
    'Leads and conversion of your running campaigns.',
    ['New leads this week', 'Conversion funnel'],
    '#fefbea',
  ],
  ['HR onboarding tracker', 'HR', ['hr'], 'Who starts soon and what is still missing.', ['New hires starting'], '#f5effc'],
  [
    'Agent performance',
    'Support',
    ['support', 'ai'],
    'Response times and satisfaction per support agent.',
    ['Average first response', 'Customer satisfaction'],
    '#eef4fd',
  ],
  [
    'Customer chat insights',
    'Support',
    ['support', 'ai'],
    'Chat volume and what customers feel about it.',
    ['Ticket volume trend', 'Customer satisfaction'],
    '#eefafd',
  ],
  ['Collections board', 'Finance', ['finance'], 'Overdue invoices to chase today.', ['Overdue invoices'], '#fdf5ec'],
  [
    'Lead response board',
    'Sales',
    ['sales', 'marketing'],
    'Fresh leads waiting for a first touch.',
    ['New leads this week', 'Open tickets'],
    '#eefaf2',
  ],
  ['Incident wallboard', 'IT', ['it'], 'A big-screen board for the on-call room.', ['Recent incidents', 'Service uptime'], '#1f2937'],
  ['Legacy wallboard', 'IT', [HIDE_IN_LIBRARY_TAG], 'The old wallboard, kept for existing accounts.', ['Legacy SLA widget'], '#000000'],
];

/** A download count that is not in creation order (so Popular ≠ New): deterministic per label. */
function downloads(label: string, scale: number): number {
  let hash = 7;
  for (const character of label) hash = (hash * 37 + character.charCodeAt(0)) % 10007;
  return (hash % scale) + 1;
}

export const DEMO_CARDS_VIEWS_COUNTS = {
  cardTemplates: CARDS.filter(([, , , tags]) => !tags.includes(HIDE_IN_LIBRARY_TAG)).length,
  viewTemplates: VIEWS.filter(([, , tags]) => !tags.includes(HIDE_IN_LIBRARY_TAG)).length,
};
export const HIDDEN_DEMO_CARD = 'Legacy SLA widget';
export const HIDDEN_DEMO_VIEW = 'Legacy wallboard';

export async function seedDemoCardsViews(manager: EntityManager): Promise<void> {
  const rows = (await manager.query(`SELECT id FROM account WHERE name = $1`, [PROVIDERS_ACCOUNT_NAME])) as Array<{ id: string }>;
  const accountId = rows[0]?.id;
  if (!accountId) return;
  let created = Date.UTC(2025, 3, 1);
  const at = () => new Date((created += 6 * 60 * 60 * 1000));
  const tagIds = (tags: string[]) => tags.map((tag) => demoLibraryId('tag', tag));

  for (const [label, kind, category, tags, description, settings] of CARDS) {
    const template = TemplateDetails.parse({
      type: kind,
      label,
      description,
      version: '1.0.0',
      category,
      categories: [category.toLowerCase(), ...tags.filter((tag) => tag !== HIDE_IN_LIBRARY_TAG)],
    });
    const { tagIds: _tags, ...data } = CardData.parse({ label, description, kind, settings });
    await manager.query(
      `INSERT INTO card (id, account_id, template, type, data, tag_ids, is_template, download_count, created_at, updated_at)
       VALUES ($1, $2, $3, NULL, $4, $5, true, $6, $7, $7) ON CONFLICT DO NOTHING`,
      [demoLibraryId('card', label), accountId, template, data, tagIds(tags), downloads(label, 400), at()],
    );
  }
  for (const [label, category, tags, description, cards, color] of VIEWS) {
    const cardIds = cards.map((card) => demoLibraryId('card', card));
    const template = TemplateDetails.parse({
      type: 'view',
      label,
      description,
      version: '1.0.0',
      category,
      categories: [category.toLowerCase(), ...tags.filter((tag) => tag !== HIDE_IN_LIBRARY_TAG)],
    });
    const data = ViewData.parse({
      data: {
        label,
        description,
        'background-color': color,
        viewClasses: ['dashboard', `${category} board`],
        loadEntities: { bots: true, flows: true, tags: true, views: false },
        showFilterByTagsButton: true,
        showViewLoadingStatus: true,
        viewLoadingStatus: {
          title: `Loading ${label.toLowerCase()}`,
          message: 'Fetching the latest numbers…',
          errorOptionIds: ['reload-page', 'sign-out'],
          progressType: 'linear',
          slots: ['header'],
        },
        navigationSection: category,
      },
      library: { category },
      cards: { items: cardIds.map((cardId, index) => ({ cardId, x: (index % 3) * 4, y: Math.floor(index / 3) * 3, w: 4, h: 3 })) },
    });
    await manager.query(
      `INSERT INTO view (id, account_id, template, type, card_ids, data, tag_ids, is_template, download_count, created_at, updated_at)
       VALUES ($1, $2, $3, NULL, $4, $5, $6, true, $7, $8, $8) ON CONFLICT DO NOTHING`,
      [demoLibraryId('view', label), accountId, template, cardIds, data, tagIds(tags), downloads(label, 300), at()],
    );
  }
}
