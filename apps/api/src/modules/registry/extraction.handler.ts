import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RegistryMessages, ReleaseFilesManifest } from '@library/contracts';
import { DataSource } from 'typeorm';
import { RunHandler, RunJobContext, RunJobHandler } from '../runs/run-handler';
import { PackageReleaseDataEntity } from './package-release-data.entity';
import { PackageReleaseEntity } from './package-release.entity';
import { PackageStatusSystemEntity } from './package-status-system.entity';
import { manifestOf, RELEASE_FILE_MAX_BYTES, RELEASE_MAX_BYTES, ReleaseFilesService } from './release-files.service';
import { EXTRACTION_ATTEMPTS, EXTRACTION_RUN, lockReleaseStatus, nextSystemStatus } from './release-status.service';

export interface ExtractionInput {
  revisionId: string;
  [key: string]: unknown;
}

export interface ExtractionOutput {
  revisionId: string;
  status: 'UPLOADED';
  files: number;
  totalBytes: number;
}

/** A file problem: the release goes back to PENDING with this message, and the run fails with it. */
export class ExtractionRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtractionRejected';
  }
}

/**
 * The `release-extraction` run (systemStatus machine): checks that every declared file of a release is in the
 * store, within the size limits and of the type its extension promises, builds `archive.tar.gz`, then writes the
 * manifest (sizes) as the release's data — row and data file — and moves EXTRACTING → UPLOADED in the same
 * transaction as the run's success. A rejected upload moves EXTRACTING → PENDING with the error kept in
 * statusDetailsSystem.error, and the run fails with the same message. Idempotent: a later attempt finds the
 * status already moved and ends the same way without doing the work again.
 */
@Injectable()
@RunHandler(EXTRACTION_RUN)
export class ExtractionHandler implements RunJobHandler<ExtractionInput, ExtractionOutput> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly files: ReleaseFilesService,
  ) {}

  async handle(context: RunJobContext<ExtractionInput>): Promise<ExtractionOutput> {
    try {
      return await this.extract(context);
    } catch (error) {
      // A store or database failure is retried; when the last attempt fails too, the release shows why.
      if (!(error instanceof ExtractionRejected) && context.attempt >= EXTRACTION_ATTEMPTS && !context.signal.aborted) {
        const message = error instanceof Error ? error.message : String(error);
        await this.reject(context, context.input.revisionId, message).catch(() => undefined);
      }
      throw error;
    }
  }

  private async extract(context: RunJobContext<ExtractionInput>): Promise<ExtractionOutput> {
    const { revisionId } = context.input;
    const release = await this.dataSource.getRepository(PackageReleaseEntity).findOne({
      where: { revisionId },
      relations: { releaseData: true, statusDetailsSystem: true },
    });
    if (!release || !release.statusDetailsSystem) throw new ExtractionRejected(RegistryMessages.releaseNotFound);
    const system = release.statusDetailsSystem;
    const manifest = manifestOf(release.releaseData?.data);
    if (system.status === 'UPLOADED' && manifest?.extractedAt) return this.summary(revisionId, manifest);
    if (system.status !== 'EXTRACTING')
      throw new ExtractionRejected(system.error ?? RegistryMessages.statusNotAllowed(system.status, 'UPLOADED', []));
    if (!manifest) return this.reject(context, revisionId, RegistryMessages.notAFileRelease);

    const checked: ReleaseFilesManifest['files'] = [];
    let totalBytes = 0;
    for (const [index, file] of manifest.files.entries()) {
      const stored = await this.files.stat(this.files.keyOf(release, file.fileName));
      if (!stored) return this.reject(context, revisionId, RegistryMessages.fileMissing(file.fileName));
      if (stored.size > RELEASE_FILE_MAX_BYTES)
        return this.reject(context, revisionId, RegistryMessages.fileTooLarge(file.fileName, RELEASE_FILE_MAX_BYTES));
      if (stored.contentType.split(';')[0].trim().toLowerCase() !== file.contentType)
        return this.reject(context, revisionId, RegistryMessages.fileTypeMismatch(file.fileName, file.contentType, stored.contentType));
      totalBytes += stored.size;
      if (totalBytes > RELEASE_MAX_BYTES) return this.reject(context, revisionId, RegistryMessages.releaseTooLarge(RELEASE_MAX_BYTES));
      checked.push({ ...file, size: stored.size });
      await context.progress(Math.round(((index + 1) / manifest.files.length) * 50));
      context.signal.throwIfAborted();
    }

    const bodies: Array<{ fileName: string; body: Buffer }> = [];
    for (const [index, file] of checked.entries()) {
      const body = await this.files.read(this.files.keyOf(release, file.fileName));
      // What was checked is what is archived: a file replaced since the check is refused.
      if (body.length !== file.size) return this.reject(context, revisionId, RegistryMessages.fileChanged(file.fileName));
      bodies.push({ fileName: file.fileName, body });
      await context.progress(50 + Math.round(((index + 1) / checked.length) * 40));
      context.signal.throwIfAborted();
    }
    const archive = await this.files.writeArchive(release, bodies);

    const extracted: ReleaseFilesManifest = {
      files: checked,
      totalBytes,
      extractedAt: new Date().toISOString(),
      archive: archive.slice(archive.lastIndexOf('/') + 1),
    };
    return context.transaction(async (manager) => {
      const current = await lockReleaseStatus(manager, revisionId);
      const next = nextSystemStatus(current, 'UPLOADED', ['UPLOADED']);
      await manager.update(PackageStatusSystemEntity, { id: current.id }, next);
      await manager.update(PackageReleaseDataEntity, { revisionId }, { data: extracted as object });
      // Last: a failing store rolls the status and the run's success back together.
      await this.files.writeDataFile(release, extracted);
      return context.complete(manager, this.summary(revisionId, extracted));
    });
  }

  private summary(revisionId: string, manifest: ReleaseFilesManifest): ExtractionOutput {
    return { revisionId, status: 'UPLOADED', files: manifest.files.length, totalBytes: manifest.totalBytes ?? 0 };
  }

  /** EXTRACTING → PENDING with the error (committed), then the run fails with it. */
  private async reject(context: RunJobContext<ExtractionInput>, revisionId: string, message: string): Promise<never> {
    await context.transaction(async (manager) => {
      const current = await lockReleaseStatus(manager, revisionId);
      if (current.status !== 'EXTRACTING') return;
      const next = nextSystemStatus(current, 'PENDING', ['PENDING'], message);
      await manager.update(PackageStatusSystemEntity, { id: current.id }, next);
    });
    throw new ExtractionRejected(message);
  }
}
