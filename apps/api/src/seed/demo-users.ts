import type { UserRole } from '@library/contracts';

/** One password for every demo sign-in; printed at start and in the README. */
export const DEMO_PASSWORD = 'Library-demo-1';

export interface DemoAccount {
  name: string;
  label: string;
}

export interface DemoUser {
  username: string;
  role: UserRole;
  account: string;
  firstName: string;
  lastName: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { name: 'demo', label: 'Demo' },
  { name: 'acme', label: 'Acme Corp' },
];

export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'super@library.test', role: 'SUPER_ADMIN', account: 'demo', firstName: 'Sam', lastName: 'Super' },
  { username: 'admin@library.test', role: 'ADMIN', account: 'demo', firstName: 'Ada', lastName: 'Admin' },
  { username: 'user@library.test', role: 'USER', account: 'demo', firstName: 'Uma', lastName: 'User' },
  { username: 'guest@library.test', role: 'GUEST', account: 'demo', firstName: 'Gus', lastName: 'Guest' },
  { username: 'user@acme.test', role: 'USER', account: 'acme', firstName: 'Ulla', lastName: 'Acme' },
  { username: 'admin@acme.test', role: 'ADMIN', account: 'acme', firstName: 'Abe', lastName: 'Acme' },
];

/** The multi-user sign-in and the user it reaches in each account. */
export const DEMO_MULTI_USER = {
  username: 'multi@library.test',
  users: [
    { username: 'multi@demo.library.test', role: 'USER', account: 'demo', firstName: 'Max', lastName: 'Multi' },
    { username: 'multi@acme.library.test', role: 'ADMIN', account: 'acme', firstName: 'Max', lastName: 'Multi' },
  ] satisfies DemoUser[],
} as const;

/** What the start command prints. */
export const DEMO_SIGN_INS: ReadonlyArray<{ username: string; role: string; account: string }> = [
  ...DEMO_USERS.map(({ username, role, account }) => ({ username, role: role === 'GUEST' ? 'GUEST (refused)' : role, account })),
  { username: DEMO_MULTI_USER.username, role: 'multi-user', account: 'demo + acme' },
];
