import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  BotData,
  BotListQuery,
  BotSaveRequest,
  BotView,
  CatalogueMessages,
  NEW_ID,
  PopularQuery,
  TagChangeRequest,
} from '@library/contracts';
import { Repository } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { BotEntity } from './bot.entity';
import { changedTagIds, likePattern, ListPage, onlyListedLibrary, orderColumn, projector, readableBy } from './library';
import { TagsService } from './tags.service';
import { BOT_FIELDS, toBotView } from './views';

/**
 * Spaces (bots) of the caller's account and the library's space templates (spec 3, 7 Data hub "Bots"). Reads by id
 * reach the account's spaces and library templates; every change reaches the account's own spaces only.
 */
@Injectable()
export class BotsService {
  constructor(
    @InjectRepository(BotEntity) private readonly bots: Repository<BotEntity>,
    private readonly tags: TagsService,
  ) {}

  async list(principal: UserPrincipal, query: BotListQuery): Promise<ListPage<Partial<BotView>>> {
    const project = projector<BotView>(query.projection, BOT_FIELDS);
    const builder = this.bots.createQueryBuilder('bot');
    if (query.library) onlyListedLibrary(builder, 'bot');
    else
      builder.where('bot.account_id = :accountId AND bot.is_deleted = :isDeleted', {
        accountId: principal.accountId,
        isDeleted: query.isDeleted,
      });
    if (query.sandbox !== undefined) builder.andWhere('bot.sandbox = :sandbox', { sandbox: query.sandbox });
    if (query.query) {
      builder.andWhere(`(bot.data->>'label' ILIKE :pattern OR bot.data->>'description' ILIKE :pattern)`, {
        pattern: likePattern(query.query),
      });
    }
    const [bots, total] = await builder
      .orderBy(orderColumn('bot', query.order.field), query.order.direction)
      .addOrderBy('bot.id', query.order.direction)
      .skip(query.offset)
      .take(query.limit)
      .getManyAndCount();
    return { items: bots.map((bot) => project(toBotView(bot))), total, offset: query.offset, limit: query.limit };
  }

  /** The library's space templates by download count, most first (ties: newest first). */
  async popular(query: PopularQuery): Promise<ListPage<Partial<BotView>>> {
    const project = projector<BotView>(query.projection, BOT_FIELDS);
    const builder = onlyListedLibrary(this.bots.createQueryBuilder('bot'), 'bot');
    if (query.sandbox !== undefined) builder.andWhere('bot.sandbox = :sandbox', { sandbox: query.sandbox });
    const [bots, total] = await builder
      .orderBy('bot.download_count', 'DESC')
      .addOrderBy('bot.created_at', 'DESC')
      .addOrderBy('bot.id', 'DESC')
      .take(query.limit)
      .getManyAndCount();
    return { items: bots.map((bot) => project(toBotView(bot))), total, offset: 0, limit: query.limit };
  }

  async get(principal: UserPrincipal, id: string): Promise<BotView> {
    const bot = await readableBy(this.bots.createQueryBuilder('bot').where('bot.id = :id', { id }), 'bot', principal.accountId).getOne();
    if (!bot) throw new DomainError('NOT_FOUND', CatalogueMessages.botNotFound);
    return toBotView(bot);
  }

  /** `bots/new` creates; `bots/{id}` updates: the fields given replace the stored ones (data fields one by one). */
  async save(principal: UserPrincipal, id: string, body: BotSaveRequest): Promise<BotView> {
    await this.tags.requireOwn(principal, body.tagIds);
    if (id === NEW_ID) {
      const bot = this.bots.create({
        accountId: principal.accountId,
        data: BotData.parse(body.data),
        tagIds: [...new Set(body.tagIds ?? [])],
        isTemplate: body.isTemplate ?? false,
        sandbox: body.sandbox ?? false,
      });
      return toBotView(await this.bots.save(bot));
    }
    const bot = await this.own(principal, id);
    bot.data = BotData.parse({ ...bot.data, ...body.data });
    if (body.tagIds) bot.tagIds = [...new Set(body.tagIds)];
    if (body.isTemplate !== undefined) bot.isTemplate = body.isTemplate;
    if (body.sandbox !== undefined) bot.sandbox = body.sandbox;
    return toBotView(await this.bots.save(bot));
  }

  /** `temporarily` marks it deleted (PATCH recovers it); otherwise the space goes for good, with its flows. */
  async remove(principal: UserPrincipal, id: string, temporarily: boolean): Promise<void> {
    const bot = await this.own(principal, id);
    if (temporarily) await this.bots.update({ id: bot.id }, { isDeleted: true });
    else await this.bots.delete({ id: bot.id });
  }

  async recover(principal: UserPrincipal, id: string): Promise<BotView> {
    const bot = await this.own(principal, id);
    bot.isDeleted = false;
    return toBotView(await this.bots.save(bot));
  }

  async changeTags(principal: UserPrincipal, id: string, change: TagChangeRequest): Promise<BotView> {
    const bot = await this.own(principal, id);
    await this.tags.requireOwn(principal, [...(change.add ?? []), ...(change.remove ?? [])]);
    bot.tagIds = changedTagIds(bot.tagIds, change);
    return toBotView(await this.bots.save(bot));
  }

  /** A space of the caller's account (deleted ones too: they can be recovered). */
  async own(principal: UserPrincipal, id: string): Promise<BotEntity> {
    const bot = await this.bots.findOneBy({ id, accountId: principal.accountId });
    if (!bot) throw new DomainError('NOT_FOUND', CatalogueMessages.botNotFound);
    return bot;
  }
}
