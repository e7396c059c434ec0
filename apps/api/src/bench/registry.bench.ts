import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { SERVICE_PATHS } from '@library/contracts';
import Redis from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../app/create-app';
import { loadConfig } from '../infra/config/config';
import { runMigrations } from '../infra/database/migrate';
import { databaseNameOf, quoteIdentifier, redactUrl, withDatabase } from '../launcher/database-url.util';
import { ensureDatabase } from '../launcher/ensure-database';
import { mergeServiceEnv, planLocalServices, startLocalServices } from '../launcher/local-services';
import { withPgClient } from '../launcher/pg-client.util';
import { anyFreePort, LOOPBACK } from '../launcher/ports.util';
import { STOP_SIGNALS, withoutAddedSignalListeners } from '../launcher/signals.util';
import { DEMO_PASSWORD } from '../seed/demo-users';
import { seedDemo } from '../seed/seed';
import { BENCH_QUERIES, BENCH_TYPE, seedBenchCatalogue } from './bench-catalogue';
import { measure, runPool } from './bench-runner';
import { formatTable, ScenarioSummary, summarize } from './bench-stats';

/**
 * `npm run bench -w @library/api` (or `npm run bench` at the root): throughput and latency of the registry's read
 * paths and of sign-in, against a real PostgreSQL, Redis and object store.
 *
 * Uses DATABASE_URL / REDIS_URL / S3_* when set, else starts throwaway local services in a temporary directory; creates
 * a fresh database on that server, migrates it, seeds the demo data and a large STEP_TEMPLATE catalogue, boots the API
 * on a free loopback port, then sends each scenario a fixed number of requests at each concurrency after a warm-up.
 * Prints one table row per scenario and concurrency. Any failed request or failed response check makes it exit 1, so
 * a broken endpoint can't pass for a fast one. Everything it created is removed at the end (or on Ctrl-C, or when the
 * time limit is hit).
 *
 * Settings (environment), requests being per table row:
 * - BENCH_REQUESTS (25): list, search and popular rows. Each of those requests takes 0.3–0.8 s on a 2-core machine with
 *   the default catalogue, so the default keeps the whole run near 3 minutes; raise it for steadier p95/p99.
 * - BENCH_SIGNIN_REQUESTS (50), BENCH_LOOKUP_REQUESTS (300, `id/{id}/latest`).
 * - BENCH_WARMUP (5 per row), BENCH_CONCURRENCY (1,8), BENCH_PACKAGES (2000), BENCH_VERSIONS (4),
 *   BENCH_TIMEOUT_SECONDS (420, the whole run; past it the bench cleans up and exits 1).
 */

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

function intSetting(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`);
  return value;
}

function listSetting(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (!values.every((value) => Number.isInteger(value) && value >= 1)) throw new Error(`${name} must list positive integers, got "${raw}"`);
  return values;
}

const REQUEST_TIMEOUT_MS = 10_000;
const BENCH_USER = 'user@library.test';
const PACKAGES_PATH = `${SERVICE_PATHS['library-api']}/api/v2/packages/${BENCH_TYPE}`;
const SIGN_IN_PATH = `${SERVICE_PATHS.sdk}/auth/token`;

interface Settings {
  packages: number;
  versions: number;
  requests: number;
  signInRequests: number;
  lookupRequests: number;
  warmup: number;
  concurrencies: number[];
  timeoutSeconds: number;
}

function readSettings(): Settings {
  return {
    packages: intSetting('BENCH_PACKAGES', 2000, 100),
    versions: intSetting('BENCH_VERSIONS', 4),
    requests: intSetting('BENCH_REQUESTS', 25),
    signInRequests: intSetting('BENCH_SIGNIN_REQUESTS', 50),
    lookupRequests: intSetting('BENCH_LOOKUP_REQUESTS', 300),
    warmup: intSetting('BENCH_WARMUP', 5, 0),
    concurrencies: listSetting('BENCH_CONCURRENCY', [1, 8]),
    timeoutSeconds: intSetting('BENCH_TIMEOUT_SECONDS', 420),
  };
}

/**
 * Undo steps, run newest first, once; each step's failure is logged and the rest still run. A step may have a
 * synchronous last resort (kill a server, delete files) for when the orderly run hangs or the user insists.
 */
class Cleanup {
  private readonly steps: Array<{ name: string; run: () => unknown }> = [];
  private readonly lastResorts: Array<() => void> = [];
  private running: Promise<void> | undefined;

  add(name: string, run: () => unknown, lastResort?: () => void): void {
    this.steps.push({ name, run });
    if (lastResort) this.lastResorts.push(lastResort);
  }

  force(): void {
    for (const lastResort of [...this.lastResorts].reverse()) {
      try {
        lastResort();
      } catch {
        // best effort
      }
    }
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      while (this.steps.length) {
        const step = this.steps.pop()!;
        try {
          await step.run();
        } catch (error) {
          log(`cleanup: ${step.name} failed: ${(error as Error).message}`);
        }
      }
    })();
    return this.running;
  }
}

/** One kind of request: what to send for request number `index`, and what a correct answer looks like. */
interface Scenario {
  name: string;
  requests: number;
  request(index: number): BenchRequest;
  /** A problem with a (2xx) response body, or undefined when it is what the scenario expects. */
  check(body: unknown, index: number): string | undefined;
}

interface ListBody {
  items?: Array<{ id?: string }>;
  itemsTotal?: number;
  total?: number;
}
interface SearchBody {
  entities?: Array<{ label?: string; description?: string | null }>;
  total?: number;
}

function scenarios(settings: Settings, token: string, packageIds: string[]): Scenario[] {
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const get = (path: string) => ({ path, init: auth });
  const page = (body: unknown, size: number): string | undefined => {
    const list = body as ListBody;
    if (list.items?.length !== size) return `expected ${size} items, got ${list.items?.length}`;
    return undefined;
  };
  const found = (body: unknown, word: string): string | undefined => {
    const search = body as SearchBody;
    if (!search.total || !search.entities?.length) return `no results for "${word}"`;
    return undefined;
  };
  // Deep enough that PostgreSQL sorts nearly every package before it can return the page.
  const deepSkip = Math.max(0, settings.packages - 100);
  const signInBody = JSON.stringify({ credentials: { username: BENCH_USER, password: DEMO_PASSWORD } });
  const n = settings.requests;
  return [
    {
      name: 'sign-in',
      requests: settings.signInRequests,
      request: () => ({
        path: SIGN_IN_PATH,
        init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: signInBody },
      }),
      check: (body) => (typeof (body as { token?: unknown }).token === 'string' ? undefined : 'no token in the answer'),
    },
    {
      name: 'list take=20 skip=0',
      requests: n,
      request: () => get(`${PACKAGES_PATH}?take=20&skip=0`),
      check: (body) => page(body, 20) ?? (((body as ListBody).itemsTotal ?? 0) < settings.packages ? 'itemsTotal too small' : undefined),
    },
    {
      name: `list take=20 skip=${deepSkip}`,
      requests: n,
      request: () => get(`${PACKAGES_PATH}?take=20&skip=${deepSkip}`),
      check: (body) => page(body, 20),
    },
    {
      name: `list category=${BENCH_QUERIES.category}`,
      requests: n,
      request: () => get(`${PACKAGES_PATH}?take=20&skip=0&filter[categories][in]=${encodeURIComponent(BENCH_QUERIES.category)}`),
      check: (body) => {
        const list = body as ListBody;
        if (!list.items?.length) return 'no items in the category';
        return (list.itemsTotal ?? 0) >= (list.total ?? 0) ? 'the category filter did not narrow the list' : undefined;
      },
    },
    {
      name: `search "${BENCH_QUERIES.exactWord}"`,
      requests: n,
      request: () => get(`${PACKAGES_PATH}/search?text=${BENCH_QUERIES.exactWord}`),
      check: (body) => found(body, BENCH_QUERIES.exactWord),
    },
    {
      name: `search "${BENCH_QUERIES.misspelledWord}" (typo)`,
      requests: n,
      request: () => get(`${PACKAGES_PATH}/search?text=${BENCH_QUERIES.misspelledWord}`),
      check: (body) =>
        found(body, BENCH_QUERIES.misspelledWord) ??
        ((body as SearchBody).entities!.some((entity) => entity.label?.includes(BENCH_QUERIES.intendedWord))
          ? undefined
          : `the typo did not find "${BENCH_QUERIES.intendedWord}" packages`),
    },
    {
      name: 'popular take=20',
      requests: n,
      request: () => get(`${PACKAGES_PATH}/popular?take=20`),
      check: (body) => page(body, 20),
    },
    {
      name: 'id/{id}/latest',
      requests: settings.lookupRequests,
      // A different package each time (a stride through the catalogue), as clients opening packages would.
      request: (index) => get(`${PACKAGES_PATH}/id/${packageIds[(index * 7919) % packageIds.length]}/latest`),
      check: (body, index) => {
        const expected = packageIds[(index * 7919) % packageIds.length];
        return (body as { id?: string }).id === expected ? undefined : `expected package ${expected}`;
      },
    },
  ];
}

/** Thrown at the next step once a stop was asked for (signal or time limit). */
class StopRequested extends Error {}

function checkpoint(stop: AbortSignal): void {
  if (stop.aborted) throw new StopRequested('stopped');
}

type BenchRequest = { path: string; init?: RequestInit };
/** One request, body read in full: the status and body text; throws on network errors, timeouts and a stop. */
type SendRequest = (request: BenchRequest) => Promise<{ status: number; text: string }>;

function sender(baseUrl: string, stop: AbortSignal): SendRequest {
  return async (request) => {
    const signal = AbortSignal.any([stop, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]);
    const response = await fetch(`${baseUrl}${request.path}`, { ...request.init, signal });
    return { status: response.status, text: await response.text() };
  };
}

/** Warm-up requests, each one checked in full; returns the first problem seen, if any. */
async function warmUp(send: SendRequest, scenario: Scenario, requests: number, concurrency: number): Promise<string | undefined> {
  let problem: string | undefined;
  await runPool(requests, concurrency, async (index) => {
    const request = scenario.request(index);
    try {
      const { status, text } = await send(request);
      if (status < 200 || status > 299) problem ??= `${request.path} answered ${status}: ${text.slice(0, 300)}`;
      else problem ??= scenario.check(JSON.parse(text) as unknown, index);
    } catch (error) {
      problem ??= `${request.path} failed: ${(error as Error).message}`;
    }
  });
  return problem;
}

async function signIn(send: SendRequest): Promise<string> {
  const { status, text } = await send({
    path: SIGN_IN_PATH,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credentials: { username: BENCH_USER, password: DEMO_PASSWORD } }),
    },
  });
  const token = status === 200 ? (JSON.parse(text) as { token?: string }).token : undefined;
  if (!token) throw new Error(`sign-in of ${BENCH_USER} failed (${status}): ${text.slice(0, 300)}`);
  return token;
}

async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main(cleanup: Cleanup, settings: Settings, stop: AbortSignal): Promise<number> {
  const runStarted = performance.now();
  const stamp = `${Date.now()}`;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

  // 1. Services: what the environment names, else throwaway local ones.
  let step = performance.now();
  const plan = planLocalServices(process.env);
  let env: NodeJS.ProcessEnv = process.env;
  if (plan.postgres || plan.redis || plan.objectStore) {
    const dataDir = mkdtempSync(join(tmpdir(), 'library-bench-'));
    const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
    cleanup.add('remove the temporary directory', removeDataDir, removeDataDir);
    const services = await startLocalServices(process.env, dataDir, { ephemeral: true, log: (line) => log(line) });
    cleanup.add(
      'stop the local services',
      () => services.stopAll(),
      () => services.killAll(),
    );
    env = mergeServiceEnv(process.env, services.env);
    log(`started ${services.started.join(', ')} in ${seconds(step)}`);
  }
  checkpoint(stop);

  // 2. A fresh database: migrations, demo data, the bench catalogue.
  step = performance.now();
  const databaseUrl = withDatabase(env.DATABASE_URL!, `library_bench_${stamp}`);
  await ensureDatabase(databaseUrl);
  const adminUrl = withDatabase(databaseUrl, 'postgres');
  cleanup.add('drop the bench database', () =>
    withPgClient(adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(databaseNameOf(databaseUrl))} WITH (FORCE)`),
    ),
  );
  await runMigrations(databaseUrl);
  await seedDemo(databaseUrl);
  log(`database ${redactUrl(databaseUrl)} migrated and seeded in ${seconds(step)}`);
  checkpoint(stop);
  step = performance.now();
  const catalogue = await seedBenchCatalogue(databaseUrl, { packages: settings.packages, versionsPerPackage: settings.versions });
  log(
    `catalogue: ${catalogue.packageIds.length} packages, ${catalogue.releases} releases, ${catalogue.categories} categories in ${seconds(step)}`,
  );
  const [{ server_version: postgresVersion }] = await withPgClient(
    databaseUrl,
    async (client) => (await client.query<{ server_version: string }>('SHOW server_version')).rows,
  );

  // 3. The API, on a free loopback port.
  step = performance.now();
  const redisPrefix = `bench:${stamp}:`;
  if (!plan.redis) cleanup.add('delete the bench Redis keys', () => deleteRedisKeys(env.REDIS_URL!, redisPrefix));
  const port = await anyFreePort();
  const baseUrl = `http://${LOOPBACK}:${port}`;
  const config = loadConfig({
    ...env,
    NODE_ENV: 'production',
    APP_ROLE: 'api',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    REDIS_PREFIX: redisPrefix,
  });
  checkpoint(stop);
  const app: INestApplication = await withoutAddedSignalListeners(() => createApp(config));
  cleanup.add('close the app', async () => {
    const closing = app.close();
    // Keep-alive connections of the benchmark's client would hold the HTTP server's close open.
    (app.getHttpServer() as Server).closeAllConnections();
    await closing;
  });
  await app.listen(port, LOOPBACK);
  log(`API listening at ${baseUrl} after ${seconds(step)}`);
  checkpoint(stop);

  // 4. The scenarios, each at each concurrency: warm-up (every answer checked), then the measured requests.
  const send = sender(baseUrl, stop);
  const token = await signIn(send);
  const rows: ScenarioSummary[] = [];
  const problems: string[] = [];
  for (const scenario of scenarios(settings, token, catalogue.packageIds)) {
    for (const concurrency of settings.concurrencies) {
      const problem = await warmUp(send, scenario, settings.warmup, concurrency);
      checkpoint(stop);
      if (problem) problems.push(`${scenario.name} @${concurrency}: ${problem}`);
      const result = await measure(scenario.name, scenario.requests, concurrency, async (index) => {
        const { status } = await send(scenario.request(index));
        return status >= 200 && status <= 299;
      });
      checkpoint(stop);
      const summary = summarize(result);
      rows.push(summary);
      log(
        `${scenario.name} @${concurrency}: ${summary.requests} requests in ${(result.elapsedMs / 1000).toFixed(1)} s` +
          (summary.errors ? `, ${summary.errors} errors` : ''),
      );
    }
  }

  const cpu = cpus();
  const today = new Date().toISOString().slice(0, 10);
  console.log(
    [
      '',
      `Registry benchmark, ${today}: Node ${process.version}, ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? 'unknown'}), PostgreSQL ${postgresVersion}`,
      `Catalogue: ${catalogue.packageIds.length} ${BENCH_TYPE} packages x ${settings.versions} versions (${catalogue.releases} releases) plus the demo data; ` +
        `${settings.warmup} warm-up requests before each row; signed in as ${BENCH_USER}`,
      '',
      formatTable(rows),
      '',
    ].join('\n'),
  );

  const errors = rows.reduce((sum, row) => sum + row.errors, 0);
  for (const problem of problems) console.error(`CHECK FAILED ${problem}`);
  if (errors) console.error(`${errors} requests failed: these numbers are not valid.`);
  log(`done in ${seconds(runStarted)} (cleanup follows)`);
  return errors || problems.length ? 1 : 0;
}

/** How long an asked-for stop may take before the bench kills what it started and exits. */
const STOP_GRACE_MS = 30_000;

function run(): void {
  let settings: Settings;
  try {
    settings = readSettings();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const cleanup = new Cleanup();
  const stopper = new AbortController();
  let stopCode: number | undefined;
  const forceExit = (why: string, code: number) => {
    log(`${why}: killing what the bench started`);
    cleanup.force();
    process.exit(code);
  };
  // A stop aborts requests in flight; main() then throws at its next step and the cleanup runs as after a normal end.
  const requestStop = (why: string, code: number) => {
    if (stopper.signal.aborted) return forceExit(`${why} while stopping`, code);
    log(`${why}: stopping (again to force)`);
    stopCode = code;
    stopper.abort();
    setTimeout(() => forceExit(`stopping took longer than ${STOP_GRACE_MS / 1000} s`, code), STOP_GRACE_MS).unref();
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => requestStop(signal, 130));
  setTimeout(() => {
    console.error(`The benchmark did not finish within ${settings.timeoutSeconds} s (BENCH_TIMEOUT_SECONDS).`);
    requestStop('time limit', 1);
  }, settings.timeoutSeconds * 1000).unref();

  const finish = (code: number) => {
    const started = performance.now();
    void cleanup.run().then(() => {
      log(`cleaned up in ${seconds(started)}`);
      process.exit(stopCode ?? code);
    });
  };
  main(cleanup, settings, stopper.signal).then(finish, (error: unknown) => {
    if (!(error instanceof StopRequested)) {
      console.error(`The benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    finish(1);
  });
}

run();
