import { z } from 'zod';
import { queryInt } from '../common/query';
import {
  CATALOGUE_LIMIT,
  CatalogueId,
  CatalogueOrder,
  DEFAULT_LABEL,
  entityFields,
  optionalFlag,
  POPULAR_LIMIT,
} from './catalogue.contract';

/** Messages of the data hub's cards and views (spec 5 for the view tag ones, ours where the spec is silent). */
export const CardsViewsMessages = {
  cardNotFound: 'Card not found',
  cardTemplateNotFound: 'Card template not found',
  viewNotFound: 'View not found',
  viewTemplateNotFound: 'View template not found',
  noTagIdsToAdd: 'No tag IDs to add.',
  noTagIdsToRemove: 'No tag IDs to remove.',
  templatesAdminOnly: 'Only an admin of the providers account can change library templates',
  keepOrHolders: 'Give either keepTemplateDetails or holderIds',
} as const;

/** View loading timeout in seconds (spec 5, 9): default 10, clamped to 1..60. */
export const VIEW_LOADING_TIMEOUT = { fallback: 10, min: 1, max: 60 } as const;
export const VIEW_ERROR_OPTIONS = ['reload-page', 'sign-out'] as const;
export const VIEW_PROGRESS_TYPES = ['circular', 'linear'] as const;
export const VIEW_SLOTS = ['aside-left', 'aside-right', 'footer', 'header', 'navigation'] as const;
export const DEFAULT_DATE_RANGE = '30days';
export const DEFAULT_TIMEZONE = 'UTC';

const label = z.string().trim().min(1).max(200);
const description = z.string().max(2000);
const shortText = z.string().trim().max(200);
const categories = z.array(z.string().trim().min(1).max(100)).max(50);
const tagIds = z.array(CatalogueId).max(200);
const css = z.string().max(50_000);

/** `MyClass`, `my_class`, `my class` → `my-class` (spec 5: view class names stored in kebab form). */
export function toKebabCase(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

/**
 * The loading timeout in seconds (spec 5): absent → 10; a number (or numeric string) clamped to 1..60 and rounded;
 * empty, null or non-numeric → cleared (null).
 */
export const ViewLoadingTimeout = z.preprocess((value) => {
  if (value === undefined) return VIEW_LOADING_TIMEOUT.fallback;
  if (value === null || (typeof value === 'string' && !value.trim())) return null;
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(parsed)) return null;
  return Math.min(VIEW_LOADING_TIMEOUT.max, Math.max(VIEW_LOADING_TIMEOUT.min, Math.round(parsed)));
}, z.number().int().nullable());

/** Class names: a list, or one string separated by spaces or commas; each kebab-cased, empties and repeats dropped. */
export const ViewClasses = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return [];
    const parts = typeof value === 'string' ? value.split(/[\s,]+/) : value;
    if (!Array.isArray(parts) || parts.some((part) => typeof part !== 'string')) return parts;
    return [...new Set((parts as string[]).map(toKebabCase).filter(Boolean))];
  },
  z.array(z.string().max(100)).max(100),
);

export const ViewLoadingStatus = z
  .object({
    title: shortText.default(''),
    message: z.string().max(2000).default(''),
    errorOptionIds: z
      .array(z.enum(VIEW_ERROR_OPTIONS))
      .max(VIEW_ERROR_OPTIONS.length)
      .default(['reload-page'])
      .transform((ids) => [...new Set(ids)]),
    showProgress: z.boolean().default(true),
    progressType: z.enum(VIEW_PROGRESS_TYPES).default('circular'),
    slots: z
      .array(z.enum(VIEW_SLOTS))
      .max(VIEW_SLOTS.length)
      .default([])
      .transform((slots) => [...new Set(slots)]),
    flat: z.boolean().default(false),
    timeout: ViewLoadingTimeout,
  })
  .strict();
export type ViewLoadingStatus = z.infer<typeof ViewLoadingStatus>;

export const ViewFilters = z
  .object({
    dates: z
      .object({
        rangeName: z.string().trim().min(1).max(50).default(DEFAULT_DATE_RANGE),
        timezone: z.string().trim().min(1).max(100).default(DEFAULT_TIMEZONE),
        from: z.string().datetime({ offset: true }).nullable().default(null),
        to: z.string().datetime({ offset: true }).nullable().default(null),
      })
      .strict()
      .default({}),
  })
  .strict();

/** The options of a view (spec 3 View data.data), with their defaults; the settings form edits these. */
export const ViewOptions = z
  .object({
    label: label.default(DEFAULT_LABEL),
    description: description.default(''),
    filterByTagIds: tagIds.default([]),
    'background-color': shortText.default(''),
    customBackgroundColor: shortText.default(''),
    style: css.default(''),
    viewClasses: ViewClasses,
    loadEntities: z
      .object({
        bots: z.boolean().default(false),
        flows: z.boolean().default(false),
        tags: z.boolean().default(false),
        views: z.boolean().default(false),
      })
      .strict()
      .default({}),
    showFilterByTagsButton: z.boolean().default(false),
    showFilterByTagsButtonWhenReadOnly: z.boolean().default(false),
    allowCardsDragging: z.boolean().default(true),
    allowCardsDraggingWhenReadOnly: z.boolean().default(false),
    destroyRejectedCards: z.boolean().default(false),
    useCustomBackgroundColor: z.boolean().default(false),
    showViewLoadingStatus: z.boolean().default(false),
    viewLoadingStatus: ViewLoadingStatus.default({}),
    filters: ViewFilters.default({}),
    navigationSection: shortText.nullable().default(null),
  })
  .strict();
export type ViewOptions = z.infer<typeof ViewOptions>;

/**
 * A change of view options: the options given replace the stored ones one by one, and so do the fields of
 * loadEntities, viewLoadingStatus and filters.dates (`timeout: ''` or `null` clears the timeout).
 */
export const ViewOptionsChange = ViewOptions.extend({
  loadEntities: ViewOptions.shape.loadEntities.removeDefault().partial().strict(),
  viewLoadingStatus: ViewLoadingStatus.partial().strict(),
  filters: z.object({ dates: ViewFilters.shape.dates.removeDefault().partial().strict() }).partial().strict(),
})
  .partial()
  .strict();
export type ViewOptionsChange = z.infer<typeof ViewOptionsChange>;

/** One card placed on a view (data.cards.items): the card and its grid position. */
export const ViewCardItem = z
  .object({
    cardId: CatalogueId,
    x: z.number().int().min(0).max(1000).default(0),
    y: z.number().int().min(0).max(10_000).default(0),
    w: z.number().int().min(1).max(100).default(4),
    h: z.number().int().min(1).max(100).default(3),
  })
  .strict();

export const ViewData = z
  .object({
    data: ViewOptions.default({}),
    library: z
      .object({ category: z.string().trim().max(100).default('') })
      .strict()
      .default({}),
    cards: z
      .object({ items: z.array(ViewCardItem).max(500).default([]) })
      .strict()
      .default({}),
  })
  .strict();
export type ViewData = z.infer<typeof ViewData>;

/** Template details of a card or a view (spec 3): what the library shows. Set on templates and kept on copies. */
export const TemplateDetails = z
  .object({
    type: z.string().trim().min(1).max(50).default('card'),
    label: label.default(DEFAULT_LABEL),
    description: description.default(''),
    version: z
      .string()
      .trim()
      .regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/, 'Version must look like 1.2.3')
      .default('0.0.1'),
    category: z.string().trim().max(100).default(''),
    categories: categories.default([]),
  })
  .strict();
export type TemplateDetails = z.infer<typeof TemplateDetails>;

/** What a card shows: its label and description, its kind of content and free settings (query, chart options). */
export const CardData = z
  .object({
    label: label.default(DEFAULT_LABEL),
    description: description.default(''),
    kind: z.string().trim().min(1).max(50).default('kpi'),
    settings: z.record(z.unknown()).default({}),
    /** The card's tags (kept in the row's tag_ids; given here on save, answered here and as tagIds). */
    tagIds: tagIds.default([]),
  })
  .strict();
export type CardData = z.infer<typeof CardData>;

// ---------------------------------------------------------------------------------------------------------------
// Cards
// ---------------------------------------------------------------------------------------------------------------

export const CardInput = z
  .object({
    template: TemplateDetails.nullable().optional(),
    type: z.string().trim().min(1).max(50).nullable().optional(),
    viewId: CatalogueId.nullable().optional(),
    data: CardData.partial().strict().default({}),
    isTemplate: z.boolean().optional(),
    sandbox: z.boolean().optional(),
  })
  .strict();

/** `POST cards/{id or new}` `{ card }`: on update, the fields given replace the stored ones (data one by one). */
export const CardSaveRequest = z.object({ card: CardInput }).strict();
export type CardSaveRequest = z.infer<typeof CardSaveRequest>;

export const CardView = z.object({
  ...entityFields,
  template: TemplateDetails.nullable(),
  type: z.string().nullable(),
  cardId: z.string().uuid().nullable(),
  viewId: z.string().uuid().nullable(),
  data: CardData,
});
export type CardView = z.infer<typeof CardView>;

/**
 * `PUT cards/{id}`: `{ holderIds }` re-attaches the card to those views of the account (and to no other);
 * `{ keepTemplateDetails }` detaches it from its template (cardId and origin cleared), keeping the template details or not.
 */
export const CardPutRequest = z
  .object({ keepTemplateDetails: z.boolean().optional(), holderIds: z.array(CatalogueId).max(100).optional() })
  .strict()
  .refine((body) => (body.keepTemplateDetails === undefined) !== (body.holderIds === undefined), CardsViewsMessages.keepOrHolders);
export type CardPutRequest = z.infer<typeof CardPutRequest>;

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
const searchText = z
  .string()
  .trim()
  .toLowerCase()
  .max(200)
  .optional()
  .transform((value) => value || undefined);
const limit = z.number().int().min(1).max(CATALOGUE_LIMIT.max).default(CATALOGUE_LIMIT.fallback);

/** `POST get-cards`: the account's cards by ids, of one view, and/or by filters. */
export const GetCardsRequest = z
  .object({
    ids: z.array(CatalogueId).max(500).optional(),
    viewId: CatalogueId.optional(),
    filters: z
      .object({
        query: searchText,
        type: z.string().trim().max(50).optional(),
        tagIds: tagIds.optional(),
        isDeleted: z.boolean().default(false),
        sandbox: z.boolean().optional(),
      })
      .strict()
      .default({}),
    projection: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    limit,
    offset: z.number().int().min(0).default(0),
  })
  .strict();
export type GetCardsRequest = z.infer<typeof GetCardsRequest>;

/** `GET card-templates`, `GET view-templates`: the library's; New (`-createdAt`, i.e. dateCreated desc) by default. */
export const TemplateListQuery = z
  .object({
    projection,
    query: searchText,
    category: z.string().trim().toLowerCase().max(100).optional(),
    sandbox: optionalFlag,
    limit: queryInt(CATALOGUE_LIMIT.fallback, CATALOGUE_LIMIT.max),
    offset: queryInt(0),
    order: CatalogueOrder,
  })
  .strict();
export type TemplateListQuery = z.infer<typeof TemplateListQuery>;

export const TemplatePopularQuery = z
  .object({ limit: queryInt(POPULAR_LIMIT.fallback, POPULAR_LIMIT.max), sandbox: optionalFlag, projection })
  .strict();
export type TemplatePopularQuery = z.infer<typeof TemplatePopularQuery>;

/** `PATCH card-templates/{id}`: template details (one by one), tags and sandbox of a library card template. */
export const CardTemplatePatchRequest = z
  .object({
    template: TemplateDetails.partial().strict().optional(),
    data: CardData.omit({ tagIds: true }).partial().strict().optional(),
    tagIds: tagIds.optional(),
    sandbox: z.boolean().optional(),
  })
  .strict();
export type CardTemplatePatchRequest = z.infer<typeof CardTemplatePatchRequest>;

// ---------------------------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------------------------

export const ViewInput = z
  .object({
    cardIds: z.array(CatalogueId).max(500).optional(),
    template: TemplateDetails.nullable().optional(),
    type: z.string().trim().min(1).max(50).nullable().optional(),
    botId: CatalogueId.nullable().optional(),
    flowId: CatalogueId.nullable().optional(),
    data: z
      .object({
        data: ViewOptionsChange.optional(),
        library: z
          .object({ category: z.string().trim().max(100) })
          .strict()
          .optional(),
        cards: z
          .object({ items: z.array(ViewCardItem).max(500) })
          .strict()
          .optional(),
      })
      .strict()
      .default({}),
    tagIds: tagIds.optional(),
    isTemplate: z.boolean().optional(),
    sandbox: z.boolean().optional(),
  })
  .strict();

/** `POST views/{id or new}` `{ view }`: on update, options given replace the stored ones one by one. */
export const ViewSaveRequest = z.object({ view: ViewInput }).strict();
export type ViewSaveRequest = z.infer<typeof ViewSaveRequest>;

export const ViewView = z.object({
  ...entityFields,
  cardIds: z.array(z.string().uuid()),
  template: TemplateDetails.nullable(),
  type: z.string().nullable(),
  botId: z.string().uuid().nullable(),
  flowId: z.string().uuid().nullable(),
  downloadable: z.boolean(),
  data: ViewData,
});
export type ViewView = z.infer<typeof ViewView>;

/** `GET views`: the account's views (soft-deleted ones with isDeleted=true), of one space or flow. */
export const ViewListQuery = z
  .object({
    projection,
    query: searchText,
    sandbox: optionalFlag,
    isDeleted: optionalFlag.transform((value) => value ?? false),
    botId: CatalogueId.optional(),
    flowId: CatalogueId.optional(),
    limit: queryInt(CATALOGUE_LIMIT.fallback, CATALOGUE_LIMIT.max),
    offset: queryInt(0),
    order: CatalogueOrder,
  })
  .strict();
export type ViewListQuery = z.infer<typeof ViewListQuery>;

/** `PATCH view-templates/{id}` `{ options }`: view options of a library view template, merged one by one. */
export const ViewTemplatePatchRequest = z.object({ options: ViewOptionsChange }).strict();
export type ViewTemplatePatchRequest = z.infer<typeof ViewTemplatePatchRequest>;

/** `PUT downloadable-views` `{ viewIds }`: replaces the list of the account's views offered for download. */
export const DownloadableViewsRequest = z.object({ viewIds: z.array(CatalogueId).max(500) }).strict();
export type DownloadableViewsRequest = z.infer<typeof DownloadableViewsRequest>;

export const DownloadableViewsView = z.object({ viewIds: z.array(z.string().uuid()), items: z.array(ViewView) });
export type DownloadableViewsView = z.infer<typeof DownloadableViewsView>;
