import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ALL_CATEGORIES,
  CategoryCreateRequest,
  CategoryUpdateRequest,
  CategoryView,
  LibraryCategoriesQuery,
  LibraryCategory,
  PackageType,
  RegistryListMessages,
  RegistryMessages,
  UNCATEGORIZED,
} from '@library/contracts';
import { DataSource, QueryFailedError, Repository } from 'typeorm';
import { z } from 'zod';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { ActorRef, ActorsService } from './actors.service';
import { CategoryEntity } from './category.entity';
import { uncategorizedSql } from './list-filter';
import { countOf, PackageQueriesService } from './package-queries.service';
import { refreshSearchIndexOfCategories } from './search-index';

const UNIQUE_VIOLATION = '23505';

function toCategoryView(category: CategoryEntity, actors: Map<number, ActorRef>): CategoryView {
  const actor = (id: number | null) => (id == null ? null : (actors.get(id) ?? null));
  return {
    id: category.id,
    name: category.name,
    hidden: category.hidden,
    type: category.type,
    createdBy: actor(category.createdById),
    modifiedBy: actor(category.modifiedById),
    createdAt: category.createdAt.toISOString(),
    updatedAt: category.updatedAt.toISOString(),
  };
}

/**
 * Categories: the library's category list with counts (spec 3 "Category records in lists", spec 7 library-categories)
 * and their management by admins. Categories are shared by every account, per package type; names are trimmed, never
 * UUIDs, unique per type regardless of case, and the library's own All categories / Uncategorized are reserved.
 */
@Injectable()
export class CategoriesService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(CategoryEntity) private readonly categories: Repository<CategoryEntity>,
    private readonly actors: ActorsService,
    private readonly queries: PackageQueriesService,
  ) {}

  /**
   * All categories (every latest visible package), then each non-hidden category holding at least one of them (by name;
   * same-named categories of several types are one record whose ids are all of theirs), then Uncategorized (packages
   * in no non-hidden category). Both added records are always there, even at 0.
   */
  async libraryCategories(principal: UserPrincipal, query: z.infer<typeof LibraryCategoriesQuery>): Promise<LibraryCategory[]> {
    const types = [...new Set(query.type)];
    const { all, uncategorized, rows } = await this.queries.read(async (manager) => {
      const matched = () => this.queries.latestQuery(manager, principal, types, { scope: query.scope, prerelease: query.prerelease });
      const revisions = matched().select('release.revision_id');
      return {
        all: await countOf(matched()),
        uncategorized: await countOf(matched().andWhere(uncategorizedSql('release'))),
        rows: await manager
          .createQueryBuilder(CategoryEntity, 'c')
          .select('c.id', 'id')
          .addSelect('c.name', 'name')
          .addSelect(
            `(SELECT COUNT(*) FROM package_release_category prc WHERE prc.category_id = c.id AND prc.revision_id IN (${revisions.getQuery()}))`,
            'count',
          )
          .setParameters(revisions.getParameters())
          .where('c.type = ANY(:categoryTypes)', { categoryTypes: types })
          .andWhere('NOT c.hidden')
          .orderBy('lower(c.name)', 'ASC')
          .addOrderBy('c.type', 'ASC')
          .getRawMany<{ id: string; name: string; count: string }>(),
      };
    });

    const byName = new Map<string, LibraryCategory>();
    for (const row of rows) {
      const key = row.name.toLowerCase();
      const record = byName.get(key) ?? { id: row.id, name: row.name, ids: [], count: 0 };
      record.ids.push(row.id);
      record.count += Number(row.count);
      byName.set(key, record);
    }
    return [
      { ...ALL_CATEGORIES, ids: [], count: all },
      ...[...byName.values()].filter((record) => record.count > 0),
      { ...UNCATEGORIZED, ids: [UNCATEGORIZED.id], count: uncategorized },
    ];
  }

  /** Every category of the type, by name; hidden ones only for ADMIN and SUPER_ADMIN (publishers may still use them). */
  async list(principal: UserPrincipal, type: PackageType): Promise<CategoryView[]> {
    const query = this.categories.createQueryBuilder('category').where('category.type = :type', { type });
    if (principal.role !== 'SUPER_ADMIN' && principal.role !== 'ADMIN') query.andWhere('NOT category.hidden');
    const categories = await query.orderBy('lower(category.name)', 'ASC').getMany();
    return this.views(categories);
  }

  async create(principal: UserPrincipal, type: PackageType, body: z.infer<typeof CategoryCreateRequest>): Promise<CategoryView> {
    await this.assertNameFree(type, body.name);
    const actorId = await this.actors.idOf(principal);
    const category = this.categories.create({ type, name: body.name, hidden: body.hidden, createdById: actorId, modifiedById: actorId });
    const saved = await this.categories.save(category).catch(conflictOnDuplicate);
    return (await this.views([saved]))[0];
  }

  /**
   * Renames or hides a category: SUPER_ADMIN any, an ADMIN those its account created. A rename re-indexes the
   * releases carrying it, since category names are part of their search text.
   */
  async update(
    principal: UserPrincipal,
    type: PackageType,
    categoryId: string,
    body: z.infer<typeof CategoryUpdateRequest>,
  ): Promise<CategoryView> {
    const category = await this.categories.findOneBy({ id: categoryId, type });
    if (!category) throw new DomainError('NOT_FOUND', RegistryMessages.categoryNotFound);
    if (principal.role !== 'SUPER_ADMIN') {
      const creator = category.createdById == null ? null : (await this.actors.resolve([category.createdById])).get(category.createdById);
      if (creator?.accountId !== principal.accountId) throw new DomainError('FORBIDDEN', RegistryListMessages.categoryNotYours);
    }
    const renamed = body.name !== undefined && body.name !== category.name;
    if (renamed && body.name!.toLowerCase() !== category.name.toLowerCase()) await this.assertNameFree(type, body.name!, category.id);
    const actorId = await this.actors.idOf(principal);

    const saved = await this.dataSource.transaction(async (manager) => {
      const result = await manager
        .save(Object.assign(category, { name: body.name ?? category.name, hidden: body.hidden ?? category.hidden, modifiedById: actorId }))
        .catch(conflictOnDuplicate);
      if (renamed) await refreshSearchIndexOfCategories(manager, [category.id]);
      return result;
    });
    return (await this.views([saved]))[0];
  }

  private async assertNameFree(type: PackageType, name: string, exceptId?: string): Promise<void> {
    const query = this.categories
      .createQueryBuilder('category')
      .where('category.type = :type', { type })
      .andWhere('lower(category.name) = lower(:name)', { name });
    if (exceptId) query.andWhere('category.id <> :exceptId', { exceptId });
    if (await query.getExists()) throw new DomainError('CONFLICT', RegistryListMessages.categoryExists);
  }

  private async views(categories: CategoryEntity[]): Promise<CategoryView[]> {
    const actors = await this.actors.resolve(categories.flatMap((category) => [category.createdById, category.modifiedById]));
    return categories.map((category) => toCategoryView(category, actors));
  }
}

/** A concurrent insert of the same name loses on the unique (type, lower(name)) index: still a 409. */
function conflictOnDuplicate(error: unknown): never {
  if (error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === UNIQUE_VIOLATION) {
    throw new DomainError('CONFLICT', RegistryListMessages.categoryExists);
  }
  throw error;
}
