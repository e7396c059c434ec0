import type { LinkedUser, Session } from '@library/contracts';
import { createActor, fromPromise, type StateValue, transition, waitFor } from 'xstate';
import { buildSignInRequest, initialSignInContext, type SignInContext, type SignInEvent, signInMachine } from '../sign-in.machine';

const session = (overrides: Partial<Session> = {}): Session => ({
  token: 'user-token',
  tokenType: 'user',
  role: 'USER',
  accountId: '11111111-1111-4111-8111-111111111111',
  userId: '22222222-2222-4222-8222-222222222222',
  multiUserId: null,
  username: 'user@library.test',
  identityProvider: 'library',
  twoFactorEnabled: false,
  expire: 1_800_000_000_000,
  ...overrides,
});
const multi = session({ token: 'multi-token', tokenType: 'multi-user', accountId: null, userId: null, role: 'USER' });
const linked = (n: number): LinkedUser => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  accountId: `00000000-0000-4000-9000-00000000000${n}`,
  accountName: `Account ${n}`,
  username: 'multi@library.test',
  role: 'USER',
});

const base: SignInContext = initialSignInContext;
const at = (value: StateValue, context: Partial<SignInContext> = {}) =>
  signInMachine.resolveState({ value, context: { ...base, ...context } });
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as SignInEvent;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as SignInEvent;
const credentials: SignInEvent = { type: 'SUBMIT_CREDENTIALS', username: ' user@library.test ', password: 'pw', expireLong: true };

type Row = [description: string, from: StateValue, context: Partial<SignInContext>, event: SignInEvent, to: StateValue];

const rows: Row[] = [
  ['credentials are sent', 'credentials', {}, credentials, 'submitting'],
  ['a user session ends the sign-in', 'submitting', {}, done('signIn', session()), 'signedIn'],
  ['two-factor check asks for the code', 'submitting', {}, done('signIn', { twoFactorCheck: true }), 'twoFactor'],
  [
    'captcha check shows the question',
    'submitting',
    {},
    done('signIn', { captchaCheck: true, captcha: { id: 'c1', question: '2 + 3' } }),
    'captcha',
  ],
  ['multi-user session lists the linked users', 'submitting', {}, done('signIn', multi), { multiUser: 'loadingUsers' }],
  [
    'wrong password returns to the form',
    'submitting',
    { step: 'credentials' },
    failed('signIn', new Error('Invalid username or password')),
    'credentials',
  ],
  [
    'wrong code stays on the code form',
    'submitting',
    { step: 'twoFactor' },
    failed('signIn', new Error('Invalid verification code')),
    'twoFactor',
  ],
  [
    'failure after a captcha returns to the form',
    'submitting',
    { step: 'captcha' },
    failed('signIn', new Error('Invalid username or password')),
    'credentials',
  ],
  ['code is sent', 'twoFactor', {}, { type: 'SUBMIT_CODE', verificationCode: '123456', rememberTwoFactor: true }, 'submitting'],
  ['back from the code form', 'twoFactor', {}, { type: 'BACK' }, 'credentials'],
  [
    'captcha answer is sent',
    'captcha',
    { captcha: { id: 'c1', question: '2 + 3' } },
    { type: 'SUBMIT_CAPTCHA', answer: '5' },
    'submitting',
  ],
  ['no linked users', { multiUser: 'loadingUsers' }, { multiUser: multi }, done('listLinkedUsers', []), 'credentials'],
  [
    'one linked user is taken at once',
    { multiUser: 'loadingUsers' },
    { multiUser: multi },
    done('listLinkedUsers', [linked(1)]),
    { multiUser: 'gettingUserToken' },
  ],
  [
    'several linked users are offered',
    { multiUser: 'loadingUsers' },
    { multiUser: multi },
    done('listLinkedUsers', [linked(1), linked(2)]),
    { multiUser: 'choosingUser' },
  ],
  [
    'a linked user is chosen',
    { multiUser: 'choosingUser' },
    { multiUser: multi },
    { type: 'CHOOSE_USER', user: linked(2) },
    { multiUser: 'gettingUserToken' },
  ],
  [
    'the user token ends the sign-in',
    { multiUser: 'gettingUserToken' },
    { multiUser: multi, chosenUser: linked(1) },
    done('getLinkedUserToken', session()),
    'signedIn',
  ],
  [
    'user token refused',
    { multiUser: 'gettingUserToken' },
    { multiUser: multi, chosenUser: linked(1) },
    failed('getLinkedUserToken', new Error('x')),
    { multiUser: 'choosingUser' },
  ],
];

describe('signInMachine transitions', () => {
  it.each(rows)('%s: %j + event → %j', (_description, from, context, event, to) => {
    const [next] = transition(signInMachine, at(from, context), event);
    expect(next.value).toEqual(to);
  });

  it('keeps the server message on failure', () => {
    const [next] = transition(signInMachine, at('submitting'), failed('signIn', new Error('Authorization for guests is not allowed')));
    expect(next.context.error).toBe('Authorization for guests is not allowed');
  });

  it('keeps the multi-user session apart instead of signing in as it', () => {
    const [next, actions] = transition(signInMachine, at('submitting'), done('signIn', multi));
    expect(next.context.session).toBeNull();
    expect(next.context.multiUser).toEqual(multi);
    expect(actions.map((action) => action.type)).toContain('keepMultiUserSession');
  });
});

describe('buildSignInRequest', () => {
  it('sends credentials, the long-session flag and the fingerprint', () => {
    expect(buildSignInRequest({ ...base, username: 'u', password: 'p', expireLong: true, fingerPrint: 'fp' })).toEqual({
      credentials: { username: 'u', password: 'p' },
      expireLong: true,
      fingerPrint: 'fp',
    });
  });

  it('adds the code with remember-device, and the captcha as "<id>:<answer>"', () => {
    expect(
      buildSignInRequest({
        ...base,
        username: 'u',
        password: 'p',
        verificationCode: '123456',
        rememberTwoFactor: true,
        captcha: { id: 'c1', question: '2 + 3' },
        captchaAnswer: ' 5 ',
      }),
    ).toEqual({
      credentials: { username: 'u', password: 'p' },
      expireLong: false,
      verificationCode: '123456',
      rememberTwoFactor: true,
      captchaToken: 'c1:5',
    });
  });
});

describe('signInMachine run with fake services', () => {
  it('goes through two-factor to a session', async () => {
    const requests: unknown[] = [];
    const machine = signInMachine.provide({
      actors: {
        signIn: fromPromise(async ({ input }) => {
          requests.push(input);
          return input.verificationCode ? session() : { twoFactorCheck: true as const };
        }),
      },
    });
    const actor = createActor(machine).start();

    actor.send(credentials);
    await waitFor(actor, (state) => state.matches('twoFactor'));
    actor.send({ type: 'SUBMIT_CODE', verificationCode: '123456', rememberTwoFactor: false });
    const final = await waitFor(actor, (state) => state.status === 'done');

    expect(final.output).toEqual(session());
    expect(requests[1]).toMatchObject({
      credentials: { username: 'user@library.test', password: 'pw' },
      verificationCode: '123456',
      expireLong: true,
    });
  });
});
