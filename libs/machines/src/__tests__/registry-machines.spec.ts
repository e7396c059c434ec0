import { acceptedEvents, applyEvent } from '../persisted';
import { migrationMachine } from '../migration.machine';
import { RELEASE_STATUSES, ReleaseStatus, releaseStatusMachine } from '../release-status.machine';
import { SYSTEM_STATUSES, systemStatusMachine } from '../system-status.machine';

describe('systemStatusMachine', () => {
  it.each([
    ['PENDING', 'EXTRACTING', 'EXTRACTING'],
    ['PENDING', 'UPLOADED', 'UPLOADED'],
    ['PENDING', 'TEST_ONLY', 'TEST_ONLY'],
    ['PENDING', 'PENDING', 'PENDING'],
    ['EXTRACTING', 'UPLOADED', 'UPLOADED'],
    ['EXTRACTING', 'PENDING', 'PENDING'],
    ['EXTRACTING', 'TEST_ONLY', 'EXTRACTING'],
    ['UPLOADED', 'PENDING', 'UPLOADED'],
    ['UPLOADED', 'EXTRACTING', 'UPLOADED'],
    ['TEST_ONLY', 'UPLOADED', 'TEST_ONLY'],
  ] as const)('%s + %s → %s', (from, event, to) => {
    expect(applyEvent(systemStatusMachine, { value: from, context: { error: null } }, { type: event }).snapshot.value).toBe(to);
  });

  it('keeps the error of a failed extraction, and clears it on the next attempt', () => {
    const failed = applyEvent(
      systemStatusMachine,
      { value: 'EXTRACTING', context: { error: null } },
      { type: 'PENDING', error: 'no index.js' },
    );
    expect(failed.snapshot.context.error).toBe('no index.js');
    const retried = applyEvent(systemStatusMachine, { value: 'PENDING', context: failed.snapshot.context }, { type: 'EXTRACTING' });
    expect(retried.snapshot.context.error).toBeNull();
  });

  it('lists what a state accepts', () => {
    const all = SYSTEM_STATUSES.map((type) => ({ type }));
    expect(acceptedEvents(systemStatusMachine, { value: 'EXTRACTING', context: { error: null } }, all)).toEqual(['PENDING', 'UPLOADED']);
    expect(acceptedEvents(systemStatusMachine, { value: 'UPLOADED', context: { error: null } }, all)).toEqual([]);
  });
});

describe('releaseStatusMachine', () => {
  const allowed: Record<string, ReleaseStatus[]> = {
    NONE: ['TEST_ONLY', 'BETA', 'ACCOUNT_BETA', 'RELEASED'],
    TEST_ONLY: ['BETA', 'RELEASED', 'ACCOUNT_BETA'],
    BETA: ['RELEASED', 'ACCOUNT_BETA', 'DEPRECATED'],
    ACCOUNT_BETA: ['BETA', 'RELEASED', 'DEPRECATED'],
    RELEASED: ['DEPRECATED'],
    DEPRECATED: ['RELEASED'],
  };
  const table = Object.entries(allowed).flatMap(([from, targets]) =>
    RELEASE_STATUSES.map((event) => [from, event, targets.includes(event) ? event : from] as const),
  );

  it.each(table)('uploaded: %s + %s → %s', (from, event, to) => {
    expect(applyEvent(releaseStatusMachine, { value: from, context: { uploaded: true } }, { type: event }).snapshot.value).toBe(to);
  });

  it('refuses every move while the files are not uploaded', () => {
    for (const event of RELEASE_STATUSES) {
      expect(applyEvent(releaseStatusMachine, { value: 'NONE', context: { uploaded: false } }, { type: event }).changed).toBe(false);
    }
  });

  it('names the allowed moves', () => {
    const all = RELEASE_STATUSES.map((type) => ({ type }));
    expect(acceptedEvents(releaseStatusMachine, { value: 'BETA', context: { uploaded: true } }, all)).toEqual([
      'ACCOUNT_BETA',
      'RELEASED',
      'DEPRECATED',
    ]);
  });
});

describe('migrationMachine', () => {
  it.each([
    ['CREATED', { type: 'START', pid: 42 }, 'RUNNING'],
    ['CREATED', { type: 'SUCCEED' }, 'CREATED'],
    ['RUNNING', { type: 'SUCCEED' }, 'SUCCESS'],
    ['RUNNING', { type: 'FAIL', error: 'boom' }, 'FAILURE'],
    ['RUNNING', { type: 'START', pid: 1 }, 'RUNNING'],
    ['SUCCESS', { type: 'FAIL', error: 'late' }, 'SUCCESS'],
    ['FAILURE', { type: 'START', pid: 1 }, 'FAILURE'],
  ] as const)('%s + %o → %s', (from, event, to) => {
    expect(applyEvent(migrationMachine, { value: from, context: { error: null, pid: null } }, event).snapshot.value).toBe(to);
  });

  it('records the pid and the error', () => {
    const started = applyEvent(migrationMachine, { value: 'CREATED', context: { error: null, pid: null } }, { type: 'START', pid: 42 });
    const failed = applyEvent(migrationMachine, { value: 'RUNNING', context: started.snapshot.context }, { type: 'FAIL', error: 'boom' });
    expect(failed.snapshot.context).toEqual({ pid: 42, error: 'boom' });
  });
});
