import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { BlobNotFoundError, BlobStoreTimeoutError, RangeNotSatisfiableError, S3BlobStore } from '../src';

/**
 * The S3 adapter against a local HTTP server that plays a broken or scripted S3: no real object
 * storage needed to check time-outs, retries and error mapping.
 */

let server: Server;
let requests = 0;
let respond: (res: ServerResponse, method: string, url: string) => void;
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests += 1;
    req.resume();
    respond(res, req.method ?? '', req.url ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterEach(() => {
  for (const res of held.splice(0)) res.destroy();
  requests = 0;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function storeFor(timeoutMs: number, idleTimeoutMs?: number): S3BlobStore {
  const { port } = server.address() as AddressInfo;
  return new S3BlobStore({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'fake',
    accessKeyId: 'test',
    secretAccessKey: 'test-secret',
    forcePathStyle: true,
    timeoutMs,
    idleTimeoutMs,
  });
}

const xmlError = (res: ServerResponse, status: number, code: string): void => {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
};

describe('S3BlobStore against a server that never answers', () => {
  beforeEach(() => {
    respond = (res) => held.push(res);
  });

  it.each([
    ['head', (s: S3BlobStore) => s.head('a/b')],
    ['get', (s: S3BlobStore) => s.get('a/b')],
    ['put', (s: S3BlobStore) => s.put('a/b', Readable.from([Buffer.from('x')]), { contentType: 'text/plain' })],
    ['delete', (s: S3BlobStore) => s.delete('a/b')],
    ['deleteByPrefix', (s: S3BlobStore) => s.deleteByPrefix('a/')],
  ])(
    '%s fails with BlobStoreTimeoutError (504 s3_timeout) after 3 attempts',
    async (_op, call) => {
      const store = storeFor(150);
      const started = Date.now();
      const error = await call(store).then(
        () => undefined,
        (e: unknown) => e,
      );
      store.close();
      expect(error).toBeInstanceOf(BlobStoreTimeoutError);
      expect((error as BlobStoreTimeoutError).problem).toEqual({ status: 504, reason: 's3_timeout' });
      expect(requests).toBe(3);
      expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 150);
    },
    15_000,
  );
});

describe('S3BlobStore against a server that stalls mid-body', () => {
  it('errors the body stream once the socket has been idle for idleTimeoutMs', async () => {
    respond = (res) => {
      res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': '1000' });
      res.write(Buffer.alloc(10));
      held.push(res);
    };
    const store = storeFor(1000, 200);
    const read = await store.get('a/b');
    const failure = await new Promise<Error>((resolve) => {
      read.body.on('error', resolve);
      read.body.resume();
    });
    store.close();
    expect(failure.name).toBe('TimeoutError');
  });
});

describe('S3BlobStore error mapping (scripted answers)', () => {
  let store: S3BlobStore;
  beforeEach(() => {
    store = storeFor(2000);
  });
  afterEach(() => store.close());

  it('maps NoSuchKey to BlobNotFoundError and a 404 HEAD to null', async () => {
    respond = (res, method) => (method === 'HEAD' ? (res.writeHead(404), res.end()) : xmlError(res, 404, 'NoSuchKey'));
    await expect(store.get('a/b')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.head('a/b')).resolves.toBeNull();
  });

  it('maps InvalidRange (416) to RangeNotSatisfiableError with the size S3 reports', async () => {
    respond = (res) => {
      res.writeHead(416, { 'Content-Type': 'application/xml' });
      res.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InvalidRange</Code><Message>no</Message>' +
          '<ActualObjectSize>7</ActualObjectSize></Error>',
      );
    };
    const error = await store.get('a/b', { start: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RangeNotSatisfiableError);
    expect((error as RangeNotSatisfiableError).size).toBe(7);
  });

  it('treats MinIO\'s "bytes 0--1/0" answer for an empty object as not satisfiable', async () => {
    respond = (res) => {
      res.writeHead(206, { 'Content-Type': 'text/plain', 'Content-Length': '0', 'Content-Range': 'bytes 0--1/0' });
      res.end();
    };
    await expect(store.get('a/b', { suffixLength: 5 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
  });

  it('does not mistake a missing bucket for a missing key', async () => {
    respond = (res) => xmlError(res, 404, 'NoSuchBucket');
    const error = await store.get('a/b').catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(BlobNotFoundError);
    expect((error as Error).name).toBe('NoSuchBucket');
  });

  it('maps an S3 RequestTimeout answer to BlobStoreTimeoutError once retries are spent', async () => {
    respond = (res) => xmlError(res, 400, 'RequestTimeout');
    await expect(store.delete('a/b')).rejects.toBeInstanceOf(BlobStoreTimeoutError);
  });

  it('retries a 503 and succeeds when the server recovers', async () => {
    let calls = 0;
    respond = (res) => {
      calls += 1;
      if (calls < 3) return xmlError(res, 503, 'SlowDown');
      res.writeHead(204);
      res.end();
    };
    await expect(store.delete('a/b')).resolves.toBeUndefined();
    expect(calls).toBe(3);
  });

  it('reads the range and total size from Content-Range', async () => {
    respond = (res) => {
      res.writeHead(206, {
        'Content-Type': 'video/mp4',
        'Content-Length': '3',
        'Content-Range': 'bytes 5-7/42',
        'Last-Modified': 'Wed, 01 Jan 2030 00:00:00 GMT',
        ETag: '"abc"',
      });
      res.end('xyz');
    };
    const read = await store.get('a/b', { start: 5, end: 7 });
    read.body.resume();
    expect(read).toMatchObject({
      range: { start: 5, end: 7 },
      contentLength: 3,
      info: { size: 42, contentType: 'video/mp4', etag: '"abc"' },
    });
  });
});
