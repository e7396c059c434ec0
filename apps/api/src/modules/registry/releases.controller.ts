import { Controller, Delete, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AddPackageRequest,
  AddPackageResponse,
  ArchiveResponse,
  DeleteReleaseQuery,
  ExtractionResponse,
  Level,
  PackageReleaseView,
  PackageTypeParams,
  ReleaseUpdateRequest,
  Status,
  Version,
} from '@library/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { CONTENT_ROUTE, ReleaseFinder, ReleaseSelector } from './release-finder.service';
import { DATA_FILE, ReleaseFilesService } from './release-files.service';
import { ReleaseStatusService } from './release-status.service';
import { ReleasesService } from './releases.service';

/** `/id/{id}/version/{version}` or `/id/{id}/revision/{revisionId}`: the package id is a UUID, the version `1.2.3`. */
export const ReleaseParams = PackageTypeParams.extend({
  id: z.string().uuid(),
  version: Version.optional(),
  revisionId: z.string().uuid().optional(),
});
export type ReleaseParams = z.infer<typeof ReleaseParams>;
const RevisionParams = PackageTypeParams.extend({ id: z.string().uuid(), revisionId: z.string().uuid() });
const VersionParams = PackageTypeParams.extend({ id: z.string().uuid(), version: Version });
const SystemStatusParams = ReleaseParams.extend({ status: Status });
const ReleaseStatusParams = ReleaseParams.extend({ level: Level, status: Status });

/** Both path forms of a release, for routes that take either. */
export const byRelease = (suffix = '') => [`id/:id/version/:version${suffix}`, `id/:id/revision/:revisionId${suffix}`];

export function selectorOf(params: ReleaseParams): ReleaseSelector {
  return params.revisionId ? { revisionId: params.revisionId } : { version: params.version! };
}

/**
 * Writes of the package library service (spec 7) under `/api/v2/packages/{type}`: add-package, delete, system and
 * release statuses, extraction, release update and archive downloads. Rules: docs/adr/0008-registry.md.
 */
@ApiTags('library-api: releases')
@ApiBearerAuth()
@Controller('api/v2/packages/:type')
export class ReleasesController {
  constructor(
    private readonly releases: ReleasesService,
    private readonly statuses: ReleaseStatusService,
  ) {}

  /** Add-package: a new release of a new or existing package; EXTERNAL packages get upload signatures for their fileNames. */
  @Post()
  @HttpCode(201)
  @Returns(AddPackageResponse, 201)
  add(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(PackageTypeParams) params: z.infer<typeof PackageTypeParams>,
    @ZBody(AddPackageRequest) body: AddPackageRequest,
  ) {
    return this.releases.add(principal, params.type, body);
  }

  /** Deletes a release and its files; `force` (true unless false or 0) also deletes RELEASED ones. */
  @Delete(byRelease())
  @HttpCode(204)
  async remove(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(ReleaseParams) params: ReleaseParams,
    @ZQuery(DeleteReleaseQuery) query: DeleteReleaseQuery,
  ): Promise<void> {
    await this.releases.remove(principal, params.type, params.id, selectorOf(params), query.force);
  }

  /** Moves the system status (EXTRACTING starts the extraction run, as `…/extract` does). */
  @Post(byRelease('/system/:status'))
  @HttpCode(200)
  @Returns(PackageReleaseView)
  systemStatus(@CurrentPrincipal() principal: UserPrincipal, @ZParams(SystemStatusParams) params: z.infer<typeof SystemStatusParams>) {
    return this.statuses.setSystemStatus(principal, params.type, params.id, selectorOf(params), params.status);
  }

  /** After the upload: starts the extraction run and answers its id, to poll at `GET /api/runs/{runId}`. */
  @Post(byRelease('/extract'))
  @HttpCode(202)
  @Returns(ExtractionResponse, 202)
  extract(@CurrentPrincipal() principal: UserPrincipal, @ZParams(ReleaseParams) params: ReleaseParams) {
    return this.statuses.startExtraction(principal, params.type, params.id, selectorOf(params));
  }

  @Post(byRelease('/release/level/:level/status/:status'))
  @HttpCode(200)
  @Returns(PackageReleaseView)
  releaseStatus(@CurrentPrincipal() principal: UserPrincipal, @ZParams(ReleaseStatusParams) params: z.infer<typeof ReleaseStatusParams>) {
    return this.statuses.setReleaseStatus(principal, params.type, params.id, selectorOf(params), params.level, params.status);
  }

  @Put('id/:id/revision/:revisionId')
  @Returns(PackageReleaseView)
  update(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(RevisionParams) params: z.infer<typeof RevisionParams>,
    @ZBody(ReleaseUpdateRequest) body: ReleaseUpdateRequest,
  ) {
    return this.releases.update(principal, params.type, params.id, params.revisionId, body);
  }

  /** Download credentials: the object key and a URL valid for five minutes. Counts a download. */
  @Get('id/:id/version/:version/archive')
  @Returns(ArchiveResponse)
  archive(@CurrentPrincipal() principal: UserPrincipal, @ZParams(VersionParams) params: z.infer<typeof VersionParams>) {
    return this.releases.archive(principal, params.type, params.id, params.version);
  }
}

const ContentParams = PackageTypeParams.extend({
  folder: z.string(),
  id: z.string().uuid(),
  ref: z.union([Version, z.string().uuid()]),
  file: z.union([z.string(), z.array(z.string())]).transform((file) => (Array.isArray(file) ? file.join('/') : file)),
});

/**
 * Release files, where a derived baseUrl points when CONTENT_BASE_URL is unset:
 * `/api/library-api/content/{uploadFolder}/{type}/{id}/{version or revisionId}/{file}`. Only for callers who
 * see the release (404 otherwise, as everywhere).
 */
@ApiTags('library-api: releases')
@ApiBearerAuth()
@Controller(CONTENT_ROUTE)
export class ContentController {
  constructor(
    private readonly finder: ReleaseFinder,
    private readonly files: ReleaseFilesService,
  ) {}

  @Get(':folder/:type/:id/:ref/*file')
  async file(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(ContentParams) params: z.infer<typeof ContentParams>,
    @Res() response: Response,
  ): Promise<void> {
    if (params.folder !== this.finder.content.uploadFolder) throw new DomainError('NOT_FOUND');
    const selector: ReleaseSelector = Version.safeParse(params.ref).success ? { version: params.ref } : { revisionId: params.ref };
    const release = await this.finder.findVisible(principal, params.type, params.id, selector);
    if (params.file === DATA_FILE) await this.files.ensureDataFile(release);
    const object = await this.files.open(release, params.file);
    response.setHeader('Content-Type', object.contentType ?? 'application/octet-stream');
    if (object.contentLength !== undefined) response.setHeader('Content-Length', String(object.contentLength));
    response.setHeader('Cache-Control', 'private, max-age=60');
    object.body.pipe(response);
  }
}
