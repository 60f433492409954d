import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { MediaPageResponseSchema, type MediaPageResponse } from '@kadr/contracts';
import { mediaFixtures } from './support/fixtures';
import { admin, PUBLIC_URL, service, startMediaRig, user, type MediaRig } from './support/media-rig';
import { until } from '@kadr/tooling/test-helpers';

/** Path and query of a URL the filesystem store signed (`${PUBLIC_URL}/blobs/...`). */
const pathOf = (url: string) => {
  expect(url.startsWith(`${PUBLIC_URL}/blobs/`)).toBe(true);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

/** Supertest collects a binary body as a Buffer only when told to. */
const binary = (res: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('media HTTP routes', () => {
  let rig: MediaRig;
  const { video, thumbnail } = mediaFixtures();
  const alice = `alice-${randomUUID()}`;
  const bob = `bob-${randomUUID()}`;
  const aliceJob = randomUUID();

  beforeAll(async () => {
    rig = await startMediaRig();
    await rig.completeJob({ userId: alice, jobId: aliceJob });
  });
  afterAll(() => rig.close());

  const get = async (path: string, caller = user(alice)) =>
    request(rig.media.app)
      .get(path)
      .set('authorization', await rig.auth(caller));
  const getBytes = async (path: string, headers: Record<string, string> = {}, caller = user(alice)) => {
    let req = request(rig.media.app)
      .get(path)
      .set('authorization', await rig.auth(caller))
      .buffer(true)
      .parse(binary);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    return req;
  };

  describe('every /api/media route needs an internal token', () => {
    it.each([
      '/api/media/videos',
      `/api/media/videos/${aliceJob}/stream?format=json`,
      `/api/media/thumbnail/${aliceJob}?format=json`,
      `/api/media/videos/${aliceJob}/content`,
      `/api/media/thumbnail/${aliceJob}/content`,
    ])('%s → 401 without one, 401 with a token for another service', async (path) => {
      expect((await request(rig.media.app).get(path)).status).toBe(401);
      const { internalTokenKeys, mintInternalToken } = await import('@kadr/http-kit');
      const wrongAudience = await mintInternalToken(user(alice), {
        keys: internalTokenKeys(rig.config),
        audience: 'commerce',
      });
      const res = await request(rig.media.app).get(path).set('authorization', `Bearer ${wrongAudience}`);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    });

    it('has no gallery for a service caller (403)', async () => {
      expect((await get('/api/media/videos', service)).status).toBe(403);
    });
  });

  describe('GET /api/media/videos', () => {
    it('lists the caller’s video with same-origin URLs and never the blob keys', async () => {
      const res = await get('/api/media/videos');
      expect(res.status).toBe(200);
      const body = MediaPageResponseSchema.parse(res.body);
      expect(body.pagination).toEqual({ page: 1, limit: 12, total: 1, hasNext: false });
      expect(body.data[0]).toEqual({
        id: expect.any(String) as string,
        jobId: aliceJob,
        createdAt: expect.any(String) as string,
        filename: `video-${aliceJob}.mp4`,
        type: 'video/mp4',
        url: `/video/${aliceJob}`,
        thumbnailUrl: `/thumbs/${aliceJob}`,
        durationSeconds: 1,
        width: 320,
        height: 180,
        sizeBytes: video.length,
      });
      expect(JSON.stringify(res.body)).not.toContain('users/');
    });

    it('shows another user nothing of it', async () => {
      const res = await get('/api/media/videos', user(bob));
      expect(res.body).toEqual({ data: [], pagination: { page: 1, limit: 12, total: 0, hasNext: false } });
    });

    it('pages 13 videos newest first: 12 with hasNext, then 1, then an empty page past the end', async () => {
      const carol = `carol-${randomUUID()}`;
      const jobs = Array.from({ length: 13 }, (_, i) => `job-${String(i).padStart(2, '0')}-${randomUUID()}`);
      for (const [i, jobId] of jobs.entries()) {
        await rig.completeJob({ userId: carol, jobId, at: new Date(Date.UTC(2026, 0, 1, 0, i)) });
      }
      const newestFirst = [...jobs].reverse();
      const page = async (query: string) =>
        MediaPageResponseSchema.parse((await get(`/api/media/videos${query}`, user(carol))).body);
      const ids = (p: MediaPageResponse) => p.data.map((v) => v.jobId);

      const first = await page('');
      expect(ids(first)).toEqual(newestFirst.slice(0, 12));
      expect(first.pagination).toEqual({ page: 1, limit: 12, total: 13, hasNext: true });
      const second = await page('?page=2');
      expect(ids(second)).toEqual(newestFirst.slice(12));
      expect(second.pagination).toEqual({ page: 2, limit: 12, total: 13, hasNext: false });
      const past = await page('?page=5&limit=12');
      expect(past).toEqual({ data: [], pagination: { page: 5, limit: 12, total: 13, hasNext: false } });
      const smallPages = await page('?page=3&limit=5');
      expect(ids(smallPages)).toEqual(newestFirst.slice(10, 13));
      expect(smallPages.pagination).toEqual({ page: 3, limit: 5, total: 13, hasNext: false });
      expect((await page('?limit=48')).data).toHaveLength(13);
    });

    it.each([
      ['?page=0', 'page', 'Must be a whole number of 1 or more.'],
      ['?page=-1', 'page', 'Must be a whole number of 1 or more.'],
      ['?page=abc', 'page', 'Must be a whole number of 1 or more.'],
      ['?page=1.5', 'page', 'Must be a whole number of 1 or more.'],
      ['?limit=0', 'limit', 'Must be a whole number from 1 to 48.'],
      ['?limit=49', 'limit', 'Must be a whole number from 1 to 48.'],
      ['?limit=twelve', 'limit', 'Must be a whole number from 1 to 48.'],
      ['?page=1&page=2', 'page', 'Must be a whole number of 1 or more.'],
    ])('%s → 400 validation with a field error', async (query, field, message) => {
      const res = await get(`/api/media/videos${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ type: '/problems/validation', status: 400, errors: { [field]: message } });
    });
  });

  describe('signed URLs', () => {
    it('stream?format=json gives a short-lived URL that serves the video, with ranges', async () => {
      const res = await get(`/api/media/videos/${aliceJob}/stream?format=json`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const { url, contentType } = res.body as { url: string; contentType: string };
      expect(contentType).toBe('video/mp4');
      const expires = Number(new URL(url).searchParams.get('expires'));
      const ttl = expires - Date.now() / 1000;
      expect(ttl).toBeGreaterThan(rig.config.MEDIA_URL_TTL_SECONDS - 5);
      expect(ttl).toBeLessThanOrEqual(rig.config.MEDIA_URL_TTL_SECONDS + 1);

      // The signature is the authorisation: no internal token on /blobs.
      const whole = await request(rig.media.app).get(pathOf(url)).buffer(true).parse(binary);
      expect(whole.status).toBe(200);
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(Buffer.compare(whole.body as Buffer, video)).toBe(0);
      const ranged = await request(rig.media.app)
        .get(pathOf(url))
        .set('range', 'bytes=10-19')
        .buffer(true)
        .parse(binary);
      expect(ranged.status).toBe(206);
      expect(Buffer.compare(ranged.body as Buffer, video.subarray(10, 20))).toBe(0);
    });

    it('refuses a tampered or expired signed URL (403)', async () => {
      const { url } = (await get(`/api/media/videos/${aliceJob}/stream?format=json`)).body as { url: string };
      const signed = new URL(url);
      const tamperedSignature = new URL(signed);
      const signature = signed.searchParams.get('signature') ?? '';
      tamperedSignature.searchParams.set('signature', (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1));
      const laterExpiry = new URL(signed);
      laterExpiry.searchParams.set('expires', String(Number(signed.searchParams.get('expires')) + 3600));
      const otherKey = new URL(signed);
      otherKey.pathname = signed.pathname.replace('video.mp4', 'thumbnail.jpg');
      for (const tampered of [tamperedSignature, laterExpiry, otherKey]) {
        const res = await request(rig.media.app).get(tampered.pathname + tampered.search);
        expect(res.status).toBe(403);
      }

      const shortLived = await rig.blobs.presignGet(`users/${alice}/jobs/${aliceJob}/video.mp4`, 1);
      const expiry = Number(new URL(shortLived).searchParams.get('expires'));
      // Valid up to and including the `expires` second.
      await until(() => Date.now() >= (expiry + 1) * 1000, { timeoutMs: 3000 });
      const expired = await request(rig.media.app).get(pathOf(shortLived));
      expect(expired.status).toBe(403);
      expect(expired.body).toMatchObject({ type: '/problems/forbidden' });
    });

    it('stream without format=json redirects to the signed URL', async () => {
      const res = await get(`/api/media/videos/${aliceJob}/stream`);
      expect(res.status).toBe(302);
      expect(res.headers.location).toMatch(new RegExp(`^${PUBLIC_URL}/blobs/users/`));
    });

    it('thumbnail?format=json gives { data: { url } } serving the JPEG', async () => {
      const res = await get(`/api/media/thumbnail/${aliceJob}?format=json`);
      expect(res.status).toBe(200);
      const { url } = (res.body as { data: { url: string } }).data;
      const image = await request(rig.media.app).get(pathOf(url)).buffer(true).parse(binary);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.compare(image.body as Buffer, thumbnail)).toBe(0);
    });
  });

  describe('only the owner or the administrator', () => {
    const routes = (jobId: string) => [
      `/api/media/videos/${jobId}/stream?format=json`,
      `/api/media/videos/${jobId}/stream`,
      `/api/media/thumbnail/${jobId}?format=json`,
      `/api/media/thumbnail/${jobId}`,
      `/api/media/videos/${jobId}/content`,
      `/api/media/thumbnail/${jobId}/content`,
    ];

    it('answers another user 404 — the same as for a job that does not exist', async () => {
      for (const path of [...routes(aliceJob), ...routes(randomUUID()), ...routes('bad%20id')]) {
        const res = await get(path, user(bob));
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.body).toMatchObject({ type: '/problems/not_found', detail: 'There is no such video.' });
      }
    });

    it('lets the administrator read any video', async () => {
      for (const path of routes(aliceJob)) {
        const res = await get(path, admin());
        expect({ path, status: res.status }).toEqual({
          path,
          status: path.endsWith('/stream') || path.endsWith(aliceJob) ? 302 : 200,
        });
      }
    });
  });

  describe('content routes', () => {
    const content = `/api/media/videos/${aliceJob}/content`;

    it('serves the whole video with its type, length, validators and range support', async () => {
      const res = await getBytes(content);
      expect(res.status).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'video/mp4',
        'content-length': String(video.length),
        'accept-ranges': 'bytes',
        'cache-control': 'private, max-age=3600',
      });
      expect(res.headers.etag).toMatch(/^"/);
      expect(Buffer.compare(res.body as Buffer, video)).toBe(0);
    });

    it.each([
      ['first byte', 'bytes=0-0', 0, 0],
      ['a middle range', 'bytes=100-1099', 100, 1099],
      ['an open range', 'bytes=1000-', 1000, -1],
      ['a suffix range', 'bytes=-500', -500, -1],
      ['an end past the file (clamped)', 'bytes=5-99999999', 5, -1],
    ])('answers %s with 206 and exactly those bytes', async (_name, range, from, to) => {
      const size = video.length;
      const start = from < 0 ? size + from : from;
      const end = to < 0 ? size - 1 : to;
      const res = await getBytes(content, { range });
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(Buffer.compare(res.body as Buffer, video.subarray(start, end + 1))).toBe(0);
    });

    it('answers an unsatisfiable range with 416 and the size', async () => {
      const res = await getBytes(content, { range: `bytes=${video.length}-` });
      expect(res.status).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${video.length}`);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    });

    it('ignores several ranges (whole file, 200)', async () => {
      const res = await getBytes(content, { range: 'bytes=0-1,5-6' });
      expect(res.status).toBe(200);
      expect((res.body as Buffer).length).toBe(video.length);
    });

    it('answers HEAD with the headers only, ranges included', async () => {
      const auth = await rig.auth(user(alice));
      const whole = await request(rig.media.app).head(content).set('authorization', auth);
      expect(whole.status).toBe(200);
      expect(whole.headers['content-length']).toBe(String(video.length));
      const ranged = await request(rig.media.app).head(content).set('authorization', auth).set('range', 'bytes=-10');
      expect(ranged.status).toBe(206);
      expect(ranged.headers['content-range']).toBe(`bytes ${video.length - 10}-${video.length - 1}/${video.length}`);
      const beyond = await request(rig.media.app)
        .head(content)
        .set('authorization', auth)
        .set('range', 'bytes=999999999-');
      expect(beyond.status).toBe(416);
    });

    it('answers 304 to a matching If-None-Match', async () => {
      const { headers } = await getBytes(content);
      const res = await getBytes(content, { 'if-none-match': String(headers.etag) });
      expect(res.status).toBe(304);
    });

    it('serves the thumbnail as image/jpeg with private cache headers', async () => {
      const res = await getBytes(`/api/media/thumbnail/${aliceJob}/content`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
      expect(Buffer.compare(res.body as Buffer, thumbnail)).toBe(0);
    });

    it('answers 404 when the record exists but its blob is gone', async () => {
      const jobId = randomUUID();
      await rig.completeJob({ userId: alice, jobId });
      await rig.blobs.delete(`users/${alice}/jobs/${jobId}/video.mp4`);
      expect((await getBytes(`/api/media/videos/${jobId}/content`)).status).toBe(404);
    });
  });
});
