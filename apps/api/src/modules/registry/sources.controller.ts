import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CreateSourceBranchRequest,
  CreateSourceRequest,
  CreateSourceRevisionRequest,
  PublishBranchRequest,
  PublishBranchResponse,
  SourceBranchView,
  SourceRevisionView,
  SourceView,
} from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams } from '../../common/validation/zod-params';
import { SourcesService } from './sources.service';

const SourceParams = z.object({ id: z.string().uuid() });
const BranchParams = SourceParams.extend({ branchId: z.string().uuid() });
type BranchParams = z.infer<typeof BranchParams>;

/**
 * Sources, branches, revisions and publishing (spec 3; the spec names no calls, so these are ours):
 * `/api/library-api/api/v2/sources`. Rules: docs/adr/0008-registry.md.
 */
@ApiTags('library-api: sources')
@ApiBearerAuth()
@Controller('api/v2/sources')
export class SourcesController {
  constructor(private readonly sources: SourcesService) {}

  @Post()
  @HttpCode(201)
  @Returns(SourceView, 201)
  create(@CurrentPrincipal() principal: UserPrincipal, @ZBody(CreateSourceRequest) body: CreateSourceRequest) {
    return this.sources.create(principal, body);
  }

  /** The sources the caller sees (own, its account's as an ADMIN, and those it is a member of), newest first. */
  @Get()
  @Returns(z.array(SourceView))
  list(@CurrentPrincipal() principal: UserPrincipal) {
    return this.sources.list(principal);
  }

  @Get(':id')
  @Returns(SourceView)
  get(@CurrentPrincipal() principal: UserPrincipal, @ZParams(SourceParams) params: z.infer<typeof SourceParams>) {
    return this.sources.get(principal, params.id);
  }

  @Post(':id/branches')
  @HttpCode(201)
  @Returns(SourceBranchView, 201)
  createBranch(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(SourceParams) params: z.infer<typeof SourceParams>,
    @ZBody(CreateSourceBranchRequest) body: CreateSourceBranchRequest,
  ) {
    return this.sources.createBranch(principal, params.id, body);
  }

  @Get(':id/branches/:branchId/revisions')
  @Returns(z.array(SourceRevisionView))
  revisions(@CurrentPrincipal() principal: UserPrincipal, @ZParams(BranchParams) params: BranchParams) {
    return this.sources.revisions(principal, params.id, params.branchId);
  }

  @Post(':id/branches/:branchId/revisions')
  @HttpCode(201)
  @Returns(SourceRevisionView, 201)
  addRevision(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(BranchParams) params: BranchParams,
    @ZBody(CreateSourceRevisionRequest) body: CreateSourceRevisionRequest,
  ) {
    return this.sources.addRevision(principal, params.id, params.branchId, body);
  }

  /** A branch revision as a new release: `{ revisionId?, releaseType: 'major' | 'minor', packageType, packageId? }`. */
  @Post(':id/branches/:branchId/publish')
  @HttpCode(201)
  @Returns(PublishBranchResponse, 201)
  publish(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(BranchParams) params: BranchParams,
    @ZBody(PublishBranchRequest) body: PublishBranchRequest,
  ) {
    return this.sources.publish(principal, params.id, params.branchId, body);
  }
}
