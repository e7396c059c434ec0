import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRunning, isSameDirectory, judgeStalePid, parsePid } from '../process.util';

describe('parsePid', () => {
  it('reads the first line of postmaster.pid and redis pid files', () => {
    expect(parsePid('4242\n/data/postgres\n1700000000\n54329\n')).toBe(4242);
    expect(parsePid('17\n')).toBe(17);
  });

  it('rejects anything that is not a positive pid', () => {
    expect(parsePid('')).toBeUndefined();
    expect(parsePid('0\n')).toBeUndefined();
    expect(parsePid('-5')).toBeUndefined();
    expect(parsePid('abc\n12')).toBeUndefined();
  });
});

describe('judgeStalePid', () => {
  const dir = '/data/postgres';
  const probe = (running: boolean, cwd?: string) => ({ isRunning: () => running, cwdOf: () => cwd });

  it('says none without a pid', () => {
    expect(judgeStalePid(undefined, dir, probe(true, dir))).toBe('none');
  });

  it('says dead when the process is gone', () => {
    expect(judgeStalePid(4242, dir, probe(false))).toBe('dead');
  });

  it('says ours when the live process works in our directory', () => {
    expect(judgeStalePid(4242, dir, probe(true, dir))).toBe('ours');
  });

  it('says foreign when the pid was reused by another program', () => {
    expect(judgeStalePid(4242, dir, probe(true, '/home/someone'))).toBe('foreign');
    expect(judgeStalePid(4242, dir, probe(true, undefined))).toBe('foreign');
  });

  it('never takes the current process for a stale server', () => {
    expect(judgeStalePid(process.pid, dir, probe(true, dir))).toBe('dead');
  });
});

describe('isSameDirectory', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'cwd-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('compares canonical paths', () => {
    expect(isSameDirectory(`${dir}/./`, dir)).toBe(true);
    expect(isSameDirectory(tmpdir(), dir)).toBe(false);
    expect(isSameDirectory(undefined, dir)).toBe(false);
  });
});

describe('isRunning', () => {
  it('sees this process and not a pid that cannot exist', () => {
    expect(isRunning(process.pid)).toBe(true);
    expect(isRunning(2 ** 22 + 1)).toBe(false);
  });
});
