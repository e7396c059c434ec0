import type { HttpClient, HttpRequest } from '../http-client';
import { createServiceClient, createServiceRegistry } from '../service-client';

/** An HTTP client that answers discovery from a table and records every request. */
function fakeHttp(discovery: (serviceName: string) => unknown) {
  const requests: HttpRequest[] = [];
  const http: HttpClient = {
    async request<T>(request: HttpRequest): Promise<T> {
      requests.push(request);
      if (request.url === '/api/v2') {
        const answer = discovery(String((request.query as { serviceName: string }).serviceName));
        if (answer instanceof Error) throw answer;
        return answer as T;
      }
      return { url: request.url } as T;
    },
  };
  return { http, requests };
}

describe('createServiceClient', () => {
  it('starts NEW, discovers once, becomes SUCCESS and prefixes paths', async () => {
    const fake = fakeHttp(() => ({ url: 'http://localhost:3000/api/sdk/' }));
    const sdk = createServiceClient('sdk', fake.http);
    expect(sdk.status).toBe('NEW');

    const [a, b] = await Promise.all([sdk.request('/auth/token'), sdk.request('multi-user/list-users')]);

    expect(sdk.status).toBe('SUCCESS');
    expect(a).toEqual({ url: 'http://localhost:3000/api/sdk/auth/token' });
    expect(b).toEqual({ url: 'http://localhost:3000/api/sdk/multi-user/list-users' });
    expect(fake.requests.filter((r) => r.url === '/api/v2')).toHaveLength(1);
  });

  it('becomes ERROR when discovery fails and tries again on the next call', async () => {
    let fail = true;
    const fake = fakeHttp(() => (fail ? new Error('Unknown service name') : { url: 'http://api/api/sdk' }));
    const sdk = createServiceClient('sdk', fake.http);

    await expect(sdk.request('/auth/token')).rejects.toThrow('Unknown service name');
    expect(sdk.status).toBe('ERROR');

    fail = false;
    await expect(sdk.discover()).resolves.toBe('http://api/api/sdk');
    expect(sdk.status).toBe('SUCCESS');
  });

  it("says 'serviceUrl is not defined or not discovered' for an answer without url", async () => {
    const sdk = createServiceClient('sdk', fakeHttp(() => ({})).http);

    await expect(sdk.discover()).rejects.toThrow('serviceUrl is not defined or not discovered');
    expect(sdk.status).toBe('ERROR');
  });

  it('keeps only the path of another origin in same-origin mode (dev proxy)', async () => {
    const fake = fakeHttp(() => ({ url: 'http://localhost:3000/api/sdk' }));
    const sdk = createServiceClient('sdk', fake.http, { sameOrigin: true, pageOrigin: 'http://localhost:5173' });

    await expect(sdk.discover()).resolves.toBe('/api/sdk');
  });
});

describe('createServiceRegistry', () => {
  it('keeps one client per service name', () => {
    const registry = createServiceRegistry(fakeHttp(() => ({ url: 'x' })).http);
    expect(registry('sdk')).toBe(registry('sdk'));
    expect(registry('sdk')).not.toBe(registry('agents'));
  });
});
