import { Messages } from '@library/contracts';
import { type QueryInput, stringifyQuery } from '../shared/query/query-string';
import { errorMessageFrom, HttpError, RequestAbortedError, RequestTimeoutError } from './http-errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method?: HttpMethod;
  /** Absolute, or relative to the page. */
  url: string;
  query?: QueryInput;
  body?: unknown;
  /** Bearer token for this call; `undefined` uses the signed-in user's token, `null` sends none. */
  token?: string | null;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface HttpClient {
  request<T>(request: HttpRequest): Promise<T>;
}

export interface HttpClientOptions {
  fetch?: typeof fetch;
  /** The signed-in user's token (read from the session cookie). */
  getToken?: () => string | undefined;
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function withSearch(url: string, query: QueryInput | undefined): string {
  const search = query ? stringifyQuery(query) : '';
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

/**
 * The one HTTP client (spec 7 and 8): bearer token on every call, a time limit with
 * 'Request timeout out after {n} ms' (the fetch is aborted with reason 'Request timed out'),
 * caller aborts surfaced as a silent `RequestAbortedError`, and error messages taken from the body.
 */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    async request<T>({ method = 'GET', url, query, body, token, signal, timeoutMs = defaultTimeout }: HttpRequest): Promise<T> {
      if (signal?.aborted) throw new RequestAbortedError(signal.reason);
      const bearer = token === undefined ? options.getToken?.() : token;
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (bearer) headers.Authorization = `Bearer ${bearer}`;
      if (body !== undefined) headers['Content-Type'] = 'application/json';

      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort(Messages.requestTimedOut);
      }, timeoutMs);
      const forwardAbort = () => controller.abort(signal?.reason);
      signal?.addEventListener('abort', forwardAbort, { once: true });

      try {
        const response = await doFetch(withSearch(url, query), {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller.signal,
          credentials: 'same-origin',
        });
        const data = parseBody(await response.text());
        if (!response.ok) {
          throw new HttpError(errorMessageFrom(data, `Request failed with status code ${response.status}`), response.status, data);
        }
        return data as T;
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if (timedOut) throw new RequestTimeoutError(timeoutMs);
        if (signal?.aborted) throw new RequestAbortedError(signal.reason);
        throw new Error(error instanceof Error ? error.message : String(error), { cause: error });
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', forwardAbort);
      }
    },
  };
}
