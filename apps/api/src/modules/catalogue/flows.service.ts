import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ByStepTemplateQuery,
  CatalogueMessages,
  DataOutsQuery,
  DataOutView,
  FlowData,
  FlowListQuery,
  FlowSaveRequest,
  FlowView,
  NEW_ID,
  PopularQuery,
  StepTemplateView,
  TagChangeRequest,
} from '@library/contracts';
import { DataSource, Repository } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { BotsService } from './bots.service';
import { FlowEntity } from './flow.entity';
import { changedTagIds, likePattern, ListPage, onlyListedLibrary, orderColumn, projector, readableBy } from './library';
import { StepTemplateEntity } from './step-template.entity';
import { TagsService } from './tags.service';
import { FLOW_FIELDS, toFlowView, toStepTemplateView } from './views';

/** data.stepTemplates with every stepTemplateId of the trees' steps added (first seen first). */
export function withStepTemplates(data: FlowData): FlowData {
  const ids = new Set(data.stepTemplates);
  for (const tree of data.trees) for (const step of tree.steps) if (step.stepTemplateId) ids.add(step.stepTemplateId);
  return { ...data, stepTemplates: [...ids] };
}

/**
 * Flows of the caller's spaces and the library's flow templates (spec 3 Flow, 7 Data hub "Flows"). Saving an existing
 * flow needs the version it started from (`previousVersion`): a stale one is a 409, so concurrent editors never
 * overwrite each other; each save adds one to `version`.
 */
@Injectable()
export class FlowsService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(FlowEntity) private readonly flows: Repository<FlowEntity>,
    @InjectRepository(StepTemplateEntity) private readonly steps: Repository<StepTemplateEntity>,
    private readonly bots: BotsService,
    private readonly tags: TagsService,
  ) {}

  async list(principal: UserPrincipal, query: FlowListQuery): Promise<ListPage<Partial<FlowView>>> {
    const project = projector<FlowView>(query.projection, FLOW_FIELDS);
    const builder = this.flows.createQueryBuilder('flow');
    if (query.library || query.starters) {
      onlyListedLibrary(builder, 'flow');
      if (query.starters) builder.andWhere('flow.is_starter');
    } else {
      builder.where('flow.account_id = :accountId AND flow.is_deleted = :isDeleted', {
        accountId: principal.accountId,
        isDeleted: query.isDeleted,
      });
    }
    if (query.botId) builder.andWhere('flow.bot_id = :botId', { botId: query.botId });
    if (query.sandbox !== undefined) builder.andWhere('flow.sandbox = :sandbox', { sandbox: query.sandbox });
    if (query.query) {
      builder.andWhere(`(flow.data->>'label' ILIKE :pattern OR flow.data->>'description' ILIKE :pattern)`, {
        pattern: likePattern(query.query),
      });
    }
    const [flows, total] = await builder
      .orderBy(orderColumn('flow', query.order.field), query.order.direction)
      .addOrderBy('flow.id', query.order.direction)
      .skip(query.offset)
      .take(query.limit)
      .getManyAndCount();
    return { items: flows.map((flow) => project(toFlowView(flow))), total, offset: query.offset, limit: query.limit };
  }

  async popular(query: PopularQuery): Promise<ListPage<Partial<FlowView>>> {
    const project = projector<FlowView>(query.projection, FLOW_FIELDS);
    const builder = onlyListedLibrary(this.flows.createQueryBuilder('flow'), 'flow');
    if (query.sandbox !== undefined) builder.andWhere('flow.sandbox = :sandbox', { sandbox: query.sandbox });
    const [flows, total] = await builder
      .orderBy('flow.download_count', 'DESC')
      .addOrderBy('flow.created_at', 'DESC')
      .addOrderBy('flow.id', 'DESC')
      .take(query.limit)
      .getManyAndCount();
    return { items: flows.map((flow) => project(toFlowView(flow))), total, offset: 0, limit: query.limit };
  }

  async get(principal: UserPrincipal, id: string): Promise<FlowView> {
    return toFlowView(await this.readable(principal, id));
  }

  /** `flows/new` creates (flow.botId: a space of the account); `flows/{id}` updates when previousVersion is current. */
  async save(principal: UserPrincipal, id: string, body: FlowSaveRequest): Promise<FlowView> {
    const { flow: input, previousVersion } = body;
    await this.tags.requireOwn(principal, input.tagIds);
    if (input.botId) await this.bots.own(principal, input.botId);
    if (id === NEW_ID) {
      if (!input.botId) throw new DomainError('BAD_REQUEST', 'flow.botId: Required');
      const data = withStepTemplates(FlowData.parse(input.data));
      const flow = this.flows.create({
        accountId: principal.accountId,
        botId: input.botId,
        data,
        stepTemplateIds: data.stepTemplates,
        tagIds: [...new Set(input.tagIds ?? [])],
        isTemplate: input.isTemplate ?? false,
        isStarter: input.isStarter ?? false,
        sandbox: input.sandbox ?? false,
        version: 1,
      });
      return toFlowView(await this.flows.save(flow));
    }
    if (previousVersion === undefined) throw new DomainError('BAD_REQUEST', CatalogueMessages.previousVersionRequired);
    return this.dataSource.transaction(async (manager) => {
      const flow = await manager.findOne(FlowEntity, {
        where: { id, accountId: principal.accountId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!flow) throw new DomainError('NOT_FOUND', CatalogueMessages.flowNotFound);
      if (flow.version !== previousVersion) throw new DomainError('CONFLICT', CatalogueMessages.staleFlow(previousVersion, flow.version));
      flow.data = withStepTemplates(FlowData.parse({ ...flow.data, ...input.data }));
      flow.stepTemplateIds = flow.data.stepTemplates;
      if (input.botId) flow.botId = input.botId;
      if (input.tagIds) flow.tagIds = [...new Set(input.tagIds)];
      if (input.isTemplate !== undefined) flow.isTemplate = input.isTemplate;
      if (input.isStarter !== undefined) flow.isStarter = input.isStarter;
      if (input.sandbox !== undefined) flow.sandbox = input.sandbox;
      flow.version += 1;
      return toFlowView(await manager.save(flow));
    });
  }

  async remove(principal: UserPrincipal, id: string, temporarily: boolean): Promise<void> {
    const flow = await this.own(principal, id);
    if (temporarily) await this.flows.update({ id: flow.id }, { isDeleted: true });
    else await this.flows.delete({ id: flow.id });
  }

  async recover(principal: UserPrincipal, id: string): Promise<FlowView> {
    const flow = await this.own(principal, id);
    flow.isDeleted = false;
    return toFlowView(await this.flows.save(flow));
  }

  /** Tags are not content: changing them leaves `version` as it is. */
  async changeTags(principal: UserPrincipal, id: string, change: TagChangeRequest): Promise<FlowView> {
    const flow = await this.own(principal, id);
    await this.tags.requireOwn(principal, [...(change.add ?? []), ...(change.remove ?? [])]);
    const tagIds = changedTagIds(flow.tagIds, change);
    await this.flows.update({ id: flow.id }, { tagIds });
    return toFlowView({ ...flow, tagIds });
  }

  /** The account's live flows (all, or of one space) using any of the step templates; `global`: the library's. */
  async byStepTemplate(principal: UserPrincipal, query: ByStepTemplateQuery, global: boolean): Promise<Array<Partial<FlowView>>> {
    const project = projector<FlowView>(query.projection, FLOW_FIELDS);
    const builder = this.flows.createQueryBuilder('flow').where('flow.step_template_ids && CAST(:ids AS uuid[])', { ids: query.ids });
    if (global) onlyListedLibrary(builder, 'flow');
    else builder.andWhere('flow.account_id = :accountId AND NOT flow.is_deleted', { accountId: principal.accountId });
    const flows = await builder.orderBy(`lower(flow.data->>'label')`, 'ASC').addOrderBy('flow.id', 'ASC').getMany();
    return flows.map((flow) => project(toFlowView(flow)));
  }

  /**
   * The data-out steps of the account's live flows (of one space with botId): each step whose step template says
   * formBuilder.hasDataOut, with the template's outputExample. Ordered by flow label, then tree and step order.
   */
  async dataOuts(principal: UserPrincipal, query: DataOutsQuery): Promise<DataOutView[]> {
    const builder = this.flows
      .createQueryBuilder('flow')
      .where('flow.account_id = :accountId AND NOT flow.is_deleted', { accountId: principal.accountId });
    if (query.botId) builder.andWhere('flow.bot_id = :botId', { botId: query.botId });
    const flows = await builder.orderBy(`lower(flow.data->>'label')`, 'ASC').addOrderBy('flow.id', 'ASC').getMany();
    const ids = [...new Set(flows.flatMap((flow) => flow.stepTemplateIds))];
    if (!ids.length) return [];
    const templates = await readableBy(this.steps.createQueryBuilder('step'), 'step', principal.accountId)
      .andWhere('step.id = ANY(CAST(:ids AS uuid[]))', { ids })
      .andWhere(`(step.data->'formBuilder'->>'hasDataOut')::boolean`)
      .getMany();
    const byId = new Map(templates.map((template) => [template.id, template]));
    const outs: DataOutView[] = [];
    for (const flow of flows) {
      for (const tree of flow.data.trees) {
        for (const step of tree.steps) {
          const template = step.stepTemplateId ? byId.get(step.stepTemplateId) : undefined;
          if (!template) continue;
          outs.push({
            flowId: flow.id,
            flowLabel: flow.data.label,
            botId: flow.botId,
            treeId: tree.id,
            stepId: step.id,
            stepLabel: step.label ?? template.label,
            stepTemplateId: template.id,
            stepTemplateLabel: template.label,
            outputExample: template.data.outputExample ?? null,
          });
        }
      }
    }
    return outs;
  }

  /** The step templates a readable flow uses, as far as the caller may read them, in the flow's order. */
  async stepTemplates(principal: UserPrincipal, id: string): Promise<StepTemplateView[]> {
    const flow = await this.readable(principal, id);
    if (!flow.stepTemplateIds.length) return [];
    const templates = await readableBy(this.steps.createQueryBuilder('step'), 'step', principal.accountId)
      .andWhere('step.id = ANY(CAST(:ids AS uuid[]))', { ids: flow.stepTemplateIds })
      .getMany();
    const order = new Map(flow.stepTemplateIds.map((stepId, index) => [stepId, index]));
    return templates.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map(toStepTemplateView);
  }

  /** A flow of the caller's account (deleted ones too), or a library flow template. */
  async readable(principal: UserPrincipal, id: string): Promise<FlowEntity> {
    const flow = await readableBy(
      this.flows.createQueryBuilder('flow').where('flow.id = :id', { id }),
      'flow',
      principal.accountId,
    ).getOne();
    if (!flow) throw new DomainError('NOT_FOUND', CatalogueMessages.flowNotFound);
    return flow;
  }

  async own(principal: UserPrincipal, id: string): Promise<FlowEntity> {
    const flow = await this.flows.findOneBy({ id, accountId: principal.accountId });
    if (!flow) throw new DomainError('NOT_FOUND', CatalogueMessages.flowNotFound);
    return flow;
  }
}
