import { AgentTemplateCreateRequest } from '@library/contracts';
import { EntityManager } from 'typeorm';
import { uuidV5 } from '../modules/runs/idempotency';

/**
 * The demo library's agent templates (spec 3 Agent, spec 2 install dialog), written for this product, plus two
 * agents of the demo account installed from them. Ids are derived from names, so the seed is idempotent: what
 * exists is left as it is. Download counts differ so Popular and New lists differ.
 */

const NAMESPACE = '0c5f3d1e-9a7b-4c2e-b8d4-71e6a2f09c35';
export const demoAgentTemplateId = (name: string) => uuidV5(`agent-template:${name}`, NAMESPACE);

const OWNER = 'super@library.test';

type DemoTemplate = Partial<AgentTemplateCreateRequest> & { name: string; downloads: number };

const action = (name: string, type: string, description: string, config: Record<string, unknown> = {}) => ({
  name,
  type,
  description,
  config,
});
const text = (name: string, value: string) => ({ type: 'text' as const, name, value });
const url = (name: string, value: string) => ({ type: 'url' as const, name, value });

export const DEMO_AGENT_TEMPLATES: DemoTemplate[] = [
  {
    name: 'Support triage',
    downloads: 412,
    description: 'Reads incoming tickets, tags them and routes them to the right queue.',
    longDescription:
      'Classifies every new support ticket by product area, urgency and sentiment, suggests a first reply from the help centre, and hands urgent or angry customers to a person straight away.',
    tags: ['support', 'tickets', 'routing'],
    image: 'icon:lifebuoy',
    objective: 'Triage new support tickets within a minute so that urgent issues reach a person first.',
    primer: 'You are a calm, precise support lead. Never promise refunds. Escalate anything mentioning outage, security or legal.',
    actions: [
      action('classify_ticket', 'flow', 'Classify a ticket by product area, urgency and sentiment', { flow: 'Ticket classifier' }),
      action('route_ticket', 'flow', 'Move the ticket to the queue of its area and urgency', { flow: 'Ticket router' }),
      action('suggest_reply', 'search', 'Search the help centre and draft a first reply', { collection: 'Help articles' }),
      action('escalate', 'http', 'Page the on-call support lead for urgent tickets', { method: 'POST', path: '/pager/alerts' }),
    ],
    model: { provider: 'openai', modelName: 'gpt-4o-mini', temperature: 0.2, maxTokens: 800, frequencyPenalty: 0, presencePenalty: 0 },
    knowledge: [
      text('Urgency rules', 'P1: outage or data loss. P2: a feature is blocked. P3: everything else.'),
      url('Help centre', 'https://help.example.com'),
    ],
    spaces: ['Support desk'],
    flows: ['Ticket classifier', 'Ticket router'],
    relationalDb: ['support_tickets'],
    lookupCollections: ['Queues', 'Product areas'],
    connectedResources: ['Helpdesk API', 'Pager'],
    tables: ['tickets', 'ticket_tags'],
  },
  {
    name: 'Lead qualifier',
    downloads: 367,
    description: 'Scores inbound leads against your ideal customer profile and books the good ones.',
    longDescription:
      'Enriches each form submission with company data, scores it with BANT questions, writes the score back to the CRM and offers a meeting slot to qualified leads.',
    tags: ['sales', 'crm', 'leads'],
    image: 'icon:target',
    objective: 'Qualify every inbound lead the same day and book meetings with the ones that fit.',
    primer: 'You are a friendly sales development representative. Ask one question at a time. Budget, authority, need, timing.',
    actions: [
      action('enrich_company', 'http', 'Look up company size, industry and country from the email domain', {
        method: 'GET',
        path: '/enrich',
      }),
      action('score_lead', 'flow', 'Score the lead from 0 to 100 against the ideal customer profile', { flow: 'Lead scoring' }),
      action('update_crm', 'flow', 'Write score and notes to the CRM contact', { flow: 'CRM sync' }),
      action('book_meeting', 'http', 'Offer the next free slots of the account executive', { method: 'POST', path: '/calendar/slots' }),
    ],
    model: { provider: 'openai', modelName: 'gpt-4o', temperature: 0.5, maxTokens: 1000, frequencyPenalty: 0.2, presencePenalty: 0.1 },
    knowledge: [text('Ideal customer profile', 'B2B, 50 to 2000 employees, operations or finance teams, Europe or North America.')],
    spaces: ['Sales pipeline'],
    flows: ['Lead scoring', 'CRM sync'],
    relationalDb: ['sales'],
    lookupCollections: ['Industries', 'Territories'],
    connectedResources: ['CRM', 'Calendar'],
    tables: ['leads', 'lead_scores'],
  },
  {
    name: 'Invoice extractor',
    downloads: 298,
    description: 'Pulls supplier, totals, tax and line items out of invoice PDFs.',
    longDescription:
      'Watches the accounts payable mailbox, extracts structured data from each invoice, checks it against purchase orders and queues mismatches for review.',
    tags: ['finance', 'documents', 'extraction'],
    image: 'icon:receipt',
    objective: 'Turn every incoming invoice into a checked accounts payable record.',
    primer: 'You are a meticulous accounts payable clerk. Amounts are decimals with two places. Never guess a missing tax number.',
    actions: [
      action('read_document', 'file', 'Read the text and tables of an attached PDF or image', { maxPages: 20 }),
      action('extract_fields', 'flow', 'Extract supplier, invoice number, dates, totals, tax and line items', { flow: 'Invoice parser' }),
      action('match_purchase_order', 'search', 'Find the purchase order and compare amounts', { collection: 'Purchase orders' }),
      action('queue_review', 'flow', 'Send a mismatching invoice to the review queue', { flow: 'AP review' }),
    ],
    model: {
      provider: 'anthropic',
      modelName: 'claude-3-5-sonnet',
      temperature: 0,
      maxTokens: 2000,
      frequencyPenalty: 0,
      presencePenalty: 0,
    },
    knowledge: [text('Tolerance', 'Totals may differ from the purchase order by at most 0.5 percent or 5.00.')],
    spaces: ['Accounts payable'],
    flows: ['Invoice parser', 'AP review'],
    relationalDb: ['finance'],
    lookupCollections: ['Suppliers', 'Tax codes'],
    connectedResources: ['AP mailbox', 'ERP'],
    tables: ['invoices', 'invoice_lines', 'purchase_orders'],
  },
  {
    name: 'Meeting summariser',
    downloads: 521,
    description: 'Summarises meeting transcripts into decisions, action items and owners.',
    longDescription:
      'Takes a transcript or recording link, writes a one-paragraph summary, lists decisions and action items with owners and due dates, and posts them to the team channel.',
    tags: ['productivity', 'meetings'],
    image: 'icon:notes',
    objective: 'Give everyone who missed a meeting what was decided and who does what by when.',
    primer: 'You write short, neutral summaries. Action items start with a verb and name one owner.',
    actions: [
      action('fetch_transcript', 'http', 'Fetch the transcript of a recorded meeting', { method: 'GET', path: '/recordings/transcript' }),
      action('summarise', 'flow', 'Write the summary, decisions and action items', { flow: 'Summary writer' }),
      action('post_summary', 'http', 'Post the summary to the team channel', { method: 'POST', path: '/chat/messages' }),
    ],
    model: { provider: 'openai', modelName: 'gpt-4o-mini', temperature: 0.3, maxTokens: 1500, frequencyPenalty: 0.3, presencePenalty: 0 },
    knowledge: [text('Summary format', 'Summary, Decisions, Action items (owner, due date), Open questions.')],
    spaces: ['Team rituals'],
    flows: ['Summary writer'],
    relationalDb: [],
    lookupCollections: ['Teams'],
    connectedResources: ['Video meetings', 'Team chat'],
    tables: ['meeting_notes'],
  },
  {
    name: 'Order status assistant',
    downloads: 244,
    description: 'Answers "where is my order?" from your order system and carriers.',
    longDescription: 'Looks up the order by number or email, checks the carrier tracking and answers with the expected delivery date.',
    tags: ['e-commerce', 'support'],
    image: 'icon:package',
    objective: 'Answer order status questions without a person, at any hour.',
    primer: 'You are a helpful shop assistant. Ask for the order number or email if missing. Never reveal another customer’s data.',
    actions: [
      action('find_order', 'search', 'Find an order by number or customer email', { collection: 'Orders' }),
      action('track_parcel', 'http', 'Get the carrier tracking events of a parcel', { method: 'GET', path: '/carriers/track' }),
      action('open_claim', 'flow', 'Open a lost parcel claim after 10 days without news', { flow: 'Parcel claim' }),
    ],
    model: { provider: 'openai', modelName: 'gpt-4o-mini', temperature: 0.4, maxTokens: 600, frequencyPenalty: 0, presencePenalty: 0 },
    knowledge: [text('Delivery times', 'Domestic 2 to 3 working days, EU 4 to 6, rest of world 7 to 14.')],
    spaces: ['Web shop'],
    flows: ['Parcel claim'],
    relationalDb: ['shop'],
    lookupCollections: ['Carriers'],
    connectedResources: ['Shop API', 'Carrier tracking'],
    tables: ['orders', 'shipments'],
  },
  {
    name: 'HR onboarding buddy',
    downloads: 133,
    description: 'Guides new hires through their first two weeks and answers policy questions.',
    longDescription:
      'Sends each new hire a daily checklist, answers questions from the handbook, and reminds managers of equipment and access requests.',
    tags: ['hr', 'onboarding'],
    image: 'icon:handshake',
    objective: 'Make every new hire productive and welcome within their first two weeks.',
    primer: 'You are a warm colleague from the people team. Quote the handbook section you rely on.',
    actions: [
      action('send_checklist', 'flow', 'Send the checklist of the day', { flow: 'Onboarding checklist' }),
      action('search_handbook', 'search', 'Search the employee handbook', { collection: 'Handbook' }),
      action('request_access', 'flow', 'Request tool access for the new hire', { flow: 'Access request' }),
    ],
    model: { provider: 'openai', modelName: 'gpt-4o-mini', temperature: 0.6, maxTokens: 800, frequencyPenalty: 0, presencePenalty: 0.2 },
    knowledge: [url('Employee handbook', 'https://handbook.example.com')],
    spaces: ['People'],
    flows: ['Onboarding checklist', 'Access request'],
    relationalDb: ['people'],
    lookupCollections: ['Departments', 'Tools'],
    connectedResources: ['HRIS', 'Identity provider'],
    tables: ['new_hires', 'onboarding_tasks'],
  },
  {
    name: 'Knowledge base writer',
    downloads: 176,
    description: 'Turns solved tickets into help centre articles.',
    longDescription:
      'Finds tickets solved the same way several times and drafts an article with steps and screenshots placeholders for review.',
    tags: ['support', 'content'],
    image: 'icon:book',
    objective: 'Keep the help centre ahead of repeated questions.',
    primer: 'You write plain, step-by-step help articles at a reading age of 12. Titles are questions customers ask.',
    actions: [
      action('find_repeated', 'search', 'Find clusters of tickets solved the same way', { collection: 'Solved tickets' }),
      action('draft_article', 'flow', 'Draft an article from a ticket cluster', { flow: 'Article drafter' }),
      action('publish_draft', 'http', 'Save the draft to the help centre for review', { method: 'POST', path: '/help/articles' }),
    ],
    model: {
      provider: 'anthropic',
      modelName: 'claude-3-5-haiku',
      temperature: 0.7,
      maxTokens: 2500,
      frequencyPenalty: 0.4,
      presencePenalty: 0.2,
    },
    knowledge: [text('Style guide', 'Second person, present tense, one action per step, no jargon.')],
    spaces: ['Support desk'],
    flows: ['Article drafter'],
    relationalDb: ['support_tickets'],
    lookupCollections: ['Article categories'],
    connectedResources: ['Help centre CMS'],
    tables: ['articles'],
  },
  {
    name: 'Expense policy checker',
    downloads: 88,
    description: 'Checks expense claims against the travel and expense policy.',
    longDescription:
      'Reads receipts, checks limits per category and country, flags duplicates and approves compliant claims under the auto-approval limit.',
    tags: ['finance', 'compliance'],
    image: 'icon:wallet',
    objective: 'Approve compliant expense claims instantly and explain every rejection.',
    primer: 'You are a fair finance controller. Cite the policy rule for every flag.',
    actions: [
      action('read_receipt', 'file', 'Read merchant, date, amount and currency from a receipt'),
      action('check_policy', 'flow', 'Check a claim against category and country limits', { flow: 'Policy check' }),
      action('approve_claim', 'flow', 'Approve a compliant claim under the limit', { flow: 'Claim approval' }),
    ],
    model: { provider: 'openai', modelName: 'gpt-4o', temperature: 0.1, maxTokens: 900, frequencyPenalty: 0, presencePenalty: 0 },
    knowledge: [text('Limits', 'Hotel 180 per night, meals 60 per day, taxis need a business reason; auto-approve under 250.')],
    spaces: ['Finance operations'],
    flows: ['Policy check', 'Claim approval'],
    relationalDb: ['finance'],
    lookupCollections: ['Expense categories', 'Countries'],
    connectedResources: ['Expense tool'],
    tables: ['expense_claims'],
  },
  {
    name: 'Social media monitor',
    downloads: 205,
    description: 'Watches mentions of your brand and drafts replies.',
    longDescription:
      'Collects mentions from social networks, scores sentiment, alerts on spikes of negative posts and drafts on-brand replies for approval.',
    tags: ['marketing', 'social'],
    image: 'icon:megaphone',
    objective: 'Spot and answer what people say about the brand within the hour.',
    primer: 'You are the brand voice: upbeat, brief, never sarcastic. Drafts only; a person posts.',
    actions: [
      action('collect_mentions', 'http', 'Collect new brand mentions', { method: 'GET', path: '/social/mentions' }),
      action('score_sentiment', 'flow', 'Score sentiment of a mention', { flow: 'Sentiment scorer' }),
      action('draft_reply', 'flow', 'Draft a reply for approval', { flow: 'Reply drafts' }),
    ],
    model: { provider: 'openai', modelName: 'gpt-4o-mini', temperature: 0.8, maxTokens: 400, frequencyPenalty: 0.5, presencePenalty: 0.3 },
    knowledge: [text('Brand voice', 'Friendly, confident, short sentences, one emoji at most.')],
    spaces: ['Marketing'],
    flows: ['Sentiment scorer', 'Reply drafts'],
    relationalDb: [],
    lookupCollections: ['Channels'],
    connectedResources: ['Social listening API'],
    tables: ['mentions'],
  },
  {
    name: 'IT helpdesk agent',
    downloads: 319,
    description: 'Resets passwords, unlocks accounts and answers IT questions.',
    longDescription:
      'Verifies the employee, runs self-service fixes such as password resets and licence requests, and opens a ticket for anything else.',
    tags: ['it', 'support'],
    image: 'icon:laptop',
    objective: 'Solve routine IT requests in minutes without waiting for a technician.',
    primer: 'You are a patient IT technician. Always verify identity before changing an account.',
    actions: [
      action('verify_employee', 'flow', 'Verify the employee with a one-time code', { flow: 'Identity check' }),
      action('reset_password', 'http', 'Reset the password and send a temporary one', { method: 'POST', path: '/directory/reset' }),
      action('open_ticket', 'flow', 'Open an IT ticket with the conversation', { flow: 'IT ticket' }),
    ],
    model: {
      provider: 'azure-openai',
      modelName: 'gpt-4o-mini',
      temperature: 0.2,
      maxTokens: 700,
      frequencyPenalty: 0,
      presencePenalty: 0,
    },
    knowledge: [text('Self-service list', 'Password reset, MFA re-enrolment, licence request, printer setup.')],
    spaces: ['IT service desk'],
    flows: ['Identity check', 'IT ticket'],
    relationalDb: ['itsm'],
    lookupCollections: ['Devices', 'Software catalogue'],
    connectedResources: ['Directory', 'ITSM'],
    tables: ['it_tickets', 'devices'],
  },
  {
    name: 'Contract reviewer',
    downloads: 57,
    description: 'Flags risky clauses in supplier contracts before signature.',
    longDescription:
      'Compares a contract with your playbook, highlights deviations on liability, payment terms, termination and data protection, and proposes fallback wording.',
    tags: ['legal', 'documents'],
    image: 'icon:scale',
    objective: 'Give legal a ranked list of clauses to negotiate in every supplier contract.',
    primer: 'You are a careful commercial lawyer. You flag, you never approve. Quote the clause you flag.',
    actions: [
      action('read_contract', 'file', 'Read a contract document', { maxPages: 80 }),
      action('compare_playbook', 'search', 'Compare clauses with the negotiation playbook', { collection: 'Playbook' }),
      action('write_memo', 'flow', 'Write the review memo', { flow: 'Review memo' }),
    ],
    model: {
      provider: 'anthropic',
      modelName: 'claude-3-5-sonnet',
      temperature: 0.1,
      maxTokens: 4000,
      frequencyPenalty: 0,
      presencePenalty: 0,
    },
    knowledge: [text('Red lines', 'Unlimited liability, payment beyond 60 days, auto-renewal over 12 months, data outside the EU.')],
    spaces: ['Legal'],
    flows: ['Review memo'],
    relationalDb: ['legal'],
    lookupCollections: ['Clause types'],
    connectedResources: ['Document storage'],
    tables: ['contracts', 'clause_flags'],
  },
  {
    name: 'Inventory restocker',
    downloads: 149,
    description: 'Forecasts stock-outs and drafts purchase orders.',
    longDescription:
      'Reads sales and stock levels every night, forecasts the days of cover per item and drafts purchase orders for items below their reorder point.',
    tags: ['operations', 'inventory'],
    image: 'icon:boxes',
    objective: 'Never run out of fast-moving items while keeping stock lean.',
    primer: 'You are an operations planner. Explain each order with days of cover and lead time.',
    actions: [
      action('read_stock', 'search', 'Read stock levels and sales of the last 90 days', { collection: 'Stock' }),
      action('forecast_cover', 'flow', 'Forecast days of cover per item', { flow: 'Cover forecast' }),
      action('draft_purchase_order', 'flow', 'Draft a purchase order per supplier', { flow: 'PO drafts' }),
    ],
    model: { provider: 'openai', modelName: 'gpt-4o-mini', temperature: 0.2, maxTokens: 1200, frequencyPenalty: 0, presencePenalty: 0 },
    knowledge: [text('Reorder rule', 'Reorder when cover is below lead time plus 7 days of safety stock.')],
    spaces: ['Warehouse'],
    flows: ['Cover forecast', 'PO drafts'],
    relationalDb: ['inventory'],
    lookupCollections: ['Suppliers', 'Warehouses'],
    connectedResources: ['ERP'],
    tables: ['stock_levels', 'purchase_orders'],
  },
  {
    name: 'Customer feedback analyst',
    downloads: 18,
    description: 'Groups survey answers and reviews into themes with trends.',
    longDescription:
      'Reads NPS comments, app reviews and survey answers, groups them into themes, and reports what rose or fell since last month.',
    tags: ['product', 'research'],
    image: 'icon:chart',
    objective: 'Tell the product team every month which customer themes are growing.',
    primer: 'You are a product researcher. Themes are short noun phrases; every theme has three verbatim quotes.',
    actions: [
      action('collect_feedback', 'http', 'Collect survey answers and reviews of the month', { method: 'GET', path: '/feedback' }),
      action('group_themes', 'flow', 'Group feedback into themes', { flow: 'Theme grouping' }),
      action('write_report', 'flow', 'Write the monthly trend report', { flow: 'Trend report' }),
    ],
    model: { provider: 'openai', modelName: 'gpt-4o', temperature: 0.4, maxTokens: 3000, frequencyPenalty: 0.2, presencePenalty: 0.2 },
    knowledge: [text('Report outline', 'Top themes, rising, falling, quotes, suggested follow-ups.')],
    spaces: ['Product'],
    flows: ['Theme grouping', 'Trend report'],
    relationalDb: ['research'],
    lookupCollections: ['Feedback sources'],
    connectedResources: ['Survey tool', 'App stores'],
    tables: ['feedback', 'themes'],
  },
];

/** Agents of the demo account, installed from templates, so the agents page is not empty. */
const DEMO_ACCOUNT_AGENTS = [
  { template: 'Support triage', account: 'demo', createdBy: 'user@library.test' },
  { template: 'Meeting summariser', account: 'demo', createdBy: 'admin@library.test' },
];

export async function seedDemoAgents(manager: EntityManager): Promise<void> {
  const owner = (await manager.query(`SELECT id FROM "user" WHERE email = $1`, [OWNER])) as Array<{ id: string }>;
  const ownerId = owner[0]?.id ?? null;
  const day = 24 * 60 * 60 * 1000;
  for (const [index, { downloads, ...fields }] of DEMO_AGENT_TEMPLATES.entries()) {
    const template = AgentTemplateCreateRequest.parse(fields);
    // Created a day apart, the last one newest: New and Popular differ.
    const createdAt = new Date(Date.UTC(2025, 0, 1) + index * day);
    await manager.query(
      `INSERT INTO agent_template (id, name, description, long_description, image, tags, objective, primer, actions, model, knowledge,
         spaces, flows, relational_db, lookup_collections, connected_resources, tables, download_count, created_by_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20)
       ON CONFLICT DO NOTHING`,
      [
        demoAgentTemplateId(template.name),
        template.name,
        template.description,
        template.longDescription,
        template.image,
        JSON.stringify(template.tags),
        template.objective,
        template.primer,
        JSON.stringify(template.actions),
        JSON.stringify(template.model),
        JSON.stringify(template.knowledge),
        JSON.stringify(template.spaces),
        JSON.stringify(template.flows),
        JSON.stringify(template.relationalDb),
        JSON.stringify(template.lookupCollections),
        JSON.stringify(template.connectedResources),
        JSON.stringify(template.tables),
        downloads,
        ownerId,
        createdAt,
      ],
    );
  }
  for (const demo of DEMO_ACCOUNT_AGENTS) {
    const templateId = demoAgentTemplateId(demo.template);
    await manager.query(
      `INSERT INTO agent (id, account_id, created_by_id, name, description, image, objective, primer, actions, model, knowledge, origin)
       SELECT $1, u.account_id, u.id, t.name, t.description, t.image, t.objective, t.primer, t.actions, t.model, t.knowledge,
              jsonb_build_object('templateId', t.id)
       FROM agent_template t JOIN "user" u ON u.email = $3
       WHERE t.id = $2
       ON CONFLICT DO NOTHING`,
      [uuidV5(`agent:${demo.account}:${demo.template}`, NAMESPACE), templateId, demo.createdBy],
    );
  }
}
