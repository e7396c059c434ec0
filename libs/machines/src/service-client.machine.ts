import type { ServiceName } from '@library/contracts';
import { assign, fromPromise, setup } from 'xstate';

export interface ServiceClientContext {
  serviceName: ServiceName;
  url: string | null;
  error: string | null;
}

export type ServiceClientEvent = { type: 'DISCOVER' } | { type: 'RETRY' };

/**
 * A client of one service (spec 4 "Service client"): NEW until its address is discovered, then SUCCESS
 * with the URL or ERROR with the reason; ERROR can retry. The `discover` actor is provided by the caller
 * (a fetch of `GET /api/v2?serviceName=…` in the browser, a stub in tests).
 */
export const serviceClientMachine = setup({
  types: {
    context: {} as ServiceClientContext,
    events: {} as ServiceClientEvent,
    input: {} as { serviceName: ServiceName; url?: string },
  },
  actors: {
    discover: fromPromise<string, { serviceName: ServiceName }>(async () => {
      throw new Error('serviceUrl is not defined or not discovered');
    }),
  },
  guards: {
    hasGivenUrl: ({ context }) => context.url !== null,
  },
}).createMachine({
  id: 'serviceClient',
  context: ({ input }) => ({ serviceName: input.serviceName, url: input.url ?? null, error: null }),
  initial: 'NEW',
  states: {
    NEW: {
      // A service address given directly needs no discovery (spec 7).
      always: { guard: 'hasGivenUrl', target: 'SUCCESS' },
      on: { DISCOVER: 'DISCOVERING' },
    },
    DISCOVERING: {
      invoke: {
        src: 'discover',
        input: ({ context }) => ({ serviceName: context.serviceName }),
        onDone: { target: 'SUCCESS', actions: assign({ url: ({ event }) => event.output, error: null }) },
        onError: { target: 'ERROR', actions: assign({ error: ({ event }) => (event.error as Error).message }) },
      },
    },
    SUCCESS: { type: 'final' },
    ERROR: { on: { RETRY: 'DISCOVERING' } },
  },
});
