import { Messages } from '@library/contracts';

/** A response outside 2xx; `message` follows spec 8 (see `errorMessageFrom`). */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** The request ran past its time limit: 'Request timeout out after {n} ms'. */
export class RequestTimeoutError extends Error {
  override readonly name = 'RequestTimeoutError';

  constructor(readonly timeoutMs: number) {
    super(Messages.requestTimeout(timeoutMs));
  }
}

/** The caller aborted the request. Spec 8: aborted requests are ignored silently. */
export class RequestAbortedError extends Error {
  override readonly name = 'RequestAbortedError';
  readonly silent = true;

  constructor(readonly reason: unknown) {
    super(typeof reason === 'string' ? reason : 'Request aborted');
  }
}

/** True for errors nobody should see or report (aborted requests). */
export function isSilentError(error: unknown): boolean {
  return error instanceof RequestAbortedError;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The message of a failed response (spec 8): the body's `error.message`, then its text, else the raw message.
 * The API's error body is `{ statusCode, error, message }` with `error` holding only the status phrase
 * ('Unauthorized'), so a string `message` wins over a string `error`.
 */
export function errorMessageFrom(body: unknown, rawMessage: string): string {
  if (!isRecord(body)) return rawMessage;
  const { error, message } = body;
  if (isRecord(error) && nonEmpty(error.message)) return error.message;
  if (nonEmpty(message)) return message;
  if (nonEmpty(error)) return error;
  return rawMessage;
}

/** The text to show for any error thrown by the client or a service. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (nonEmpty(error)) return error;
  return errorMessageFrom(error, 'Something went wrong');
}
