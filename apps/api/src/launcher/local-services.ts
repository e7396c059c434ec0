import { ensureDatabase } from './ensure-database';
import { startLocalObjectStore } from './local-object-store';
import { startLocalPostgres } from './local-postgres';
import { startLocalRedis } from './local-redis';

export type ServiceEnv = Partial<
  Record<'DATABASE_URL' | 'REDIS_URL' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_BUCKET' | 'S3_REGION', string>
>;

export interface ServicePlan {
  postgres: boolean;
  redis: boolean;
  objectStore: boolean;
}

export interface LocalServicesOptions {
  log?: (line: string) => void;
  /** Throwaway clusters (tests): skip fsync. */
  ephemeral?: boolean;
}

export interface LocalServices {
  /** What the environment lacked, now pointing at the services started here. */
  env: ServiceEnv;
  /** Started services, in start order. */
  started: ReadonlyArray<keyof ServicePlan>;
  /** Stops what this call started, newest first. Safe to call twice. */
  stopAll(): Promise<void>;
  /** Synchronous last resort for a forced exit: signals the spawned servers without waiting. */
  killAll(): void;
}

const given = (value: string | undefined) => value !== undefined && value.trim() !== '';

/** Which services to start: only those the environment doesn't already point at. */
export function planLocalServices(env: NodeJS.ProcessEnv): ServicePlan {
  return { postgres: !given(env.DATABASE_URL), redis: !given(env.REDIS_URL), objectStore: !given(env.S3_ENDPOINT) };
}

/** The environment with the started services' variables; what the environment already says wins. */
export function mergeServiceEnv(env: NodeJS.ProcessEnv, additions: ServiceEnv): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...env };
  for (const [key, value] of Object.entries(additions)) if (!given(merged[key]) && value !== undefined) merged[key] = value;
  return merged;
}

interface Running {
  name: keyof ServicePlan;
  stop(): Promise<void>;
  kill?(): void;
}

/**
 * Brings up, under `dataDir`, what `env` lacks: PostgreSQL without DATABASE_URL, Redis without REDIS_URL,
 * an S3-compatible store without S3_ENDPOINT. A given DATABASE_URL whose database is missing gets it created.
 * If one service fails, the ones already started are stopped before the error is rethrown.
 */
export async function startLocalServices(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  options: LocalServicesOptions = {},
): Promise<LocalServices> {
  const log = options.log ?? ((line: string) => console.log(`[launcher] ${line}`));
  const plan = planLocalServices(env);
  const running: Running[] = [];
  const additions: ServiceEnv = {};

  const stopAll = async () => {
    while (running.length > 0) {
      const service = running.pop()!;
      await service.stop().catch((error: Error) => log(`${service.name}: stop failed: ${error.message}`));
    }
  };

  try {
    if (plan.postgres) {
      const postgres = await startLocalPostgres(dataDir, { log, ephemeral: options.ephemeral });
      running.push({ name: 'postgres', stop: postgres.stop, kill: postgres.kill });
      additions.DATABASE_URL = postgres.url;
    } else {
      await ensureDatabase(env.DATABASE_URL!);
    }
    if (plan.redis) {
      const redis = await startLocalRedis(dataDir, { log });
      running.push({ name: 'redis', stop: redis.stop, kill: redis.kill });
      additions.REDIS_URL = redis.url;
    }
    if (plan.objectStore) {
      const store = await startLocalObjectStore(dataDir, { log, bucket: given(env.S3_BUCKET) ? env.S3_BUCKET : undefined });
      running.push({ name: 'objectStore', stop: store.stop });
      Object.assign(additions, {
        S3_ENDPOINT: store.endpoint,
        S3_ACCESS_KEY_ID: store.accessKeyId,
        S3_SECRET_ACCESS_KEY: store.secretAccessKey,
        S3_BUCKET: store.bucket,
        S3_REGION: store.region,
      });
    }
  } catch (error) {
    await stopAll();
    throw error;
  }

  return {
    env: additions,
    started: running.map((service) => service.name),
    stopAll,
    killAll: () => {
      for (const service of running) {
        try {
          service.kill?.();
        } catch {
          // already gone
        }
      }
    },
  };
}
