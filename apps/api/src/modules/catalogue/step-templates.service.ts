import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CatalogueMessages,
  FlowStepTemplatesQuery,
  NEW_ID,
  PopularQuery,
  StepTemplateData,
  StepTemplateListQuery,
  StepTemplateSaveRequest,
  StepTemplateView,
} from '@library/contracts';
import { Repository } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { FlowsService } from './flows.service';
import { LIBRARY_PARAMETERS, libraryWhere, likePattern, ListPage, notHiddenWhere, onlyListedLibrary, orderColumn } from './library';
import { StepTemplateEntity } from './step-template.entity';
import { TagsService } from './tags.service';
import { toStepTemplateView } from './views';

/**
 * Step templates (spec 3, 7 Data hub "Step templates"): the library's, and the custom ones of the caller's account
 * (of one of its flows when flowId is set). Only custom ones are created or changed here.
 */
@Injectable()
export class StepTemplatesService {
  constructor(
    @InjectRepository(StepTemplateEntity) private readonly steps: Repository<StepTemplateEntity>,
    private readonly flows: FlowsService,
    private readonly tags: TagsService,
  ) {}

  /** Library step templates (not hidden) and the account's live custom ones; isCustom picks one side. 20 a page. */
  async list(principal: UserPrincipal, query: StepTemplateListQuery): Promise<ListPage<StepTemplateView>> {
    const custom = 'step.account_id = :accountId AND NOT step.is_template AND NOT step.is_deleted';
    const library = `${libraryWhere('step')} AND ${notHiddenWhere('step')}`;
    const side = query.isCustom === true ? custom : query.isCustom === false ? library : `((${custom}) OR (${library}))`;
    const builder = this.steps.createQueryBuilder('step').where(side, { accountId: principal.accountId, ...LIBRARY_PARAMETERS });
    if (query.query) {
      builder.andWhere(`(step.label ILIKE :pattern OR step.data->>'description' ILIKE :pattern)`, { pattern: likePattern(query.query) });
    }
    if (query.categories.length) {
      builder.andWhere(
        `EXISTS (SELECT 1 FROM jsonb_array_elements_text(step.data->'categories') category WHERE lower(category) = ANY(:categories))`,
        {
          categories: query.categories,
        },
      );
    }
    if (query.recommended !== undefined) builder.andWhere('step.recommended = :recommended', { recommended: query.recommended });
    if (query.sandbox !== undefined) builder.andWhere('step.sandbox = :sandbox', { sandbox: query.sandbox });
    const [steps, total] = await builder
      .orderBy(orderColumn('step', query.order.field, 'label'), query.order.direction)
      .addOrderBy('step.id', query.order.direction)
      .skip(query.offset)
      .take(query.limit)
      .getManyAndCount();
    return { items: steps.map(toStepTemplateView), total, offset: query.offset, limit: query.limit };
  }

  /** Ids of the library's step templates by download count, most first. */
  async popularIds(query: PopularQuery): Promise<{ ids: string[] }> {
    const builder = onlyListedLibrary(this.steps.createQueryBuilder('step'), 'step').select('step.id', 'id');
    if (query.sandbox !== undefined) builder.andWhere('step.sandbox = :sandbox', { sandbox: query.sandbox });
    const rows = await builder
      .orderBy('step.download_count', 'DESC')
      .addOrderBy('step.created_at', 'DESC')
      .addOrderBy('step.id', 'DESC')
      .limit(query.limit)
      .getRawMany<{ id: string }>();
    return { ids: rows.map((row) => row.id) };
  }

  /**
   * The step templates of a readable flow: those its steps use (as far as the caller may read them) and the custom
   * ones made for it; isCustom=true only the custom ones, false only the used others. `label` searches labels.
   */
  async forFlow(principal: UserPrincipal, flowId: string, query: FlowStepTemplatesQuery): Promise<ListPage<StepTemplateView>> {
    const flow = await this.flows.readable(principal, flowId);
    const used = `step.id = ANY(CAST(:used AS uuid[])) AND (step.account_id = :accountId OR ${libraryWhere('step')})`;
    const custom = 'step.flow_id = :flowId AND step.account_id = :accountId AND NOT step.is_deleted';
    const side =
      query.isCustom === true
        ? custom
        : query.isCustom === false
          ? `(${used}) AND step.flow_id IS DISTINCT FROM :flowId`
          : `((${used}) OR (${custom}))`;
    const builder = this.steps
      .createQueryBuilder('step')
      .where(side, { used: flow.stepTemplateIds, flowId: flow.id, accountId: principal.accountId, ...LIBRARY_PARAMETERS });
    if (query.label) builder.andWhere('step.label ILIKE :pattern', { pattern: likePattern(query.label) });
    const [steps, total] = await builder
      .orderBy('lower(step.label)', 'ASC')
      .addOrderBy('step.id', 'ASC')
      .skip(query.offset)
      .take(query.limit)
      .getManyAndCount();
    return { items: steps.map(toStepTemplateView), total, offset: query.offset, limit: query.limit };
  }

  /** `step-templates/new` creates a custom step template; `step-templates/{id}` updates one of the account's. */
  async save(principal: UserPrincipal, id: string, body: StepTemplateSaveRequest): Promise<StepTemplateView> {
    const { flowId, tagIds, isTemplate, sandbox, ...fields } = body;
    await this.tags.requireOwn(principal, tagIds);
    if (flowId) await this.flows.own(principal, flowId);
    const existing = id === NEW_ID ? undefined : await this.own(principal, id);
    const stored = existing ? { ...existing.data, label: existing.label, recommended: existing.recommended } : {};
    const { label, recommended, ...data } = StepTemplateData.parse({ ...stored, ...fields });
    const step =
      existing ?? this.steps.create({ accountId: principal.accountId, flowId: null, tagIds: [], isTemplate: false, sandbox: false });
    Object.assign(step, { label, recommended, data });
    if (flowId !== undefined) step.flowId = flowId;
    if (tagIds) step.tagIds = [...new Set(tagIds)];
    if (isTemplate !== undefined) step.isTemplate = isTemplate;
    if (sandbox !== undefined) step.sandbox = sandbox;
    return toStepTemplateView(await this.steps.save(step));
  }

  private async own(principal: UserPrincipal, id: string): Promise<StepTemplateEntity> {
    const step = await this.steps.findOneBy({ id, accountId: principal.accountId });
    if (!step) throw new DomainError('NOT_FOUND', CatalogueMessages.stepTemplateNotFound);
    return step;
  }
}
