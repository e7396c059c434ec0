import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CardData,
  CardPutRequest,
  CardSaveRequest,
  CardsViewsMessages,
  CardTemplatePatchRequest,
  CardView,
  GetCardsRequest,
  NEW_ID,
  TemplateDetails,
  TemplateListQuery,
  TemplatePopularQuery,
} from '@library/contracts';
import { In, Repository, SelectQueryBuilder } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { CardEntity } from './card.entity';
import { LIBRARY_PARAMETERS, libraryWhere, likePattern, ListPage, onlyListedLibrary, orderColumn, projector, readableBy } from './library';
import { TagsService } from './tags.service';
import { requireTemplateAdmin } from './template-admin';
import { ViewEntity } from './view.entity';
import { CARD_FIELDS, toCardView } from './views';

/** Library list search: query in the template's label and description, category (template category or categories), sandbox. */
export function templateSearch<T extends CardEntity | ViewEntity>(builder: SelectQueryBuilder<T>, alias: string, query: TemplateListQuery) {
  if (query.query) {
    builder.andWhere(`(${alias}.template->>'label' ILIKE :pattern OR ${alias}.template->>'description' ILIKE :pattern)`, {
      pattern: likePattern(query.query),
    });
  }
  if (query.category) {
    builder.andWhere(
      `(lower(${alias}.template->>'category') = :category OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(${alias}.template->'categories') category WHERE lower(category) = :category))`,
      { category: query.category },
    );
  }
  if (query.sandbox !== undefined) builder.andWhere(`${alias}.sandbox = :sandbox`, { sandbox: query.sandbox });
  return builder;
}

/**
 * Cards of the caller's account and the library's card templates (spec 3 Card, 7 Data hub "Cards", "Card
 * templates"). A card template is a library item of the providers account with template details and no type
 * (spec 5). Reads by id reach the account's cards and library templates; changes reach the account's own cards.
 */
@Injectable()
export class CardsService {
  constructor(
    @InjectRepository(CardEntity) private readonly cards: Repository<CardEntity>,
    @InjectRepository(ViewEntity) private readonly views: Repository<ViewEntity>,
    private readonly tags: TagsService,
  ) {}

  /** `POST get-cards`: the account's cards by ids, held by one of its views (viewId or the view's cardIds), filters. */
  async getCards(principal: UserPrincipal, body: GetCardsRequest): Promise<ListPage<Partial<CardView>>> {
    const project = projector<CardView>(body.projection, CARD_FIELDS);
    const builder = this.cards.createQueryBuilder('card').where('card.account_id = :accountId AND card.is_deleted = :isDeleted', {
      accountId: principal.accountId,
      isDeleted: body.filters.isDeleted,
    });
    if (body.ids) builder.andWhere('card.id = ANY(CAST(:ids AS uuid[]))', { ids: body.ids });
    if (body.viewId) {
      const view = await this.ownView(principal, body.viewId);
      builder.andWhere('(card.view_id = :viewId OR card.id = ANY(CAST(:held AS uuid[])))', { viewId: view.id, held: view.cardIds });
    }
    const { query, type, tagIds, sandbox } = body.filters;
    if (query) {
      builder.andWhere(
        `(card.data->>'label' ILIKE :pattern OR card.data->>'description' ILIKE :pattern OR card.template->>'label' ILIKE :pattern)`,
        { pattern: likePattern(query) },
      );
    }
    if (type) builder.andWhere('card.type = :type', { type });
    if (tagIds?.length) builder.andWhere('card.tag_ids && CAST(:tagIds AS uuid[])', { tagIds });
    if (sandbox !== undefined) builder.andWhere('card.sandbox = :sandbox', { sandbox });
    const [cards, total] = await builder
      .orderBy('card.created_at', 'DESC')
      .addOrderBy('card.id', 'DESC')
      .skip(body.offset)
      .take(body.limit)
      .getManyAndCount();
    return { items: cards.map((card) => project(toCardView(card))), total, offset: body.offset, limit: body.limit };
  }

  async get(principal: UserPrincipal, id: string): Promise<CardView> {
    const card = await readableBy(
      this.cards.createQueryBuilder('card').where('card.id = :id', { id }),
      'card',
      principal.accountId,
      true,
    ).getOne();
    if (!card) throw new DomainError('NOT_FOUND', CardsViewsMessages.cardNotFound);
    return toCardView(card);
  }

  /** `cards/new` creates; `cards/{id}` updates: the fields given replace the stored ones (data fields one by one). */
  async save(principal: UserPrincipal, id: string, { card: input }: CardSaveRequest): Promise<CardView> {
    const { tagIds, ...data } = input.data;
    await this.tags.requireOwn(principal, tagIds);
    if (input.viewId) await this.ownView(principal, input.viewId);
    const card =
      id === NEW_ID
        ? this.cards.create({
            accountId: principal.accountId,
            template: null,
            type: null,
            cardId: null,
            viewId: null,
            tagIds: [],
            isTemplate: false,
            sandbox: false,
          })
        : await this.own(principal, id);
    const { tagIds: _ignored, ...parsed } = CardData.parse({ ...card.data, ...data });
    card.data = parsed;
    if (tagIds) card.tagIds = [...new Set(tagIds)];
    if (input.template !== undefined) card.template = input.template && TemplateDetails.parse(input.template);
    if (input.type !== undefined) card.type = input.type;
    if (input.isTemplate !== undefined) card.isTemplate = input.isTemplate;
    if (input.sandbox !== undefined) card.sandbox = input.sandbox;
    if (input.viewId !== undefined) card.viewId = input.viewId;
    const saved = await this.cards.save(card);
    if (input.viewId) await this.hold(principal, saved.id, [input.viewId], false);
    return toCardView(saved);
  }

  /** `temporarily` marks it deleted (PATCH recovers it); otherwise it goes for good and leaves its views. */
  async remove(principal: UserPrincipal, id: string, temporarily: boolean): Promise<void> {
    const card = await this.own(principal, id);
    if (temporarily) {
      await this.cards.update({ id: card.id }, { isDeleted: true });
      return;
    }
    await this.cards.manager.transaction(async (manager) => {
      await manager.query(`UPDATE view SET card_ids = array_remove(card_ids, $1) WHERE account_id = $2 AND $1 = ANY(card_ids)`, [
        card.id,
        principal.accountId,
      ]);
      await manager.delete(CardEntity, { id: card.id });
    });
  }

  async recover(principal: UserPrincipal, id: string): Promise<CardView> {
    const card = await this.own(principal, id);
    card.isDeleted = false;
    return toCardView(await this.cards.save(card));
  }

  /**
   * `PUT cards/{id}`: `{ holderIds }` makes exactly those views of the account hold the card (their cardIds; the
   * card's viewId becomes the first, or null); `{ keepTemplateDetails }` detaches the card from what it was copied
   * from (cardId and origin cleared), keeping its template details when true, clearing them when false.
   */
  async put(principal: UserPrincipal, id: string, body: CardPutRequest): Promise<CardView> {
    const card = await this.own(principal, id);
    if (body.holderIds) {
      const holderIds = [...new Set(body.holderIds)];
      const found = holderIds.length
        ? await this.views.countBy({ id: In(holderIds), accountId: principal.accountId, isDeleted: false })
        : 0;
      if (found !== holderIds.length) throw new DomainError('NOT_FOUND', CardsViewsMessages.viewNotFound);
      await this.hold(principal, card.id, holderIds, true);
      card.viewId = holderIds[0] ?? null;
    } else {
      card.cardId = null;
      card.origin = null;
      if (!body.keepTemplateDetails) card.template = null;
    }
    return toCardView(await this.cards.save(card));
  }

  /** Card templates of the library: New (`-createdAt`) by default; `order=data.label` sorts by template label. */
  async listTemplates(query: TemplateListQuery): Promise<ListPage<Partial<CardView>>> {
    const project = projector<CardView>(query.projection, CARD_FIELDS);
    const builder = templateSearch(onlyListedLibrary(this.cards.createQueryBuilder('card'), 'card', true), 'card', query);
    const [cards, total] = await builder
      .orderBy(orderColumn('card', query.order.field, "template->>'label'"), query.order.direction)
      .addOrderBy('card.id', query.order.direction)
      .skip(query.offset)
      .take(query.limit)
      .getManyAndCount();
    return { items: cards.map((card) => project(toCardView(card))), total, offset: query.offset, limit: query.limit };
  }

  /** Card templates by real download count, most first (ties: newest first). */
  async popularTemplates(query: TemplatePopularQuery): Promise<ListPage<Partial<CardView>>> {
    const project = projector<CardView>(query.projection, CARD_FIELDS);
    const builder = onlyListedLibrary(this.cards.createQueryBuilder('card'), 'card', true);
    if (query.sandbox !== undefined) builder.andWhere('card.sandbox = :sandbox', { sandbox: query.sandbox });
    const [cards, total] = await builder
      .orderBy('card.download_count', 'DESC')
      .addOrderBy('card.created_at', 'DESC')
      .addOrderBy('card.id', 'DESC')
      .take(query.limit)
      .getManyAndCount();
    return { items: cards.map((card) => project(toCardView(card))), total, offset: 0, limit: query.limit };
  }

  async getTemplate(id: string): Promise<CardView> {
    return toCardView(await this.libraryTemplate(id));
  }

  /** Template details (one by one), card data, tags and sandbox of a library card template; providers' admins only. */
  async patchTemplate(principal: UserPrincipal, id: string, body: CardTemplatePatchRequest): Promise<CardView> {
    const card = await this.libraryTemplate(id);
    requireTemplateAdmin(principal, card);
    await this.tags.requireOwn(principal, body.tagIds);
    if (body.template) card.template = TemplateDetails.parse({ ...card.template, ...body.template });
    if (body.data) {
      const { tagIds: _ignored, ...data } = CardData.parse({ ...card.data, ...body.data });
      card.data = data;
    }
    if (body.tagIds) card.tagIds = [...new Set(body.tagIds)];
    if (body.sandbox !== undefined) card.sandbox = body.sandbox;
    return toCardView(await this.cards.save(card));
  }

  /** A card of the caller's account (deleted ones too: they can be recovered). */
  async own(principal: UserPrincipal, id: string): Promise<CardEntity> {
    const card = await this.cards.findOneBy({ id, accountId: principal.accountId });
    if (!card) throw new DomainError('NOT_FOUND', CardsViewsMessages.cardNotFound);
    return card;
  }

  private async libraryTemplate(id: string): Promise<CardEntity> {
    const card = await libraryTemplateById(this.cards.createQueryBuilder('card'), id).getOne();
    if (!card) throw new DomainError('NOT_FOUND', CardsViewsMessages.cardTemplateNotFound);
    return card;
  }

  private async ownView(principal: UserPrincipal, id: string): Promise<ViewEntity> {
    const view = await this.views.findOneBy({ id, accountId: principal.accountId });
    if (!view) throw new DomainError('NOT_FOUND', CardsViewsMessages.viewNotFound);
    return view;
  }

  /** Adds the card to the cardIds of those views of the account; `exactly`: and removes it from every other one. */
  private async hold(principal: UserPrincipal, cardId: string, viewIds: string[], exactly: boolean): Promise<void> {
    await this.views.manager.transaction(async (manager) => {
      if (exactly) {
        await manager.query(
          `UPDATE view SET card_ids = array_remove(card_ids, $1) WHERE account_id = $2 AND $1 = ANY(card_ids) AND NOT (id = ANY($3::uuid[]))`,
          [cardId, principal.accountId, viewIds],
        );
      }
      await manager.query(
        `UPDATE view SET card_ids = array_append(card_ids, $1) WHERE account_id = $2 AND id = ANY($3::uuid[]) AND NOT ($1 = ANY(card_ids))`,
        [cardId, principal.accountId, viewIds],
      );
    });
  }
}

/**
 * A card or view template by id: a library item with template details and no type (spec 5), hidden ones included
 * (readable by id like every library item).
 */
export function libraryTemplateById<T extends CardEntity | ViewEntity>(builder: SelectQueryBuilder<T>, id: string): SelectQueryBuilder<T> {
  const alias = builder.alias;
  return builder.where(`${alias}.id = :id`, { id }).andWhere(libraryWhere(alias, true), LIBRARY_PARAMETERS);
}
