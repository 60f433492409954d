import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import type { BlobListing, BlobRead, BlobStore, PresignedUpload, UploadPolicy } from '../src';
import { BlobNotFoundError, InvalidBlobKeyError, RangeNotSatisfiableError } from '../src';

/**
 * The one behaviour every BlobStore adapter must have. Each run works under its own key prefix, so
 * the suite can run again and again against a shared bucket.
 */

export interface ContractSubject {
  store: BlobStore;
  /** Releases what `create` started (servers, temp folders, clients). */
  dispose?: () => Promise<void>;
}

const MiB = 1024 * 1024;
/** More than two 8 MiB parts, so the S3 adapter really goes multipart (3 parts, 2 in flight). */
const LARGE_SIZE = 17 * MiB;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

async function bytesOf(read: BlobRead): Promise<Buffer> {
  return readAll(read.body);
}

/** Random bytes produced chunk by chunk (never one big buffer), with the SHA-256 of all of them. */
function generatedStream(size: number, chunkSize = 256 * 1024): { stream: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  let produced = 0;
  const stream = new Readable({
    read() {
      if (produced >= size) {
        this.push(null);
        return;
      }
      const chunk = randomBytes(Math.min(chunkSize, size - produced));
      produced += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.copy().digest('hex') };
}

/** A stream that sends some bytes and then fails, as a dropped upload would. */
function failingStream(bytesBeforeFailure: number): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(randomBytes(bytesBeforeFailure));
      } else {
        this.destroy(new Error('the client went away'));
      }
    },
  });
}

async function sha256Of(body: Readable): Promise<{ hex: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { hex: hash.digest('hex'), size };
}

/** Polls `probe` until it returns true or the deadline passes; returns whether it did. */
async function eventually(probe: () => Promise<boolean>, deadlineMs: number, everyMs = 200): Promise<boolean> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    if (await probe()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Rewrites one query parameter of a URL. */
function withQueryParam(url: string, name: string, value: (old: string) => string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value(parsed.searchParams.get(name) ?? ''));
  return parsed.toString();
}

const flipLastHexDigit = (hex: string): string => hex.slice(0, -1) + (hex.endsWith('0') ? '1' : '0');

/**
 * No key here is also the folder of other keys (`a/b` next to `a/b/c`): S3 allows it, but MinIO hides
 * the keys below `a/b/` from listings while `a/b` exists (see the README). The filesystem adapter's own
 * tests cover that case.
 */
export function blobStoreContract(create: () => Promise<ContractSubject>): void {
  const run = `contract-${randomUUID()}`;
  let subject: ContractSubject;
  let store: BlobStore;
  const hundred = Buffer.from(Array.from({ length: 100 }, (_, i) => i));

  beforeAll(async () => {
    subject = await create();
    store = subject.store;
  });

  afterAll(async () => {
    if (!store) return;
    await store.deleteByPrefix(`${run}/`);
    await subject.dispose?.();
  });

  describe('put, get and head', () => {
    it('round-trips a buffer with its content type and cache control', async () => {
      const key = `${run}/roundtrip/hello.txt`;
      await store.put(key, Buffer.from('hello, blob'), { contentType: 'text/plain', cacheControl: 'max-age=60' });

      const read = await store.get(key);
      expect((await bytesOf(read)).toString()).toBe('hello, blob');
      expect(read.contentLength).toBe(11);
      expect(read.range).toBeUndefined();
      expect(read.info).toMatchObject({ contentType: 'text/plain', size: 11, cacheControl: 'max-age=60' });
      expect(read.info.lastModified).toBeInstanceOf(Date);
    });

    it('head returns size, content type and modification time, and null for a missing key', async () => {
      const key = `${run}/head/video.mp4`;
      const before = Date.now();
      await store.put(key, hundred, { contentType: 'video/mp4' });

      const info = await store.head(key);
      expect(info).toMatchObject({ contentType: 'video/mp4', size: 100 });
      // Object stores keep whole seconds; allow for that and for a little clock skew.
      expect(Math.abs(info!.lastModified.getTime() - before)).toBeLessThan(60_000);
      await expect(store.head(`${run}/head/missing.mp4`)).resolves.toBeNull();
    });

    it('stores an empty object', async () => {
      const key = `${run}/empty/nothing.bin`;
      await store.put(key, Buffer.alloc(0), { contentType: 'application/octet-stream' });
      const read = await store.get(key);
      expect(await bytesOf(read)).toHaveLength(0);
      expect(read.info.size).toBe(0);
      expect(read.contentLength).toBe(0);
    });

    it('replaces an object completely on a second put, content type included', async () => {
      const key = `${run}/overwrite/thumb`;
      await store.put(key, Buffer.from('first version, longer'), { contentType: 'image/png' });
      await store.put(key, Buffer.from('second'), { contentType: 'image/jpeg' });

      const read = await store.get(key);
      expect((await bytesOf(read)).toString()).toBe('second');
      expect(read.info).toMatchObject({ contentType: 'image/jpeg', size: 6 });
    });

    it('streams a body larger than two upload parts and reads back the same bytes', async () => {
      const key = `${run}/large/video.mp4`;
      const source = generatedStream(LARGE_SIZE);
      await store.put(key, source.stream, { contentType: 'video/mp4' });

      await expect(store.head(key)).resolves.toMatchObject({ size: LARGE_SIZE, contentType: 'video/mp4' });
      const read = await store.get(key);
      expect(read.contentLength).toBe(LARGE_SIZE);
      const stored = await sha256Of(read.body);
      expect(stored).toEqual({ hex: source.sha256(), size: LARGE_SIZE });

      // A slice across the first part boundary comes back exactly.
      const slice = await store.get(key, { start: 8 * MiB - 10, end: 8 * MiB + 9 });
      expect(slice.range).toEqual({ start: 8 * MiB - 10, end: 8 * MiB + 9 });
      expect(await bytesOf(slice)).toHaveLength(20);
    }, 120_000);

    it('keeps serving the previous object until a streamed put completes', async () => {
      const key = `${run}/atomic/video.mp4`;
      await store.put(key, Buffer.from('old bytes'), { contentType: 'video/mp4' });
      const body = new PassThrough();
      const putting = store.put(key, body, { contentType: 'video/webm' });
      body.write(Buffer.alloc(64 * 1024, 1));
      await new Promise((resolve) => setTimeout(resolve, 100));

      const during = await store.get(key);
      expect((await bytesOf(during)).toString()).toBe('old bytes');
      expect(during.info.contentType).toBe('video/mp4');

      body.end(Buffer.alloc(64 * 1024, 2));
      await putting;
      await expect(store.head(key)).resolves.toMatchObject({ size: 128 * 1024, contentType: 'video/webm' });
    });

    it('leaves the previous object in place when a streamed put fails midway', async () => {
      const key = `${run}/failed-put/video.mp4`;
      await store.put(key, Buffer.from('the good version'), { contentType: 'video/mp4' });

      await expect(store.put(key, failingStream(64 * 1024), { contentType: 'video/mp4' })).rejects.toThrow();
      const read = await store.get(key);
      expect((await bytesOf(read)).toString()).toBe('the good version');

      const fresh = `${run}/failed-put/never.mp4`;
      await expect(store.put(fresh, failingStream(64 * 1024), { contentType: 'video/mp4' })).rejects.toThrow();
      await expect(store.head(fresh)).resolves.toBeNull();
    }, 30_000);

    it('gives every concurrent put to one key all-or-nothing: the last bytes come with their own content type', async () => {
      const key = `${run}/race/same-key`;
      const versions = Array.from({ length: 10 }, (_, i) => ({
        body: Buffer.alloc(4096 + i * 1000, i),
        contentType: `application/x-version-${i}`,
      }));
      await Promise.all(versions.map((v) => store.put(key, v.body, { contentType: v.contentType })));

      const read = await store.get(key);
      const bytes = await bytesOf(read);
      const winner = versions.find((v) => v.body.equals(bytes));
      expect(winner).toBeDefined();
      expect(read.info.contentType).toBe(winner!.contentType);
      expect(read.info.size).toBe(bytes.length);
    }, 30_000);

    it('accepts 20 concurrent puts of different keys into a new folder', async () => {
      const keys = Array.from({ length: 20 }, (_, i) => `${run}/fan-in/new-folder/file-${i}`);
      await Promise.all(keys.map((key, i) => store.put(key, Buffer.from(`file ${i}`), { contentType: 'text/plain' })));
      const bodies = await Promise.all(keys.map(async (key) => (await bytesOf(await store.get(key))).toString()));
      expect(bodies).toEqual(keys.map((_, i) => `file ${i}`));
    }, 30_000);

    it('throws BlobNotFoundError for a missing key, with or without a range', async () => {
      await expect(store.get(`${run}/missing/none.mp4`)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.get(`${run}/missing/none.mp4`, { start: 0, end: 9 })).rejects.toBeInstanceOf(
        BlobNotFoundError,
      );
      await expect(store.get(`${run}/missing/none.mp4`, { suffixLength: 0 })).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it.each([
      ['a parent segment', '../escape'],
      ['a parent segment inside', 'users/../../etc/passwd'],
      ['an absolute path', '/etc/passwd'],
      ['a backslash', 'users\\u1\\video.mp4'],
      ['an empty segment', 'users//video.mp4'],
      ['a dot segment', 'users/./video.mp4'],
      ['a trailing slash', 'users/u1/'],
      ['an empty key', ''],
      ['a control character', 'users/u1\n/video.mp4'],
    ])('refuses a key with %s', async (_what, key) => {
      await expect(store.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(
        InvalidBlobKeyError,
      );
      await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.head(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.presignGet(key, 60)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    });
  });

  describe('ranges', () => {
    const key = () => `${run}/ranges/hundred.bin`;
    beforeAll(async () => {
      await store.put(key(), hundred, { contentType: 'application/octet-stream' });
    });

    it.each([
      ['start-end', { start: 10, end: 19 }, 10, 19],
      ['start only', { start: 90 }, 90, 99],
      ['the last byte', { start: 99, end: 99 }, 99, 99],
      ['the first byte', { start: 0, end: 0 }, 0, 0],
      ['an end past the object (clamped)', { start: 95, end: 1000 }, 95, 99],
      ['the last n bytes', { suffixLength: 5 }, 95, 99],
      ['a suffix longer than the object (everything)', { suffixLength: 500 }, 0, 99],
    ] as const)('reads %s', async (_what, range, start, end) => {
      const read = await store.get(key(), range);
      expect(await bytesOf(read)).toEqual(hundred.subarray(start, end + 1));
      expect(read.range).toEqual({ start, end });
      expect(read.contentLength).toBe(end - start + 1);
      expect(read.info.size).toBe(100);
    });

    it.each([
      ['a start at the end', { start: 100 }],
      ['a start past the end', { start: 500, end: 600 }],
      ['a zero-length suffix', { suffixLength: 0 }],
    ] as const)('throws RangeNotSatisfiableError for %s', async (_what, range) => {
      await expect(store.get(key(), range)).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    });

    it('throws RangeNotSatisfiableError for any range of an empty object', async () => {
      const empty = `${run}/ranges/empty.bin`;
      await store.put(empty, Buffer.alloc(0), { contentType: 'application/octet-stream' });
      await expect(store.get(empty, { start: 0 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
      await expect(store.get(empty, { suffixLength: 10 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    });

    it('refuses malformed ranges before touching storage', async () => {
      await expect(store.get(key(), { start: -1 })).rejects.toBeInstanceOf(RangeError);
      await expect(store.get(key(), { start: 10, end: 5 })).rejects.toBeInstanceOf(RangeError);
      await expect(store.get(key(), { start: 1.5 })).rejects.toBeInstanceOf(RangeError);
    });
  });

  describe('delete', () => {
    it('deletes a key and is idempotent', async () => {
      const key = `${run}/delete/once.txt`;
      await store.put(key, Buffer.from('bye'), { contentType: 'text/plain' });
      await store.delete(key);
      await expect(store.head(key)).resolves.toBeNull();
      await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.delete(key)).resolves.toBeUndefined();
      await expect(store.delete(`${run}/delete/never-existed.txt`)).resolves.toBeUndefined();
    });

    it('deleteByPrefix deletes every key under a folder prefix, only those, and counts them', async () => {
      const base = `${run}/by-prefix`;
      // 9 keys: with the S3 contract's list page size of 4 that is three ListObjectsV2 pages.
      const inside = [
        ...Array.from({ length: 7 }, (_, i) => `${base}/job-1/file-${i}`),
        `${base}/job-1/nested/deeper/thumb.jpg`,
        `${base}/job-1/nested/video.mp4`,
      ];
      const outside = [`${base}/job-10/video.mp4`, `${base}/job-1.json`, `${base}/job-2/job-1/video.mp4`];
      await Promise.all(
        [...inside, ...outside].map((key) => store.put(key, Buffer.from(key), { contentType: 'text/plain' })),
      );

      await expect(store.deleteByPrefix(`${base}/job-1/`)).resolves.toBe(inside.length);
      for (const key of inside) await expect(store.head(key)).resolves.toBeNull();
      for (const key of outside) await expect(store.head(key)).resolves.not.toBeNull();
      await expect(store.deleteByPrefix(`${base}/job-1/`)).resolves.toBe(0);
    }, 30_000);

    it('deleteByPrefix matches a plain string prefix, as S3 listing does', async () => {
      const base = `${run}/string-prefix`;
      const matching = [`${base}/ab`, `${base}/abc`, `${base}/ab-1/x`, `${base}/abd/y/z`];
      const other = [`${base}/a`, `${base}/b/ab`, `${base}/aab`];
      await Promise.all(
        [...matching, ...other].map((key) => store.put(key, Buffer.from('x'), { contentType: 'text/plain' })),
      );

      await expect(store.deleteByPrefix(`${base}/ab`)).resolves.toBe(matching.length);
      for (const key of matching) await expect(store.head(key)).resolves.toBeNull();
      for (const key of other) await expect(store.head(key)).resolves.not.toBeNull();
    }, 30_000);

    it('deleteByPrefix returns 0 for a prefix with no keys and refuses an empty or escaping prefix', async () => {
      await expect(store.deleteByPrefix(`${run}/nothing-here/`)).resolves.toBe(0);
      await expect(store.deleteByPrefix('')).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.deleteByPrefix('../')).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.deleteByPrefix('/abs/')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    });
  });

  describe('presigned URLs', () => {
    const key = () => `${run}/presign/clip one.mp4`;
    const other = () => `${run}/presign/other.mp4`;
    beforeAll(async () => {
      await store.put(key(), hundred, { contentType: 'video/mp4' });
      await store.put(other(), Buffer.from('someone else'), { contentType: 'video/mp4' });
    });

    it('serves the bytes and content type over HTTP', async () => {
      const response = await fetch(await store.presignGet(key(), 60));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('video/mp4');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(hundred);
    });

    it.each([
      ['bytes=10-19', 10, 19],
      ['bytes=90-', 90, 99],
      ['bytes=-1', 99, 99],
    ])('answers Range: %s with 206 and exactly that slice', async (range, start, end) => {
      const response = await fetch(await store.presignGet(key(), 60), { headers: { Range: range } });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/100`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect(Buffer.from(await response.arrayBuffer())).toEqual(hundred.subarray(start, end + 1));
    });

    it('answers a range past the end with 416', async () => {
      const response = await fetch(await store.presignGet(key(), 60), { headers: { Range: 'bytes=100-200' } });
      expect(response.status).toBe(416);
      await response.arrayBuffer();
    });

    it('refuses a tampered URL with 403', async () => {
      const url = await store.presignGet(key(), 60);
      const signatureParam = new URL(url).searchParams.has('X-Amz-Signature') ? 'X-Amz-Signature' : 'signature';
      const expiryParam = new URL(url).searchParams.has('X-Amz-Expires') ? 'X-Amz-Expires' : 'expires';
      const otherUrl = new URL(await store.presignGet(other(), 60));
      const signedForAnotherKey = new URL(url);
      signedForAnotherKey.pathname = otherUrl.pathname;

      const tampered = [
        withQueryParam(url, signatureParam, flipLastHexDigit),
        withQueryParam(url, expiryParam, (old) => String(Number(old) + 3600)),
        signedForAnotherKey.toString(),
      ];
      for (const attempt of tampered) {
        const response = await fetch(attempt);
        await response.arrayBuffer();
        expect({ attempt, status: response.status }).toEqual({ attempt, status: 403 });
      }
    });

    it('refuses an expired URL with 403', async () => {
      const url = await store.presignGet(key(), 1);
      const refused = await eventually(async () => {
        const response = await fetch(url);
        await response.arrayBuffer();
        return response.status === 403;
      }, 5_000);
      expect(refused).toBe(true);
    }, 10_000);

    it('refuses expiry times outside 1 s to 7 days', async () => {
      await expect(store.presignGet(key(), 0)).rejects.toBeInstanceOf(RangeError);
      await expect(store.presignGet(key(), 7 * 24 * 3600 + 1)).rejects.toBeInstanceOf(RangeError);
      await expect(store.presignGet(key(), 1.5)).rejects.toBeInstanceOf(RangeError);
    });
  });

  describe('list', () => {
    it('lists every key below a prefix with its size and time, and nothing else', async () => {
      const before = Date.now();
      await store.put(`${run}/list/a/one.bin`, hundred, { contentType: 'application/octet-stream' });
      await store.put(`${run}/list/a/deeper/two.bin`, Buffer.from('two'), { contentType: 'text/plain' });
      await store.put(`${run}/list/b/three.bin`, Buffer.from('three'), { contentType: 'text/plain' });

      const listed: BlobListing[] = [];
      for await (const listing of store.list(`${run}/list/a/`)) listed.push(listing);
      expect(listed.map(({ key, size }) => ({ key, size })).sort((x, y) => x.key.localeCompare(y.key))).toEqual([
        { key: `${run}/list/a/deeper/two.bin`, size: 3 },
        { key: `${run}/list/a/one.bin`, size: 100 },
      ]);
      for (const { lastModified } of listed) expect(Math.abs(lastModified.getTime() - before)).toBeLessThan(60_000);

      const empty: BlobListing[] = [];
      for await (const listing of store.list(`${run}/list/none/`)) empty.push(listing);
      expect(empty).toEqual([]);
    });
  });

  describe('presigned uploads', () => {
    const policyFor = (key: string, overrides: Partial<UploadPolicy> = {}): UploadPolicy => ({
      key,
      contentType: 'image/png',
      maxBytes: 1000,
      expiresInSeconds: 60,
      ...overrides,
    });
    /** The browser's form: every field, then the file last, as S3 requires. */
    const post = async (upload: PresignedUpload, body: Buffer, fieldChanges: Record<string, string> = {}) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...upload.fields, ...fieldChanges })) form.append(name, value);
      form.append(
        'file',
        new Blob([new Uint8Array(body)], { type: fieldChanges['Content-Type'] ?? 'image/png' }),
        'x.png',
      );
      const response = await fetch(upload.url, { method: 'POST', body: form });
      await response.arrayBuffer();
      return response.status;
    };

    it('stores a file posted with the form, with the policy’s content type', async () => {
      const key = `${run}/uploads/ok.png`;
      const status = await post(await store.presignPost(policyFor(key)), hundred);
      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(300);
      const read = await store.get(key);
      expect(await bytesOf(read)).toEqual(hundred);
      expect(read.info.contentType).toBe('image/png');
    });

    it.each([
      ['a body over maxBytes', Buffer.alloc(1001, 7), {}],
      ['an empty body', Buffer.alloc(0), {}],
      ['another Content-Type than the policy’s', hundred, { 'Content-Type': 'text/html' }],
    ] as const)('refuses %s with a 4xx and stores nothing', async (_what, body, fieldChanges) => {
      const key = `${run}/uploads/refused-${randomUUID()}.png`;
      const status = await post(await store.presignPost(policyFor(key)), body, fieldChanges);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      await expect(store.head(key)).resolves.toBeNull();
    });

    it('refuses a form whose key was changed to another one, and stores nothing there', async () => {
      const key = `${run}/uploads/mine.png`;
      const other = `${run}/uploads/someone-else.png`;
      const status = await post(await store.presignPost(policyFor(key)), hundred, { key: other });
      expect(status).toBe(403);
      await expect(store.head(other)).resolves.toBeNull();
      await expect(store.head(key)).resolves.toBeNull();
    });

    it('refuses an expired form with 403', async () => {
      const key = `${run}/uploads/late.png`;
      const upload = await store.presignPost(policyFor(key, { expiresInSeconds: 1 }));
      const refused = await eventually(async () => (await post(upload, hundred)) === 403, 5_000, 500);
      expect(refused).toBe(true);
    }, 10_000);

    it('refuses invalid keys and expiry times outside 1 s to 7 days', async () => {
      await expect(store.presignPost(policyFor('../escape.png'))).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.presignPost(policyFor(`${run}/x.png`, { expiresInSeconds: 0 }))).rejects.toBeInstanceOf(
        RangeError,
      );
    });
  });
}
