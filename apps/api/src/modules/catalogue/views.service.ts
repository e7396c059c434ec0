import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CardsViewsMessages,
  DownloadableViewsRequest,
  DownloadableViewsView,
  NEW_ID,
  TagChangeRequest,
  TemplateDetails,
  TemplateListQuery,
  TemplatePopularQuery,
  ViewData,
  ViewListQuery,
  ViewOptions,
  ViewOptionsChange,
  ViewSaveRequest,
  ViewTemplatePatchRequest,
  ViewView,
} from '@library/contracts';
import { In, Repository } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { BotsService } from './bots.service';
import { CardEntity } from './card.entity';
import { libraryTemplateById, templateSearch } from './cards.service';
import { FlowsService } from './flows.service';
import { changedTagIds, likePattern, ListPage, onlyListedLibrary, orderColumn, projector, readableBy } from './library';
import { TagsService } from './tags.service';
import { requireTemplateAdmin } from './template-admin';
import { ViewEntity } from './view.entity';
import { toViewView, VIEW_FIELDS } from './views';

/**
 * Options after a change (spec 5 normalisation through ViewOptions): given fields replace stored ones one by one,
 * as do those of loadEntities, viewLoadingStatus and filters.dates.
 */
export function changedViewOptions(stored: ViewOptions | undefined, change: ViewOptionsChange): ViewOptions {
  const base = ViewOptions.parse(stored ?? {});
  return ViewOptions.parse({
    ...base,
    ...change,
    loadEntities: { ...base.loadEntities, ...change.loadEntities },
    viewLoadingStatus: { ...base.viewLoadingStatus, ...change.viewLoadingStatus },
    filters: { dates: { ...base.filters.dates, ...change.filters?.dates } },
  });
}

/**
 * Views of the caller's account and the library's view templates (spec 3 View, 7 Data hub "Views", "View
 * templates"). A view template is a library item of the providers account with template details and no type
 * (spec 5). Reads by id reach the account's views and library templates; changes reach the account's own views.
 */
@Injectable()
export class ViewsService {
  constructor(
    @InjectRepository(ViewEntity) private readonly views: Repository<ViewEntity>,
    @InjectRepository(CardEntity) private readonly cards: Repository<CardEntity>,
    private readonly bots: BotsService,
    private readonly flows: FlowsService,
    private readonly tags: TagsService,
  ) {}

  async list(principal: UserPrincipal, query: ViewListQuery): Promise<ListPage<Partial<ViewView>>> {
    const project = projector<ViewView>(query.projection, VIEW_FIELDS);
    const builder = this.views.createQueryBuilder('view').where('view.account_id = :accountId AND view.is_deleted = :isDeleted', {
      accountId: principal.accountId,
      isDeleted: query.isDeleted,
    });
    if (query.botId) builder.andWhere('view.bot_id = :botId', { botId: query.botId });
    if (query.flowId) builder.andWhere('view.flow_id = :flowId', { flowId: query.flowId });
    if (query.sandbox !== undefined) builder.andWhere('view.sandbox = :sandbox', { sandbox: query.sandbox });
    if (query.query) {
      builder.andWhere(`(view.data->'data'->>'label' ILIKE :pattern OR view.data->'data'->>'description' ILIKE :pattern)`, {
        pattern: likePattern(query.query),
      });
    }
    const [views, total] = await builder
      .orderBy(orderColumn('view', query.order.field, "data->'data'->>'label'"), query.order.direction)
      .addOrderBy('view.id', query.order.direction)
      .skip(query.offset)
      .take(query.limit)
      .getManyAndCount();
    return { items: views.map((view) => project(toViewView(view))), total, offset: query.offset, limit: query.limit };
  }

  async get(principal: UserPrincipal, id: string): Promise<ViewView> {
    const view = await readableBy(
      this.views.createQueryBuilder('view').where('view.id = :id', { id }),
      'view',
      principal.accountId,
      true,
    ).getOne();
    if (!view) throw new DomainError('NOT_FOUND', CardsViewsMessages.viewNotFound);
    return toViewView(view);
  }

  /** `views/new` creates; `views/{id}` updates: fields given replace stored ones (options one by one). */
  async save(principal: UserPrincipal, id: string, { view: input }: ViewSaveRequest): Promise<ViewView> {
    await this.tags.requireOwn(principal, input.tagIds);
    if (input.botId) await this.bots.own(principal, input.botId);
    if (input.flowId) await this.flows.own(principal, input.flowId);
    const cardIds = input.cardIds && [...new Set(input.cardIds)];
    if (cardIds?.length) {
      const found = await this.cards.countBy({ id: In(cardIds), accountId: principal.accountId });
      if (found !== cardIds.length) throw new DomainError('NOT_FOUND', CardsViewsMessages.cardNotFound);
    }
    const view =
      id === NEW_ID
        ? this.views.create({
            accountId: principal.accountId,
            cardIds: [],
            template: null,
            type: null,
            botId: null,
            flowId: null,
            tagIds: [],
            isTemplate: false,
            sandbox: false,
            downloadable: false,
          })
        : await this.own(principal, id);
    const stored = view.data as ViewData | undefined;
    view.data = ViewData.parse({
      data: changedViewOptions(stored?.data, input.data.data ?? {}),
      library: input.data.library ?? stored?.library,
      cards: input.data.cards ?? stored?.cards,
    });
    if (cardIds) view.cardIds = cardIds;
    if (input.template !== undefined) view.template = input.template && TemplateDetails.parse(input.template);
    if (input.type !== undefined) view.type = input.type;
    if (input.botId !== undefined) view.botId = input.botId;
    if (input.flowId !== undefined) view.flowId = input.flowId;
    if (input.tagIds) view.tagIds = [...new Set(input.tagIds)];
    if (input.isTemplate !== undefined) view.isTemplate = input.isTemplate;
    if (input.sandbox !== undefined) view.sandbox = input.sandbox;
    return toViewView(await this.views.save(view));
  }

  /** `temporarily` marks it deleted (PATCH recovers it); otherwise it goes for good (its cards stay, without viewId). */
  async remove(principal: UserPrincipal, id: string, temporarily: boolean): Promise<void> {
    const view = await this.own(principal, id);
    if (temporarily) await this.views.update({ id: view.id }, { isDeleted: true });
    else await this.views.delete({ id: view.id });
  }

  async recover(principal: UserPrincipal, id: string): Promise<ViewView> {
    const view = await this.own(principal, id);
    view.isDeleted = false;
    return toViewView(await this.views.save(view));
  }

  /** Tags of a view, with the view messages of spec 5 ('No tag IDs to add.', 'No tag IDs to remove.'). */
  async changeTags(principal: UserPrincipal, id: string, change: TagChangeRequest): Promise<ViewView> {
    const view = await this.own(principal, id);
    await this.tags.requireOwn(principal, [...(change.add ?? []), ...(change.remove ?? [])]);
    view.tagIds = changedTagIds(view.tagIds, change, {
      noneToAdd: CardsViewsMessages.noTagIdsToAdd,
      noneToRemove: CardsViewsMessages.noTagIdsToRemove,
    });
    return toViewView(await this.views.save(view));
  }

  /** View templates of the library: New (`-createdAt`) by default; `order=data.label` sorts by template label. */
  async listTemplates(query: TemplateListQuery): Promise<ListPage<Partial<ViewView>>> {
    const project = projector<ViewView>(query.projection, VIEW_FIELDS);
    const builder = templateSearch(onlyListedLibrary(this.views.createQueryBuilder('view'), 'view', true), 'view', query);
    const [views, total] = await builder
      .orderBy(orderColumn('view', query.order.field, "template->>'label'"), query.order.direction)
      .addOrderBy('view.id', query.order.direction)
      .skip(query.offset)
      .take(query.limit)
      .getManyAndCount();
    return { items: views.map((view) => project(toViewView(view))), total, offset: query.offset, limit: query.limit };
  }

  /** View templates by real download count, most first (ties: newest first). */
  async popularTemplates(query: TemplatePopularQuery): Promise<ListPage<Partial<ViewView>>> {
    const project = projector<ViewView>(query.projection, VIEW_FIELDS);
    const builder = onlyListedLibrary(this.views.createQueryBuilder('view'), 'view', true);
    if (query.sandbox !== undefined) builder.andWhere('view.sandbox = :sandbox', { sandbox: query.sandbox });
    const [views, total] = await builder
      .orderBy('view.download_count', 'DESC')
      .addOrderBy('view.created_at', 'DESC')
      .addOrderBy('view.id', 'DESC')
      .take(query.limit)
      .getManyAndCount();
    return { items: views.map((view) => project(toViewView(view))), total, offset: 0, limit: query.limit };
  }

  async getTemplate(id: string): Promise<ViewView> {
    return toViewView(await this.libraryTemplate(id));
  }

  /** `{ options }` of a library view template, merged and normalised; providers' admins only. */
  async patchTemplate(principal: UserPrincipal, id: string, body: ViewTemplatePatchRequest): Promise<ViewView> {
    const view = await this.libraryTemplate(id);
    requireTemplateAdmin(principal, view);
    view.data = ViewData.parse({ ...view.data, data: changedViewOptions(view.data.data, body.options) });
    return toViewView(await this.views.save(view));
  }

  /** The account's live views it offers for download (`downloadable`), by label. */
  async downloadable(principal: UserPrincipal): Promise<DownloadableViewsView> {
    const views = await this.views
      .createQueryBuilder('view')
      .where('view.account_id = :accountId AND view.downloadable AND NOT view.is_deleted', { accountId: principal.accountId })
      .orderBy(`lower(view.data->'data'->>'label')`, 'ASC')
      .addOrderBy('view.id', 'ASC')
      .getMany();
    return { viewIds: views.map((view) => view.id), items: views.map(toViewView) };
  }

  /** Replaces the list: exactly these live views of the account are offered for download (others 404, nothing changed). */
  async setDownloadable(principal: UserPrincipal, body: DownloadableViewsRequest): Promise<DownloadableViewsView> {
    const viewIds = [...new Set(body.viewIds)];
    await this.views.manager.transaction(async (manager) => {
      const found = viewIds.length
        ? await manager.countBy(ViewEntity, { id: In(viewIds), accountId: principal.accountId, isDeleted: false })
        : 0;
      if (found !== viewIds.length) throw new DomainError('NOT_FOUND', CardsViewsMessages.viewNotFound);
      await manager.query(
        `UPDATE view SET downloadable = (id = ANY($2::uuid[])) WHERE account_id = $1 AND downloadable <> (id = ANY($2::uuid[]))`,
        [principal.accountId, viewIds],
      );
    });
    return this.downloadable(principal);
  }

  /** A view of the caller's account (deleted ones too: they can be recovered). */
  async own(principal: UserPrincipal, id: string): Promise<ViewEntity> {
    const view = await this.views.findOneBy({ id, accountId: principal.accountId });
    if (!view) throw new DomainError('NOT_FOUND', CardsViewsMessages.viewNotFound);
    return view;
  }

  private async libraryTemplate(id: string): Promise<ViewEntity> {
    const view = await libraryTemplateById(this.views.createQueryBuilder('view'), id).getOne();
    if (!view) throw new DomainError('NOT_FOUND', CardsViewsMessages.viewTemplateNotFound);
    return view;
  }
}
