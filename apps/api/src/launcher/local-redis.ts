import { spawn } from 'node:child_process';
import { accessSync, closeSync, constants, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';
import { LauncherError } from './launcher-error';
import { isRoot } from './os-user.util';
import { LOOPBACK, pickServicePort } from './ports.util';
import { cleanStalePidFile, isRunning, logTail, stopChild } from './process.util';
import { waitUntil } from './wait.util';

export const DEFAULT_REDIS_PORT = 6389;
// SIGTERM makes Redis flush its append-only file and exit.
const STOP_STEPS = [
  ['SIGTERM', 10_000],
  ['SIGKILL', 2_000],
] as const;

export const REDIS_INSTALL_HINT =
  'redis-server was not found on PATH. Install it with `sudo apt-get install redis-server` (Debian/Ubuntu), ' +
  'or set REDIS_URL to a Redis you already run.';

export interface LocalRedisOptions {
  log?: (line: string) => void;
}

export interface LocalRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Synchronous last resort for a forced exit. */
  kill(): void;
}

/** Where `name` is on PATH (plus the sbin directories a non-login root shell may lack). */
export function findExecutable(name: string, pathVariable = process.env.PATH ?? ''): string | undefined {
  const dirs = [...pathVariable.split(delimiter), '/usr/local/bin', '/usr/bin', '/usr/sbin', '/bin', '/sbin'].filter(Boolean);
  for (const dir of dirs) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function runVisible(command: string, args: string[], log: (line: string) => void): Promise<boolean> {
  log(`$ ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

/** redis-server's path; as root on Debian it installs the package (Redis has no npm build that runs BullMQ). */
export async function ensureRedisServer(log: (line: string) => void = console.log): Promise<string> {
  const found = findExecutable('redis-server');
  if (found) return found;
  if (!isRoot() || !findExecutable('apt-get')) throw new LauncherError(REDIS_INSTALL_HINT);
  log("redis: redis-server is not installed; installing Debian's package");
  let installed = await runVisible('apt-get', ['install', '-y', 'redis-server'], log);
  if (!installed) {
    log('redis: the install failed, perhaps for missing package lists; updating them and retrying');
    installed = (await runVisible('apt-get', ['update'], log)) && (await runVisible('apt-get', ['install', '-y', 'redis-server'], log));
  }
  const path = findExecutable('redis-server');
  if (!installed || !path) throw new LauncherError(`Installing redis-server with apt-get failed. ${REDIS_INSTALL_HINT}`);
  return path;
}

/** One PING over a raw socket: true on +PONG (a Redis still loading its data answers -LOADING). */
export function pingRedis(port: number, host = LOOPBACK, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

/** Starts Debian's redis-server on loopback with its files under `${dataDir}/redis`. */
export async function startLocalRedis(dataDir: string, options: LocalRedisOptions = {}): Promise<LocalRedis> {
  const log = options.log ?? console.log;
  const redisDir = join(dataDir, 'redis');
  const pidFile = join(redisDir, 'redis-server.pid');
  const logFile = join(dataDir, 'redis.log');
  mkdirSync(redisDir, { recursive: true });

  const executable = await ensureRedisServer(log);
  await cleanStalePidFile({ name: 'redis', pidFile, dir: redisDir, steps: STOP_STEPS, log });
  const port = await pickServicePort(dataDir, 'redis', DEFAULT_REDIS_PORT);

  // Append-only file, no RDB snapshots: queued BullMQ jobs survive a restart like the PostgreSQL rows that
  // point at them, and everysec fsync costs next to nothing for a development queue.
  // prettier-ignore
  const args = [
    '--port', String(port),
    '--bind', LOOPBACK,
    '--protected-mode', 'yes',
    '--dir', redisDir,
    '--save', '',
    '--appendonly', 'yes',
    '--appendfsync', 'everysec',
    '--pidfile', pidFile,
    '--daemonize', 'no',
  ];
  const out = openSync(logFile, 'w');
  // Detached, like PostgreSQL: the launcher, not the terminal's Ctrl-C, decides when it stops.
  const child = spawn(executable, args, { cwd: redisDir, detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  child.unref();
  const pid = child.pid;
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  // Written now rather than left to Redis, so a launcher killed in the next instant still leaves the pid behind.
  if (pid !== undefined) writeFileSync(pidFile, `${pid}\n`);

  const stop = async () => {
    if (!(await stopChild(child, STOP_STEPS))) log(`redis: pid ${pid} did not stop`);
    rmSync(pidFile, { force: true });
  };
  try {
    await waitUntil('Redis did not start', () => pingRedis(port), {
      timeoutMs: 30_000,
      giveUp: () => {
        if (spawnError) return spawnError.message;
        if (pid === undefined || !isRunning(pid)) return `it exited; its log says:\n${logTail(logFile)}`;
        return undefined;
      },
    });
  } catch (error) {
    await stop();
    throw new LauncherError((error as Error).message);
  }
  log(`redis: ready on ${LOOPBACK}:${port} (pid ${pid}, data ${redisDir})`);
  return {
    url: `redis://${LOOPBACK}:${port}`,
    port,
    stop,
    kill: () => {
      if (pid !== undefined && isRunning(pid)) process.kill(pid, 'SIGKILL');
    },
  };
}
