import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { BlobStore } from '../src';
import { BlobStoreTimeoutError, createSignedBlobHandler, FileSystemBlobStore } from '../src';

const secret = randomBytes(32);
const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
const hundred = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
let root: string;
let store: FileSystemBlobStore;

/** The path and query of a signed URL, ready for supertest. */
async function signedPath(key: string, seconds = 60, blobStore = store): Promise<string> {
  const url = new URL(await blobStore.presignGet(key, seconds));
  return url.pathname + url.search;
}

function serverFor(handler: (req: IncomingMessage, res: ServerResponse) => void): Server {
  return createServer(handler);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kadr-signed-handler-'));
  store = new FileSystemBlobStore({ root, publicBaseUrl: 'http://media.test', signingSecret: secret, now: () => NOW });
  await store.put('users/u1/jobs/j1/video.mp4', hundred, { contentType: 'video/mp4' });
  await store.put('users/u1/empty.bin', Buffer.alloc(0), { contentType: 'application/octet-stream' });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('createSignedBlobHandler', () => {
  let clock = NOW;
  const server = () => serverFor(createSignedBlobHandler(store, { secret, now: () => clock }));
  beforeEach(() => {
    clock = NOW;
  });

  it('serves the whole blob with its headers', async () => {
    const response = await request(server())
      .get(await signedPath('users/u1/jobs/j1/video.mp4', 120))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(hundred);
    expect(response.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': '100',
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=120',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(response.headers['last-modified']).toBeDefined();
  });

  it('answers HEAD with the headers and no body, ranges included', async () => {
    const path = await signedPath('users/u1/jobs/j1/video.mp4');
    const whole = await request(server()).head(path);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-length']).toBe('100');
    const partial = await request(server()).head(path).set('Range', 'bytes=-10');
    expect(partial.status).toBe(206);
    expect(partial.headers['content-range']).toBe('bytes 90-99/100');
    expect(partial.headers['content-length']).toBe('10');
    const unsatisfiable = await request(server()).head(path).set('Range', 'bytes=100-');
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers['content-range']).toBe('bytes */100');
  });

  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=95-', 95, 99],
    ['bytes=-3', 97, 99],
    ['bytes=50-5000', 50, 99],
  ])('answers Range %s with 206', async (range, start, end) => {
    const response = await request(server())
      .get(await signedPath('users/u1/jobs/j1/video.mp4'))
      .set('Range', range);
    expect(response.status).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/100`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
  });

  it('answers 416 with Content-Range bytes */size for an unsatisfiable range', async () => {
    const response = await request(server())
      .get(await signedPath('users/u1/jobs/j1/video.mp4'))
      .set('Range', 'bytes=100-');
    expect(response.status).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */100');
    const empty = await request(server())
      .get(await signedPath('users/u1/empty.bin'))
      .set('Range', 'bytes=0-');
    expect(empty.status).toBe(416);
    expect(empty.headers['content-range']).toBe('bytes */0');
  });

  it.each(['bytes=0-1,5-6', 'items=0-5', 'bytes=9-2', 'bytes=abc'])(
    'ignores a Range header it does not serve (%s) and sends everything',
    async (range) => {
      const response = await request(server())
        .get(await signedPath('users/u1/jobs/j1/video.mp4'))
        .set('Range', range);
      expect(response.status).toBe(200);
      expect(response.headers['content-length']).toBe('100');
    },
  );

  it('refuses an expired link with 403, and accepts it up to its last second', async () => {
    const path = await signedPath('users/u1/jobs/j1/video.mp4', 10);
    clock = NOW + 10_999;
    expect((await request(server()).get(path)).status).toBe(200);
    clock = NOW + 11_000;
    const expired = await request(server()).get(path);
    expect(expired.status).toBe(403);
    expect(expired.headers['content-type']).toBe('application/problem+json');
    expect(expired.body).toMatchObject({ type: '/problems/forbidden', status: 403, title: 'This link has expired.' });
  });

  it.each([
    ['no signature', (p: string) => p.replace(/&signature=[0-9a-f]+/, '')],
    ['no expiry', (p: string) => p.replace(/expires=\d+&/, '')],
    ['a short signature', (p: string) => p.replace(/signature=([0-9a-f]+)/, 'signature=abcd')],
    ['a non-hex signature', (p: string) => p.replace(/signature=[0-9a-f]{2}/, 'signature=zz')],
    ['a later expiry', (p: string) => p.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 1}`)],
    ['another key', (p: string) => p.replace('video.mp4', 'thumb.jpg')],
    ['a broken percent-encoding', (p: string) => p.replace('video.mp4', 'video%zz.mp4')],
  ])('refuses a link with %s with 403', async (_what, tamper) => {
    const response = await request(server()).get(tamper(await signedPath('users/u1/jobs/j1/video.mp4')));
    expect(response.status).toBe(403);
  });

  it('refuses a link signed with another secret', async () => {
    const otherStore = new FileSystemBlobStore({ root, publicBaseUrl: 'http://x', signingSecret: randomBytes(32) });
    const response = await request(server()).get(await signedPath('users/u1/jobs/j1/video.mp4', 60, otherStore));
    expect(response.status).toBe(403);
  });

  it('answers 404 for a validly signed link to a missing blob', async () => {
    const response = await request(server()).get(await signedPath('users/u1/jobs/j1/gone.mp4'));
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ type: '/problems/not_found' });
    expect((await request(server()).head(await signedPath('users/u1/jobs/j1/gone.mp4'))).status).toBe(404);
  });

  it('answers 405 to other methods', async () => {
    const response = await request(server()).post(await signedPath('users/u1/jobs/j1/video.mp4'));
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('answers 404 outside its path prefix, or hands over to next() when mounted as middleware', async () => {
    expect((await request(server()).get('/elsewhere/x')).status).toBe(404);
    const handler = createSignedBlobHandler(store, { secret });
    const next = jest.fn();
    const app = serverFor((req, res) => {
      handler(req, res, () => {
        next();
        res.statusCode = 418;
        res.end();
      });
    });
    expect((await request(app).get('/blobsx/users/u1')).status).toBe(418);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('works below an express-style mount point (req.url stripped, req.originalUrl kept)', async () => {
    const handler = createSignedBlobHandler(store, { secret, pathPrefix: '/blobs/', now: () => NOW });
    const app = serverFor((req, res) => {
      const mounted = req as IncomingMessage & { originalUrl?: string };
      mounted.originalUrl = req.url;
      req.url = (req.url ?? '').replace(/^\/blobs/, '');
      handler(req, res);
    });
    const response = await request(app).get(await signedPath('users/u1/jobs/j1/video.mp4'));
    expect(response.status).toBe(200);
  });

  it('keys with spaces and unicode survive the URL round trip', async () => {
    const key = 'users/u1/jobs/j1/zdjęcie #1?.jpg';
    await store.put(key, Buffer.from('jpeg'), { contentType: 'image/jpeg' });
    const path = await signedPath(key);
    expect(path).not.toContain(' ');
    const response = await request(server()).get(path);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });

  it('maps an error that names its problem (a storage time-out) to that status', async () => {
    const failing: BlobStore = {
      ...store,
      presignGet: (key, seconds) => store.presignGet(key, seconds),
      head: () => Promise.reject(new BlobStoreTimeoutError('head')),
      get: () => Promise.reject(new BlobStoreTimeoutError('get')),
      put: () => Promise.reject(new Error('unused')),
      delete: () => Promise.reject(new Error('unused')),
      deleteByPrefix: () => Promise.reject(new Error('unused')),
      list: () => store.list('unused/'),
      presignPost: () => Promise.reject(new Error('unused')),
      close: () => undefined,
    };
    const app = serverFor(createSignedBlobHandler(failing, { secret, now: () => NOW }));
    const response = await request(app).get(await signedPath('users/u1/jobs/j1/video.mp4'));
    expect(response.status).toBe(504);
    expect(response.body).toMatchObject({ type: '/problems/s3_timeout', status: 504 });
  });

  it('needs a secret of at least 32 bytes', () => {
    expect(() => createSignedBlobHandler(store, { secret: 'short' })).toThrow(/at least 32 bytes/);
    expect(() => new FileSystemBlobStore({ root, publicBaseUrl: 'http://x', signingSecret: 'short' })).toThrow(
      /at least 32 bytes/,
    );
  });
});
