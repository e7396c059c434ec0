import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CreateSourceBranchRequest,
  CreateSourceRequest,
  CreateSourceRevisionRequest,
  PackageMeta,
  PublishBranchRequest,
  PublishBranchResponse,
  RegistryMessages,
  SourceBranchView,
  SourceRevisionView,
  SourceView,
} from '@library/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { ActorRef, ActorsService } from './actors.service';
import { bumpVersion } from './derived-rules';
import { ReleaseFinder } from './release-finder.service';
import { ReleasesService } from './releases.service';
import { SourceBranchEntity, SourceEntity, SourceMembersEntity, SourceRevisionEntity } from './source.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isEmptyData = (data: unknown) =>
  data === undefined || data === null || data === '' || (typeof data === 'object' && Object.keys(data as object).length === 0);

/**
 * Who sees (and works on) a source: its owner, an ADMIN of the owner account, the member users and the users of
 * member accounts; SUPER_ADMIN every source. One SQL condition on the alias, so others' sources are not found.
 */
export function visibleSourceCondition(principal: UserPrincipal, alias: string): { sql: string; params: Record<string, unknown> } {
  if (principal.role === 'SUPER_ADMIN') return { sql: 'TRUE', params: {} };
  return {
    sql: `(${alias}.owner_user_id = CAST(:sourceViewerUserId AS uuid)
      OR (CAST(:sourceViewerIsAdmin AS boolean) AND ${alias}.owner_account_id = CAST(:sourceViewerAccountId AS uuid))
      OR EXISTS (SELECT 1 FROM source_members sm WHERE sm.source_id = ${alias}.id
        AND (CAST(:sourceViewerUserId AS text) = ANY(sm.user_id) OR CAST(:sourceViewerAccountId AS text) = ANY(sm.account_id))))`,
    params: {
      sourceViewerUserId: principal.userId,
      sourceViewerAccountId: principal.accountId,
      sourceViewerIsAdmin: principal.role === 'ADMIN',
    },
  };
}

/**
 * Sources with branches of revisions, and publishing (spec 3 Source…, spec 4 "New-version release type"):
 * a revision of a branch becomes a release whose version is the branch's publishedVersion bumped (major or
 * minor), with sourceRevisionId set; the branch records the version. One transaction each.
 */
@Injectable()
export class SourcesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly actors: ActorsService,
    private readonly releases: ReleasesService,
    private readonly finder: ReleaseFinder,
  ) {}

  async create(principal: UserPrincipal, body: CreateSourceRequest): Promise<SourceView> {
    const id = await this.dataSource.transaction(async (manager) => {
      const actorId = await this.actors.idOf(principal, manager);
      const source = await manager.save(
        manager.create(SourceEntity, {
          label: body.label,
          type: body.type,
          ownerAccountId: principal.accountId,
          ownerUserId: principal.userId,
          createdById: actorId,
          modifiedById: actorId,
        }),
      );
      await manager.insert(SourceMembersEntity, {
        sourceId: source.id,
        accountId: body.members?.accountIds ?? [],
        userId: body.members?.userIds ?? [],
      });
      return source.id;
    });
    return this.get(principal, id);
  }

  async list(principal: UserPrincipal): Promise<SourceView[]> {
    const sources = await this.visible(principal).orderBy('source.createdAt', 'DESC').addOrderBy('branch.createdAt', 'ASC').getMany();
    return this.views(sources);
  }

  async get(principal: UserPrincipal, id: string): Promise<SourceView> {
    return (await this.views([await this.find(principal, id)]))[0];
  }

  async createBranch(principal: UserPrincipal, sourceId: string, body: CreateSourceBranchRequest): Promise<SourceBranchView> {
    await this.find(principal, sourceId);
    const branch = await this.dataSource.transaction(async (manager) => {
      let publishedVersion: string | null = null;
      if (body.parentRevisionId) {
        const parent = await manager.findOneBy(SourceRevisionEntity, { id: body.parentRevisionId, sourceId });
        if (!parent) throw new DomainError('NOT_FOUND', RegistryMessages.sourceRevisionNotFound);
        // A branch of a published line goes on counting from its version.
        publishedVersion = (await manager.findOneBy(SourceBranchEntity, { id: parent.sourceBranchId }))?.publishedVersion ?? null;
      }
      const actorId = await this.actors.idOf(principal, manager);
      return manager.save(
        manager.create(SourceBranchEntity, {
          sourceId,
          label: body.label,
          parentRevisionId: body.parentRevisionId ?? null,
          published: false,
          publishedVersion,
          createdById: actorId,
          modifiedById: actorId,
        }),
      );
    });
    return this.branchView(branch, await this.actors.resolve([branch.createdById]));
  }

  async revisions(principal: UserPrincipal, sourceId: string, branchId: string): Promise<SourceRevisionView[]> {
    await this.branch(principal, sourceId, branchId);
    const revisions = await this.dataSource
      .getRepository(SourceRevisionEntity)
      .find({ where: { sourceBranchId: branchId }, order: { createdAt: 'ASC', id: 'ASC' } });
    const actors = await this.actors.resolve(revisions.map((revision) => revision.createdById));
    return revisions.map((revision) => this.revisionView(revision, actors));
  }

  async addRevision(
    principal: UserPrincipal,
    sourceId: string,
    branchId: string,
    body: CreateSourceRevisionRequest,
  ): Promise<SourceRevisionView> {
    await this.branch(principal, sourceId, branchId);
    const revision = await this.dataSource.transaction(async (manager) => {
      const actorId = await this.actors.idOf(principal, manager);
      return manager.save(
        manager.create(SourceRevisionEntity, {
          sourceId,
          sourceBranchId: branchId,
          packageMeta: body.packageMeta as Record<string, unknown>,
          meta: body.meta,
          data: (body.data ?? null) as object,
          createdById: actorId,
          modifiedById: actorId,
        }),
      );
    });
    return this.revisionView(revision, await this.actors.resolve([revision.createdById]));
  }

  /**
   * POST …/branches/{branchId}/publish: the given revision (default: the branch's newest) as a new release of
   * `packageId` (default: packageMeta.id when a UUID, else the package this branch published before, else a new
   * one), version bumped from the branch's publishedVersion. A version the package already has is a 409.
   */
  async publish(principal: UserPrincipal, sourceId: string, branchId: string, body: PublishBranchRequest): Promise<PublishBranchResponse> {
    const source = await this.find(principal, sourceId);
    await this.branch(principal, sourceId, branchId);
    const published = await this.releases.transaction(async (manager) => {
      const branch = await manager.findOne(SourceBranchEntity, { where: { id: branchId, sourceId }, lock: { mode: 'pessimistic_write' } });
      if (!branch) throw new DomainError('NOT_FOUND', RegistryMessages.branchNotFound);
      const revision = await this.revisionToPublish(manager, branchId, body.revisionId);
      if (isEmptyData(revision.data)) throw new DomainError('BAD_REQUEST', RegistryMessages.fileNamesOrData);
      const packageMeta = PackageMeta.parse(revision.packageMeta ?? {});
      const packageId = body.packageId ?? (await this.packageIdOf(manager, branchId, packageMeta));
      const version = bumpVersion(branch.publishedVersion, body.releaseType);
      const created = await this.releases.createRelease(manager, principal, {
        id: packageId,
        type: body.packageType,
        schemaType: body.schemaType,
        version,
        label: packageMeta.label || source.label,
        description: packageMeta.description ?? null,
        releaseNotesMarkdown: body.releaseNotesMarkdown,
        prerelease: body.prerelease,
        data: revision.data,
        meta: { ...revision.meta, ...packageMeta, version },
        categories: body.categories,
        statusDetailsRelease: body.statusDetailsRelease,
        sourceRevisionId: revision.id,
      });
      await manager.update(
        SourceBranchEntity,
        { id: branchId },
        { published: true, publishedVersion: version, modifiedById: await this.actors.idOf(principal, manager) },
      );
      return { packageId, revisionId: created.revisionId };
    });
    const release = await this.finder.findVisible(principal, body.packageType, published.packageId, { revisionId: published.revisionId });
    const branch = await this.dataSource.getRepository(SourceBranchEntity).findOneByOrFail({ id: branchId });
    return {
      packageRelease: await this.finder.view(release),
      branch: this.branchView(branch, await this.actors.resolve([branch.createdById])),
    };
  }

  private async revisionToPublish(manager: EntityManager, branchId: string, revisionId?: string): Promise<SourceRevisionEntity> {
    if (revisionId) {
      const revision = await manager.findOneBy(SourceRevisionEntity, { id: revisionId, sourceBranchId: branchId });
      if (!revision) throw new DomainError('NOT_FOUND', RegistryMessages.sourceRevisionNotFound);
      return revision;
    }
    const [newest] = await manager.find(SourceRevisionEntity, {
      where: { sourceBranchId: branchId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: 1,
    });
    if (!newest) throw new DomainError('CONFLICT', RegistryMessages.branchHasNoRevisions);
    return newest;
  }

  private async packageIdOf(manager: EntityManager, branchId: string, packageMeta: PackageMeta): Promise<string> {
    if (packageMeta.id && UUID.test(packageMeta.id)) return packageMeta.id.toLowerCase();
    const [previous] = (await manager.query(
      `SELECT r.id FROM package_release r JOIN source_revision sr ON sr.id = r.source_revision_id
        WHERE sr.source_branch_id = $1 ORDER BY r.created_at DESC LIMIT 1`,
      [branchId],
    )) as Array<{ id: string }>;
    return previous?.id ?? randomUUID();
  }

  private visible(principal: UserPrincipal, manager: EntityManager = this.dataSource.manager): SelectQueryBuilder<SourceEntity> {
    const condition = visibleSourceCondition(principal, 'source');
    return manager
      .createQueryBuilder(SourceEntity, 'source')
      .leftJoinAndSelect('source.members', 'members')
      .leftJoinAndSelect('source.branches', 'branch')
      .where(condition.sql, condition.params);
  }

  private async find(principal: UserPrincipal, id: string): Promise<SourceEntity> {
    const source = await this.visible(principal).andWhere('source.id = :id', { id }).addOrderBy('branch.createdAt', 'ASC').getOne();
    if (!source) throw new DomainError('NOT_FOUND', RegistryMessages.sourceNotFound);
    return source;
  }

  private async branch(principal: UserPrincipal, sourceId: string, branchId: string): Promise<SourceBranchEntity> {
    const source = await this.find(principal, sourceId);
    const branch = source.branches?.find((candidate) => candidate.id === branchId);
    if (!branch) throw new DomainError('NOT_FOUND', RegistryMessages.branchNotFound);
    return branch;
  }

  private async views(sources: SourceEntity[]): Promise<SourceView[]> {
    const actors = await this.actors.resolve(
      sources.flatMap((source) => [source.createdById, ...(source.branches ?? []).map((b) => b.createdById)]),
    );
    return sources.map((source) => ({
      id: source.id,
      label: source.label,
      type: source.type,
      ownerAccountId: source.ownerAccountId,
      ownerUserId: source.ownerUserId,
      members: { accountIds: source.members?.accountId ?? [], userIds: source.members?.userId ?? [] },
      branches: (source.branches ?? []).map((branch) => this.branchView(branch, actors)),
      createdBy: actorOf(actors, source.createdById),
      createdAt: source.createdAt.toISOString(),
      updatedAt: source.updatedAt.toISOString(),
    }));
  }

  private branchView(branch: SourceBranchEntity, actors: Map<number, ActorRef>): SourceBranchView {
    return {
      id: branch.id,
      sourceId: branch.sourceId,
      label: branch.label,
      published: branch.published,
      publishedVersion: branch.publishedVersion,
      parentRevisionId: branch.parentRevisionId,
      createdBy: actorOf(actors, branch.createdById),
      createdAt: branch.createdAt.toISOString(),
      updatedAt: branch.updatedAt.toISOString(),
    };
  }

  private revisionView(revision: SourceRevisionEntity, actors: Map<number, ActorRef>): SourceRevisionView {
    return {
      id: revision.id,
      sourceId: revision.sourceId,
      sourceBranchId: revision.sourceBranchId,
      packageMeta: revision.packageMeta,
      meta: revision.meta,
      data: revision.data ?? null,
      createdBy: actorOf(actors, revision.createdById),
      createdAt: revision.createdAt.toISOString(),
      updatedAt: revision.updatedAt.toISOString(),
    };
  }
}

function actorOf(actors: Map<number, ActorRef>, id: number | null): ActorRef {
  return id == null ? null : (actors.get(id) ?? null);
}
