import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AGENT_INSTALL_KIND,
  AgentInstallResult,
  BotData,
  INSTALLED_RESOURCES_KNOWLEDGE,
  InstallerMessages,
  KnowledgeItem,
} from '@library/contracts';
import { DataSource, EntityManager, ObjectLiteral } from 'typeorm';
import { AgentTemplateEntity } from '../agents/agent-template.entity';
import { AgentEntity } from '../agents/agent.entity';
import { BotEntity } from '../catalogue/bot.entity';
import { copyId, copyOrigin, customStepsOf, FlowCopyPlan, insertRows, planFlowCopy } from '../catalogue/copy-rows';
import { FlowEntity } from '../catalogue/flow.entity';
import { LIBRARY_PARAMETERS, libraryWhere } from '../catalogue/library';
import { StepTemplateEntity } from '../catalogue/step-template.entity';
import { RunHandler, RunJobContext, RunJobHandler } from '../runs/run-handler';

export interface AgentInstallInput extends Record<string, unknown> {
  agentId: string;
  templateId: string;
  /** For the status messages, as the template was named when the install started. */
  templateName: string;
  spaceCount: number;
  flowCount: number;
}

const KNOWLEDGE_MAX = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `agent-install` run (docs/adr/0012): an agent template onto an agent of the run owner's account. Reads and
 * plans outside any transaction (progress per space and flow), then in one `context.transaction()` copies the
 * library spaces (with their flows) and flows the template names into the account with the data hub's copy rows,
 * writes objective, primer, actions, model, knowledge and origin on the agent (plus one knowledge item listing
 * the relational DB, lookup collections, connected resources and tables installed), adds one download to the
 * template and completes the run. Ids derive from the run id, so attempts never make a second copy.
 */
@Injectable()
@RunHandler(AGENT_INSTALL_KIND)
export class AgentInstallHandler implements RunJobHandler<AgentInstallInput, AgentInstallResult> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async handle(context: RunJobContext<AgentInstallInput>): Promise<AgentInstallResult> {
    const { run, input } = context;
    const accountId = run.ownerAccountId!;
    const manager = this.dataSource.manager;
    const template = await manager.findOneBy(AgentTemplateEntity, { id: input.templateId });
    if (!template) throw new Error(InstallerMessages.templateGone);
    const agent = await manager.findOneBy(AgentEntity, { id: input.agentId, accountId });
    if (!agent) throw new Error(InstallerMessages.agentGone);
    await context.progress(5);

    const skipped: AgentInstallResult['skipped'] = [];
    const spaceTemplates: BotEntity[] = [];
    for (const name of template.spaces) {
      const space = await findLibraryItem(manager, BotEntity, 'bot', name);
      if (!space) skipped.push({ kind: 'space', name, reason: InstallerMessages.spaceMissing });
      else if (!spaceTemplates.some((known) => known.id === space.id)) spaceTemplates.push(space);
    }
    const spaceFlows = new Map<string, FlowEntity[]>();
    for (const space of spaceTemplates) {
      spaceFlows.set(
        space.id,
        await manager
          .createQueryBuilder(FlowEntity, 'flow')
          .where('flow.bot_id = :botId AND flow.account_id = :accountId AND NOT flow.is_deleted', {
            botId: space.id,
            accountId: space.accountId,
          })
          .orderBy('flow.created_at', 'ASC')
          .addOrderBy('flow.id', 'ASC')
          .getMany(),
      );
    }
    // A listed flow of a listed space comes with its space; the others are copied on their own.
    const withSpace: Array<{ name: string; flow: FlowEntity }> = [];
    const standalone: Array<{ name: string; flow: FlowEntity }> = [];
    for (const name of template.flows) {
      const flow = await findLibraryItem(manager, FlowEntity, 'flow', name);
      if (!flow) skipped.push({ kind: 'flow', name, reason: InstallerMessages.flowMissing });
      else if (spaceFlows.get(flow.botId)?.some((known) => known.id === flow.id)) withSpace.push({ name, flow });
      else if (!standalone.some((known) => known.flow.id === flow.id)) standalone.push({ name, flow });
    }
    const allFlows = [...[...spaceFlows.values()].flat(), ...standalone.map((item) => item.flow)];
    const customSteps = await customStepsOf(manager, allFlows);
    await context.progress(10);

    const copiedAt = new Date().toISOString();
    const spaceRows: ObjectLiteral[] = spaceTemplates.map((space) => ({
      id: copyId(run.id, 'bot', space.id),
      accountId,
      data: structuredClone(space.data),
      tagIds: [],
      isTemplate: false,
      sandbox: space.sandbox,
      origin: copyOrigin(run.id, space.id, null, copiedAt),
    }));
    // Flows without a listed space go to the first space copied, else to a space made for the agent.
    let targetBotId = spaceRows[0]?.id as string | undefined;
    if (!targetBotId && standalone.length) {
      targetBotId = copyId(run.id, 'bot', template.id);
      spaceRows.push({
        id: targetBotId,
        accountId,
        data: BotData.parse({
          label: agent.name.slice(0, 200),
          description: `Flows installed with the agent template ${template.name}`.slice(0, 2000),
        }),
        tagIds: [],
        isTemplate: false,
        sandbox: false,
        origin: copyOrigin(run.id, template.id, null, copiedAt),
      });
    }
    const plans: FlowCopyPlan[] = [];
    const planned = (flows: FlowEntity[], botId: string) => {
      for (const flow of flows) {
        plans.push(planFlowCopy({ requestId: run.id, template: flow, customSteps: customSteps.get(flow.id)!, accountId, botId, copiedAt }));
      }
    };
    const total = Math.max(1, spaceTemplates.length + standalone.length);
    for (const [index, space] of spaceTemplates.entries()) {
      planned(spaceFlows.get(space.id)!, copyId(run.id, 'bot', space.id));
      await context.progress(10 + ((index + 1) / total) * 80);
      context.signal.throwIfAborted();
    }
    for (const [index, item] of standalone.entries()) {
      planned([item.flow], targetBotId!);
      await context.progress(10 + ((spaceTemplates.length + index + 1) / total) * 80);
      context.signal.throwIfAborted();
    }
    await context.progress(90);

    const copyOf = (flowId: string) => plans.find((plan) => plan.flow.origin?.templateId === flowId)!.flow;
    const result: AgentInstallResult = {
      agentId: agent.id,
      agentName: agent.name,
      templateId: template.id,
      spaces: spaceTemplates.map((space) => ({ name: space.data.label, templateId: space.id, id: copyId(run.id, 'bot', space.id) })),
      flows: [...withSpace, ...standalone].map(({ name, flow }) => ({
        name,
        templateId: flow.id,
        id: copyOf(flow.id).id,
        botId: copyOf(flow.id).botId,
      })),
      skipped,
      relationalDb: template.relationalDb,
      lookupCollections: template.lookupCollections,
      connectedResources: template.connectedResources,
      tables: template.tables,
    };

    return context.transaction(async (tx) => {
      const locked = await tx.findOne(AgentEntity, { where: { id: agent.id, accountId }, lock: { mode: 'pessimistic_write' } });
      if (!locked) throw new Error(InstallerMessages.agentGone);
      await insertRows(tx, BotEntity, spaceRows);
      for (const plan of plans) {
        await insertRows(tx, FlowEntity, [plan.flow]);
        await insertRows(tx, StepTemplateEntity, plan.steps);
      }
      locked.objective = template.objective;
      locked.primer = template.primer;
      locked.actions = structuredClone(template.actions);
      locked.model = structuredClone(template.model);
      locked.knowledge = knowledgeOf(template.knowledge, result);
      locked.origin = { templateId: template.id };
      await tx.save(locked);
      // Last, and locking the template's row: one more download per completed install, committed with it.
      await tx.query(`UPDATE agent_template SET download_count = download_count + 1 WHERE id = $1`, [template.id]);
      return context.complete(tx, { ...result, agentName: locked.name });
    });
  }
}

/**
 * The template's knowledge plus one text item listing what the install set up: spaces and flows copied (with ids),
 * relational DB, lookup collections, connected resources, tables, and what was skipped. Kept in the agent's
 * knowledge JSON (no new column): the agent can read it, and `GET agents/{id}` shows it.
 */
export function knowledgeOf(knowledge: KnowledgeItem[], result: AgentInstallResult): KnowledgeItem[] {
  const list = (values: string[]) => (values.length ? values.join(', ') : 'none');
  const lines = [
    `Spaces: ${list(result.spaces.map((space) => `${space.name} (${space.id})`))}`,
    `Flows: ${list(result.flows.map((flow) => `${flow.name} (${flow.id})`))}`,
    `Relational DB: ${list(result.relationalDb)}`,
    `Lookup collections: ${list(result.lookupCollections)}`,
    `Connected resources: ${list(result.connectedResources)}`,
    `Tables: ${list(result.tables)}`,
    ...(result.skipped.length ? [`Skipped: ${result.skipped.map((item) => `${item.kind} ${item.name} (${item.reason})`).join('; ')}`] : []),
  ];
  const kept = knowledge.filter((item) => item.name !== INSTALLED_RESOURCES_KNOWLEDGE).slice(0, KNOWLEDGE_MAX - 1);
  return [...structuredClone(kept), { type: 'text', name: INSTALLED_RESOURCES_KNOWLEDGE, value: lines.join('\n').slice(0, 20_000) }];
}

/** A library item (providers account template, not deleted) by id, or by label regardless of case (oldest first). */
function findLibraryItem<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: new () => T,
  alias: string,
  name: string,
): Promise<T | null> {
  const builder = manager.createQueryBuilder(entity, alias).where(libraryWhere(alias), LIBRARY_PARAMETERS);
  if (UUID.test(name.trim())) builder.andWhere(`${alias}.id = :id`, { id: name.trim().toLowerCase() });
  else builder.andWhere(`lower(${alias}.data->>'label') = lower(:label)`, { label: name.trim() });
  return builder.orderBy(`${alias}.created_at`, 'ASC').addOrderBy(`${alias}.id`, 'ASC').getOne();
}
