import { z } from 'zod';
import { queryFlag } from '../common/query';
import { Level, MigrationStatus, PackageType, SchemaType, Status } from '../enums';
import { RegistryMessages } from './registry.messages';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `{type}` in paths; accepted in any case (`step` or `STEP`). */
export const PackageTypeParams = z.object({ type: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), PackageType) });

/** A category name: trimmed, never a UUID (spec 5). */
export const CategoryName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((name) => !UUID.test(name), RegistryMessages.categoryNameUuid);

/** Versions are `major.minor.patch`, each part below 1 000 000 so versionInt sorts them. */
export const Version = z
  .string()
  .trim()
  .regex(/^\d{1,6}\.\d{1,6}\.\d{1,6}$/, RegistryMessages.versionFormat);

/** Package meta (spec 3): known keys trimmed; extra keys allowed. */
export const PackageMeta = z
  .object({
    categories: z.array(z.string().trim()).default([]),
    description: z.string().trim().optional(),
    version: z.string().trim().optional(),
    id: z.string().trim().optional(),
    label: z.string().trim().optional(),
    icon: z.string().optional(),
    iconType: z.string().optional(),
    recommendedSteps: z.array(z.unknown()).optional(),
    shape: z.string().optional(),
    tags: z.array(z.string().trim()).optional(),
  })
  .passthrough();
export type PackageMeta = z.infer<typeof PackageMeta>;

const memberIds = z.array(z.string().trim().min(1)).max(1000);
const releaseNotes = z.string().trim().max(100_000).default('');
const categoryIds = z.array(z.string().trim().toLowerCase().min(1)).max(50);

/** Release data must survive JSON (spec 3). */
const JsonData = z.unknown().refine((value) => {
  try {
    return value === undefined || JSON.stringify(value) !== undefined;
  } catch {
    return false;
  }
}, RegistryMessages.dataNotJson);

const isEmptyData = (data: unknown) =>
  data === undefined || data === null || (typeof data === 'object' && Object.keys(data as object).length === 0) || data === '';

/** POST add-package (spec 3 "Add-package body"). */
export const AddPackageRequest = z
  .object({
    id: z.string().uuid(),
    type: PackageType,
    schemaType: SchemaType,
    version: Version,
    label: z.string().trim().min(1).max(200),
    description: z.string().trim().max(5000).optional(),
    revisionId: z.string().uuid().optional(),
    membersAccountIds: memberIds.optional(),
    membersUserIds: memberIds.optional(),
    releaseNotesMarkdown: releaseNotes,
    prerelease: z.boolean().default(false),
    data: JsonData.optional().nullable(),
    meta: PackageMeta.optional(),
    fileNames: z.array(z.string().trim().min(1).max(300)).max(200).optional(),
    categories: categoryIds.default([]),
    statusDetailsSystem: z.object({ status: Status }).strict().optional(),
    statusDetailsRelease: z.object({ status: Status, level: Level }).strict().optional(),
  })
  .strict()
  .superRefine((body, context) => {
    if (!body.fileNames?.length && isEmptyData(body.data))
      context.addIssue({ code: 'custom', path: [], message: RegistryMessages.fileNamesOrData });
  });
export type AddPackageRequest = z.infer<typeof AddPackageRequest>;

/** PUT …/revision/{revisionId}: only these fields (spec 5); anything else is 'Unrecognized key(s) in object'. */
export const ReleaseUpdateRequest = z
  .object({
    membersAccountIds: memberIds,
    membersUserIds: memberIds,
    meta: PackageMeta,
    label: z.string().trim().min(1).max(200),
    description: z.string().trim().max(5000),
    releaseNotesMarkdown: releaseNotes,
    categories: categoryIds,
  })
  .partial()
  .strict();
export type ReleaseUpdateRequest = z.infer<typeof ReleaseUpdateRequest>;

export const DependencyRequest = z
  .object({ type: PackageType, value: z.string().trim().min(1).max(500), id: z.string().uuid().optional() })
  .strict();

export const Actor = z.object({ accountId: z.string(), userId: z.string() }).nullable();

export const StatusDetailsSystemView = z.object({
  status: Status,
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: Actor,
});
export const StatusDetailsReleaseView = StatusDetailsSystemView.omit({ error: true }).extend({ level: Level });

export const SchemaServingType = z.enum(['JSON', 'STATIC']);
export const SchemaVersion = z.enum(['SINGLE', 'MULTI']);

/** The package release view of spec 3. */
export const PackageReleaseView = z.object({
  revisionId: z.string().uuid(),
  id: z.string().uuid(),
  version: z.string(),
  versionInt: z.string(),
  type: PackageType,
  schemaType: SchemaType,
  label: z.string(),
  description: z.string().nullable(),
  meta: z.record(z.unknown()).nullable(),
  data: z.unknown(),
  membersAccountIds: z.array(z.string()).nullable(),
  membersUserIds: z.array(z.string()).nullable(),
  releaseNotesMarkdown: z.string().nullable(),
  prerelease: z.boolean(),
  servingType: z.string().nullable(),
  sourceRevisionId: z.string().nullable(),
  createdBy: Actor,
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
  statusDetailsSystem: StatusDetailsSystemView.nullable(),
  statusDetailsRelease: z.array(StatusDetailsReleaseView),
  schemaServingType: SchemaServingType,
  schemaVersion: SchemaVersion,
  isPlayground: z.boolean(),
  baseUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PackageReleaseView = z.infer<typeof PackageReleaseView>;

export const UploadSignature = z.object({ fileName: z.string(), url: z.string(), fields: z.record(z.string()) });
export const AddPackageResponse = z.object({ packageRelease: PackageReleaseView, uploadSignature: z.array(UploadSignature) });

export const ArchiveResponse = z.object({ key: z.string(), url: z.string() });

/* ---------- Release writes: delete, dependencies, extraction ---------- */

/** DELETE …/version/{version} | …/revision/{revisionId}: `force` is read like `prerelease` (spec 5): true when absent, true, 'true' or '1'. */
export const DeleteReleaseQuery = z.object({ force: queryFlag(true) });
export type DeleteReleaseQuery = z.infer<typeof DeleteReleaseQuery>;

export const DependencyView = z.object({
  id: z.string().uuid(),
  type: PackageType,
  value: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DependencyView = z.infer<typeof DependencyView>;

/** POST …/extract: the run that checks the uploaded files (poll `GET /api/runs/{runId}`), and the release as it is now. */
export const ExtractionResponse = z.object({ runId: z.string().uuid(), packageRelease: PackageReleaseView });
export type ExtractionResponse = z.infer<typeof ExtractionResponse>;

/** One declared file of a release with files (EXTERNAL): what `data` holds for it, sizes once extracted. */
export const ReleaseFileEntry = z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int().nullable() });
export const ReleaseFilesManifest = z.object({
  files: z.array(ReleaseFileEntry),
  totalBytes: z.number().int().nullable(),
  extractedAt: z.string().nullable(),
  archive: z.string().nullable(),
});
export type ReleaseFilesManifest = z.infer<typeof ReleaseFilesManifest>;

/* ---------- Sources, branches, revisions, publishing ---------- */

const uuidList = z.array(z.string().trim().toLowerCase().uuid()).max(1000);

export const SourceMembersRequest = z.object({ accountIds: uuidList.default([]), userIds: uuidList.default([]) }).strict();

export const CreateSourceRequest = z
  .object({
    label: z.string().trim().min(1).max(200),
    type: z.string().trim().min(1).max(50),
    members: SourceMembersRequest.optional(),
  })
  .strict();
export type CreateSourceRequest = z.infer<typeof CreateSourceRequest>;

export const CreateSourceBranchRequest = z
  .object({ label: z.string().trim().min(1).max(200), parentRevisionId: z.string().uuid().optional() })
  .strict();
export type CreateSourceBranchRequest = z.infer<typeof CreateSourceBranchRequest>;

export const CreateSourceRevisionRequest = z
  .object({
    packageMeta: PackageMeta.default({}),
    meta: z.record(z.unknown()).default({}),
    data: JsonData.optional().nullable(),
  })
  .strict();
export type CreateSourceRevisionRequest = z.infer<typeof CreateSourceRevisionRequest>;

/** Publish a branch revision as a new release: version = the branch's publishedVersion bumped (spec 4 "major or minor"). */
export const PublishBranchRequest = z
  .object({
    revisionId: z.string().uuid().optional(),
    releaseType: z.enum(['major', 'minor']),
    packageType: PackageType,
    packageId: z.string().uuid().optional(),
    schemaType: SchemaType.default('LEGACY'),
    prerelease: z.boolean().default(false),
    releaseNotesMarkdown: releaseNotes,
    categories: categoryIds.default([]),
    statusDetailsRelease: z.object({ status: Status, level: Level }).strict().optional(),
  })
  .strict();
export type PublishBranchRequest = z.infer<typeof PublishBranchRequest>;

export const SourceBranchView = z.object({
  id: z.string().uuid(),
  sourceId: z.string().uuid(),
  label: z.string(),
  published: z.boolean(),
  publishedVersion: z.string().nullable(),
  parentRevisionId: z.string().nullable(),
  createdBy: Actor,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SourceBranchView = z.infer<typeof SourceBranchView>;

export const SourceView = z.object({
  id: z.string().uuid(),
  label: z.string(),
  type: z.string(),
  ownerAccountId: z.string(),
  ownerUserId: z.string(),
  members: z.object({ accountIds: z.array(z.string()), userIds: z.array(z.string()) }),
  branches: z.array(SourceBranchView),
  createdBy: Actor,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SourceView = z.infer<typeof SourceView>;

export const SourceRevisionView = z.object({
  id: z.string().uuid(),
  sourceId: z.string().uuid(),
  sourceBranchId: z.string().uuid(),
  packageMeta: z.record(z.unknown()),
  meta: z.record(z.unknown()),
  data: z.unknown(),
  createdBy: Actor,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SourceRevisionView = z.infer<typeof SourceRevisionView>;

export const PublishBranchResponse = z.object({ packageRelease: PackageReleaseView, branch: SourceBranchView });
export type PublishBranchResponse = z.infer<typeof PublishBranchResponse>;

/* ---------- Registry data migrations ---------- */

export const RegistryMigrationName = z.enum(['rederive-release-fields']);
export type RegistryMigrationName = z.infer<typeof RegistryMigrationName>;

export const StartRegistryMigrationRequest = z.object({ name: RegistryMigrationName }).strict();

export const RegistryMigrationView = z.object({
  id: z.string().uuid(),
  name: z.string(),
  status: MigrationStatus,
  error: z.string().nullable(),
  pid: z.number().int().nullable(),
  runId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RegistryMigrationView = z.infer<typeof RegistryMigrationView>;
