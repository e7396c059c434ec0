import type { Level, PackageReleaseView } from '@library/contracts';
import type { ActorRef } from './actors.service';
import { deriveBaseUrl, isPlayground, servingOf } from './derived-rules';
import type { PackageReleaseEntity } from './package-release.entity';

export interface ContentLocation {
  contentBaseUrl: string;
  uploadFolder: string;
}

/** Relations a release must be loaded with to be shown. */
export const RELEASE_VIEW_RELATIONS = {
  categories: true,
  releaseData: true,
  statusDetailsSystem: true,
  statusDetailsRelease: true,
} as const;

/** The package release view of spec 3, with the derived fields. */
export function toReleaseView(release: PackageReleaseEntity, actors: Map<number, ActorRef>, content: ContentLocation): PackageReleaseView {
  const actor = (id: number | null | undefined) => (id == null ? null : (actors.get(id) ?? null));
  const levels = (release.statusDetailsRelease ?? []).map((status) => status.level as Level);
  const playground = isPlayground(levels);
  const system = release.statusDetailsSystem;
  return {
    revisionId: release.revisionId,
    id: release.id,
    version: release.version,
    versionInt: String(release.versionInt),
    type: release.type,
    schemaType: release.schemaType,
    label: release.label,
    description: release.description,
    meta: release.meta,
    data: release.releaseData?.data ?? null,
    membersAccountIds: release.membersAccountIds,
    membersUserIds: release.membersUserIds,
    releaseNotesMarkdown: release.releaseNotesMarkdown,
    prerelease: release.prerelease,
    servingType: release.servingType,
    sourceRevisionId: release.sourceRevisionId,
    createdBy: actor(release.createdById),
    categories: (release.categories ?? [])
      .map((category) => ({ id: category.id, name: category.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    statusDetailsSystem: system
      ? {
          status: system.status,
          error: system.error,
          createdAt: system.createdAt.toISOString(),
          updatedAt: system.updatedAt.toISOString(),
          createdBy: actor(system.createdById),
        }
      : null,
    statusDetailsRelease: (release.statusDetailsRelease ?? [])
      .map((status) => ({
        status: status.status,
        level: status.level,
        createdAt: status.createdAt.toISOString(),
        updatedAt: status.updatedAt.toISOString(),
        createdBy: actor(status.createdById),
      }))
      .sort((a, b) => a.level.localeCompare(b.level)),
    ...servingOf(release.type, release.schemaType),
    isPlayground: playground,
    baseUrl: release.baseUrl ?? deriveBaseUrl(content.contentBaseUrl, content.uploadFolder, release, playground),
    createdAt: release.createdAt.toISOString(),
    updatedAt: release.updatedAt.toISOString(),
  };
}

/** Actor ids a set of releases mentions, to resolve them in one query. */
export function actorIdsOf(releases: PackageReleaseEntity[]): Array<number | null> {
  return releases.flatMap((release) => [
    release.createdById,
    release.statusDetailsSystem?.createdById ?? null,
    ...(release.statusDetailsRelease ?? []).map((status) => status.createdById),
  ]);
}
