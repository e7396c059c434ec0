import { z } from 'zod';
import { SESSION_TTL_LONG_MS, SESSION_TTL_SHORT_MS } from '@library/contracts';

const int = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

/** Every setting the API reads from its environment, validated once at boot. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: int(3000),
  PUBLIC_URL: z.string().url().optional(),
  APP_ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  DATABASE_URL: z.string().url(),
  REDIS_URL: z.string().url(),
  /** Prefix of every Redis key, so test runs and deployments sharing a Redis don't collide. */
  REDIS_PREFIX: z.string().default('library:'),
  S3_ENDPOINT: z.string().url(),
  /** The store's address as browsers reach it, for presigned URLs (defaults to S3_ENDPOINT). */
  S3_PUBLIC_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1),
  S3_SECRET_ACCESS_KEY: z.string().min(1),
  S3_BUCKET: z.string().min(3).default('library'),
  /** Base address release files are served from (spec 3 baseUrl); defaults to the library-api's content route. */
  CONTENT_BASE_URL: z.string().url().optional(),
  /** Folder of release files in the object store and under the content base. */
  UPLOAD_FOLDER: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default('packages'),
  SESSION_TTL_MS: int(SESSION_TTL_SHORT_MS),
  SESSION_TTL_LONG_MS: int(SESSION_TTL_LONG_MS),
  TRUSTED_DEVICE_TTL_DAYS: int(30),
  SIGNIN_FAILURES_BEFORE_CAPTCHA: int(5),
  SIGNIN_FAILURES_PER_IP_BEFORE_CAPTCHA: int(20),
  SIGNIN_WINDOW_SECONDS: int(900),
  SEED_DEMO: flag(true),
  /** Lets the agents service's html-to-passages fetch private and loopback addresses (tests serve pages on 127.0.0.1). */
  AGENTS_ALLOW_PRIVATE_URLS: flag(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type AppConfig = z.infer<typeof ConfigSchema> & { PUBLIC_URL: string };

export class ConfigError extends Error {}

/** Parses the environment; the error names each wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv): AppConfig {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return { ...parsed.data, PUBLIC_URL: (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/$/, '') };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
