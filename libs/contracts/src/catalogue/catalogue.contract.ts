import { z } from 'zod';
import { queryInt } from '../common/query';

/** Messages of the data hub's catalogue (spec 5 for the tag ones, ours where the spec is silent). */
export const CatalogueMessages = {
  botNotFound: 'Space not found',
  flowNotFound: 'Flow not found',
  tagNotFound: 'Tag not found',
  stepTemplateNotFound: 'Step template not found',
  noTagsToAdd: 'No tags to add.',
  noTagsToRemove: 'No tags to remove.',
  noTagsFound: 'No tags were found.',
  tagsAddOrRemove: 'Give tag ids to add or to remove',
  previousVersionRequired: 'previousVersion is required to save an existing flow',
  staleFlow: (given: number, current: number) =>
    `The flow was changed meanwhile: it is at version ${current}, not ${given}. Reload it and save your changes again.`,
  idOrNew: "Expected a uuid or 'new'",
  unknownFields: (fields: string[]) => `Unknown projection field(s): ${fields.join(', ')}`,
} as const;

/** The tag (by label, of the providers account) that keeps a template out of every library list (spec 3). */
export const HIDE_IN_LIBRARY_TAG = 'hide-in-library';
/** The id that makes a save create (spec 4 "saving with id new creates, otherwise updates"). */
export const NEW_ID = 'new';
/** Lists of spaces and flows: 50 by default, at most 500. Step lists page 20 at a time (spec 9). */
export const CATALOGUE_LIMIT = { fallback: 50, max: 500 } as const;
export const STEP_PAGE_SIZE = { fallback: 20, max: 100 } as const;
/** Popular lists: 8 by default (spec 9 dashboard), at most 100. */
export const POPULAR_LIMIT = { fallback: 8, max: 100 } as const;
/** The label a thing gets when none is given (spec 9). */
export const DEFAULT_LABEL = 'No Name';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const CatalogueId = z.string().trim().toLowerCase().uuid();
export const CatalogueIdParams = z.object({ id: CatalogueId }).strict();
/** `POST x/{id or new}`. */
export const CatalogueSaveParams = z
  .object({
    id: z
      .string()
      .trim()
      .toLowerCase()
      .refine((id) => id === NEW_ID || uuidPattern.test(id), CatalogueMessages.idOrNew),
  })
  .strict();
export const FlowIdParams = z.object({ flowId: CatalogueId }).strict();

/** An optional flag of the query string: absent means "no filter"; true for true, 'true' or '1' (spec 5). */
export const optionalFlag = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : value === true || value === 'true' || value === '1'),
  z.boolean().optional(),
);
const flag = (fallback: boolean) => optionalFlag.transform((value) => value ?? fallback);

const searchText = z
  .string()
  .trim()
  .toLowerCase()
  .max(200)
  .optional()
  .transform((value) => value || undefined);
/** A comma-separated list in a query string (also accepted repeated: `ids=a&ids=b`). */
const commaList = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : value === undefined ? [] : [value])
        .flatMap((part) => String(part).split(','))
        .map((part) => part.trim())
        .filter(Boolean),
    z.array(item).max(200),
  );

const label = z.string().trim().min(1).max(200);
const description = z.string().max(2000);
const longDescription = z.string().max(20_000);
const color = z.string().trim().max(50);
const url = z.string().trim().max(2000);
const categories = z.array(z.string().trim().min(1).max(100)).max(50);
const tagIds = z.array(CatalogueId).max(200);

/** Where a copy came from (set by the copies of a later slice). */
/** Where a copied row came from (recorded by the copies): the template, its version or registry release, when and by which request. */
export const CatalogueOrigin = z
  .object({
    templateId: z.string().uuid(),
    version: z.union([z.string(), z.number()]).nullable(),
    releaseId: z.string().uuid().optional(),
    copiedAt: z.string().optional(),
    requestId: z.string().uuid().optional(),
  })
  .strict();
export type CatalogueOrigin = z.infer<typeof CatalogueOrigin>;

// ---------------------------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------------------------

export const ORDER_FIELDS = ['createdAt', 'updatedAt', 'downloadCount', 'data.label'] as const;
/** `order`: one of ORDER_FIELDS, `-` in front for descending; `-createdAt` (newest first) when absent. */
export const CatalogueOrder = z
  .string()
  .trim()
  .regex(/^-?(createdAt|updatedAt|downloadCount|data\.label)$/, `Order by one of ${ORDER_FIELDS.join(', ')}, with - for descending`)
  .default('-createdAt')
  .transform((order) => ({
    field: order.replace(/^-/, '') as (typeof ORDER_FIELDS)[number],
    direction: order.startsWith('-') ? ('DESC' as const) : ('ASC' as const),
  }));

/** `projection`: comma-separated fields of the view (`id`, `data.label`, `tagIds` …); `id` always comes. */
const projection = z
  .string()
  .trim()
  .max(1000)
  .optional()
  .transform((value) =>
    value
      ? value
          .split(',')
          .map((field) => field.trim())
          .filter(Boolean)
      : undefined,
  );

const listFields = {
  projection,
  query: searchText,
  sandbox: optionalFlag,
  isDeleted: flag(false),
  library: flag(false),
  limit: queryInt(CATALOGUE_LIMIT.fallback, CATALOGUE_LIMIT.max),
  offset: queryInt(0),
  order: CatalogueOrder,
};

/** `GET bots`: the account's spaces, or with `library=true` the library's space templates. */
export const BotListQuery = z.object(listFields).strict();
export type BotListQuery = z.infer<typeof BotListQuery>;

/** `GET flows`: the account's flows (of one space with botId), or the library's (`library`, `starters`). */
export const FlowListQuery = z.object({ ...listFields, botId: CatalogueId.optional(), starters: flag(false) }).strict();
export type FlowListQuery = z.infer<typeof FlowListQuery>;

/** `GET bots-popular`, `GET flows-popular`, `GET step-templates-popular-ids`. */
export const PopularQuery = z
  .object({ limit: queryInt(POPULAR_LIMIT.fallback, POPULAR_LIMIT.max), sandbox: optionalFlag, projection })
  .strict();
export type PopularQuery = z.infer<typeof PopularQuery>;

export const catalogueList = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), offset: z.number().int(), limit: z.number().int() });

// ---------------------------------------------------------------------------------------------------------------
// Deleting, recovering, tagging
// ---------------------------------------------------------------------------------------------------------------

/** `DELETE bots|flows|tags/{id}`: `temporarily=true` soft-deletes (PATCH recovers); otherwise deleted for good. */
export const DeleteQuery = z.object({ temporarily: flag(false) }).strict();
export type DeleteQuery = z.infer<typeof DeleteQuery>;

/** `POST bots|flows/{id}/tags`: tag ids to add and/or to remove. */
export const TagChangeRequest = z
  .object({ add: tagIds.optional(), remove: tagIds.optional() })
  .strict()
  .refine((body) => body.add !== undefined || body.remove !== undefined, CatalogueMessages.tagsAddOrRemove);
export type TagChangeRequest = z.infer<typeof TagChangeRequest>;

/** Columns every data hub row answers with. */
export const entityFields = {
  id: z.string().uuid(),
  accountId: z.string().uuid(),
  tagIds: z.array(z.string().uuid()),
  isDeleted: z.boolean(),
  isTemplate: z.boolean(),
  sandbox: z.boolean(),
  downloadCount: z.number().int(),
  origin: CatalogueOrigin.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

// ---------------------------------------------------------------------------------------------------------------
// Bots (spaces)
// ---------------------------------------------------------------------------------------------------------------

export const BotData = z
  .object({
    label: label.default(DEFAULT_LABEL),
    color: color.default(''),
    description: description.default(''),
    iconUrl: url.nullable().default(null),
    longDescription: longDescription.default(''),
    categories: categories.default([]),
  })
  .strict();
export type BotData = z.infer<typeof BotData>;

/**
 * `POST bots/{id or new}`. On create, absent fields take their defaults; on update, the fields given replace the
 * stored ones (data fields one by one).
 */
export const BotSaveRequest = z
  .object({
    data: BotData.partial().strict().default({}),
    tagIds: tagIds.optional(),
    isTemplate: z.boolean().optional(),
    sandbox: z.boolean().optional(),
  })
  .strict();
export type BotSaveRequest = z.infer<typeof BotSaveRequest>;

export const BotView = z.object({ ...entityFields, data: BotData });
export type BotView = z.infer<typeof BotView>;

// ---------------------------------------------------------------------------------------------------------------
// Flows
// ---------------------------------------------------------------------------------------------------------------

const StepKey = z.string().trim().min(1).max(100);

/** A step of a tree: its exits map an exit name (`next`, `error` …) to the id of the next step, or null. */
export const FlowStep = z
  .object({
    id: StepKey,
    type: z.string().trim().min(1).max(100),
    stepTemplateId: CatalogueId.optional(),
    label: label.optional(),
    exits: z.record(StepKey, StepKey.nullable()).default({}),
    data: z.record(z.unknown()).default({}),
  })
  .strict();
export type FlowStep = z.infer<typeof FlowStep>;

export const FlowTree = z.object({ id: StepKey, label: label.optional(), steps: z.array(FlowStep).max(500).default([]) }).strict();
export type FlowTree = z.infer<typeof FlowTree>;

export const FlowData = z
  .object({
    label: label.default(DEFAULT_LABEL),
    color: color.default(''),
    description: description.default(''),
    longDescription: longDescription.default(''),
    iconUrl: url.nullable().default(null),
    categories: categories.default([]),
    trees: z.array(FlowTree).max(50).default([]),
    /** The step templates the flow uses; saving adds every stepTemplateId of its steps. */
    stepTemplates: z.array(CatalogueId).max(500).default([]),
  })
  .strict();
export type FlowData = z.infer<typeof FlowData>;

export const FlowInput = z
  .object({
    botId: CatalogueId.optional(),
    data: FlowData.partial().strict().default({}),
    tagIds: tagIds.optional(),
    isTemplate: z.boolean().optional(),
    isStarter: z.boolean().optional(),
    sandbox: z.boolean().optional(),
  })
  .strict();

/** `POST flows/{id or new}`: a create needs flow.botId; an update needs the version it started from. */
export const FlowSaveRequest = z.object({ flow: FlowInput, previousVersion: z.number().int().min(0).optional() }).strict();
export type FlowSaveRequest = z.infer<typeof FlowSaveRequest>;

export const FlowView = z.object({
  ...entityFields,
  botId: z.string().uuid(),
  version: z.number().int(),
  isStarter: z.boolean(),
  data: FlowData,
});
export type FlowView = z.infer<typeof FlowView>;

/** `GET flows/by-step-template(-global)?ids=a,b`. */
export const ByStepTemplateQuery = z.object({ ids: commaList(CatalogueId).pipe(z.array(z.string()).min(1)), projection }).strict();
export type ByStepTemplateQuery = z.infer<typeof ByStepTemplateQuery>;

/** `GET flows/data-outs[?botId]`. */
export const DataOutsQuery = z.object({ botId: CatalogueId.optional() }).strict();
export type DataOutsQuery = z.infer<typeof DataOutsQuery>;

/** One data-out step: a step whose template says formBuilder.hasDataOut, with what it outputs. */
export const DataOutView = z.object({
  flowId: z.string().uuid(),
  flowLabel: z.string(),
  botId: z.string().uuid(),
  treeId: z.string(),
  stepId: z.string(),
  stepLabel: z.string(),
  stepTemplateId: z.string().uuid(),
  stepTemplateLabel: z.string(),
  outputExample: z.unknown(),
});
export type DataOutView = z.infer<typeof DataOutView>;

// ---------------------------------------------------------------------------------------------------------------
// Tags
// ---------------------------------------------------------------------------------------------------------------

export const TagData = z.object({ label: label.max(100) }).strict();
/** `POST tags/{id or new}`. */
export const TagSaveRequest = z.object({ data: TagData }).strict();
export type TagSaveRequest = z.infer<typeof TagSaveRequest>;
export const TagListQuery = z.object({ isDeleted: flag(false), query: searchText }).strict();
export type TagListQuery = z.infer<typeof TagListQuery>;
export const TagView = z.object({
  id: z.string().uuid(),
  accountId: z.string().uuid(),
  data: TagData,
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TagView = z.infer<typeof TagView>;

// ---------------------------------------------------------------------------------------------------------------
// Step templates
// ---------------------------------------------------------------------------------------------------------------

const code = z.string().max(200_000);
const StepExit = z.object({ id: StepKey, label: label }).strict();

/** How the step's form is built (spec 3); stepExits default to one exit named next. */
export const FormBuilder = z
  .object({
    stepExits: z
      .array(StepExit)
      .max(50)
      .default([{ id: 'next', label: 'next' }]),
    stepInputs: z.array(z.record(z.unknown())).max(200).default([]),
    hasDataOut: z.boolean().default(false),
    hasProcessError: z.boolean().default(false),
    formTemplate: code.default(''),
  })
  .strict();
export type FormBuilder = z.infer<typeof FormBuilder>;

/** Every field of a step template but its identity (spec 3 Step template); label non-empty where given (spec 5). */
export const StepTemplateData = z
  .object({
    label: label.default(DEFAULT_LABEL),
    description: description.default(''),
    longDescription: longDescription.default(''),
    icon: z.string().trim().max(200).default(''),
    iconType: z.string().trim().max(50).default('default'),
    iconUrl: url.nullable().default(null),
    color: color.default(''),
    shape: z.string().trim().min(1).max(50).default('circle'),
    categories: categories.default([]),
    version: z
      .string()
      .trim()
      .regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/, 'Version must look like 1.2.3')
      .default('0.0.1'),
    cacheVersion: z.string().trim().max(100).default(''),
    isExternal: z.boolean().default(false),
    recommended: z.boolean().default(false),
    publishedBy: z.string().trim().max(200).default(''),
    template: code.default(''),
    form: z
      .object({ style: code.default(''), template: code.default(''), code: code.default('') })
      .strict()
      .default({}),
    data: z
      .object({ exits: z.array(StepExit).max(50).default([]) })
      .catchall(z.unknown())
      .default({}),
    modules: z.array(z.string().trim().min(1).max(200)).max(100).default([]),
    reporting: z.record(z.unknown()).default({}),
    outputExample: z.unknown().default(null),
    formBuilder: FormBuilder.default({}),
    rawMode: z.boolean().default(false),
    hooks: z.record(z.unknown()).default({}),
    originalSource: z.string().max(200_000).nullable().default(null),
  })
  .strict();
export type StepTemplateData = z.infer<typeof StepTemplateData>;

/** `POST step-templates/{id or new}`: a custom step of the account (of one of its flows with flowId). */
export const StepTemplateSaveRequest = StepTemplateData.partial()
  .extend({
    flowId: CatalogueId.nullable().optional(),
    tagIds: tagIds.optional(),
    isTemplate: z.boolean().optional(),
    sandbox: z.boolean().optional(),
  })
  .strict();
export type StepTemplateSaveRequest = z.infer<typeof StepTemplateSaveRequest>;

export const StepTemplateView = StepTemplateData.extend({
  ...entityFields,
  flowId: z.string().uuid().nullable(),
  isCustom: z.boolean(),
  dateCreated: z.string(),
  dateModified: z.string(),
});
export type StepTemplateView = z.infer<typeof StepTemplateView>;

/** `GET step-templates`: the library's step templates and the account's custom ones, 20 a page (spec 9). */
export const StepTemplateListQuery = z
  .object({
    query: searchText,
    categories: commaList(z.string().trim().toLowerCase().min(1).max(100)),
    isCustom: optionalFlag,
    recommended: optionalFlag,
    sandbox: optionalFlag,
    offset: queryInt(0),
    limit: queryInt(STEP_PAGE_SIZE.fallback, STEP_PAGE_SIZE.max),
    order: CatalogueOrder,
  })
  .strict();
export type StepTemplateListQuery = z.infer<typeof StepTemplateListQuery>;

/** `GET step-templates/{flowId}`: the step templates of one flow (used by it or custom to it). */
export const FlowStepTemplatesQuery = z
  .object({
    label: searchText,
    isCustom: optionalFlag,
    offset: queryInt(0),
    limit: queryInt(STEP_PAGE_SIZE.fallback, STEP_PAGE_SIZE.max),
  })
  .strict();
export type FlowStepTemplatesQuery = z.infer<typeof FlowStepTemplatesQuery>;

export const PopularIdsView = z.object({ ids: z.array(z.string().uuid()) });
