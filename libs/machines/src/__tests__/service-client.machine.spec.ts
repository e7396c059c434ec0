import { createActor, fromPromise, getNextSnapshot, waitFor } from 'xstate';
import { serviceClientMachine } from '../service-client.machine';

const snapshotIn = (value: string, url: string | null = null) =>
  serviceClientMachine.resolveState({ value, context: { serviceName: 'sdk', url, error: null } });

describe('serviceClientMachine transitions', () => {
  it.each([
    ['NEW', 'DISCOVER', 'DISCOVERING'],
    ['NEW', 'RETRY', 'NEW'],
    ['ERROR', 'RETRY', 'DISCOVERING'],
    ['ERROR', 'DISCOVER', 'ERROR'],
    ['SUCCESS', 'DISCOVER', 'SUCCESS'],
  ] as const)('%s + %s → %s', (from, event, to) => {
    expect(getNextSnapshot(serviceClientMachine, snapshotIn(from), { type: event }).value).toBe(to);
  });
});

describe('serviceClientMachine with a discover actor', () => {
  it('goes straight to SUCCESS when the address is given', () => {
    const actor = createActor(serviceClientMachine, { input: { serviceName: 'sdk', url: 'http://x/api/sdk' } }).start();
    expect(actor.getSnapshot().value).toBe('SUCCESS');
  });

  it('discovers the URL', async () => {
    const machine = serviceClientMachine.provide({ actors: { discover: fromPromise(async () => 'http://localhost/api/sdk') } });
    const actor = createActor(machine, { input: { serviceName: 'sdk' } }).start();
    actor.send({ type: 'DISCOVER' });
    const done = await waitFor(actor, (s) => s.value === 'SUCCESS');
    expect(done.context.url).toBe('http://localhost/api/sdk');
  });

  it('keeps the reason on failure and can retry', async () => {
    let calls = 0;
    const machine = serviceClientMachine.provide({
      actors: {
        discover: fromPromise(async () => {
          calls += 1;
          if (calls === 1) throw new Error('Request timed out');
          return 'http://localhost/api/sdk';
        }),
      },
    });
    const actor = createActor(machine, { input: { serviceName: 'sdk' } }).start();
    actor.send({ type: 'DISCOVER' });
    const failed = await waitFor(actor, (s) => s.value === 'ERROR');
    expect(failed.context.error).toBe('Request timed out');
    actor.send({ type: 'RETRY' });
    expect((await waitFor(actor, (s) => s.value === 'SUCCESS')).context.url).toBe('http://localhost/api/sdk');
  });
});
