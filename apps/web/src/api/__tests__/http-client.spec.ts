import { createHttpClient } from '../http-client';
import { errorMessageFrom, HttpError, isSilentError, RequestAbortedError, RequestTimeoutError } from '../http-errors';

interface Call {
  url: string;
  init: RequestInit;
}

function jsonResponse(status: number, body: unknown): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, text: async () => text } as Response;
}

/** A fetch that answers from a queue and records calls; `hang` never answers until aborted, like a real fetch. */
function fakeFetch(answer: (call: Call) => Response | 'hang') {
  const calls: Call[] = [];
  let lastSignal: AbortSignal | undefined;
  const fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    lastSignal = init.signal ?? undefined;
    const result = answer(call);
    if (result !== 'hang') return Promise.resolve(result);
    return new Promise<Response>((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('This operation was aborted', 'AbortError')));
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls, signal: () => lastSignal };
}

describe('createHttpClient', () => {
  it('sends the bearer token, JSON body and nested query', async () => {
    const fake = fakeFetch(() => jsonResponse(200, { ok: true }));
    const http = createHttpClient({ fetch: fake.fetch, getToken: () => 'user-token' });

    await expect(http.request({ method: 'POST', url: '/api/sdk/auth/token', query: { a: { b: 1 } }, body: { x: 1 } })).resolves.toEqual({
      ok: true,
    });

    expect(fake.calls[0].url).toBe('/api/sdk/auth/token?a[b]=1');
    expect(fake.calls[0].init.method).toBe('POST');
    expect(fake.calls[0].init.body).toBe('{"x":1}');
    expect((fake.calls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer user-token');
  });

  it('uses an explicit token, or none when told', async () => {
    const fake = fakeFetch(() => jsonResponse(204, ''));
    const http = createHttpClient({ fetch: fake.fetch, getToken: () => 'user-token' });

    await http.request({ url: '/a', token: 'multi-token' });
    await http.request({ url: '/b', token: null });

    expect((fake.calls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer multi-token');
    expect((fake.calls[1].init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it.each([
    [
      'the error body message',
      401,
      { statusCode: 401, error: 'Unauthorized', message: 'Invalid username or password' },
      'Invalid username or password',
    ],
    ['a nested error.message', 400, { error: { message: 'Nested reason' }, message: 'outer' }, 'Nested reason'],
    [
      'a string error when there is no message',
      403,
      { error: 'Authorization for guests is not allowed' },
      'Authorization for guests is not allowed',
    ],
    ['the raw message for a body without text', 502, '', 'Request failed with status code 502'],
    ['the raw message for a non-JSON body', 500, '<html>oops</html>', 'Request failed with status code 500'],
  ])('rejects with %s', async (_case, status, body, message) => {
    const http = createHttpClient({ fetch: fakeFetch(() => jsonResponse(status, body)).fetch });

    const error = await http.request({ url: '/x' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe(message);
    expect((error as HttpError).status).toBe(status);
  });

  it('times out with the spec message and aborts the fetch with reason "Request timed out"', async () => {
    const fake = fakeFetch(() => 'hang');
    const http = createHttpClient({ fetch: fake.fetch, timeoutMs: 20 });

    const error = await http.request({ url: '/slow' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect((error as Error).message).toBe('Request timeout out after 20 ms');
    expect(fake.signal()?.reason).toBe('Request timed out');
  });

  it('turns a caller abort into a silent error', async () => {
    const fake = fakeFetch(() => 'hang');
    const http = createHttpClient({ fetch: fake.fetch });
    const controller = new AbortController();

    const pending = http.request({ url: '/slow', signal: controller.signal }).catch((e: unknown) => e);
    controller.abort('navigated away');
    const error = await pending;

    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(isSilentError(error)).toBe(true);
    expect(isSilentError(new Error('real'))).toBe(false);
  });

  it('reports network failures with their own message', async () => {
    const http = createHttpClient({ fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch });

    await expect(http.request({ url: '/x' })).rejects.toThrow('Failed to fetch');
  });
});

describe('errorMessageFrom', () => {
  it('falls back to the raw message for anything but an object', () => {
    expect(errorMessageFrom(undefined, 'raw')).toBe('raw');
    expect(errorMessageFrom('text', 'raw')).toBe('raw');
    expect(errorMessageFrom({ message: '' }, 'raw')).toBe('raw');
  });
});
