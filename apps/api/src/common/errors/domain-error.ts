import { Messages } from '@library/contracts';

/** Codes a service may throw; the error filter maps each to one HTTP status. */
export const ErrorCodes = {
  BAD_REQUEST: 400,
  NO_TOKEN: 400,
  UNKNOWN_SERVICE: 400,
  UNAUTHENTICATED: 401,
  INVALID_TOKEN: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_VERIFICATION_CODE: 401,
  INVALID_CAPTCHA: 401,
  FORBIDDEN: 403,
  GUEST_NOT_ALLOWED: 403,
  ACCOUNT_DISABLED: 403,
  USER_DISABLED: 403,
  ROLE_NOT_VALID: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
} as const;
export type ErrorCode = keyof typeof ErrorCodes;

const defaultMessages: Partial<Record<ErrorCode, string>> = {
  NO_TOKEN: Messages.noToken,
  UNAUTHENTICATED: Messages.noUserToken,
  INVALID_TOKEN: Messages.invalidToken,
  INVALID_CREDENTIALS: Messages.invalidCredentials,
  INVALID_VERIFICATION_CODE: Messages.invalidVerificationCode,
  INVALID_CAPTCHA: Messages.invalidCaptcha,
  FORBIDDEN: Messages.forbidden,
  GUEST_NOT_ALLOWED: Messages.guestsNotAllowed,
  ACCOUNT_DISABLED: Messages.accountDisabled,
  USER_DISABLED: Messages.userDisabled,
  ROLE_NOT_VALID: Messages.roleNotValid,
  NOT_FOUND: Messages.notFound,
};

/** An expected failure with a code; services throw these, never HTTP exceptions. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? defaultMessages[code] ?? code);
  }

  get status(): number {
    return ErrorCodes[this.code];
  }
}
