import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../infra/config/config';
import { formatBanner } from '../banner.util';
import { describeBootError } from '../boot-error.util';
import { findRepoRoot, resolveDataDir } from '../data-dir.util';
import { databaseNameOf, quoteIdentifier, redactUrl, withDatabase } from '../database-url.util';
import { LauncherError } from '../launcher-error';
import { findExecutable } from '../local-redis';

describe('database URLs', () => {
  it('reads the database name, defaulting like pg does', () => {
    expect(databaseNameOf('postgres://postgres:pw@127.0.0.1:54329/library')).toBe('library');
    expect(databaseNameOf('postgres://postgres@127.0.0.1:5432/my%20db')).toBe('my db');
    expect(databaseNameOf('postgres://alice@127.0.0.1:5432')).toBe('alice');
  });

  it('points at another database of the same server', () => {
    expect(withDatabase('postgres://postgres:pw@127.0.0.1:5432/library_test?sslmode=disable', 'postgres')).toBe(
      'postgres://postgres:pw@127.0.0.1:5432/postgres?sslmode=disable',
    );
  });

  it('hides passwords and quotes identifiers', () => {
    expect(redactUrl('postgres://postgres:secret@db:5432/library')).toBe('postgres://postgres:***@db:5432/library');
    expect(quoteIdentifier('we"ird')).toBe('"we""ird"');
  });
});

describe('resolveDataDir', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'repo-'));
    writeFileSync(join(root, 'package.json'), '{"workspaces":["apps/*"]}');
    mkdirSync(join(root, 'apps/api/dist/launcher'), { recursive: true });
    writeFileSync(join(root, 'apps/api/package.json'), '{"name":"@library/api"}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('defaults to .data at the repository root', () => {
    expect(findRepoRoot(join(root, 'apps/api/dist/launcher'))).toBe(root);
    expect(resolveDataDir({}, join(root, 'apps/api/dist/launcher'))).toBe(join(root, '.data'));
  });

  it('takes DATA_DIR relative to the working directory', () => {
    expect(resolveDataDir({ DATA_DIR: 'tmp/data' }, root, '/srv')).toBe('/srv/tmp/data');
    expect(resolveDataDir({ DATA_DIR: '/var/lib/library' }, root)).toBe('/var/lib/library');
  });
});

describe('describeBootError', () => {
  it('prints expected problems without a stack', () => {
    expect(describeBootError(new LauncherError('redis-server was not found'))).toBe('redis-server was not found');
    expect(describeBootError(new ConfigError('Invalid configuration'))).toBe('Invalid configuration');
    expect(describeBootError(Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', port: 3000 }))).toMatch(
      /^port 3000 is already in use/,
    );
  });

  it('keeps the stack of anything else', () => {
    const error = new TypeError('boom');
    expect(describeBootError(error)).toBe(error.stack);
  });
});

describe('formatBanner', () => {
  it('lists the URL and the sign-ins in columns', () => {
    const text = formatBanner('http://localhost:3000', [{ username: 'admin@library.test', role: 'ADMIN', account: 'demo' }], 'pw');
    expect(text).toContain('Library is running at http://localhost:3000');
    expect(text).toContain('password for all: pw');
    expect(text).toContain('  admin@library.test  ADMIN  demo');
  });
});

describe('findExecutable', () => {
  it('finds a program on PATH or in the system directories, and nothing for an unknown name', () => {
    expect(findExecutable('sh', '')).toMatch(/\/sh$/);
    expect(findExecutable('no-such-program-here', '/nonexistent')).toBeUndefined();
  });
});
