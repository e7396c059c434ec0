import { mergeServiceEnv, planLocalServices } from '../local-services';

describe('planLocalServices', () => {
  it('starts everything for an empty environment', () => {
    expect(planLocalServices({})).toEqual({ postgres: true, redis: true, objectStore: true });
  });

  it('starts only what the environment lacks', () => {
    expect(planLocalServices({ DATABASE_URL: 'postgres://db/library', S3_ENDPOINT: 'http://minio:9000' })).toEqual({
      postgres: false,
      redis: true,
      objectStore: false,
    });
  });

  it('treats blank values as missing', () => {
    expect(planLocalServices({ DATABASE_URL: ' ', REDIS_URL: '' })).toEqual({ postgres: true, redis: true, objectStore: true });
  });
});

describe('mergeServiceEnv', () => {
  it('adds the started services without touching the input', () => {
    const env = { PORT: '3000' };
    const merged = mergeServiceEnv(env, { DATABASE_URL: 'postgres://local/library', REDIS_URL: 'redis://127.0.0.1:6389' });
    expect(merged).toEqual({ PORT: '3000', DATABASE_URL: 'postgres://local/library', REDIS_URL: 'redis://127.0.0.1:6389' });
    expect(env).toEqual({ PORT: '3000' });
  });

  it('lets what the environment says win, except blanks', () => {
    const merged = mergeServiceEnv({ S3_BUCKET: 'mine', S3_REGION: '' }, { S3_BUCKET: 'library', S3_REGION: 'us-east-1' });
    expect(merged).toEqual({ S3_BUCKET: 'mine', S3_REGION: 'us-east-1' });
  });
});
