import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ExtractionResponse, Level, PackageReleaseView, PackageType, RegistryMessages, Status } from '@library/contracts';
import {
  acceptedEvents,
  applyEvent,
  RELEASE_STATUSES,
  releaseStatusMachine,
  SystemStatus,
  SystemStatusEvent,
  systemStatusMachine,
} from '@library/machines';
import { DataSource, EntityManager } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { RunsService } from '../runs/runs.service';
import { ActorsService } from './actors.service';
import { PackageStatusReleaseEntity } from './package-status-release.entity';
import { PackageStatusSystemEntity } from './package-status-system.entity';
import { PackageReleaseEntity } from './package-release.entity';
import { manifestOf } from './release-files.service';
import { ReleaseFinder, ReleaseSelector } from './release-finder.service';
import { canManageRelease, canSetLevel } from './visibility';

export const EXTRACTION_RUN = 'release-extraction';
/** Attempts of an extraction run: store hiccups and lost workers are retried; rejected files are not. */
export const EXTRACTION_ATTEMPTS = 3;

/** Where a system status may be moved by a call (the extraction run itself moves EXTRACTING → UPLOADED | PENDING). */
export function manualSystemTargets(hasFiles: boolean): SystemStatus[] {
  // A release with files reaches UPLOADED only through extraction; one with inline data needs none.
  return hasFiles ? ['PENDING', 'EXTRACTING', 'TEST_ONLY'] : ['PENDING', 'UPLOADED', 'TEST_ONLY'];
}

/**
 * The system status after asking for `to`, through the systemStatus machine; refused (409 naming the allowed
 * ones) when `to` is not among `targets` or the machine ignores it. `error` goes with a move back to PENDING.
 */
export function nextSystemStatus(
  current: { status: Status; error: string | null },
  to: Status,
  targets: readonly SystemStatus[],
  error?: string,
): { status: Status; error: string | null } {
  const stored = { value: current.status, context: { error: current.error } };
  const allowed = acceptedEvents(
    systemStatusMachine,
    stored,
    targets.map((type) => ({ type })),
  );
  if (!allowed.includes(to)) throw new DomainError('CONFLICT', RegistryMessages.statusNotAllowed(current.status, to, allowed));
  const event = (to === 'PENDING' ? { type: 'PENDING', error } : { type: to }) as SystemStatusEvent;
  const { snapshot } = applyEvent(systemStatusMachine, stored, event);
  return { status: snapshot.value as Status, error: (snapshot.context as { error: string | null }).error };
}

/** The release status at one level after asking for `to`, through the releaseStatus machine (NONE when unset). */
export function nextReleaseStatus(current: Status | null, uploaded: boolean, to: Status): Status {
  const stored = { value: current ?? 'NONE', context: { uploaded } };
  const allowed = acceptedEvents(
    releaseStatusMachine,
    stored,
    RELEASE_STATUSES.map((type) => ({ type })),
  );
  if (!allowed.includes(to)) throw new DomainError('CONFLICT', RegistryMessages.statusNotAllowed(current ?? 'NONE', to, allowed));
  return applyEvent(releaseStatusMachine, stored, { type: to as (typeof RELEASE_STATUSES)[number] }).snapshot.value as Status;
}

/** Locks a release's row and its system status for a change; the release must still exist. */
export async function lockReleaseStatus(manager: EntityManager, revisionId: string): Promise<PackageStatusSystemEntity> {
  const release = await manager.findOne(PackageReleaseEntity, { where: { revisionId }, lock: { mode: 'pessimistic_write' } });
  if (!release) throw new DomainError('NOT_FOUND', RegistryMessages.releaseNotFound);
  const system = await manager.findOne(PackageStatusSystemEntity, {
    where: { packageReleaseRevisionId: revisionId },
    lock: { mode: 'pessimistic_write' },
  });
  if (!system) throw new DomainError('NOT_FOUND', RegistryMessages.releaseNotFound);
  return system;
}

/**
 * `POST …/system/{status}`, `POST …/release/level/{level}/status/{status}` and extraction starts: every move
 * goes through the machines of libs/machines under the release's row lock; refusals are 409 naming the allowed
 * statuses. System status: whoever manages the release. Levels: see canSetLevel.
 */
@Injectable()
export class ReleaseStatusService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly finder: ReleaseFinder,
    private readonly actors: ActorsService,
    private readonly runs: RunsService,
  ) {}

  async setSystemStatus(
    principal: UserPrincipal,
    type: PackageType,
    id: string,
    selector: ReleaseSelector,
    status: Status,
  ): Promise<PackageReleaseView> {
    if (status === 'EXTRACTING') return (await this.startExtraction(principal, type, id, selector)).packageRelease;
    const release = await this.managed(principal, type, id, selector);
    const hasFiles = manifestOf(release.releaseData?.data) !== null;
    await this.dataSource.transaction(async (manager) => {
      const system = await lockReleaseStatus(manager, release.revisionId);
      const next = nextSystemStatus(system, status, manualSystemTargets(hasFiles), RegistryMessages.extractionStopped);
      await manager.update(
        PackageStatusSystemEntity,
        { id: system.id },
        { ...next, modifiedById: await this.actors.idOf(principal, manager) },
      );
    });
    return this.view(principal, type, id, release.revisionId);
  }

  /**
   * PENDING → EXTRACTING and a `release-extraction` run, in one transaction (the run's job is enqueued after
   * COMMIT). Only for releases added with fileNames, after their files were uploaded through the signatures.
   */
  async startExtraction(principal: UserPrincipal, type: PackageType, id: string, selector: ReleaseSelector): Promise<ExtractionResponse> {
    const release = await this.managed(principal, type, id, selector);
    if (!manifestOf(release.releaseData?.data)) throw new DomainError('CONFLICT', RegistryMessages.notAFileRelease);
    const runId = await this.dataSource.transaction(async (manager) => {
      const system = await lockReleaseStatus(manager, release.revisionId);
      const next = nextSystemStatus(system, 'EXTRACTING', manualSystemTargets(true));
      await manager.update(
        PackageStatusSystemEntity,
        { id: system.id },
        { ...next, modifiedById: await this.actors.idOf(principal, manager) },
      );
      const run = await this.runs.start(
        EXTRACTION_RUN,
        { revisionId: release.revisionId },
        { accountId: principal.accountId, userId: principal.userId },
        { manager, maxAttempts: EXTRACTION_ATTEMPTS },
      );
      return run.id;
    });
    return { runId, packageRelease: await this.view(principal, type, id, release.revisionId) };
  }

  async setReleaseStatus(
    principal: UserPrincipal,
    type: PackageType,
    id: string,
    selector: ReleaseSelector,
    level: Level,
    status: Status,
  ): Promise<PackageReleaseView> {
    const release = await this.finder.findVisible(principal, type, id, selector);
    if (!canSetLevel(principal, release, level)) throw new DomainError('FORBIDDEN');
    await this.dataSource.transaction(async (manager) => {
      const system = await lockReleaseStatus(manager, release.revisionId);
      const current = await manager.findOneBy(PackageStatusReleaseEntity, { packageReleaseRevisionId: release.revisionId, level });
      const next = nextReleaseStatus(current?.status ?? null, system.status === 'UPLOADED', status);
      const actorId = await this.actors.idOf(principal, manager);
      if (current) await manager.update(PackageStatusReleaseEntity, { id: current.id }, { status: next, modifiedById: actorId });
      else
        await manager.insert(PackageStatusReleaseEntity, {
          packageReleaseRevisionId: release.revisionId,
          level,
          status: next,
          createdById: actorId,
          modifiedById: actorId,
        });
    });
    return this.view(principal, type, id, release.revisionId);
  }

  /** A visible release the caller manages: 404 when invisible, 403 when only visible. */
  private async managed(principal: UserPrincipal, type: PackageType, id: string, selector: ReleaseSelector) {
    const release = await this.finder.findVisible(principal, type, id, selector);
    if (!canManageRelease(principal, release)) throw new DomainError('FORBIDDEN');
    return release;
  }

  private async view(principal: UserPrincipal, type: PackageType, id: string, revisionId: string): Promise<PackageReleaseView> {
    return this.finder.view(await this.finder.findVisible(principal, type, id, { revisionId }));
  }
}
