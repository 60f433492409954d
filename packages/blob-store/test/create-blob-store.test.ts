import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  blobStoreFromEnvironment,
  LOCAL_BLOB_FOLDER,
  localBlobRoot,
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
  const signingSecret = randomBytes(32).toString('hex');
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kadr-blobs-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens S3 when S3_ENDPOINT and its keys are set, without needing the local folder or key', () => {
    const store = blobStoreFromEnvironment(
      { ...env, S3_ENDPOINT: 'http://127.0.0.1:1', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' },
      {},
    );
    expect(store).toBeInstanceOf(S3BlobStore);
    store.close();
  });

  it('opens the local disk otherwise, in the shared folder under DATA_DIR', async () => {
    const store = blobStoreFromEnvironment(
      { ...env, DATA_DIR: dataDir },
      { signingSecret, defaultDataDir: '/nowhere' },
    );
    expect(store).toBeInstanceOf(FileSystemBlobStore);
    await store.put('k/a.txt', Buffer.from('a'), { contentType: 'text/plain' });
    expect(await store.head('k/a.txt')).not.toBeNull();
    await store.delete('k/a.txt');
    expect(localBlobRoot(dataDir)).toBe(path.join(dataDir, LOCAL_BLOB_FOLDER));
  });

  it('uses the default data folder only when DATA_DIR is unset', () => {
    const store = blobStoreFromEnvironment(env, { signingSecret, defaultDataDir: dataDir });
    expect(store).toBeInstanceOf(FileSystemBlobStore);
  });

  it('names the variable the local store lacks', () => {
    expect(() => blobStoreFromEnvironment(env, { signingSecret })).toThrow(/DATA_DIR is required/);
    expect(() => blobStoreFromEnvironment({ ...env, DATA_DIR: dataDir }, {})).toThrow(/MEDIA_SIGNING_SECRET/);
  });
});
