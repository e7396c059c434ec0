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
} as const;
