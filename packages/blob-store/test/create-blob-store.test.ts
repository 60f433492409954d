import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import {
  blobStoreFromEnvironment,
  BlobStoreTimeoutError,
  createBlobStore,
  FileSystemBlobStore,
  S3BlobStore,
} from '../src';

describe('createBlobStore', () => {
  it('builds the filesystem adapter for kind fs', () => {
    const store = createBlobStore({
      kind: 'fs',
      root: tmpdir(),
      publicBaseUrl: 'http://localhost:8080',
      signingSecret: randomBytes(32).toString('hex'),
    });
    expect(store).toBeInstanceOf(FileSystemBlobStore);
  });

  it('builds the S3 adapter for kind s3', () => {
    const store = createBlobStore({
      kind: 's3',
      endpoint: 'http://127.0.0.1:1',
      region: 'us-east-1',
      bucket: 'media',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      timeoutMs: 1000,
    });
    expect(store).toBeInstanceOf(S3BlobStore);
    store.close();
  });
});

describe('BlobStoreTimeoutError', () => {
  it('names its problem for the HTTP kit (504 s3_timeout), read-only', () => {
    const error = new BlobStoreTimeoutError('get', { cause: new Error('socket') });
    expect(error.problem).toEqual({ status: 504, reason: 's3_timeout' });
    expect(Object.isFrozen(error.problem)).toBe(true);
    expect(error.cause).toBeInstanceOf(Error);
    expect(error.name).toBe('BlobStoreTimeoutError');
  });
});

describe('blobStoreFromEnvironment', () => {
  const env = {
    S3_REGION: 'us-east-1',
    S3_BUCKET: 'kadr-media',
    S3_FORCE_PATH_STYLE: true,
    PUBLIC_URL: 'http://127.0.0.1:8080',
  };
  const local = jest.fn(() => ({ root: tmpdir(), signingSecret: randomBytes(32).toString('hex') }));
  beforeEach(() => local.mockClear());

  it('opens S3 when S3_ENDPOINT and its keys are set, without asking for the local folder', () => {
    const store = blobStoreFromEnvironment(
      { ...env, S3_ENDPOINT: 'http://127.0.0.1:1', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' },
      local,
    );
    expect(store).toBeInstanceOf(S3BlobStore);
    expect(local).not.toHaveBeenCalled();
    (store as S3BlobStore).close();
  });

  it('opens the local disk otherwise, where local() says', () => {
    expect(blobStoreFromEnvironment(env, local)).toBeInstanceOf(FileSystemBlobStore);
    expect(local).toHaveBeenCalledTimes(1);
  });
});
