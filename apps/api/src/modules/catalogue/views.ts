import type { BotView, CardView, FlowView, StepTemplateView, TagView, ViewView } from '@library/contracts';
import type { BotEntity } from './bot.entity';
import type { CardEntity } from './card.entity';
import type { CatalogueRow } from './catalogue-row';
import type { FlowEntity } from './flow.entity';
import type { StepTemplateEntity } from './step-template.entity';
import type { TagEntity } from './tag.entity';
import type { ViewEntity } from './view.entity';

function rowView(row: CatalogueRow) {
  return {
    id: row.id,
    accountId: row.accountId,
    tagIds: row.tagIds,
    isDeleted: row.isDeleted,
    isTemplate: row.isTemplate,
    sandbox: row.sandbox,
    downloadCount: row.downloadCount,
    origin: row.origin,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toBotView(bot: BotEntity): BotView {
  return { ...rowView(bot), data: bot.data };
}

export function toFlowView(flow: FlowEntity): FlowView {
  return { ...rowView(flow), botId: flow.botId, version: flow.version, isStarter: flow.isStarter, data: flow.data };
}

export function toTagView(tag: TagEntity): TagView {
  return {
    id: tag.id,
    accountId: tag.accountId,
    data: tag.data,
    isDeleted: tag.isDeleted,
    createdAt: tag.createdAt.toISOString(),
    updatedAt: tag.updatedAt.toISOString(),
  };
}

export function toStepTemplateView(step: StepTemplateEntity): StepTemplateView {
  return {
    ...step.data,
    label: step.label,
    recommended: step.recommended,
    ...rowView(step),
    flowId: step.flowId,
    isCustom: !step.isTemplate,
    dateCreated: step.createdAt.toISOString(),
    dateModified: step.updatedAt.toISOString(),
  };
}

export const BOT_FIELDS = {
  top: ['id', 'accountId', 'tagIds', 'isDeleted', 'isTemplate', 'sandbox', 'downloadCount', 'origin', 'createdAt', 'updatedAt', 'data'],
  data: ['label', 'color', 'description', 'iconUrl', 'longDescription', 'categories'],
};
export const FLOW_FIELDS = {
  top: [...BOT_FIELDS.top, 'botId', 'version', 'isStarter'],
  data: ['label', 'color', 'description', 'longDescription', 'iconUrl', 'categories', 'trees', 'stepTemplates'],
};

export function toCardView(card: CardEntity): CardView {
  return {
    ...rowView(card),
    template: card.template,
    type: card.type,
    cardId: card.cardId,
    viewId: card.viewId,
    data: { ...card.data, tagIds: card.tagIds },
  };
}

export function toViewView(view: ViewEntity): ViewView {
  return {
    ...rowView(view),
    cardIds: view.cardIds,
    template: view.template,
    type: view.type,
    botId: view.botId,
    flowId: view.flowId,
    downloadable: view.downloadable,
    data: view.data,
  };
}

export const CARD_FIELDS = {
  top: [...BOT_FIELDS.top, 'template', 'type', 'cardId', 'viewId'],
  data: ['label', 'description', 'kind', 'settings', 'tagIds'],
};
export const VIEW_FIELDS = {
  top: [...BOT_FIELDS.top, 'cardIds', 'template', 'type', 'botId', 'flowId', 'downloadable'],
  data: ['data', 'library', 'cards'],
};
