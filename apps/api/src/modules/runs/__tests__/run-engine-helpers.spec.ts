import { RUN_MACHINE_VERSION } from '@library/machines';
import type { Principal } from '../../../common/auth/principal';
import { idempotentRunId, uuidV5 } from '../idempotency';
import { reachesRun } from '../run-access';
import { runKindProblems } from '../run-kinds';
import { RunEntity } from '../run.entity';
import { applyRunEvent, backoffDelay, initialRunState, toRunView } from '../run-state';
import { sweepActionFor } from '../run-sweeper';
import { runEngineOptions } from '../runs.options';

describe('uuidV5 and idempotent run ids', () => {
  it('matches the RFC 4122 example', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('gives one id per kind, owner and key', () => {
    const owner = { accountId: 'a', userId: 'u' };
    const id = idempotentRunId('copy', owner, 'k1');
    expect(idempotentRunId('copy', owner, 'k1')).toBe(id);
    expect(idempotentRunId('copy', owner, 'k2')).not.toBe(id);
    expect(idempotentRunId('deploy', owner, 'k1')).not.toBe(id);
    expect(idempotentRunId('copy', { accountId: 'a', userId: 'other' }, 'k1')).not.toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('reachesRun', () => {
  const principal = (role: Principal['role'], accountId: string | null, userId: string | null) =>
    ({ role, accountId, userId }) as Principal;
  const run = { ownerAccountId: 'acct', ownerUserId: 'user' };

  it.each<[string, Principal, boolean]>([
    ['its user', principal('USER', 'acct', 'user'), true],
    ['another user of the account', principal('USER', 'acct', 'other'), false],
    ['an ADMIN of the account', principal('ADMIN', 'acct', 'admin'), true],
    ['an ADMIN of another account', principal('ADMIN', 'else', 'admin'), false],
    ['SUPER_ADMIN', principal('SUPER_ADMIN', 'else', 'super'), true],
    ['a multi-user sign-in', principal('UNAUTHORIZED', null, null), false],
  ])('%s → %s', (_, who, expected) => {
    expect(reachesRun(who, run)).toBe(expected);
  });

  it('a run without a user is its account admins’', () => {
    expect(reachesRun(principal('USER', 'acct', null), { ownerAccountId: 'acct', ownerUserId: null })).toBe(false);
    expect(reachesRun(principal('ADMIN', 'acct', 'a'), { ownerAccountId: 'acct', ownerUserId: null })).toBe(true);
  });
});

describe('runKindProblems (the boot check)', () => {
  it('accepts one handler per kind', () => {
    expect(runKindProblems(['copy'], [{ kind: 'copy', name: 'CopyHandler' }])).toEqual([]);
  });

  it('names a kind with two handlers', () => {
    expect(
      runKindProblems(
        [],
        [
          { kind: 'copy', name: 'A' },
          { kind: 'copy', name: 'B' },
        ],
      ),
    ).toEqual(['run kind "copy" has 2 handlers (A, B); it needs exactly one']);
  });

  it('names a declared kind without a handler', () => {
    expect(runKindProblems(['deploy'], [])).toEqual([
      `run kind "deploy" is declared (RunsModule.forFeature) but no @RunHandler('deploy') handles it`,
    ]);
  });

  it('names a kind that cannot be a queue name', () => {
    expect(runKindProblems(['Bad:Kind'], [{ kind: 'Bad:Kind', name: 'A' }])).toEqual([
      'run kind "Bad:Kind" is not a valid name (lowercase letters, digits and dashes)',
    ]);
  });
});

describe('sweepActionFor', () => {
  it.each<[string, Parameters<typeof sweepActionFor>[1], string]>([
    ['running', 'active', 'none'],
    ['running', 'waiting', 'none'],
    ['running', 'delayed', 'none'],
    ['running', 'failed', 'fail-attempt'],
    ['running', 'completed', 'fail-attempt'],
    ['running', 'unknown', 'fail-attempt'],
    ['queued', 'waiting', 'none'],
    ['queued', 'unknown', 'enqueue'],
    ['queued', 'failed', 'enqueue'],
    ['retrying', 'delayed', 'none'],
    ['retrying', 'unknown', 'enqueue'],
    ['succeeded', 'unknown', 'none'],
    ['failed', 'failed', 'none'],
    ['cancelled', 'unknown', 'none'],
  ])('%s run, %s job → %s', (runState, jobState, action) => {
    expect(sweepActionFor(runState, jobState)).toBe(action);
  });
});

describe('run rows follow the machine', () => {
  const newRun = (maxAttempts = 2) =>
    Object.assign(new RunEntity(), {
      id: 'r',
      kind: 'copy',
      state: 'queued',
      progress: 0,
      attempts: 0,
      error: null,
      output: null,
      finishedAt: null,
      snapshot: initialRunState(maxAttempts),
      snapshotVersion: RUN_MACHINE_VERSION,
      createdAt: new Date('2030-01-01T00:00:00Z'),
      updatedAt: new Date('2030-01-01T00:00:01Z'),
    });

  it('starts queued with no attempt made', () => {
    expect(initialRunState(4)).toEqual({
      value: 'queued',
      context: { progress: 0, attempts: 0, maxAttempts: 4, error: null, output: null },
    });
  });

  it('mirrors the snapshot into the columns, and stamps finishedAt at the end', () => {
    const run = newRun();
    const at = new Date('2030-01-01T00:00:05Z');
    expect(applyRunEvent(run, { type: 'START' })).toBe(true);
    expect(applyRunEvent(run, { type: 'PROGRESS', progress: 40 })).toBe(true);
    expect(run).toMatchObject({ state: 'running', progress: 40, attempts: 1, finishedAt: null });
    expect(applyRunEvent(run, { type: 'SUCCEED', output: { id: 7 } }, at)).toBe(true);
    expect(run).toMatchObject({ state: 'succeeded', progress: 100, output: { id: 7 }, finishedAt: at });
    expect(toRunView(run)).toEqual({
      id: 'r',
      kind: 'copy',
      state: 'succeeded',
      progress: 100,
      error: null,
      output: { id: 7 },
      attempts: 1,
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:01.000Z',
      finishedAt: '2030-01-01T00:00:05.000Z',
    });
  });

  it('leaves the row alone when the machine ignores the event', () => {
    const run = newRun();
    expect(applyRunEvent(run, { type: 'SUCCEED' })).toBe(false);
    expect(run.state).toBe('queued');
  });

  it('fails into retrying while attempts remain, then failed with the error', () => {
    const run = newRun(2);
    applyRunEvent(run, { type: 'START' });
    applyRunEvent(run, { type: 'FAIL', error: 'one' });
    expect(run).toMatchObject({ state: 'retrying', error: 'one', finishedAt: null });
    applyRunEvent(run, { type: 'START' });
    applyRunEvent(run, { type: 'FAIL', error: 'two' });
    expect(run.state).toBe('failed');
    expect(run.error).toBe('two');
    expect(run.finishedAt).toBeInstanceOf(Date);
  });

  it('refuses a row written by another machine version', () => {
    const run = Object.assign(newRun(), { snapshotVersion: RUN_MACHINE_VERSION + 1 });
    expect(() => applyRunEvent(run, { type: 'START' })).toThrow(/machine version/);
  });
});

describe('engine options', () => {
  it('doubles the backoff per attempt', () => {
    expect([1, 2, 3].map((attempt) => backoffDelay(500, attempt))).toEqual([500, 1000, 2000]);
  });

  it('refuses a stale threshold shorter than three heartbeats', () => {
    expect(() => runEngineOptions({ heartbeatMs: 1000, staleAfterMs: 2000 })).toThrow(/three heartbeats/);
  });
});
