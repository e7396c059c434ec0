import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AddPackageRequest,
  ArchiveResponse,
  Level,
  PackageMeta,
  PackageReleaseView,
  PackageType,
  RegistryMessages,
  ReleaseFilesManifest,
  ReleaseUpdateRequest,
  SchemaType,
  Status,
  UploadSignature,
} from '@library/contracts';
import { DataSource, EntityManager, QueryFailedError, type QueryDeepPartialEntity } from 'typeorm';
import { z } from 'zod';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { ActorsService } from './actors.service';
import { versionToInt } from './derived-rules';
import { PackageReleaseDataEntity } from './package-release-data.entity';
import { PackageReleaseEntity } from './package-release.entity';
import { PackageStatusReleaseEntity } from './package-status-release.entity';
import { PackageStatusSystemEntity } from './package-status-system.entity';
import { ARCHIVE_FILE, declaredFile, manifestOf, ReleaseFilesService, ReleaseLocation } from './release-files.service';
import { ReleaseFinder, ReleaseSelector } from './release-finder.service';
import { manualSystemTargets, nextReleaseStatus, nextSystemStatus } from './release-status.service';
import { refreshLatestRevision, refreshSearchIndex } from './search-index';
import { canManageRelease, canSetLevel } from './visibility';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Everything a new release is made of: the add-package body, or a published source revision. */
export interface NewRelease {
  id: string;
  type: PackageType;
  schemaType: SchemaType;
  version: string;
  label: string;
  description?: string | null;
  revisionId?: string;
  membersAccountIds?: string[] | null;
  membersUserIds?: string[] | null;
  releaseNotesMarkdown: string;
  prerelease: boolean;
  data?: unknown;
  meta?: PackageMeta | Record<string, unknown> | null;
  fileNames?: string[];
  categories: string[];
  statusDetailsSystem?: { status: Status };
  statusDetailsRelease?: { status: Status; level: Level };
  sourceRevisionId?: string | null;
}

export interface CreatedRelease {
  revisionId: string;
  location: ReleaseLocation;
  uploadSignature: Array<z.infer<typeof UploadSignature>>;
}

/** The declared files of a new release: safe names, known types, each once. */
function declaredFiles(fileNames: readonly string[] | undefined) {
  const files = (fileNames ?? []).map(declaredFile);
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.fileName)) throw new DomainError('BAD_REQUEST', RegistryMessages.fileNameDuplicate(file.fileName));
    seen.add(file.fileName);
  }
  return files;
}

/** Unique violations that slip past the checks (concurrent adds) as the 409s the checks would have given. */
function conflictOf(error: unknown): DomainError | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driverError = error.driverError as { code?: string; constraint?: string };
  if (driverError.code !== '23505') return null;
  return new DomainError(
    'CONFLICT',
    driverError.constraint === 'package_release_version_unique' ? RegistryMessages.versionExists : RegistryMessages.revisionExists,
  );
}

/**
 * Writes of releases: add-package, update, delete and archive downloads. Each write is one transaction;
 * the object store write of the data file is its last step, so a failing store rolls the rows back.
 */
@Injectable()
export class ReleasesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly finder: ReleaseFinder,
    private readonly actors: ActorsService,
    private readonly files: ReleaseFilesService,
  ) {}

  /** POST /api/v2/packages/{type}: a new release (and the package on its first release). */
  async add(principal: UserPrincipal, type: PackageType, body: AddPackageRequest) {
    if (body.type !== type) throw new DomainError('BAD_REQUEST', RegistryMessages.bodyTypeMismatch);
    const created = await this.transaction((manager) => this.createRelease(manager, principal, body));
    const release = await this.finder.findVisible(principal, type, body.id, { revisionId: created.revisionId });
    return { packageRelease: await this.finder.view(release), uploadSignature: created.uploadSignature };
  }

  /**
   * Creates a release inside `manager`'s transaction (add-package and publishing share it): package row
   * (type checked, locked), version not yet published, categories of the type, data row and data file,
   * system status (UPLOADED at once for inline data), optional release status, search columns, latest pointer.
   */
  async createRelease(manager: EntityManager, principal: UserPrincipal, input: NewRelease): Promise<CreatedRelease> {
    const files = declaredFiles(input.fileNames);
    const hasFiles = files.length > 0;
    const actorId = await this.actors.idOf(principal, manager);

    await manager.query(
      `INSERT INTO package (id, type, created_by_id, modified_by_id) VALUES ($1, $2, $3, $3) ON CONFLICT (id) DO NOTHING`,
      [input.id, input.type, actorId],
    );
    const [pkg] = (await manager.query(`SELECT type FROM package WHERE id = $1 FOR UPDATE`, [input.id])) as Array<{ type: PackageType }>;
    if (pkg.type !== input.type) throw new DomainError('CONFLICT', RegistryMessages.typeMismatch);
    const owners = (await manager.query(`SELECT owner_account_id, owner_user_id FROM package_release WHERE id = $1`, [input.id])) as Array<{
      owner_account_id: string;
      owner_user_id: string;
    }>;
    if (
      owners.length &&
      !owners.some((row) => canManageRelease(principal, { ownerAccountId: row.owner_account_id, ownerUserId: row.owner_user_id }))
    )
      throw new DomainError('CONFLICT', RegistryMessages.packageIdTaken);
    if (await manager.existsBy(PackageReleaseEntity, { id: input.id, version: input.version }))
      throw new DomainError('CONFLICT', RegistryMessages.versionExists);
    if (input.revisionId && (await manager.existsBy(PackageReleaseEntity, { revisionId: input.revisionId })))
      throw new DomainError('CONFLICT', RegistryMessages.revisionExists);
    const categoryIds = await this.categoryIds(manager, input.type, input.categories);

    const inserted = await manager.insert(PackageReleaseEntity, {
      ...(input.revisionId ? { revisionId: input.revisionId } : {}),
      id: input.id,
      type: input.type,
      schemaType: input.schemaType,
      version: input.version,
      versionInt: versionToInt(input.version).toString(),
      prerelease: input.prerelease,
      label: input.label,
      description: input.description ?? null,
      meta: (input.meta ?? null) as QueryDeepPartialEntity<Record<string, unknown>> | null,
      releaseNotesMarkdown: input.releaseNotesMarkdown.trim(),
      membersAccountIds: input.membersAccountIds ?? null,
      membersUserIds: input.membersUserIds ?? null,
      sourceRevisionId: input.sourceRevisionId ?? null,
      ownerAccountId: principal.accountId,
      ownerUserId: principal.userId,
      createdById: actorId,
      modifiedById: actorId,
    });
    const revisionId = (inserted.identifiers[0] as { revisionId: string }).revisionId;
    if (categoryIds.length)
      await manager.query(`INSERT INTO package_release_category (revision_id, category_id) SELECT $1, unnest($2::uuid[])`, [
        revisionId,
        categoryIds,
      ]);

    const manifest: ReleaseFilesManifest | null = hasFiles
      ? { files: files.map((file) => ({ ...file, size: null })), totalBytes: null, extractedAt: null, archive: null }
      : null;
    const data = manifest ?? input.data ?? null;
    await manager.insert(PackageReleaseDataEntity, { revisionId, data: data as object });

    let system: { status: Status; error: string | null } = { status: 'PENDING', error: null };
    const requested = input.statusDetailsSystem?.status;
    // At add time a release may ask to be TEST_ONLY; extraction is asked for after the upload.
    if (requested && requested !== 'PENDING')
      system = nextSystemStatus(system, requested, hasFiles ? ['TEST_ONLY'] : ['TEST_ONLY', 'UPLOADED']);
    if (system.status === 'PENDING' && !hasFiles) system = nextSystemStatus(system, 'UPLOADED', manualSystemTargets(false));
    await manager.insert(PackageStatusSystemEntity, {
      packageReleaseRevisionId: revisionId,
      ...system,
      createdById: actorId,
      modifiedById: actorId,
    });

    if (input.statusDetailsRelease) {
      const { level, status } = input.statusDetailsRelease;
      if (!canSetLevel(principal, { ownerAccountId: principal.accountId, ownerUserId: principal.userId }, level))
        throw new DomainError('FORBIDDEN');
      await manager.insert(PackageStatusReleaseEntity, {
        packageReleaseRevisionId: revisionId,
        level,
        status: nextReleaseStatus(null, system.status === 'UPLOADED', status),
        createdById: actorId,
        modifiedById: actorId,
      });
    }

    await refreshSearchIndex(manager, [revisionId]);
    await refreshLatestRevision(manager, input.id);

    const location: ReleaseLocation = { type: input.type, id: input.id, version: input.version };
    const uploadSignature = await this.files.uploadSignatures(location, files);
    // Last: if the store fails, the transaction rolls back and nothing is half-written.
    await this.files.writeDataFile(location, data);
    return { revisionId, location, uploadSignature };
  }

  /** PUT …/revision/{revisionId}: only the whitelisted fields (the data of a version never changes). */
  async update(
    principal: UserPrincipal,
    type: PackageType,
    id: string,
    revisionId: string,
    change: ReleaseUpdateRequest,
  ): Promise<PackageReleaseView> {
    const release = await this.managed(principal, type, id, { revisionId });
    await this.dataSource.transaction(async (manager) => {
      await manager.findOne(PackageReleaseEntity, { where: { revisionId }, lock: { mode: 'pessimistic_write' } });
      const { categories, meta, ...fields } = change;
      await manager.update(
        PackageReleaseEntity,
        { revisionId },
        {
          ...fields,
          ...(meta !== undefined ? { meta: meta as QueryDeepPartialEntity<Record<string, unknown>> } : {}),
          modifiedById: await this.actors.idOf(principal, manager),
        },
      );
      if (categories !== undefined) {
        const categoryIds = await this.categoryIds(manager, release.type, categories);
        await manager.query(`DELETE FROM package_release_category WHERE revision_id = $1`, [revisionId]);
        if (categoryIds.length)
          await manager.query(`INSERT INTO package_release_category (revision_id, category_id) SELECT $1, unnest($2::uuid[])`, [
            revisionId,
            categoryIds,
          ]);
      }
      await refreshSearchIndex(manager, [revisionId]);
    });
    return this.finder.view(await this.finder.findVisible(principal, type, id, { revisionId }));
  }

  /**
   * DELETE …/version/{version} | …/revision/{revisionId}. The caller manages the release and may set every level
   * it is at (a PDE release is SUPER_ADMIN's to delete); with force=false a RELEASED release is kept (409).
   * Its rows go in one transaction (the package with its last release, else the latest pointer moves),
   * then its files.
   */
  async remove(principal: UserPrincipal, type: PackageType, id: string, selector: ReleaseSelector, force: boolean): Promise<void> {
    const release = await this.managed(principal, type, id, selector);
    const levels = (release.statusDetailsRelease ?? []).filter((status) => status.level !== 'USER').map((status) => status.level);
    const beyond = levels.filter((level) => !canSetLevel(principal, release, level));
    if (beyond.length) throw new DomainError('FORBIDDEN', RegistryMessages.deleteNeedsLevelRights(beyond));
    const released = (release.statusDetailsRelease ?? []).filter((status) => status.status === 'RELEASED').map((status) => status.level);
    if (!force && released.length) throw new DomainError('CONFLICT', RegistryMessages.releasedNeedsForce(released.sort()));

    await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT id FROM package WHERE id = $1 FOR UPDATE`, [id]);
      await manager.delete(PackageReleaseEntity, { revisionId: release.revisionId });
      const [{ count }] = (await manager.query(`SELECT count(*)::int AS count FROM package_release WHERE id = $1`, [id])) as Array<{
        count: number;
      }>;
      if (count === 0) await manager.query(`DELETE FROM package WHERE id = $1`, [id]);
      else await refreshLatestRevision(manager, id);
    });
    await this.files.deleteFolder(release);
  }

  /**
   * GET …/version/{version}/archive: a short-lived URL of the release's archive — `archive.tar.gz` of its files
   * for a release with files (once extracted), else its data file — and one more download for the package.
   */
  async archive(principal: UserPrincipal, type: PackageType, id: string, version: string): Promise<z.infer<typeof ArchiveResponse>> {
    const release = await this.finder.findVisible(principal, type, id, { version });
    const manifest = manifestOf(release.releaseData?.data);
    let key: string;
    if (manifest) {
      if (release.statusDetailsSystem?.status !== 'UPLOADED' || !manifest.archive)
        throw new DomainError('CONFLICT', RegistryMessages.archiveNotReady);
      key = this.files.keyOf(release, ARCHIVE_FILE);
    } else {
      key = await this.files.ensureDataFile(release);
    }
    await this.dataSource.query(`UPDATE package SET download_count = download_count + 1 WHERE id = $1`, [id]);
    return { key, url: await this.files.downloadUrl(key) };
  }

  /** A visible release the caller manages: 404 when invisible, 403 when only visible. */
  async managed(principal: UserPrincipal, type: PackageType, id: string, selector: ReleaseSelector): Promise<PackageReleaseEntity> {
    const release = await this.finder.findVisible(principal, type, id, selector);
    if (!canManageRelease(principal, release)) throw new DomainError('FORBIDDEN');
    return release;
  }

  /** The ids of categories of this type, or 404 naming the first unknown one. */
  private async categoryIds(manager: EntityManager, type: PackageType, ids: readonly string[]): Promise<string[]> {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return [];
    if (wanted.some((id) => !UUID.test(id))) throw new DomainError('NOT_FOUND', RegistryMessages.categoryNotFound);
    const rows = (await manager.query(`SELECT id FROM category WHERE id = ANY($1::uuid[]) AND type = $2`, [wanted, type])) as Array<{
      id: string;
    }>;
    if (rows.length !== wanted.length) throw new DomainError('NOT_FOUND', RegistryMessages.categoryNotFound);
    return wanted;
  }

  /** A transaction whose unique violations come out as 409s. */
  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      throw conflictOf(error) ?? error;
    }
  }
}
