import request from 'supertest';
import { verifyInternalToken } from '@kadr/http-kit';
import { TEST_USER_HEADER } from './helpers/fake-session';
import { startFakeUpstream, TEST_KEYS, type FakeUpstream } from './helpers/fake-upstream';
import { createTestGateway, type TestGateway } from './helpers/test-gateway';

const PUBLIC_URL = 'https://kadr.example';
const TOKEN = 'a'.repeat(43);
const HIDDEN = 'h'.repeat(43);
const INDEXED = 'i'.repeat(43);
const XSS_PROMPT = `A fox "quoted" </title><script>alert(1)</script> & 'friends'`;
const BYTES = Buffer.from('fake-mp4-bytes');

describe('the public share pages /v/{token}', () => {
  let media: FakeUpstream;
  let jobs: FakeUpstream;
  let gateway: TestGateway;
  const revoked = new Set<string>();

  beforeAll(async () => {
    // Answers like media's shared routes: the page data (a view each), the bytes, reports.
    media = await startFakeUpstream('media', (req, res) => {
      const match = /^\/internal\/shared\/([^/]+)(?:\/(views|video|thumbnail|reports))?$/.exec(req.path);
      if (match) {
        const [, token = '', what = 'peek'] = match;
        if (revoked.has(token) || ![TOKEN, HIDDEN, INDEXED].includes(token)) {
          res.status(404).type('application/problem+json').send({ type: '/problems/not_found', status: 404 });
          return;
        }
        if (what === 'views' || what === 'peek') {
          res.json({
            data: {
              token,
              prompt: token === HIDDEN ? null : XSS_PROMPT,
              shownAs: token === TOKEN ? '<b>Ala</b>' : null,
              allowIndexing: token === INDEXED,
              width: 1280,
              height: 720,
              durationSeconds: 5,
              contentType: 'video/mp4',
            },
          });
          return;
        }
        if (what === 'reports') {
          const reason = (req.body as { reason?: string }).reason;
          if (reason !== 'spam') {
            res.status(400).type('application/problem+json').send({ type: '/problems/validation', status: 400 });
            return;
          }
          res.status(204).end();
          return;
        }
        res
          .set('cache-control', 'private, max-age=60')
          .type(what === 'video' ? 'video/mp4' : 'image/jpeg')
          .send(BYTES);
        return;
      }
      if (req.method === 'POST' && /^\/api\/media\/videos\/[^/]+\/shares$/.test(req.path)) {
        res.status(201).json({ data: { echoed: req.body as unknown } });
        return;
      }
      res.status(404).end();
    });
    jobs = await startFakeUpstream('jobs', (req, res) => {
      if (req.path === '/jobs/job-1') {
        res.json({ data: jobView('job-1', 'The real prompt') });
        return;
      }
      res.status(404).type('application/problem+json').send({ type: '/problems/not_found', status: 404 });
    });
    gateway = createTestGateway({
      env: { MEDIA_URL: media.url, JOBS_URL: jobs.url, PUBLIC_URL, RATE_LIMIT_MEDIA_PER_MINUTE: '1000' },
    });
  });
  afterAll(async () => {
    await gateway.close();
    await media.close();
    await jobs.close();
  });
  beforeEach(() => {
    media.received.length = 0;
  });

  /** A visitor's browser asking for English (a client that names no language gets Polish, the product's default). */
  const page = (token: string, language = 'en-GB,en;q=0.8') =>
    request(gateway.app).get(`/v/${token}`).set('accept', 'text/html').set('accept-language', language);
  /** A gateway of its own (supertest's requests all come from one address), with a page budget of 30 a minute. */
  const withOwnBudget = async <T>(run: (app: TestGateway['app']) => Promise<T>): Promise<T> => {
    const limited = createTestGateway({ env: { MEDIA_URL: media.url, PUBLIC_URL, RATE_LIMIT_MEDIA_PER_MINUTE: '30' } });
    try {
      return await run(limited.app);
    } finally {
      await limited.close();
    }
  };

  it('renders the page in the first response: OG and Twitter tags, noindex, strict CSP, the player', async () => {
    const res = await page(TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = res.text;
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta property="og:type" content="video.other">');
    expect(html).toContain(`<meta property="og:image" content="${PUBLIC_URL}/v/${TOKEN}/thumbnail">`);
    expect(html).toContain(`<meta property="og:video" content="${PUBLIC_URL}/v/${TOKEN}/video">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toMatch(/<meta property="og:title" content="A fox &#34;quoted&#34; &#60;\/title&#62;/);
    expect(html).toContain(`src="/v/${TOKEN}/video"`);
    // The owner's chosen name, escaped; no script anywhere.
    expect(html).toContain('Shared by &#60;b&#62;Ala&#60;/b&#62;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>Ala</b>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#39;friends&#39;');
    // Media was asked with the gateway's own identity, never a user's.
    const caller = await verifyInternalToken(media.received[0]?.token ?? '', { keys: TEST_KEYS, audience: 'media' });
    expect(caller).toMatchObject({ kind: 'service', service: 'auth-gateway' });
    expect(media.received[0]).toMatchObject({ method: 'POST', url: `/internal/shared/${TOKEN}/views` });
  });

  it('answers a HEAD of the page without counting a view (media asked without /views)', async () => {
    const res = await request(gateway.app).head(`/v/${TOKEN}`).set('accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(media.received.map((r) => `${r.method} ${r.url}`)).toEqual([`GET /internal/shared/${TOKEN}`]);
  });

  it('leaves the prompt out when hidden, and allows indexing only when the owner did', async () => {
    const hidden = await page(HIDDEN);
    expect(hidden.text).not.toContain('A fox');
    expect(hidden.text).toContain('<title>A video made with Kadr</title>');
    const indexed = await page(INDEXED);
    expect(indexed.headers['x-robots-tag']).toBe('all');
    expect(indexed.text).toContain('<meta name="robots" content="index, follow">');
  });

  it('speaks the visitor’s language: Polish by default and for Polish, English when asked (Vary: Accept-Language)', async () => {
    for (const [accept, lang, words] of [
      ['', 'pl', 'Zrób własny film w Kadrze'],
      ['pl-PL,pl;q=0.9,en;q=0.5', 'pl', 'Zgłoś ten film'],
      ['en-US,en;q=0.9', 'en', 'Report this video'],
      ['de-DE', 'pl', 'Wyślij zgłoszenie'],
    ] as const) {
      const res = await page(TOKEN, accept);
      expect({ accept, status: res.status, lang: res.headers['content-language'] }).toEqual({
        accept,
        status: 200,
        lang,
      });
      expect(res.headers.vary).toMatch(/Accept-Language/i);
      expect(res.text).toContain(`<html lang="${lang}">`);
      expect(res.text).toContain(words);
    }
    const missing = await page('b'.repeat(43), 'pl');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Ten udostępniony film jest niedostępny');
  });

  it('answers unknown, malformed and revoked tokens with the same 404 HTML page, noindex', async () => {
    revoked.add(INDEXED);
    try {
      for (const token of ['b'.repeat(43), 'short', INDEXED]) {
        const res = await page(token);
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['x-robots-tag']).toBe('noindex');
        expect(res.text).toContain('This shared video is not available');
      }
      const bytes = await request(gateway.app).get(`/v/${INDEXED}/video`);
      expect(bytes.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(bytes.status).toBe(404);
    } finally {
      revoked.delete(INDEXED);
    }
  });

  it('answers a 404 problem, not the page, to a client that does not ask for HTML', async () => {
    const res = await request(gateway.app)
      .get(`/v/${'b'.repeat(43)}`)
      .set('accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body.type).toBe('/problems/not_found');
  });

  it('serves the video and thumbnail through media with the gateway identity', async () => {
    const res = await request(gateway.app).get(`/v/${TOKEN}/video`).set('range', 'bytes=0-3');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(media.received[0]).toMatchObject({ method: 'GET', url: `/internal/shared/${TOKEN}/video` });
    expect(media.received[0]?.headers.range).toBe('bytes=0-3');
    const thumb = await request(gateway.app).get(`/v/${TOKEN}/thumbnail`);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
  });

  it('limits one address: 429 problem with Retry-After after the budget', async () => {
    const statuses: number[] = [];
    let last: request.Response | undefined;
    await withOwnBudget(async (app) => {
      for (let i = 0; i < 31; i += 1) {
        last = await request(app).get(`/v/${TOKEN}`);
        statuses.push(last.status);
      }
    });
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(last?.status).toBe(429);
    expect(last?.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(last?.body.type).toBe('/problems/rate_limited');
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('documents the page’s 404 as both bodies (HTML for a browser, the problem otherwise)', async () => {
    const doc = (await request(gateway.app).get('/bff/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const notFound = doc.paths['/v/{token}']?.get?.responses['404'];
    expect(Object.keys(notFound?.content ?? {}).sort()).toEqual(['application/problem+json', 'text/html']);
    expect(doc.paths['/v/{token}/reports']?.post).toBeDefined();
    expect(doc.paths['/bff/platform/admin/share-links/{id}/revoke']?.post).toBeDefined();
  });

  describe('reports', () => {
    const report = (origin: string | undefined, body: string, app = gateway.app) => {
      let req = request(app).post(`/v/${TOKEN}/reports`).type('form').set('accept-language', 'en').send(body);
      if (origin) req = req.set('origin', origin);
      return req;
    };

    it('takes a report from the page’s own form, signed out, and thanks in HTML', async () => {
      const res = await report(PUBLIC_URL, 'reason=spam&details=ads');
      expect(res.status).toBe(200);
      expect(res.text).toContain('Thank you for your report');
      expect(media.received[0]).toMatchObject({
        method: 'POST',
        url: `/internal/shared/${TOKEN}/reports`,
        body: { reason: 'spam', details: 'ads' },
      });
    });

    it('refuses another origin (403) and a request with neither Origin nor same-origin fetch metadata', async () => {
      expect((await report('https://evil.example', 'reason=spam')).status).toBe(403);
      expect((await report(undefined, 'reason=spam')).status).toBe(403);
      expect(media.received).toHaveLength(0);
    });

    it('passes media’s validation problem on (400)', async () => {
      const res = await request(gateway.app)
        .post(`/v/${TOKEN}/reports`)
        .set('origin', PUBLIC_URL)
        .send({ reason: 'boring' });
      expect(res.status).toBe(400);
      expect(res.body.type).toBe('/problems/validation');
    });

    it('allows 10 reports an hour from one address, then 429', async () => {
      const statuses: number[] = [];
      await withOwnBudget(async (app) => {
        for (let i = 0; i < 11; i += 1) statuses.push((await report(PUBLIC_URL, 'reason=spam', app)).status);
      });
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  describe('the owner’s create (POST /bff/platform/api/media/videos/{jobId}/shares)', () => {
    it('adds the job’s real prompt from jobs, whatever the client sent', async () => {
      const res = await request(gateway.app)
        .post('/bff/platform/api/media/videos/job-1/shares')
        .set(TEST_USER_HEADER, 'alice')
        .set('idempotency-key', 'share-create-1')
        .send({ label: 'x', prompt: 'forged' });
      expect(res.status).toBe(201);
      expect(res.body.data.echoed).toEqual({ label: 'x', prompt: 'The real prompt' });
    });

    it('keeps media’s internal share routes away from the browser (404)', async () => {
      for (const path of ['/bff/platform/internal/shared/x/views', '/bff/platform/internal/admin/share-reports']) {
        const res = await request(gateway.app).get(path).set(TEST_USER_HEADER, 'alice');
        expect(res.status).toBe(404);
      }
      expect(media.received).toHaveLength(0);
    });
  });
});

function jobView(id: string, prompt: string) {
  return {
    id,
    status: 'COMPLETED',
    prompt,
  };
}
