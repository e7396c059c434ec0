import { ConfigError, loadConfig } from '../config';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/library',
  REDIS_URL: 'redis://127.0.0.1:6379',
  S3_ENDPOINT: 'http://127.0.0.1:4569',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('loadConfig', () => {
  it('fills defaults and derives the public URL from the port', () => {
    const config = loadConfig({ ...valid, PORT: '4100' });
    expect(config).toMatchObject({
      PORT: 4100,
      APP_ROLE: 'all',
      PUBLIC_URL: 'http://localhost:4100',
      SESSION_TTL_MS: 86_400_000,
      SEED_DEMO: true,
    });
  });

  it('keeps a given public URL without its trailing slash', () => {
    expect(loadConfig({ ...valid, PUBLIC_URL: 'https://library.example.com/' }).PUBLIC_URL).toBe('https://library.example.com');
  });

  it.each([
    [{ DATABASE_URL: undefined }, 'DATABASE_URL: Required'],
    [{ PORT: 'eighty' }, 'PORT: Expected number, received nan'],
    [{ APP_ROLE: 'cron' }, "APP_ROLE: Invalid enum value. Expected 'api' | 'worker' | 'all', received 'cron'"],
    [{ REDIS_URL: 'localhost' }, 'REDIS_URL: Invalid url'],
  ])('names the wrong variable (%o)', (change, message) => {
    expect(() => loadConfig({ ...valid, ...change })).toThrow(ConfigError);
    expect(() => loadConfig({ ...valid, ...change })).toThrow(message);
  });
});
