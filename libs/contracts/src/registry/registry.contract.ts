import { z } from 'zod';
import { Level, PackageType, SchemaType, Status } from '../enums';
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
