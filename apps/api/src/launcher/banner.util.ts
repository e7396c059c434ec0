export interface SignIn {
  username: string;
  role: string;
  account: string;
}

/** What the start command prints once the app answers: where it is and who can sign in. */
export function formatBanner(url: string, signIns: ReadonlyArray<SignIn>, password: string): string {
  const width = (pick: (s: SignIn) => string, title: string) => Math.max(title.length, ...signIns.map((s) => pick(s).length));
  const userWidth = width((s) => s.username, 'username');
  const roleWidth = width((s) => s.role, 'role');
  const row = (username: string, role: string, account: string) =>
    `  ${username.padEnd(userWidth)}  ${role.padEnd(roleWidth)}  ${account}`.trimEnd();
  return [
    '',
    `Library is running at ${url}`,
    '',
    `Demo sign-ins (password for all: ${password}):`,
    row('username', 'role', 'account'),
    ...signIns.map((s) => row(s.username, s.role, s.account)),
    '',
    'Press Ctrl-C to stop.',
    '',
  ].join('\n');
}
