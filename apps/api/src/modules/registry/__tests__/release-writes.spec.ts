import { RegistryMessages } from '@library/contracts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError } from '../../../common/errors/domain-error';
import { buildTarGz, declaredFile, manifestOf, tarPath } from '../release-files.service';
import { manualSystemTargets, nextReleaseStatus, nextSystemStatus } from '../release-status.service';
import { visibleSourceCondition } from '../sources.service';

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return { status: (error as DomainError).status, message: (error as DomainError).message };
  }
  throw new Error('expected a refusal');
};

describe('declared files', () => {
  it.each([
    ['index.js', 'application/javascript'],
    ['form/form.html', 'text/html'],
    ['assets/icons/icon.SVG', 'image/svg+xml'],
    [' README.md ', 'text/markdown'],
    ['styles.min.css', 'text/css'],
  ])('%s is stored as %s', (fileName, contentType) => {
    expect(declaredFile(fileName)).toEqual({ fileName: fileName.trim(), contentType });
  });

  it.each(['../up.js', 'a/../b.js', '/abs.js', 'a//b.js', 'a/./b.js', 'data.json', 'archive.tar.gz', 'sp ace.js', 'a\\b.js'])(
    'refuses the name %s',
    (fileName) => {
      expect(refusal(() => declaredFile(fileName))).toEqual({ status: 400, message: RegistryMessages.fileNameNotAllowed(fileName) });
    },
  );

  it.each(['tool.exe', 'Makefile', 'archive.zip'])('refuses the type of %s', (fileName) => {
    expect(refusal(() => declaredFile(fileName))).toEqual({ status: 400, message: RegistryMessages.fileTypeNotAllowed(fileName) });
  });

  it('keeps paths tar can hold (name ≤ 100 bytes, or a prefix ≤ 155 split at a slash)', () => {
    expect(tarPath('a.js')).toEqual({ name: 'a.js', prefix: '' });
    const long = `${'d'.repeat(120)}/${'f'.repeat(90)}.js`;
    expect(tarPath(long)).toEqual({ name: `${'f'.repeat(90)}.js`, prefix: 'd'.repeat(120) });
    expect(tarPath(`${'f'.repeat(120)}.js`)).toBeNull();
    expect(() => declaredFile(`${'f'.repeat(120)}.js`)).toThrow(DomainError);
  });

  it('reads a files manifest, and nothing else, as one', () => {
    const manifest = {
      files: [{ fileName: 'a.js', contentType: 'application/javascript', size: null }],
      totalBytes: null,
      extractedAt: null,
      archive: null,
    };
    expect(manifestOf(manifest)).toEqual(manifest);
    expect(manifestOf({ files: ['a.js'] })).toBeNull();
    expect(manifestOf({ label: 'step' })).toBeNull();
    expect(manifestOf(null)).toBeNull();
  });
});

describe('buildTarGz', () => {
  it('writes an archive tar reads back, nested paths and long names included', () => {
    const long = `${'d'.repeat(120)}/file.js`;
    const files = [
      { fileName: 'index.js', body: Buffer.from('export default 1;\n') },
      { fileName: 'form/form.html', body: Buffer.from('<form></form>') },
      { fileName: long, body: Buffer.alloc(1536, 97) },
      { fileName: 'empty.txt', body: Buffer.alloc(0) },
    ];
    const dir = mkdtempSync(join(tmpdir(), 'tar-'));
    try {
      writeFileSync(join(dir, 'a.tar.gz'), buildTarGz(files));
      expect(
        execFileSync('tar', ['-tzf', join(dir, 'a.tar.gz')])
          .toString()
          .trim()
          .split('\n'),
      ).toEqual(files.map((file) => file.fileName));
      execFileSync('tar', ['-xzf', join(dir, 'a.tar.gz'), '-C', dir]);
      for (const file of files) expect(readFileSync(join(dir, file.fileName))).toEqual(file.body);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('status moves through the machines', () => {
  const pending = { status: 'PENDING' as const, error: null };

  it('lets a call move a system status only where the machine and the kind of release allow', () => {
    expect(manualSystemTargets(true)).toEqual(['PENDING', 'EXTRACTING', 'TEST_ONLY']);
    expect(nextSystemStatus(pending, 'EXTRACTING', manualSystemTargets(true))).toEqual({ status: 'EXTRACTING', error: null });
    expect(nextSystemStatus(pending, 'UPLOADED', manualSystemTargets(false))).toEqual({ status: 'UPLOADED', error: null });
    expect(refusal(() => nextSystemStatus(pending, 'UPLOADED', manualSystemTargets(true)))).toEqual({
      status: 409,
      message: 'Cannot change status from PENDING to UPLOADED; allowed: EXTRACTING, TEST_ONLY',
    });
    expect(refusal(() => nextSystemStatus({ status: 'UPLOADED', error: null }, 'PENDING', manualSystemTargets(true))).message).toBe(
      'Cannot change status from UPLOADED to PENDING; allowed: none',
    );
    expect(refusal(() => nextSystemStatus(pending, 'RELEASED', manualSystemTargets(true))).status).toBe(409);
  });

  it('keeps the error of a failed extraction and clears it on the next attempt', () => {
    const failed = nextSystemStatus({ status: 'EXTRACTING', error: null }, 'PENDING', ['PENDING'], 'File not uploaded: a.js');
    expect(failed).toEqual({ status: 'PENDING', error: 'File not uploaded: a.js' });
    expect(nextSystemStatus(failed, 'EXTRACTING', manualSystemTargets(true))).toEqual({ status: 'EXTRACTING', error: null });
  });

  it('moves release statuses from NONE once uploaded, naming the allowed ones otherwise', () => {
    expect(nextReleaseStatus(null, true, 'BETA')).toBe('BETA');
    expect(nextReleaseStatus('BETA', true, 'RELEASED')).toBe('RELEASED');
    expect(refusal(() => nextReleaseStatus(null, false, 'BETA')).message).toBe('Cannot change status from NONE to BETA; allowed: none');
    expect(refusal(() => nextReleaseStatus('RELEASED', true, 'BETA')).message).toBe(
      'Cannot change status from RELEASED to BETA; allowed: DEPRECATED',
    );
    expect(refusal(() => nextReleaseStatus('DEPRECATED', true, 'UPLOADED')).message).toBe(
      'Cannot change status from DEPRECATED to UPLOADED; allowed: RELEASED',
    );
  });
});

describe('visibleSourceCondition', () => {
  const principal = (role: 'SUPER_ADMIN' | 'ADMIN' | 'USER') =>
    ({ role, accountId: 'a1', userId: 'u1', tokenType: 'user' }) as Parameters<typeof visibleSourceCondition>[0];

  it('lets SUPER_ADMIN see every source and others what they own, administer or are members of', () => {
    expect(visibleSourceCondition(principal('SUPER_ADMIN'), 's')).toEqual({ sql: 'TRUE', params: {} });
    const user = visibleSourceCondition(principal('USER'), 's');
    expect(user.params).toEqual({ sourceViewerUserId: 'u1', sourceViewerAccountId: 'a1', sourceViewerIsAdmin: false });
    expect(user.sql).toContain('s.owner_user_id');
    expect(user.sql).toContain('source_members');
    expect(visibleSourceCondition(principal('ADMIN'), 's').params.sourceViewerIsAdmin).toBe(true);
  });
});
