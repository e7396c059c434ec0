import { applyEvent } from '../persisted';
import { RunContext, RunEvent, runMachine } from '../run.machine';

const context = (change: Partial<RunContext> = {}): RunContext => ({
  progress: 0,
  attempts: 1,
  maxAttempts: 3,
  error: null,
  output: null,
  ...change,
});
const apply = (value: string, event: RunEvent, change: Partial<RunContext> = {}) =>
  applyEvent(runMachine, { value, context: context(change) }, event).snapshot;

describe('runMachine transitions', () => {
  it.each<[string, RunEvent, string, Partial<RunContext>?]>([
    ['queued', { type: 'START' }, 'running'],
    ['queued', { type: 'CANCEL' }, 'cancelled'],
    ['queued', { type: 'SUCCEED' }, 'queued'],
    ['running', { type: 'PROGRESS', progress: 40 }, 'running'],
    ['running', { type: 'SUCCEED', output: { id: 1 } }, 'succeeded'],
    ['running', { type: 'FAIL', error: 'x' }, 'retrying', { attempts: 1 }],
    ['running', { type: 'FAIL', error: 'x' }, 'failed', { attempts: 3 }],
    ['running', { type: 'CANCEL' }, 'cancelled'],
    ['running', { type: 'START' }, 'running'],
    ['retrying', { type: 'START' }, 'running'],
    ['retrying', { type: 'CANCEL' }, 'cancelled'],
    ['failed', { type: 'RETRY' }, 'queued'],
    ['failed', { type: 'START' }, 'failed'],
    ['succeeded', { type: 'FAIL', error: 'late' }, 'succeeded'],
    ['succeeded', { type: 'RETRY' }, 'succeeded'],
    ['cancelled', { type: 'START' }, 'cancelled'],
  ])('%s + %o → %s', (from, event, to, ...[change]) => {
    expect(apply(from, event, change).value).toBe(to);
  });
});

describe('runMachine context', () => {
  it('counts attempts and starts each from 0 %', () => {
    expect(apply('retrying', { type: 'START' }, { attempts: 1, progress: 70 }).context).toMatchObject({
      attempts: 2,
      progress: 0,
      error: null,
    });
  });

  it('keeps progress within 0–100 and never lets it go back', () => {
    expect(apply('running', { type: 'PROGRESS', progress: 140 }).context.progress).toBe(100);
    expect(apply('running', { type: 'PROGRESS', progress: 20 }, { progress: 50 }).context.progress).toBe(50);
  });

  it('ends at 100 % with the output, or with the error', () => {
    expect(apply('running', { type: 'SUCCEED', output: { botId: 'b' } }).context).toMatchObject({ progress: 100, output: { botId: 'b' } });
    expect(apply('running', { type: 'FAIL', error: 'disk full' }, { attempts: 3 }).context.error).toBe('disk full');
  });

  it('a retry by hand starts over with fresh attempts', () => {
    expect(apply('failed', { type: 'RETRY' }, { attempts: 3, error: 'x' }).context).toMatchObject({ attempts: 0, error: null });
  });
});
