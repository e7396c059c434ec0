import { assign, setup } from 'xstate';

export interface MigrationContext {
  error: string | null;
  pid: number | null;
}

export type MigrationEvent = { type: 'START'; pid: number } | { type: 'SUCCEED' } | { type: 'FAIL'; error: string };

export const MIGRATION_MACHINE_VERSION = 1;

/** A registry data migration: CREATED → RUNNING (with the worker's pid) → SUCCESS | FAILURE (with the error). */
export const migrationMachine = setup({
  types: { context: {} as MigrationContext, events: {} as MigrationEvent },
}).createMachine({
  id: 'migration',
  context: { error: null, pid: null },
  initial: 'CREATED',
  states: {
    CREATED: { on: { START: { target: 'RUNNING', actions: assign({ pid: ({ event }) => event.pid }) } } },
    RUNNING: {
      on: {
        SUCCEED: 'SUCCESS',
        FAIL: { target: 'FAILURE', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    SUCCESS: { type: 'final' },
    FAILURE: { type: 'final' },
  },
});
