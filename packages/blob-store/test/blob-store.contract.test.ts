import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { histogramCounts } from '@kadr/tooling/test-helpers';
import {
  BLOB_STORE_OPERATION_DURATION,
  createSignedBlobHandler,
  createSignedUploadHandler,
  FileSystemBlobStore,
  MeasuredBlobStore,
  S3BlobStore,
} from '../src';
import { blobStoreContract } from './blob-store-contract';

describe('blob-store contract [fs]', () => {
  blobStoreContract(async () => {
    const root = await mkdtemp(join(tmpdir(), 'kadr-blob-store-'));
    const secret = randomBytes(32);
    // The store needs the server's URL and the handler needs the store, so the server starts first.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const store = new FileSystemBlobStore({ root, publicBaseUrl: `http://127.0.0.1:${port}`, signingSecret: secret });
    const downloads = createSignedBlobHandler(store, { secret, pathPrefix: '/blobs' });
    const uploads = createSignedUploadHandler(store, { secret, pathPrefix: '/blobs' });
    server.on('request', (req, res) => uploads(req, res, () => downloads(req, res)));
    return {
      store,
      dispose: async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await rm(root, { recursive: true, force: true });
      },
    };
  });
});

describeWithRealServer('s3', 'blob-store contract [s3]', (target) => {
  // Measured, as the services open it: the contract holds through the measuring decorator too.
  const registry = new Registry();
  blobStoreContract(async () => {
    // A small list page makes deleteByPrefix walk several ListObjectsV2 pages.
    const s3 = new S3BlobStore({ ...target, listPageSize: 4 });
    await s3.ensureBucket();
    const store = new MeasuredBlobStore(s3, 's3', registry);
    return { store, dispose: () => Promise.resolve(store.close()) };
  });

  // Declared after the contract, so it runs after all of its tests.
  it('timed the contract’s calls as s3 calls, a missing key as not_found', async () => {
    const counts = await histogramCounts(registry, BLOB_STORE_OPERATION_DURATION, ['backend', 'operation', 'outcome']);
    expect(counts['s3 put ok']).toBeGreaterThan(0);
    expect(counts['s3 get not_found']).toBeGreaterThan(0);
    expect(counts['s3 head not_found']).toBeGreaterThan(0);
    expect(Object.keys(counts).every((key) => key.startsWith('s3 '))).toBe(true);
  });
});
