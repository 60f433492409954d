import { z } from 'zod';
import {
  ConfigError,
  envPositiveInt,
  objectStorageCheck,
  objectStorageEnv,
  parseConfig,
  serviceBaseEnv,
  storageEnv,
} from '../src';

const schema = z.object({ ...serviceBaseEnv(8085), BATCH_SIZE: envPositiveInt(50) });
const SECRET = 'service-env-test-secret-0123456789abcdef';

describe('the variables every service shares', () => {
  it('defaults to loopback, the service port, metrics on 9464 and info logs', () => {
    expect(parseConfig('i18n', schema, { INTERNAL_TOKEN_SECRET: SECRET })).toMatchObject({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: 8085,
      METRICS_PORT: 9464,
      LOG_LEVEL: 'info',
      INTERNAL_TOKEN_SECRET: SECRET,
      BATCH_SIZE: 50,
    });
  });

  it('refuses bad values naming each variable', () => {
    const parse = () =>
      parseConfig('i18n', schema, {
        INTERNAL_TOKEN_SECRET: SECRET,
        NODE_ENV: 'staging',
        PORT: '70000',
        LOG_LEVEL: 'loud',
        BATCH_SIZE: '0',
      });
    expect(parse).toThrow(ConfigError);
    let message = '';
    try {
      parse();
    } catch (error) {
      message = (error as Error).message;
    }
    for (const text of [
      'NODE_ENV',
      'PORT: must be a port number between 0 and 65535',
      'LOG_LEVEL',
      'BATCH_SIZE: must be positive',
    ]) {
      expect(message).toContain(text);
    }
  });
});

describe('where a service keeps its state', () => {
  const storage = z.object({ ...storageEnv('media'), ...objectStorageEnv }).superRefine(objectStorageCheck);

  it("defaults to the service's database, the in-process bus and the local disk", () => {
    expect(parseConfig('media', storage, {})).toEqual({
      MONGODB_DB: 'media',
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'kadr-media',
      S3_FORCE_PATH_STYLE: true,
    });
  });

  it('refuses S3_ENDPOINT without its keys, naming them', () => {
    expect(() => parseConfig('jobs', storage, { S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_ACCESS_KEY_ID: required but not set[\s\S]*S3_SECRET_ACCESS_KEY: required but not set/,
    );
  });
});
