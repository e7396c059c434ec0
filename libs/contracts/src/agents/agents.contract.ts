import { z } from 'zod';
import { queryInt } from '../common/query';
import { SortDirection } from '../enums';

/** Messages of the agents service (spec 8 for the first two; ours where the spec is silent). */
export const AgentMessages = {
  unauthenticated: 'We are not able to authenticate you',
  agentNotFound: 'Agent not found',
  agentNameTaken: 'Another agent of your account already has this name',
  actionNotFound: 'Action not found',
  actionNamesUnique: 'Action names must be unique',
  executionNotFound: 'Execution not found',
  templateNotFound: 'Agent template not found',
  templateNameTaken: 'An agent template with this name already exists',
  actionNotDefined: (name: string) => `Action ${name} is not defined on this agent`,
  urlProtocol: 'Only http and https URLs can be fetched',
  urlPrivate: 'This address is private, loopback or reserved and cannot be fetched',
  urlCredentials: 'URLs with a user name or password cannot be fetched',
  fetchFailed: (reason: string) => `The page could not be fetched: ${reason}`,
  fetchTimeout: (ms: number) => `The page did not answer within ${ms} ms`,
  pageTooLarge: (bytes: number) => `The page is larger than ${bytes} bytes`,
  notAPage: (contentType: string) => `The address does not serve an HTML or text page (${contentType || 'no content type'})`,
  tooManyRedirects: 'The page redirected too many times',
} as const;

/** Paging of agent and template lists (spec 9: 100 per page until a short page). */
export const AGENT_PAGE_SIZE = { fallback: 100, max: 500 } as const;
/** How many passages html-to-passages returns by default, and at most. */
export const PASSAGES_LIMIT = { fallback: 5, max: 50 } as const;

const text = (max: number) => z.string().max(max);
const uuid = z.string().trim().toLowerCase().uuid();

/** An action name: it is part of a path (`agents/{id}/actions/{name}`), so letters, digits, dot, dash and underscore. */
export const AgentActionName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Action name may hold letters, digits, dot, dash and underscore');

/** What an action does, as the agent's runtime would read it: a type (http, flow, search, …) and its config. */
export const AgentActionBody = z
  .object({
    description: text(2000).default(''),
    type: z.string().trim().min(1).max(100).default('tool'),
    config: z.record(z.unknown()).default({}),
  })
  .strict();
export const AgentAction = AgentActionBody.extend({ name: AgentActionName }).strict();
export type AgentAction = z.infer<typeof AgentAction>;

const actionList = z
  .array(AgentAction)
  .max(100)
  .refine((actions) => new Set(actions.map((action) => action.name)).size === actions.length, { message: AgentMessages.actionNamesUnique });

/** Model settings (spec 3 Agent): ranges are the ones common chat-model APIs accept. */
export const AgentModel = z
  .object({
    provider: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .regex(/^[a-z0-9-]+$/, 'Provider may hold lower-case letters, digits and dash')
      .default('openai'),
    modelName: z.string().trim().min(1).max(100).default('gpt-4o-mini'),
    temperature: z.number().min(0).max(2).default(0.7),
    maxTokens: z.number().int().min(1).max(200_000).default(1024),
    frequencyPenalty: z.number().min(-2).max(2).default(0),
    presencePenalty: z.number().min(-2).max(2).default(0),
  })
  .strict();
export type AgentModel = z.infer<typeof AgentModel>;

/** One item of an agent's knowledge: a text, a web page or a stored file it may draw on. */
export const KnowledgeItem = z
  .object({
    type: z.enum(['text', 'url', 'file']),
    name: z.string().trim().min(1).max(200),
    value: text(20_000),
  })
  .strict();
export type KnowledgeItem = z.infer<typeof KnowledgeItem>;

export const AgentName = z.string().trim().min(1).max(200);
const Image = z.string().trim().max(2000).nullable();

/** Where an agent was copied from (set by the installer). */
export const AgentOrigin = z.object({ templateId: uuid }).strict();

/** `POST agents`. A name already used in the account gets ' copy', then ' copy 2', ' copy 3' … (spec 5). */
export const AgentCreateRequest = z
  .object({
    name: AgentName,
    description: text(2000).default(''),
    image: Image.default(null),
    objective: text(5000).default(''),
    primer: text(20_000).default(''),
    actions: actionList.default([]),
    model: AgentModel.default({}),
    knowledge: z.array(KnowledgeItem).max(200).default([]),
    origin: AgentOrigin.nullable().default(null),
  })
  .strict();
export type AgentCreateRequest = z.infer<typeof AgentCreateRequest>;

/** `PUT agents/{id}`: the fields given replace the stored ones; model settings given are laid over the stored ones. */
export const AgentUpdateRequest = z
  .object({
    name: AgentName,
    description: text(2000),
    image: Image,
    objective: text(5000),
    primer: text(20_000),
    actions: actionList,
    model: AgentModel.partial().strict(),
    knowledge: z.array(KnowledgeItem).max(200),
  })
  .partial()
  .strict();
export type AgentUpdateRequest = z.infer<typeof AgentUpdateRequest>;

export const AgentView = z.object({
  id: z.string().uuid(),
  accountId: z.string().uuid(),
  createdBy: z.string().uuid().nullable(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  objective: z.string(),
  primer: z.string(),
  actions: z.array(AgentAction),
  model: AgentModel,
  knowledge: z.array(KnowledgeItem),
  origin: AgentOrigin.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AgentView = z.infer<typeof AgentView>;

const paging = {
  size: queryInt(AGENT_PAGE_SIZE.fallback, AGENT_PAGE_SIZE.max),
  from: queryInt(0),
};
const searchText = z
  .string()
  .trim()
  .toLowerCase()
  .max(200)
  .optional()
  .transform((value) => value || undefined);

/** `GET agents`: the account's agents, filtered by text in name, description or objective, paged. */
export const AgentListQuery = z
  .object({
    search: searchText,
    ...paging,
    orderBy: z.enum(['name', 'createdAt', 'updatedAt']).default('name'),
    order: SortDirection.default('asc'),
  })
  .strict();
export type AgentListQuery = z.infer<typeof AgentListQuery>;

export const AgentIdParams = z.object({ id: uuid }).strict();
export const AgentActionParams = z.object({ id: uuid, name: AgentActionName }).strict();
export const ExecutionParams = z.object({ id: uuid, execId: uuid }).strict();
export const TemplateIdParams = z.object({ id: uuid }).strict();

export const ExecutionStatus = z.enum(['queued', 'succeeded', 'failed']);
export type ExecutionStatus = z.infer<typeof ExecutionStatus>;

/** What an execution is asked: a message, optionally the action to use, and variables. */
export const ExecutionInput = z
  .object({
    message: text(20_000).default(''),
    action: AgentActionName.optional(),
    variables: z.record(z.unknown()).default({}),
  })
  .strict();
export type ExecutionInput = z.infer<typeof ExecutionInput>;

/** `POST agents/{id}/executions`: a queued execution. */
export const ExecutionCreateRequest = z.object({ input: ExecutionInput.default({}) }).strict();
/** `POST agents/{id}/executions/{execId}/run`: runs it, with a new input when one is given. */
export const ExecutionRunRequest = z.object({ input: ExecutionInput.optional() }).strict();

/** The deterministic output of a run (no model is called; see docs/adr/0010-agents.md). */
export const ExecutionOutput = z.object({
  action: z.string().nullable(),
  reply: z.string(),
  model: z.object({ provider: z.string(), modelName: z.string() }),
  objective: z.string(),
  primer: z.string(),
  message: z.string(),
  variables: z.record(z.unknown()),
  matchedTerms: z.array(z.string()),
});
export type ExecutionOutput = z.infer<typeof ExecutionOutput>;

export const ExecutionView = z.object({
  id: z.string().uuid(),
  agentId: z.string().uuid(),
  status: ExecutionStatus,
  input: ExecutionInput,
  output: ExecutionOutput.nullable(),
  error: z.string().nullable(),
  runCount: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExecutionView = z.infer<typeof ExecutionView>;

/** `GET agents/{id}/executions`: newest first, paged like agents. */
export const ExecutionListQuery = z.object({ ...paging, status: ExecutionStatus.optional() }).strict();

const nameList = z.array(z.string().trim().min(1).max(200)).max(100);

/** `POST templates` (SUPER_ADMIN, ADMIN): an agent and everything its install copies (spec 2 install dialog). */
export const AgentTemplateCreateRequest = z
  .object({
    name: AgentName,
    description: text(2000).default(''),
    longDescription: text(20_000).default(''),
    image: Image.default(null),
    tags: z.array(z.string().trim().toLowerCase().min(1).max(50)).max(20).default([]),
    objective: text(5000).default(''),
    primer: text(20_000).default(''),
    actions: actionList.default([]),
    model: AgentModel.default({}),
    knowledge: z.array(KnowledgeItem).max(200).default([]),
    spaces: nameList.default([]),
    flows: nameList.default([]),
    relationalDb: nameList.default([]),
    lookupCollections: nameList.default([]),
    connectedResources: nameList.default([]),
    tables: nameList.default([]),
  })
  .strict();
export type AgentTemplateCreateRequest = z.infer<typeof AgentTemplateCreateRequest>;

export const AgentTemplateView = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  longDescription: z.string(),
  image: z.string().nullable(),
  tags: z.array(z.string()),
  objective: z.string(),
  primer: z.string(),
  actions: z.array(AgentAction),
  model: AgentModel,
  knowledge: z.array(KnowledgeItem),
  spaces: z.array(z.string()),
  flows: z.array(z.string()),
  relationalDb: z.array(z.string()),
  lookupCollections: z.array(z.string()),
  connectedResources: z.array(z.string()),
  tables: z.array(z.string()),
  downloadCount: z.number().int(),
  createdBy: z.string().uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AgentTemplateView = z.infer<typeof AgentTemplateView>;

/** `GET templates`: the library's agent templates, paged with size/from (100 per page), sorted. */
export const AgentTemplateListQuery = z
  .object({
    search: searchText,
    ...paging,
    orderBy: z.enum(['name', 'createdAt', 'downloadCount']).default('name'),
    order: SortDirection.default('asc'),
  })
  .strict();
export type AgentTemplateListQuery = z.infer<typeof AgentTemplateListQuery>;

/** A page of a list: `items` in order, `total` matching, and the `from`/`size` used. A page shorter than `size` is the last. */
export const agentPage = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), from: z.number().int(), size: z.number().int() });

/** `GET web-search/html-to-passages`. */
export const HtmlToPassagesQuery = z
  .object({
    url: z.string().trim().min(1).max(2000).url(),
    question: z.string().trim().min(1).max(1000),
    limit: queryInt(PASSAGES_LIMIT.fallback, PASSAGES_LIMIT.max),
  })
  .strict();
export type HtmlToPassagesQuery = z.infer<typeof HtmlToPassagesQuery>;

export const Passage = z.object({ text: z.string(), score: z.number(), index: z.number().int() });
export type Passage = z.infer<typeof Passage>;
export const HtmlToPassagesResponse = z.object({ url: z.string(), question: z.string(), passages: z.array(Passage) });
export type HtmlToPassagesResponse = z.infer<typeof HtmlToPassagesResponse>;
