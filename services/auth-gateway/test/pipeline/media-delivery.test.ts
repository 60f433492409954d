import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { verifyInternalToken } from '@kadr/http-kit';
import { TEST_USER_HEADER } from './helpers/fake-session';
import { startFakeUpstream, TEST_KEYS, type FakeUpstream } from './helpers/fake-upstream';
import { createTestGateway, type TestGateway } from './helpers/test-gateway';

const BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

describe('same-origin media routes (/video, /thumbs, /blobs)', () => {
  let media: FakeUpstream;
  let gateway: TestGateway;
  let dist: string;

  beforeAll(async () => {
    // Answers like media's content routes: one range, 206, the headers a player needs.
    media = await startFakeUpstream('media', (req, res) => {
      const match = /^bytes=(\d+)-(\d+)$/.exec(req.get('range') ?? '');
      res.set({ 'accept-ranges': 'bytes', 'cache-control': 'private, max-age=3600', etag: '"v1"' });
      res.set('x-internal-detail', 'never passed on');
      res.type(req.path.includes('/thumbnail/') ? 'image/jpeg' : 'video/mp4');
      if (match) {
        const [start, end] = [Number(match[1]), Number(match[2])];
        res.status(206).set('content-range', `bytes ${start}-${end}/${BYTES.length}`);
        res.send(BYTES.subarray(start, end + 1));
        return;
      }
      res.send(BYTES);
    });
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    gateway = createTestGateway({ env: { MEDIA_URL: media.url, WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await gateway.close();
    await media.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  beforeEach(() => {
    media.received.length = 0;
  });

  it.each(['/video/job-1', '/thumbs/job-1'])('%s needs a session: 401 problem, media never called', async (route) => {
    const res = await request(gateway.app).get(route).set('accept', 'text/html');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ type: '/problems/unauthorized' });
    expect(media.received).toHaveLength(0);
  });

  it("forwards /video/{jobId} to media's content route with the user's token, Range and validators", async () => {
    const res = await request(gateway.app)
      .get('/video/job-1')
      .set(TEST_USER_HEADER, 'alice')
      .set('range', 'bytes=10-19')
      .set('if-none-match', '"v0"')
      .set('cookie', 'kadr_session=secret');
    expect(res.status).toBe(206);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-range': `bytes 10-19/${BYTES.length}`,
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=3600',
      etag: '"v1"',
    });
    expect(res.headers['x-internal-detail']).toBeUndefined();
    expect(Buffer.compare(res.body as Buffer, BYTES.subarray(10, 20))).toBe(0);

    const [call] = media.received;
    expect(call).toMatchObject({ method: 'GET', url: '/api/media/videos/job-1/content' });
    expect(call?.headers).toMatchObject({ range: 'bytes=10-19', 'if-none-match': '"v0"' });
    expect(call?.headers.cookie).toBeUndefined();
    const caller = await verifyInternalToken(call?.token ?? '', { keys: TEST_KEYS, audience: 'media' });
    expect(caller).toMatchObject({ kind: 'user', userId: 'alice' });
  });

  it("forwards /thumbs/{jobId} to media's thumbnail content route", async () => {
    const res = await request(gateway.app).get('/thumbs/job-2').set(TEST_USER_HEADER, 'alice');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(media.received[0]?.url).toBe('/api/media/thumbnail/job-2/content');
  });

  it('forwards HEAD as HEAD', async () => {
    const res = await request(gateway.app).head('/video/job-1').set(TEST_USER_HEADER, 'alice');
    expect(res.status).toBe(200);
    expect(media.received[0]?.method).toBe('HEAD');
  });

  it.each(['/video/a.b', '/video/%2e%2e', '/thumbs/x%2Fy', `/video/${'x'.repeat(129)}`])(
    'answers %s with 404 without calling media',
    async (route) => {
      const res = await request(gateway.app).get(route).set(TEST_USER_HEADER, 'alice');
      expect(res.status).toBe(404);
      expect(media.received).toHaveLength(0);
    },
  );

  it('forwards /blobs/* unchanged without a session, with the gateway service token', async () => {
    const signed = '/blobs/users/u1/jobs/j1/video.mp4?expires=1&signature=abc';
    const res = await request(gateway.app).get(signed).set('range', 'bytes=0-0');
    expect(res.status).toBe(206);
    expect(media.received[0]).toMatchObject({ method: 'GET', url: signed });
    expect(media.received[0]?.caller).toMatchObject({ kind: 'service', service: 'auth-gateway' });
  });

  it('refuses other methods and ambiguous paths under /blobs without calling media', async () => {
    expect((await request(gateway.app).post('/blobs/users/u1/x').send({})).status).toBe(404);
    expect((await request(gateway.app).get('/blobs/users/%2e%2e/x?expires=1&signature=a')).status).toBe(404);
    expect(media.received).toHaveLength(0);
  });

  it('never answers a media path with the web app, even for a browser navigation', async () => {
    const res = await request(gateway.app).get('/blobs/unknown').set('accept', 'text/html');
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
    expect(media.received[0]?.url).toBe('/blobs/unknown');
    expect((await request(gateway.app).get('/video/j').set('accept', 'text/html')).status).toBe(401);
  });

  it('answers 503 when media is not configured', async () => {
    const bare = createTestGateway();
    try {
      const res = await request(bare.app).get('/video/job-1').set(TEST_USER_HEADER, 'alice');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ type: '/problems/service_unavailable' });
    } finally {
      await bare.close();
    }
  });
});
