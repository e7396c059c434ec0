import type { ChildProcess } from 'node:child_process';
import { readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { sleep } from './wait.util';

/** The pid on the first line of a pid file (postmaster.pid and redis's pid file both start that way). */
export function parsePid(text: string): number | undefined {
  const first = text.split('\n', 1)[0].trim();
  if (!/^\d+$/.test(first)) return undefined;
  const pid = Number(first);
  return pid > 0 ? pid : undefined;
}

export function readPidFile(file: string): number | undefined {
  try {
    return parsePid(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The last lines of a server's log, for the message when it dies at start. */
export function logTail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Alive and not a zombie: a stopped child counts as gone even before its parent reaps it. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** Whether a process's working directory is `dir`; PostgreSQL and Redis both chdir into their data directory. */
export function isSameDirectory(processCwd: string | undefined, dir: string): boolean {
  return processCwd !== undefined && canonical(processCwd) === canonical(dir);
}

export function processCwd(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
}

export type StaleVerdict = 'none' | 'dead' | 'foreign' | 'ours';

/**
 * What a leftover pid file means: no pid, a dead process, a live process that isn't ours (the pid was reused),
 * or our own service still running because its parent was SIGKILLed.
 */
export function judgeStalePid(
  pid: number | undefined,
  dir: string,
  probe: { isRunning: (pid: number) => boolean; cwdOf: (pid: number) => string | undefined } = { isRunning, cwdOf: processCwd },
): StaleVerdict {
  if (pid === undefined) return 'none';
  if (pid === process.pid || !probe.isRunning(pid)) return 'dead';
  return isSameDirectory(probe.cwdOf(pid), dir) ? 'ours' : 'foreign';
}

/** Sends each signal in turn, waiting up to its time for the process to go; true when it is gone. */
export async function stopProcess(pid: number, steps: ReadonlyArray<readonly [NodeJS.Signals, number]>): Promise<boolean> {
  for (const [signal, waitMs] of steps) {
    if (!isRunning(pid)) return true;
    try {
      process.kill(pid, signal);
    } catch {
      return !isRunning(pid);
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (!isRunning(pid)) return true;
      await sleep(50);
    }
  }
  return !isRunning(pid);
}

/** Stops a server we spawned and waits for its exit event too, so it is reaped rather than left a zombie. */
export async function stopChild(child: ChildProcess, steps: ReadonlyArray<readonly [NodeJS.Signals, number]>): Promise<boolean> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return true;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopped = await stopProcess(child.pid, steps);
  await Promise.race([exited, sleep(1000)]);
  return stopped;
}

export interface StaleCleanup {
  name: string;
  pidFile: string;
  /** The service's working directory, which tells our process from a stranger that reused the pid. */
  dir: string;
  steps: ReadonlyArray<readonly [NodeJS.Signals, number]>;
  log: (line: string) => void;
}

/** Stops our service left running by a killed launcher and removes its pid file, so the next start works. */
export async function cleanStalePidFile({ name, pidFile, dir, steps, log }: StaleCleanup): Promise<void> {
  const pid = readPidFile(pidFile);
  const verdict = judgeStalePid(pid, dir);
  if (verdict === 'ours' && pid !== undefined) {
    log(`${name}: stopping the instance (pid ${pid}) left running by an earlier launcher`);
    if (!(await stopProcess(pid, steps))) throw new Error(`${name}: the earlier instance (pid ${pid}) did not stop`);
  } else if (verdict !== 'none') {
    log(`${name}: removing a stale pid file (pid ${pid} is ${verdict === 'dead' ? 'gone' : 'another program'})`);
  }
  rmSync(pidFile, { force: true });
}
