/** Messages of the package library service (spec 5, and ours where the spec is silent). */
export const RegistryMessages = {
  fileNamesOrData: 'fileNames or data required; use data for LEGACY package types and fileNames for EXTERNAL package types',
  categoryNameUuid: 'Category name cannot be uuid',
  versionFormat: 'Version must look like 1.2.3',
  dataNotJson: 'data must be JSON-serialisable',
  packageNotFound: 'Package not found',
  releaseNotFound: 'Release not found',
  categoryNotFound: 'Category not found',
  dependencyNotFound: 'Dependency not found',
  versionExists: 'This version is already published; published data cannot change',
  typeMismatch: 'This package id belongs to a package of another type',
  statusNotAllowed: (from: string, to: string, allowed: string[]) =>
    `Cannot change status from ${from} to ${to}; allowed: ${allowed.length ? allowed.join(', ') : 'none'}`,
  revisionExists: 'A release with this revisionId already exists',
  bodyTypeMismatch: 'type in the body must be the type of the path',
  packageIdTaken: 'This package id belongs to releases you cannot manage',
  deleteNeedsLevelRights: (levels: string[]) => `Only whoever may set the ${levels.join(' and ')} level may delete this release`,
  releasedNeedsForce: (levels: string[]) =>
    `This release is RELEASED at ${levels.join(', ')}; force=false keeps released releases, so it was not deleted`,
  extractionStopped: 'The extraction was stopped by hand before it finished',
  notAFileRelease: 'This release has no declared files to extract; it was added with data',
  archiveNotReady: 'The archive is ready once the extraction run has moved the release to UPLOADED',
  fileNameNotAllowed: (fileName: string) =>
    `File name not allowed: ${fileName} (relative paths of letters, digits, '.', '_', '-' and '/', no '..', and data.json and archive.tar.gz are reserved)`,
  fileNameDuplicate: (fileName: string) => `File name given twice: ${fileName}`,
  fileTypeNotAllowed: (fileName: string) => `File type not allowed: ${fileName}`,
  fileMissing: (fileName: string) => `File not uploaded: ${fileName}`,
  fileTooLarge: (fileName: string, maxBytes: number) => `File too large: ${fileName} (at most ${maxBytes} bytes)`,
  fileTypeMismatch: (fileName: string, expected: string, actual: string) =>
    `File ${fileName} was uploaded as ${actual || 'no content type'}; expected ${expected}`,
  fileChanged: (fileName: string) => `File ${fileName} changed during the extraction; extract again`,
  releaseTooLarge: (maxBytes: number) => `The files of a release may hold at most ${maxBytes} bytes`,
  sourceNotFound: 'Source not found',
  branchNotFound: 'Branch not found',
  sourceRevisionNotFound: 'Source revision not found',
  branchHasNoRevisions: 'This branch has no revisions to publish',
} as const;
