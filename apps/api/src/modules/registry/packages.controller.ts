import { Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ClientListResponse,
  LatestReleaseQuery,
  PackageIdParams,
  PackageListQuery,
  PackageListResponse,
  PackageReleaseView,
  PackageRevisionParams,
  PackageSearchQuery,
  PackageTypeParams,
  PackageVersionParams,
  PackageWithReleases,
  SearchablePackageRequest,
  SearchablePackageResponse,
} from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { PackageQueriesService } from './package-queries.service';
import { PackageSearchService } from './package-search.service';

type TypeParams = z.infer<typeof PackageTypeParams>;
type IdParams = z.infer<typeof PackageIdParams>;

/**
 * Read routes of the package library service (spec 7) under `/api/v2/packages/{type}`: lists of the latest visible
 * version of each package, search, popular, favourites, a package's versions and single releases. What the caller may
 * not see is neither listed nor found (404 'Release not found', so ids of private releases don't leak).
 */
@ApiTags('library-api: packages (read)')
@ApiBearerAuth()
@Controller('api/v2/packages/:type')
export class PackagesController {
  constructor(
    private readonly queries: PackageQueriesService,
    private readonly search: PackageSearchService,
  ) {}

  /** Spec 5 "List queries": filter, scope, orderBy, order, skip, take, prerelease. */
  @Get()
  @Returns(PackageListResponse)
  list(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(PackageTypeParams) params: TypeParams,
    @ZQuery(PackageListQuery) query: PackageListQuery,
  ) {
    return this.queries.list(principal, params.type, query);
  }

  /** Full-text and typo-tolerant search, in the client list shape of spec 3. */
  @Get('search')
  @Returns(ClientListResponse)
  searchPackages(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(PackageTypeParams) params: TypeParams,
    @ZQuery(PackageSearchQuery) query: PackageSearchQuery,
  ) {
    return this.search.search(principal, params.type, query);
  }

  /** Makes a package searchable as stored now (re-derives its releases' search index); owner, ADMIN or SUPER_ADMIN. */
  @Put('search')
  @Returns(SearchablePackageResponse)
  makeSearchable(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(PackageTypeParams) params: TypeParams,
    @ZBody(SearchablePackageRequest) body: z.infer<typeof SearchablePackageRequest>,
  ) {
    return this.search.makeSearchable(principal, params.type, body);
  }

  /** Visible packages by download count, then newest (list query; orderBy and order do not apply). */
  @Get('popular')
  @Returns(PackageListResponse)
  popular(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(PackageTypeParams) params: TypeParams,
    @ZQuery(PackageListQuery) query: PackageListQuery,
  ) {
    return this.queries.popular(principal, params.type, query);
  }

  /** The caller's favourites of the type's kind (steps for STEP and STEP_TEMPLATE, bots, flows), as a list. */
  @Get('favorites')
  @Returns(PackageListResponse)
  favorites(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(PackageTypeParams) params: TypeParams,
    @ZQuery(PackageListQuery) query: PackageListQuery,
  ) {
    return this.queries.favoritesOf(principal, params.type, query);
  }

  /** Every visible version of a package, newest first, with the package's fields. */
  @Get('id/:id')
  @Returns(PackageWithReleases)
  versions(@CurrentPrincipal() principal: UserPrincipal, @ZParams(PackageIdParams) params: IdParams) {
    return this.queries.versions(principal, params.type, params.id);
  }

  @Get('id/:id/latest')
  @Returns(PackageReleaseView)
  latest(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(PackageIdParams) params: IdParams,
    @ZQuery(LatestReleaseQuery) query: z.infer<typeof LatestReleaseQuery>,
  ) {
    return this.queries.latest(principal, params.type, params.id, query.prerelease);
  }

  @Get('id/:id/version/:version')
  @Returns(PackageReleaseView)
  byVersion(@CurrentPrincipal() principal: UserPrincipal, @ZParams(PackageVersionParams) params: z.infer<typeof PackageVersionParams>) {
    return this.queries.byVersion(principal, params.type, params.id, params.version);
  }

  @Get('id/:id/revision/:revisionId')
  @Returns(PackageReleaseView)
  byRevision(@CurrentPrincipal() principal: UserPrincipal, @ZParams(PackageRevisionParams) params: z.infer<typeof PackageRevisionParams>) {
    return this.queries.byRevision(principal, params.type, params.id, params.revisionId);
  }
}
