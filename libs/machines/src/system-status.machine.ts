import { assign, setup } from 'xstate';

/** System statuses a release moves through (spec 3 Status, the system part). */
export const SYSTEM_STATUSES = ['PENDING', 'EXTRACTING', 'UPLOADED', 'TEST_ONLY'] as const;
export type SystemStatus = (typeof SYSTEM_STATUSES)[number];

export interface SystemStatusContext {
  error: string | null;
}

/** Events are named by the status they ask for, as `POST …/system/{status}` does; a failure carries its error. */
export type SystemStatusEvent = { type: 'PENDING'; error?: string } | { type: 'EXTRACTING' } | { type: 'UPLOADED' } | { type: 'TEST_ONLY' };

export const SYSTEM_STATUS_MACHINE_VERSION = 1;

/**
 * PENDING → EXTRACTING → UPLOADED. An extraction that fails goes back to PENDING with its error kept
 * (visible until the next attempt). Data given inline (LEGACY) goes straight to UPLOADED. TEST_ONLY is a
 * dead end for packages that only exist for tests.
 */
export const systemStatusMachine = setup({
  types: { context: {} as SystemStatusContext, events: {} as SystemStatusEvent },
  actions: {
    clearError: assign({ error: null }),
    keepError: assign({ error: ({ event }) => (event.type === 'PENDING' ? (event.error ?? null) : null) }),
  },
}).createMachine({
  id: 'systemStatus',
  context: { error: null },
  initial: 'PENDING',
  states: {
    PENDING: {
      on: {
        EXTRACTING: { target: 'EXTRACTING', actions: 'clearError' },
        UPLOADED: { target: 'UPLOADED', actions: 'clearError' },
        TEST_ONLY: { target: 'TEST_ONLY' },
      },
    },
    EXTRACTING: {
      on: {
        UPLOADED: { target: 'UPLOADED', actions: 'clearError' },
        PENDING: { target: 'PENDING', actions: 'keepError' },
      },
    },
    UPLOADED: {},
    TEST_ONLY: {},
  },
});
