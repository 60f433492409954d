import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { histogramCounts, histogramSums } from '@kadr/tooling/test-helpers';
import { Registry } from 'prom-client';
import {
  BLOB_STORE_OPERATION_DURATION,
  blobStoreFromEnvironment,
  createBlobStore,
  FileSystemBlobStore,
  isLocalBlobStore,
  type BlobStore,
} from '../src';

const countsOf = (registry: Registry) =>
  histogramCounts(registry, BLOB_STORE_OPERATION_DURATION, ['backend', 'operation', 'outcome']);

/** Seconds observed in all of `operation`'s calls (the histogram's `_sum`). */
const secondsOf = async (registry: Registry, operation: string) =>
  (await histogramSums(registry, BLOB_STORE_OPERATION_DURATION, ['operation']))[operation] ?? 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readAll(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

const s3Config = {
  kind: 's3',
  endpoint: 'http://127.0.0.1:1',
  region: 'us-east-1',
  bucket: 'media',
  accessKeyId: 'id',
  secretAccessKey: 'secret',
  forcePathStyle: true,
} as const;

describe('a blob store given a registry', () => {
  let root: string;
  let registry: Registry;
  let store: BlobStore;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'kadr-measured-blobs-'));
    registry = new Registry();
    const signingSecret = randomBytes(32).toString('hex');
    store = createBlobStore({ kind: 'fs', root, publicBaseUrl: 'http://localhost:1', signingSecret }, registry);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('times every call by backend, operation and outcome; what is missing is not_found, not an error', async () => {
    await store.put('users/u1/a.txt', Buffer.from('hello'), { contentType: 'text/plain' });
    expect(await readAll((await store.get('users/u1/a.txt')).body)).toBe('hello');
    await expect(store.get('users/u1/missing.txt')).rejects.toMatchObject({ name: 'BlobNotFoundError' });
    // A range past the end is the caller's 416, as a missing key is its 404.
    await expect(store.get('users/u1/a.txt', { start: 99 })).rejects.toMatchObject({
      name: 'RangeNotSatisfiableError',
    });
    expect(await store.head('users/u1/a.txt')).toMatchObject({ size: 5 });
    expect(await store.head('users/u1/missing.txt')).toBeNull();
    expect(await store.presignGet('users/u1/a.txt', 60)).toContain('http://localhost:1/blobs/');
    expect(await store.deleteByPrefix('users/u1/')).toBe(1);
    await store.delete('users/u1/a.txt');
    // A key that breaks the key rules: a failure, whoever caused it.
    await expect(store.put('../escape', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject({
      name: 'InvalidBlobKeyError',
    });
    store.close();

    expect(await countsOf(registry)).toEqual({
      'filesystem put ok': 1,
      'filesystem put error': 1,
      'filesystem get ok': 1,
      'filesystem get not_found': 2,
      'filesystem head ok': 1,
      'filesystem head not_found': 1,
      'filesystem presignGet ok': 1,
      'filesystem deleteByPrefix ok': 1,
      'filesystem delete ok': 1,
    });
  });

  it('times a put until the whole body is stored', async () => {
    const slowBody = Readable.from(
      (async function* chunks() {
        yield Buffer.from('first ');
        await sleep(120);
        yield Buffer.from('second');
      })(),
    );
    await store.put('users/u1/slow.txt', slowBody, { contentType: 'text/plain' });
    expect(await secondsOf(registry, 'put')).toBeGreaterThanOrEqual(0.1);
  });

  it('times a get until the read is open, not while its body is read', async () => {
    await store.put('users/u1/a.txt', Buffer.from('hello'), { contentType: 'text/plain' });
    const read = await store.get('users/u1/a.txt');
    await sleep(400);
    expect(await readAll(read.body)).toBe('hello');
    // Opening a small local file takes milliseconds; the 400 ms the body waited are not in it.
    expect(await secondsOf(registry, 'get')).toBeLessThan(0.4);
  });
});

describe('measured stores by backend', () => {
  it('labels S3 calls s3 (a presigned URL is signed locally: no server needed)', async () => {
    const registry = new Registry();
    const store = createBlobStore(s3Config, registry);
    expect(await store.presignGet('users/u1/a.txt', 60)).toContain('X-Amz-Signature=');
    store.close();
    expect(await countsOf(registry)).toEqual({ 's3 presignGet ok': 1 });
  });

  it('blobStoreFromEnvironment measures the store it opens when given a registry', async () => {
    const root = await mkdtemp(join(tmpdir(), 'kadr-measured-blobs-'));
    try {
      const registry = new Registry();
      const env = { S3_REGION: 'us-east-1', S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: true, PUBLIC_URL: 'http://x' };
      const store = blobStoreFromEnvironment({ ...env, DATA_DIR: root }, { signingSecret: 's'.repeat(32) }, registry);
      expect(await store.head('users/u1/a.txt')).toBeNull();
      expect(await countsOf(registry)).toEqual({ 'filesystem head not_found': 1 });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('isLocalBlobStore sees the local disk store through the measuring decorator', () => {
    const local = { kind: 'fs', root: tmpdir(), publicBaseUrl: 'http://x', signingSecret: 's'.repeat(32) } as const;
    const registry = new Registry();
    expect(createBlobStore(local)).toBeInstanceOf(FileSystemBlobStore);
    expect(isLocalBlobStore(createBlobStore(local))).toBe(true);
    expect(isLocalBlobStore(createBlobStore(local, registry))).toBe(true);
    const s3 = createBlobStore(s3Config, registry);
    expect(isLocalBlobStore(s3)).toBe(false);
    s3.close();
  });
});
