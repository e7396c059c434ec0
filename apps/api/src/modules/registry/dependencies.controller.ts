import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { DependencyRequest, DependencyView, PackageTypeParams } from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams } from '../../common/validation/zod-params';
import { DependenciesService } from './dependencies.service';

const RevisionParams = PackageTypeParams.extend({ id: z.string().uuid(), revisionId: z.string().uuid() });
const DependencyParams = RevisionParams.extend({ dependencyId: z.string().uuid() });
type RevisionParams = z.infer<typeof RevisionParams>;

/** `…/id/{id}/revision/{revisionId}/dependencies` (spec 7). */
@ApiTags('library-api: releases')
@ApiBearerAuth()
@Controller('api/v2/packages/:type/id/:id/revision/:revisionId/dependencies')
export class DependenciesController {
  constructor(private readonly dependencies: DependenciesService) {}

  @Get()
  @Returns(z.array(DependencyView))
  list(@CurrentPrincipal() principal: UserPrincipal, @ZParams(RevisionParams) params: RevisionParams) {
    return this.dependencies.list(principal, params.type, params.id, params.revisionId);
  }

  @Post()
  @HttpCode(201)
  @Returns(DependencyView, 201)
  add(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(RevisionParams) params: RevisionParams,
    @ZBody(DependencyRequest) body: z.infer<typeof DependencyRequest>,
  ) {
    return this.dependencies.add(principal, params.type, params.id, params.revisionId, body);
  }

  @Delete(':dependencyId')
  @HttpCode(204)
  async remove(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(DependencyParams) params: z.infer<typeof DependencyParams>,
  ): Promise<void> {
    await this.dependencies.remove(principal, params.type, params.id, params.revisionId, params.dependencyId);
  }
}
