import { z } from 'zod';
import { RunState } from '../runs/runs.contract';
import { ViewOptionsChange } from './cards-views.contract';
import { CatalogueId, CatalogueOrigin, optionalFlag } from './catalogue.contract';

/**
 * The data hub's copies (spec 4 "Bot template copy", "Flow download"; spec 7 Data hub): each is a run of the job
 * engine (docs/adr/0009, 0011). The request id a copy answers is the run's id; `GET progress?requestId=` reads it.
 */

/** Run kinds of the copies; their queues are named after them. */
export const COPY_KINDS = {
  space: 'space-copy',
  flow: 'flow-copy',
  step: 'step-copy',
  card: 'card-copy',
  view: 'view-copy',
} as const;
export type CopyKind = (typeof COPY_KINDS)[keyof typeof COPY_KINDS];
export const COPY_KIND_LIST: readonly CopyKind[] = Object.values(COPY_KINDS);

/** Attempts a copy gets before its run ends `failed` (the engine's default). */
export const COPY_ATTEMPTS = 3;
/** The web app polls progress every second, at most 90 times (spec 9). */
export const COPY_PROGRESS_POLL = { everyMs: 1_000, maxTries: 90 } as const;
/** Optional header: a second copy request with the same key (same kind and user) answers the first request's id. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const CopyMessages = {
  externalStepNotFound: 'Release not found',
  stepOrExternal: 'Give exactly one of stepId or externalStep',
  requestNotFound: 'Request not found',
  idempotencyKey: 'Idempotency-Key must be 1 to 200 characters',
  templateGone: (what: string) => `The ${what} to copy is no longer in the library`,
  targetGone: (what: string) => `The ${what} to copy into is no longer there`,
} as const;

/**
 * What a copy records on each row it creates (`origin`): the template (a library row, or for an external step the
 * registry package) and its version at the time, the release's revision for a registry package, when, and the run.
 */
export const CopyOrigin = CatalogueOrigin.required({ copiedAt: true, requestId: true });
export type CopyOrigin = z.infer<typeof CopyOrigin>;

/** `PUT bots`: a library space template → a new space of the caller's account with copies of its flows. */
export const BotCopyRequest = z.object({ botId: CatalogueId }).strict();
export type BotCopyRequest = z.infer<typeof BotCopyRequest>;

export const BotIdParams = z.object({ botId: CatalogueId }).strict();
export type BotIdParams = z.infer<typeof BotIdParams>;

/**
 * `PUT flows/{botId}`: a library flow template into one of the caller's spaces. `shouldUpdateSteps` (default false):
 * when the space already has a live copy of that template, that flow is brought up to the template (its trees, step
 * templates and fields; version + 1) instead of a second copy being made.
 */
export const FlowCopyRequest = z
  .object({ flowId: CatalogueId, shouldUpdateSteps: optionalFlag.transform((value) => value ?? false) })
  .strict();
export type FlowCopyRequest = z.infer<typeof FlowCopyRequest>;

/** A registry package release to copy as a step: `{ id, version }` of a visible STEP (or STEP_TEMPLATE) release. */
export const ExternalStepRef = z
  .object({
    id: z.string().trim().toLowerCase().uuid(),
    version: z.string().trim().min(1).max(100),
    type: z.enum(['STEP', 'STEP_TEMPLATE']).default('STEP'),
  })
  .strict();
export type ExternalStepRef = z.infer<typeof ExternalStepRef>;

/** `PUT step-templates/{flowId}`: `{ stepId }` (a library step template) or `{ externalStep }` (a registry release). */
export const StepCopyRequest = z
  .object({ stepId: CatalogueId.optional(), externalStep: ExternalStepRef.optional() })
  .strict()
  .refine((body) => (body.stepId === undefined) !== (body.externalStep === undefined), CopyMessages.stepOrExternal);
export type StepCopyRequest = z.infer<typeof StepCopyRequest>;

/**
 * `PUT card-templates`: a library card template → a new card of the caller's account; `viewId` (a view of the
 * caller's, else 404): that view holds the copy. `sandbox`: the copy's sandbox flag (default: the template's).
 */
export const CardCopyRequest = z
  .object({ cardId: CatalogueId, viewId: CatalogueId.nullable().optional(), sandbox: z.boolean().optional() })
  .strict();
export type CardCopyRequest = z.infer<typeof CardCopyRequest>;

/**
 * `PUT view-templates`: a library view template → a new view of the caller's account with copies of its cards;
 * `options` (a view options change, merged one by one and normalised) override the template's; `sandbox`: the
 * copies' sandbox flag (default: the template's).
 */
export const ViewCopyRequest = z
  .object({ viewId: CatalogueId, options: ViewOptionsChange.optional(), sandbox: z.boolean().optional() })
  .strict();
export type ViewCopyRequest = z.infer<typeof ViewCopyRequest>;

/** What every copy answers at once (202): poll `GET progress?requestId=`. */
export const CopyStarted = z.object({ requestId: z.string().uuid() });
export type CopyStarted = z.infer<typeof CopyStarted>;

export const ProgressQuery = z.object({ requestId: z.string().trim().toLowerCase().uuid() }).strict();
export type ProgressQuery = z.infer<typeof ProgressQuery>;

export const SpaceCopyResult = z.object({
  botId: z.string().uuid(),
  flowIds: z.array(z.string().uuid()),
  stepTemplateIds: z.array(z.string().uuid()),
});
export type SpaceCopyResult = z.infer<typeof SpaceCopyResult>;
export const FlowCopyResult = z.object({
  botId: z.string().uuid(),
  flowId: z.string().uuid(),
  stepTemplateIds: z.array(z.string().uuid()),
  /** True when an existing copy was brought up to date (shouldUpdateSteps). */
  updated: z.boolean(),
});
export type FlowCopyResult = z.infer<typeof FlowCopyResult>;
export const StepCopyResult = z.object({ flowId: z.string().uuid(), stepTemplateId: z.string().uuid() });
export type StepCopyResult = z.infer<typeof StepCopyResult>;

export const CardCopyResult = z.object({ cardId: z.string().uuid(), viewId: z.string().uuid().nullable() });
export type CardCopyResult = z.infer<typeof CardCopyResult>;
export const ViewCopyResult = z.object({ viewId: z.string().uuid(), cardIds: z.array(z.string().uuid()) });
export type ViewCopyResult = z.infer<typeof ViewCopyResult>;

/** `GET progress?requestId=`: 0–100, the run's state, its error once failed, and what was created once succeeded. */
export const CopyProgress = z.object({
  requestId: z.string().uuid(),
  kind: z.string(),
  progress: z.number().int().min(0).max(100),
  state: RunState,
  error: z.string().nullable(),
  result: z.union([SpaceCopyResult, FlowCopyResult, StepCopyResult, CardCopyResult, ViewCopyResult]).nullable(),
});
export type CopyProgress = z.infer<typeof CopyProgress>;
