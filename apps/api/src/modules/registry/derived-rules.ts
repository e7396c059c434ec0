import type { Level, PackageType, SchemaType } from '@library/contracts';

/** Types that are steps for the serving rules of spec 3 (the library serves steps as step templates). */
const STEP_TYPES: ReadonlySet<PackageType> = new Set(['STEP', 'STEP_TEMPLATE']);

/**
 * Spec 3 "Derived rules": LEGACY_MULTI step → JSON, MULTI; LEGACY step → JSON, SINGLE;
 * EXTERNAL step or step-input, and every other case → STATIC, MULTI.
 */
export function servingOf(
  type: PackageType,
  schemaType: SchemaType,
): { schemaServingType: 'JSON' | 'STATIC'; schemaVersion: 'SINGLE' | 'MULTI' } {
  if (STEP_TYPES.has(type) && schemaType === 'LEGACY_MULTI') return { schemaServingType: 'JSON', schemaVersion: 'MULTI' };
  if (STEP_TYPES.has(type) && schemaType === 'LEGACY') return { schemaServingType: 'JSON', schemaVersion: 'SINGLE' };
  return { schemaServingType: 'STATIC', schemaVersion: 'MULTI' };
}

/** A playground release has a USER-level release status and no ACCOUNT or PDE one. */
export function isPlayground(levels: readonly Level[]): boolean {
  return levels.includes('USER') && !levels.includes('ACCOUNT') && !levels.includes('PDE');
}

/** When baseUrl is missing: content base / upload folder / type / id / version (revisionId for playgrounds). */
export function deriveBaseUrl(
  contentBaseUrl: string,
  uploadFolder: string,
  release: { type: PackageType; id: string; version: string; revisionId: string },
  playground: boolean,
): string {
  return [
    contentBaseUrl.replace(/\/$/, ''),
    uploadFolder,
    release.type,
    release.id,
    playground ? release.revisionId : release.version,
  ].join('/');
}

/** `major.minor.patch` as one sortable integer (each part below 1 000 000). */
export function versionToInt(version: string): bigint {
  const [major, minor, patch] = version.split('.').map((part) => BigInt(part));
  return major * 1_000_000_000_000n + minor * 1_000_000n + patch;
}

/** The next version after `version` for a major or minor release (spec 4 "New-version release type"). */
export function bumpVersion(version: string | null, releaseType: 'major' | 'minor'): string {
  if (!version) return releaseType === 'major' ? '1.0.0' : '0.1.0';
  const [major, minor] = version.split('.').map(Number);
  return releaseType === 'major' ? `${major + 1}.0.0` : `${major}.${minor + 1}.0`;
}
