import { z } from 'zod';

/** Enumerations of spec section 3. */
export const PackageType = z.enum([
  'BOT_TEMPLATE',
  'CONTENT',
  'CONTENT_INPUT',
  'FLOW_TEMPLATE',
  'NPM_UNPACKED',
  'RWC_INPUT',
  'S3_BUCKET',
  'STEP',
  'STEP_INPUT',
  'STEP_TEMPLATE',
  'TEST_ONLY',
  'TICKET_INPUT',
  'UNKNOWN',
]);
export type PackageType = z.infer<typeof PackageType>;

export const SchemaType = z.enum(['LEGACY', 'LEGACY_MULTI', 'EXTERNAL', 'VUE2_V1', 'VUE3_V1', 'UNKNOWN', 'v1', 'v2']);
export type SchemaType = z.infer<typeof SchemaType>;

export const Status = z.enum(['TEST_ONLY', 'PENDING', 'EXTRACTING', 'UPLOADED', 'BETA', 'RELEASED', 'ACCOUNT_BETA', 'DEPRECATED']);
export type Status = z.infer<typeof Status>;

export const Level = z.enum(['USER', 'ACCOUNT', 'PDE']);
export type Level = z.infer<typeof Level>;

export const MigrationStatus = z.enum(['CREATED', 'RUNNING', 'SUCCESS', 'FAILURE']);
export type MigrationStatus = z.infer<typeof MigrationStatus>;

export const Role = z.enum(['SUPER_ADMIN', 'ADMIN', 'USER', 'GUEST', 'UNAUTHORIZED']);
export type Role = z.infer<typeof Role>;

/** Roles a stored user can hold; UNAUTHORIZED only describes a caller. */
export const UserRole = z.enum(['SUPER_ADMIN', 'ADMIN', 'USER', 'GUEST']);
export type UserRole = z.infer<typeof UserRole>;

export const SortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirection>;
