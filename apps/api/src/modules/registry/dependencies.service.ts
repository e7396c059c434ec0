import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DependencyRequest, DependencyView, PackageType, RegistryMessages } from '@library/contracts';
import { Repository } from 'typeorm';
import { z } from 'zod';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { PackageDependencyEntity } from './package-dependency.entity';
import { ReleaseFinder } from './release-finder.service';
import { canManageRelease } from './visibility';

export function toDependencyView(dependency: PackageDependencyEntity): DependencyView {
  return {
    id: dependency.id,
    type: dependency.type,
    value: dependency.value,
    createdAt: dependency.createdAt.toISOString(),
    updatedAt: dependency.updatedAt.toISOString(),
  };
}

/**
 * A release's dependencies (`…/revision/{revisionId}/dependencies`): read by whoever sees the release, changed by
 * whoever manages it. A POST with the id of one of the release's dependencies replaces it.
 */
@Injectable()
export class DependenciesService {
  constructor(
    @InjectRepository(PackageDependencyEntity) private readonly dependencies: Repository<PackageDependencyEntity>,
    private readonly finder: ReleaseFinder,
  ) {}

  async list(principal: UserPrincipal, type: PackageType, id: string, revisionId: string): Promise<DependencyView[]> {
    await this.finder.findVisible(principal, type, id, { revisionId });
    const rows = await this.dependencies.find({ where: { packageReleaseRevisionId: revisionId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toDependencyView);
  }

  async add(
    principal: UserPrincipal,
    type: PackageType,
    id: string,
    revisionId: string,
    body: z.infer<typeof DependencyRequest>,
  ): Promise<DependencyView> {
    await this.managed(principal, type, id, revisionId);
    if (body.id) {
      const existing = await this.dependencies.findOneBy({ id: body.id });
      if (existing && existing.packageReleaseRevisionId !== revisionId)
        throw new DomainError('NOT_FOUND', RegistryMessages.dependencyNotFound);
      if (existing) {
        await this.dependencies.update({ id: body.id }, { type: body.type, value: body.value });
        return toDependencyView(await this.dependencies.findOneByOrFail({ id: body.id }));
      }
    }
    const saved = await this.dependencies.save(
      this.dependencies.create({
        ...(body.id ? { id: body.id } : {}),
        type: body.type,
        value: body.value,
        packageReleaseRevisionId: revisionId,
      }),
    );
    return toDependencyView(saved);
  }

  async remove(principal: UserPrincipal, type: PackageType, id: string, revisionId: string, dependencyId: string): Promise<void> {
    await this.managed(principal, type, id, revisionId);
    const result = await this.dependencies.delete({ id: dependencyId, packageReleaseRevisionId: revisionId });
    if (!result.affected) throw new DomainError('NOT_FOUND', RegistryMessages.dependencyNotFound);
  }

  private async managed(principal: UserPrincipal, type: PackageType, id: string, revisionId: string): Promise<void> {
    const release = await this.finder.findVisible(principal, type, id, { revisionId });
    if (!canManageRelease(principal, release)) throw new DomainError('FORBIDDEN');
  }
}
