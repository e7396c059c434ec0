import { setup } from 'xstate';

/** Release statuses at one level (USER, ACCOUNT or PDE); NONE until the first one is set. */
export const RELEASE_STATUSES = ['TEST_ONLY', 'BETA', 'ACCOUNT_BETA', 'RELEASED', 'DEPRECATED'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

export interface ReleaseStatusContext {
  /** A release can be promoted only once its files are in place. */
  uploaded: boolean;
}

export type ReleaseStatusEvent = { type: ReleaseStatus };

export const RELEASE_STATUS_MACHINE_VERSION = 1;

const promotions = (...targets: ReleaseStatus[]) =>
  Object.fromEntries(targets.map((target) => [target, { target, guard: 'isUploaded' as const }]));

/**
 * Per level: NONE → TEST_ONLY | BETA | ACCOUNT_BETA | RELEASED; TEST_ONLY → BETA | ACCOUNT_BETA | RELEASED;
 * BETA ⇄ ACCOUNT_BETA, both → RELEASED | DEPRECATED; RELEASED → DEPRECATED; DEPRECATED → RELEASED (restore).
 * Every move needs the system status UPLOADED. Anything else is refused (docs/adr/0008).
 */
export const releaseStatusMachine = setup({
  types: { context: {} as ReleaseStatusContext, events: {} as ReleaseStatusEvent, input: {} as { uploaded: boolean } },
  guards: { isUploaded: ({ context }) => context.uploaded },
}).createMachine({
  id: 'releaseStatus',
  context: ({ input }) => ({ uploaded: input?.uploaded ?? false }),
  initial: 'NONE',
  states: {
    NONE: { on: promotions('TEST_ONLY', 'BETA', 'ACCOUNT_BETA', 'RELEASED') },
    TEST_ONLY: { on: promotions('BETA', 'ACCOUNT_BETA', 'RELEASED') },
    BETA: { on: promotions('ACCOUNT_BETA', 'RELEASED', 'DEPRECATED') },
    ACCOUNT_BETA: { on: promotions('BETA', 'RELEASED', 'DEPRECATED') },
    RELEASED: { on: promotions('DEPRECATED') },
    DEPRECATED: { on: promotions('RELEASED') },
  },
});
