import request from 'supertest';
import { TEST_USER_HEADER } from './helpers/fake-session';
import { startFakeUpstream, type FakeUpstream } from './helpers/fake-upstream';
import { createTestGateway, type TestGateway } from './helpers/test-gateway';

/** One gallery page (spec: 48 cards), each with its thumbnail. */
const GALLERY_PAGE_CARDS = 48;

/**
 * Rate limits of the same-origin media routes (issue 13, "Limits a real server has"): 600
 * requests per minute per user (anonymous `/blobs`: per IP), their own budget; a gallery page
 * and a few videos never meet it.
 */
describe('rate limits on /video, /thumbs, /blobs', () => {
  let media: FakeUpstream;
  let gateway: TestGateway;

  beforeAll(async () => {
    media = await startFakeUpstream('media', (req, res) => {
      res.type(req.path.includes('/thumbnail/') ? 'image/jpeg' : 'video/mp4').send(Buffer.from([1, 2, 3]));
    });
  });
  afterAll(() => media.close());
  beforeEach(() => {
    // The default budget (RATE_LIMIT_MEDIA_PER_MINUTE unset: 600).
    gateway = createTestGateway({ env: { MEDIA_URL: media.url } });
  });
  afterEach(() => gateway.close());

  const asUser = (user: string, path: string) => request(gateway.app).get(path).set(TEST_USER_HEADER, user);

  it('lets a 48-card gallery page and a few video opens through; the 601st request in the minute gets 429 with Retry-After', async () => {
    for (let card = 0; card < GALLERY_PAGE_CARDS; card++) {
      const thumb = await asUser('ann', `/thumbs/job-${card}`);
      expect(thumb.status).toBe(200);
      expect(thumb.headers['ratelimit-limit']).toBe('600');
    }
    for (let video = 0; video < 4; video++) {
      // A player opens a video with a few byte-range requests.
      for (let range = 0; range < 3; range++) expect((await asUser('ann', `/video/job-${video}`)).status).toBe(200);
    }
    const spent = GALLERY_PAGE_CARDS + 4 * 3;
    for (let i = spent; i < 600; i++) expect((await asUser('ann', `/thumbs/job-${i % 48}`)).status).toBe(200);

    const limited = await asUser('ann', '/video/job-1');
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toMatch(/application\/problem\+json/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body).toMatchObject({ type: '/problems/rate_limited', status: 429 });
    expect((await asUser('ann', '/thumbs/job-1')).status).toBe(429);
    // Another user has their own budget, and Ann's /bff budget is untouched.
    expect((await asUser('ben', '/thumbs/job-1')).status).toBe(200);
    expect((await asUser('ann', '/bff/platform/api/flags')).status).toBe(200);
  }, 60_000);

  it('limits anonymous /blobs per client IP with the same budget (configurable)', async () => {
    await gateway.close();
    gateway = createTestGateway({ env: { MEDIA_URL: media.url, RATE_LIMIT_MEDIA_PER_MINUTE: '3' } });
    const blob = () => request(gateway.app).get('/blobs/videos/a.mp4?expires=1&signature=x');
    for (let i = 0; i < 3; i++) expect((await blob()).status).toBe(200);
    const limited = await blob();
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    // A signed-in user from the same address spends their own budget.
    expect((await asUser('ann', '/thumbs/job-1')).status).toBe(200);
  });
});
