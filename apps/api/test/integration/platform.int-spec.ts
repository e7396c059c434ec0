import { SERVICE_PATHS, ServiceName } from '@library/contracts';
import { auth, startTestApp, TestApp } from './test-app';

describe('discovery, health and API docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each(ServiceName.options)('discovers the base URL of %s', async (serviceName) => {
    const response = await t.http.get(`/api/v2?serviceName=${serviceName}&feature=master`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ url: `http://localhost:3999${SERVICE_PATHS[serviceName]}` });
  });

  it('refuses an unknown or missing service name with 400', async () => {
    const unknown = await t.http.get('/api/v2?serviceName=billing');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      "serviceName: Invalid enum value. Expected 'sdk' | 'library-api' | 'data-hub' | 'agents' | 'agent-installer' | 'deployer', received 'billing'",
    );
    expect((await t.http.get('/api/v2')).body.message).toBe('serviceName: Required');
  });

  it("answers the caller's account id and the providers' account id", async () => {
    const token = await t.signIn('user@acme.test');
    const own = await t.http.get('/api/v2/accountId').set(auth(token));
    const providers = await t.http.get('/api/v2/providersAccountId').set(auth(token));
    expect(own.body.accountId).toMatch(/^[0-9a-f-]{36}$/);
    expect(providers.body.providersAccountId).toMatch(/^[0-9a-f-]{36}$/);
    expect(providers.body.providersAccountId).not.toBe(own.body.accountId);
    expect((await t.http.get('/api/v2/accountId')).status).toBe(401);
  });

  it('reports database, Redis and object store health', async () => {
    const response = await t.http.get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ok',
      checks: { database: { status: 'up' }, redis: { status: 'up' }, objectStore: { status: 'up' } },
    });
  });

  it('serves OpenAPI built from the zod contracts', async () => {
    const document = (await t.http.get('/api/docs/openapi.json')).body;
    const signIn = document.paths['/api/sdk/auth/token'].post;
    expect(signIn.requestBody.content['application/json'].schema.properties.credentials.properties.username.type).toBe('string');
    expect(document.paths['/api/v2'].get.parameters.map((p: { name: string }) => p.name)).toContain('serviceName');
    expect((await t.http.get('/api/docs')).status).toBe(200);
  });

  it('answers unknown API routes with the one error body', async () => {
    const response = await t.http.get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
