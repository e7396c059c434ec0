import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CatalogueMessages, NEW_ID, TagListQuery, TagSaveRequest, TagView } from '@library/contracts';
import { DataSource, In, Repository } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { likePattern } from './library';
import { TagEntity } from './tag.entity';
import { toTagView } from './views';

/** The tags of the caller's account (spec 3 Tag, 4 "saving with id new creates, otherwise updates"). */
@Injectable()
export class TagsService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(TagEntity) private readonly tags: Repository<TagEntity>,
  ) {}

  async list(principal: UserPrincipal, query: TagListQuery): Promise<TagView[]> {
    const builder = this.tags
      .createQueryBuilder('tag')
      .where('tag.account_id = :accountId AND tag.is_deleted = :isDeleted', { accountId: principal.accountId, isDeleted: query.isDeleted });
    if (query.query) builder.andWhere(`tag.data->>'label' ILIKE :pattern`, { pattern: likePattern(query.query) });
    const tags = await builder.orderBy(`lower(tag.data->>'label')`, 'ASC').addOrderBy('tag.id', 'ASC').getMany();
    return tags.map(toTagView);
  }

  async get(principal: UserPrincipal, id: string): Promise<TagView> {
    return toTagView(await this.own(principal, id));
  }

  async save(principal: UserPrincipal, id: string, body: TagSaveRequest): Promise<TagView> {
    if (id === NEW_ID) return toTagView(await this.tags.save(this.tags.create({ accountId: principal.accountId, data: body.data })));
    const tag = await this.own(principal, id);
    tag.data = body.data;
    return toTagView(await this.tags.save(tag));
  }

  /** Soft delete with `temporarily`; otherwise the tag goes for good and leaves every space, flow and step template. */
  async remove(principal: UserPrincipal, id: string, temporarily: boolean): Promise<void> {
    const tag = await this.own(principal, id);
    if (temporarily) {
      await this.tags.update({ id: tag.id }, { isDeleted: true });
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      for (const table of ['bot', 'flow', 'step_template']) {
        await manager.query(`UPDATE ${table} SET tag_ids = array_remove(tag_ids, $1) WHERE account_id = $2 AND $1 = ANY(tag_ids)`, [
          tag.id,
          principal.accountId,
        ]);
      }
      await manager.delete(TagEntity, { id: tag.id });
    });
  }

  async recover(principal: UserPrincipal, id: string): Promise<TagView> {
    const tag = await this.own(principal, id);
    tag.isDeleted = false;
    return toTagView(await this.tags.save(tag));
  }

  /** Refuses tag ids that are not live tags of the caller's account: 404 'No tags were found.' (spec 5). */
  async requireOwn(principal: UserPrincipal, ids: string[] | undefined): Promise<void> {
    const wanted = [...new Set(ids ?? [])];
    if (!wanted.length) return;
    const found = await this.tags.countBy({ id: In(wanted), accountId: principal.accountId, isDeleted: false });
    if (found !== wanted.length) throw new DomainError('NOT_FOUND', CatalogueMessages.noTagsFound);
  }

  private async own(principal: UserPrincipal, id: string): Promise<TagEntity> {
    const tag = await this.tags.findOneBy({ id, accountId: principal.accountId });
    if (!tag) throw new DomainError('NOT_FOUND', CatalogueMessages.tagNotFound);
    return tag;
  }
}
