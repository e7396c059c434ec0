import { CopyOrigin, FlowData, StepTemplateData } from '@library/contracts';
import type { EntityManager, ObjectLiteral } from 'typeorm';
import { uuidV5 } from '../runs/idempotency';
import type { CardEntity } from './card.entity';
import type { FlowEntity } from './flow.entity';
import { LIBRARY_PARAMETERS, libraryWhere } from './library';
import { StepTemplateEntity } from './step-template.entity';

/**
 * Pure parts of the copies (docs/adr/0011 "Copies"): the ids of what a copy creates and the rows it writes.
 * Ids are UUID v5 of the run id and the template: every attempt of one run writes the same rows, so a retried
 * copy can never leave two copies (and the rows commit with the run's success, so never half of one).
 */
export function copyId(requestId: string, what: 'bot' | 'flow' | 'step' | 'card' | 'view', templateId: string): string {
  return uuidV5(`${what}:${templateId}`, requestId);
}

export function copyOrigin(
  requestId: string,
  templateId: string,
  version: string | number | null,
  copiedAt: string,
  releaseId?: string,
): CopyOrigin {
  return { templateId, version, ...(releaseId ? { releaseId } : {}), copiedAt, requestId };
}

/** A flow's data with its step template references moved from the template's custom steps to their copies. */
export function remapStepTemplates(data: FlowData, copies: ReadonlyMap<string, string>): FlowData {
  const moved = (id: string) => copies.get(id) ?? id;
  return {
    ...data,
    trees: data.trees.map((tree) => ({
      ...tree,
      steps: tree.steps.map((step) => (step.stepTemplateId ? { ...step, stepTemplateId: moved(step.stepTemplateId) } : { ...step })),
    })),
    stepTemplates: [...new Set(data.stepTemplates.map(moved))],
  };
}

export type FlowRow = Pick<
  FlowEntity,
  'id' | 'accountId' | 'botId' | 'data' | 'stepTemplateIds' | 'tagIds' | 'isTemplate' | 'isStarter' | 'sandbox' | 'version' | 'origin'
>;
export type StepRow = Pick<
  StepTemplateEntity,
  'id' | 'accountId' | 'flowId' | 'label' | 'recommended' | 'data' | 'tagIds' | 'isTemplate' | 'sandbox' | 'origin'
>;

export interface FlowCopyPlan {
  flow: FlowRow;
  /** Copies of the template flow's own (custom) step templates, as custom steps of the new flow. */
  steps: StepRow[];
}

/**
 * The rows of one flow copy: the flow (a new id, or `existing` when a copy is brought up to date) and copies of the
 * template's custom step templates (`existingSteps` maps a template step id to the copy to update). Tags are per
 * account, so copies start untagged; a copy is never a template or a starter.
 */
export function planFlowCopy(options: {
  requestId: string;
  template: FlowEntity;
  customSteps: StepTemplateEntity[];
  accountId: string;
  botId: string;
  copiedAt: string;
  existing?: { id: string; version: number };
  existingSteps?: ReadonlyMap<string, string>;
}): FlowCopyPlan {
  const { requestId, template, accountId, copiedAt } = options;
  const flowId = options.existing?.id ?? copyId(requestId, 'flow', template.id);
  const stepIds = new Map(
    options.customSteps.map((step) => [
      step.id,
      options.existingSteps?.get(step.id) ?? copyId(requestId, 'step', `${template.id}:${step.id}`),
    ]),
  );
  const data = remapStepTemplates(template.data, stepIds);
  return {
    flow: {
      id: flowId,
      accountId,
      botId: options.botId,
      data,
      stepTemplateIds: data.stepTemplates,
      tagIds: [],
      isTemplate: false,
      isStarter: false,
      sandbox: template.sandbox,
      version: options.existing ? options.existing.version + 1 : 1,
      origin: copyOrigin(requestId, template.id, template.version, copiedAt),
    },
    steps: options.customSteps.map((step) => ({
      ...stepRowOf(step, accountId, copyOrigin(requestId, step.id, step.data.version, copiedAt)),
      id: stepIds.get(step.id)!,
      flowId,
    })),
  };
}

/** A custom step template of `accountId` copied from `step` (flow set by the caller). */
export function stepRowOf(step: StepTemplateEntity, accountId: string, origin: CopyOrigin): StepRow {
  return {
    id: step.id,
    accountId,
    flowId: null,
    label: step.label,
    recommended: step.recommended,
    data: structuredClone(step.data),
    tagIds: [],
    isTemplate: false,
    sandbox: step.sandbox,
    origin,
  };
}

export type CardRow = Pick<
  CardEntity,
  'id' | 'accountId' | 'template' | 'type' | 'cardId' | 'viewId' | 'data' | 'tagIds' | 'isTemplate' | 'sandbox' | 'origin'
>;

/**
 * A card of `accountId` copied from `card` (a card template, or a card of a view template): template details and
 * type kept, `cardId` the card it was copied from, untagged (tags are per account), never a template.
 */
export function cardCopyRow(options: {
  requestId: string;
  card: CardEntity;
  accountId: string;
  viewId: string | null;
  sandbox: boolean;
  copiedAt: string;
}): CardRow {
  const { requestId, card, copiedAt } = options;
  return {
    id: copyId(requestId, 'card', card.id),
    accountId: options.accountId,
    template: card.template && structuredClone(card.template),
    type: card.type,
    cardId: card.id,
    viewId: options.viewId,
    data: structuredClone(card.data),
    tagIds: [],
    isTemplate: false,
    sandbox: options.sandbox,
    origin: copyOrigin(requestId, card.id, card.template?.version ?? null, copiedAt),
  };
}

/** The fields of a step template made from a registry release (LEGACY data carries template, form …; EXTERNAL only files). */
export function stepDataOfRelease(release: {
  label: string;
  description: string | null;
  version: string;
  schemaType: string;
  meta: Record<string, unknown> | null;
  data: unknown;
  categories: string[];
}): Omit<StepTemplateData, 'label' | 'recommended'> & { label: string; recommended: boolean } {
  const source = (release.data && typeof release.data === 'object' ? release.data : {}) as Record<string, unknown>;
  const meta = release.meta ?? {};
  const pick = <T>(value: unknown, check: (value: unknown) => boolean, fallback: T): T => (check(value) ? (value as T) : fallback);
  const isString = (value: unknown) => typeof value === 'string';
  const candidate = {
    label: release.label.trim() || undefined,
    description: release.description ?? '',
    icon: pick(meta.icon, isString, ''),
    categories: release.categories,
    version: release.version,
    isExternal: release.schemaType === 'EXTERNAL',
    template: pick(source.template, isString, ''),
    form: pick(source.form, (value) => !!value && typeof value === 'object', {}),
    outputExample: source.outputExample ?? null,
  };
  const parsed = StepTemplateData.safeParse(candidate);
  // A release whose fields don't fit a step template keeps what does: label, description, version when valid.
  return parsed.success
    ? parsed.data
    : StepTemplateData.parse({
        label: candidate.label,
        description: candidate.description.slice(0, 2000),
        isExternal: candidate.isExternal,
        ...(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(release.version) ? { version: release.version } : {}),
      });
}

/** A library row (a template of the providers account, not deleted; hide-in-library ones too) by id, or null. */
export function findLibraryRow<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: new () => T,
  alias: string,
  id: string,
): Promise<T | null> {
  return manager
    .createQueryBuilder(entity, alias)
    .where(`${alias}.id = :id`, { id })
    .andWhere(libraryWhere(alias), LIBRARY_PARAMETERS)
    .getOne();
}

/** The live custom step templates of flows (a template flow's own steps), by flow id. */
export async function customStepsOf(manager: EntityManager, flows: FlowEntity[]): Promise<Map<string, StepTemplateEntity[]>> {
  const byFlow = new Map<string, StepTemplateEntity[]>(flows.map((flow) => [flow.id, []]));
  if (!flows.length) return byFlow;
  const steps = await manager
    .createQueryBuilder(StepTemplateEntity, 'step')
    .where('step.flow_id = ANY(CAST(:ids AS uuid[])) AND NOT step.is_deleted', { ids: flows.map((flow) => flow.id) })
    .orderBy('step.created_at', 'ASC')
    .addOrderBy('step.id', 'ASC')
    .getMany();
  const accounts = new Map(flows.map((flow) => [flow.id, flow.accountId]));
  for (const step of steps) if (accounts.get(step.flowId!) === step.accountId) byFlow.get(step.flowId!)!.push(step);
  return byFlow;
}

/** Inserts rows; one already there (the same deterministic id) is left as it is. */
export async function insertRows(manager: EntityManager, entity: new () => ObjectLiteral, rows: ObjectLiteral[]): Promise<void> {
  if (!rows.length) return;
  await manager.createQueryBuilder().insert().into(entity).values(rows).orIgnore().execute();
}
