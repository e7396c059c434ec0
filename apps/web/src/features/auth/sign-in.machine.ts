import type { LinkedUser, Session, SignInRequest, SignInResponse } from '@library/contracts';
import { assign, fromPromise, setup } from 'xstate';

export interface CaptchaChallenge {
  id: string;
  question: string;
}

type SignInStep = 'credentials' | 'twoFactor' | 'captcha';

export interface SignInContext {
  username: string;
  password: string;
  /** "Keep me signed in": the long session of spec 9. */
  expireLong: boolean;
  fingerPrint: string | null;
  verificationCode: string | null;
  rememberTwoFactor: boolean;
  captcha: CaptchaChallenge | null;
  captchaAnswer: string | null;
  /** The form the last request was sent from; a failure returns to it. */
  step: SignInStep;
  multiUser: Session | null;
  linkedUsers: LinkedUser[];
  chosenUser: LinkedUser | null;
  session: Session | null;
  error: string | null;
}

export type SignInEvent =
  | { type: 'SUBMIT_CREDENTIALS'; username: string; password: string; expireLong: boolean; fingerPrint?: string | null }
  | { type: 'SUBMIT_CODE'; verificationCode: string; rememberTwoFactor: boolean }
  | { type: 'SUBMIT_CAPTCHA'; answer: string }
  | { type: 'CHOOSE_USER'; user: LinkedUser }
  | { type: 'BACK' };

export const initialSignInContext: SignInContext = {
  username: '',
  password: '',
  expireLong: false,
  fingerPrint: null,
  verificationCode: null,
  rememberTwoFactor: false,
  captcha: null,
  captchaAnswer: null,
  step: 'credentials',
  multiUser: null,
  linkedUsers: [],
  chosenUser: null,
  session: null,
  error: null,
};

/** The POST /auth/token body for what the user has entered so far. */
export function buildSignInRequest(context: SignInContext): SignInRequest {
  const request: SignInRequest = {
    credentials: { username: context.username, password: context.password },
    expireLong: context.expireLong,
  };
  if (context.fingerPrint) request.fingerPrint = context.fingerPrint;
  if (context.verificationCode) {
    request.verificationCode = context.verificationCode;
    request.rememberTwoFactor = context.rememberTwoFactor;
  }
  if (context.captcha && context.captchaAnswer !== null) request.captchaToken = `${context.captcha.id}:${context.captchaAnswer.trim()}`;
  return request;
}

const isTwoFactorCheck = (response: SignInResponse) => 'twoFactorCheck' in response;
const isCaptchaCheck = (response: SignInResponse) => 'captchaCheck' in response;
const isMultiUserSession = (response: SignInResponse) => 'tokenType' in response && response.tokenType === 'multi-user';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

export const NO_LINKED_USERS_MESSAGE = 'No users are linked to this sign-in';

/**
 * The sign-in form (spec 2 and 4): credentials, then possibly a two-factor code or a captcha,
 * and for a multi-user sign-in the choice of the user to continue as. Ends with a user session.
 */
export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    output: {} as Session,
  },
  actors: {
    signIn: fromPromise<SignInResponse, SignInRequest>(notProvided('signIn')),
    listLinkedUsers: fromPromise<LinkedUser[], { multiUserToken: string }>(notProvided('listLinkedUsers')),
    getLinkedUserToken: fromPromise<Session, { multiUserToken: string; user: LinkedUser }>(notProvided('getLinkedUserToken')),
  },
  guards: {
    isTwoFactorCheck: (_, params: { response: SignInResponse }) => isTwoFactorCheck(params.response),
    isCaptchaCheck: (_, params: { response: SignInResponse }) => isCaptchaCheck(params.response),
    isMultiUserSession: (_, params: { response: SignInResponse }) => isMultiUserSession(params.response),
    failedOnTwoFactor: ({ context }) => context.step === 'twoFactor',
    hasNoLinkedUsers: (_, params: { users: LinkedUser[] }) => params.users.length === 0,
    hasOneLinkedUser: (_, params: { users: LinkedUser[] }) => params.users.length === 1,
  },
  actions: {
    storeError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    /** Spec 4: a multi-user token is kept as the multi-user session (its own cookie), not as the user. */
    keepMultiUserSession: (_, _params: { session: Session }) => undefined,
    /** A direct user sign-in drops a multi-user session left from an earlier sign-in. */
    forgetMultiUserSession: () => undefined,
  },
}).createMachine({
  id: 'signIn',
  initial: 'credentials',
  context: initialSignInContext,
  states: {
    credentials: {
      on: {
        SUBMIT_CREDENTIALS: {
          target: 'submitting',
          actions: assign(({ event }) => ({
            ...initialSignInContext,
            username: event.username.trim(),
            password: event.password,
            expireLong: event.expireLong,
            fingerPrint: event.fingerPrint ?? null,
            step: 'credentials' as const,
          })),
        },
      },
    },
    twoFactor: {
      on: {
        SUBMIT_CODE: {
          target: 'submitting',
          actions: assign(({ event }) => ({
            verificationCode: event.verificationCode.trim(),
            rememberTwoFactor: event.rememberTwoFactor,
            step: 'twoFactor' as const,
            error: null,
          })),
        },
        BACK: { target: 'credentials', actions: assign({ ...initialSignInContext }) },
      },
    },
    captcha: {
      on: {
        SUBMIT_CAPTCHA: {
          target: 'submitting',
          actions: assign(({ event }) => ({ captchaAnswer: event.answer, step: 'captcha' as const, error: null })),
        },
        BACK: { target: 'credentials', actions: assign({ ...initialSignInContext }) },
      },
    },
    submitting: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => buildSignInRequest(context),
        onDone: [
          {
            guard: { type: 'isTwoFactorCheck', params: ({ event }) => ({ response: event.output }) },
            target: 'twoFactor',
            actions: assign({ captchaAnswer: null }),
          },
          {
            guard: { type: 'isCaptchaCheck', params: ({ event }) => ({ response: event.output }) },
            target: 'captcha',
            actions: assign(({ event }) => ({
              captcha: 'captcha' in event.output ? event.output.captcha : null,
              captchaAnswer: null,
            })),
          },
          {
            guard: { type: 'isMultiUserSession', params: ({ event }) => ({ response: event.output }) },
            target: 'multiUser',
            actions: [
              assign(({ event }) => ({ multiUser: 'token' in event.output ? event.output : null, password: '' })),
              { type: 'keepMultiUserSession', params: ({ event }) => ({ session: event.output as Session }) },
            ],
          },
          {
            target: 'signedIn',
            actions: [
              assign(({ event }) => ({ session: 'token' in event.output ? event.output : null, password: '' })),
              'forgetMultiUserSession',
            ],
          },
        ],
        onError: [
          {
            guard: 'failedOnTwoFactor',
            target: 'twoFactor',
            actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            // A used captcha cannot be answered again: the next attempt gets a new question.
            target: 'credentials',
            actions: [
              assign({ captcha: null, captchaAnswer: null, verificationCode: null }),
              { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    multiUser: {
      initial: 'loadingUsers',
      states: {
        loadingUsers: {
          invoke: {
            id: 'listLinkedUsers',
            src: 'listLinkedUsers',
            input: ({ context }) => ({ multiUserToken: context.multiUser?.token ?? '' }),
            onDone: [
              {
                guard: { type: 'hasNoLinkedUsers', params: ({ event }) => ({ users: event.output }) },
                target: '#signIn.credentials',
                actions: { type: 'storeError', params: { error: new Error(NO_LINKED_USERS_MESSAGE) } },
              },
              {
                guard: { type: 'hasOneLinkedUser', params: ({ event }) => ({ users: event.output }) },
                target: 'gettingUserToken',
                actions: assign(({ event }) => ({ linkedUsers: event.output, chosenUser: event.output[0] })),
              },
              { target: 'choosingUser', actions: assign(({ event }) => ({ linkedUsers: event.output })) },
            ],
            onError: {
              target: '#signIn.credentials',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        choosingUser: {
          on: {
            CHOOSE_USER: { target: 'gettingUserToken', actions: assign(({ event }) => ({ chosenUser: event.user, error: null })) },
            BACK: { target: '#signIn.credentials', actions: assign({ ...initialSignInContext }) },
          },
        },
        gettingUserToken: {
          invoke: {
            id: 'getLinkedUserToken',
            src: 'getLinkedUserToken',
            input: ({ context }) => ({ multiUserToken: context.multiUser?.token ?? '', user: context.chosenUser as LinkedUser }),
            onDone: { target: '#signIn.signedIn', actions: assign(({ event }) => ({ session: event.output })) },
            onError: {
              target: 'choosingUser',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    signedIn: {
      type: 'final',
    },
  },
  output: ({ context }) => context.session as Session,
});

export type SignInMachine = typeof signInMachine;
