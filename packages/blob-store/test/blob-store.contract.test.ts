import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { createSignedBlobHandler, FileSystemBlobStore, S3BlobStore } from '../src';
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
    server.on('request', createSignedBlobHandler(store, { secret, pathPrefix: '/blobs' }));
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
  blobStoreContract(async () => {
    // A small list page makes deleteByPrefix walk several ListObjectsV2 pages.
    const store = new S3BlobStore({ ...target, listPageSize: 4 });
    await store.ensureBucket();
    return { store, dispose: () => Promise.resolve(store.close()) };
  });
});
