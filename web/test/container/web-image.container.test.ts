/**
 * @jest-environment node
 *
 * The web image (web/Dockerfile) as it runs: the SPA fallback, caching by file kind, precompressed
 * assets, the health check, and the gateway's security headers (the CSP from its single source,
 * the others as web/nginx/security-headers.conf says — tools/web/test ties that file to the
 * gateway). Against `KADR_WEB_IMAGE_URL` (the running container; tools/containers/check-images.sh);
 * skipped without it, failed instead with KADR_REQUIRE_IMAGES=1.
 */
import { serializeCsp, webAppCspDirectives } from '@kadr/contracts';
import { readCommittedNginxHeaders } from '../../../tools/web/nginx-header-file';

const base = process.env.KADR_WEB_IMAGE_URL?.replace(/\/$/, '');
const TITLE = 'the web image';

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${path}`, { headers, redirect: 'manual' });
}

function describeImage(body: () => void): void {
  if (base) {
    describe(TITLE, body);
  } else if (process.env.KADR_REQUIRE_IMAGES === '1') {
    describe(TITLE, () => {
      it('has a running web image', () => {
        throw new Error('KADR_REQUIRE_IMAGES=1 but KADR_WEB_IMAGE_URL names no running web image');
      });
    });
  } else {
    describe.skip(`${TITLE} (skipped: KADR_WEB_IMAGE_URL is not set)`, () => {
      it('runs against a running web image', () => undefined);
    });
  }
}

describeImage(() => {
  const security = readCommittedNginxHeaders();

  function expectSecurityHeaders(res: Response, scheme: 'http' | 'https'): void {
    const sent = Object.fromEntries(Object.keys(security[scheme]).map((name) => [name, res.headers.get(name)]));
    expect(sent).toEqual(security[scheme]);
    expect(res.headers.get('content-security-policy')).toBe(serializeCsp(webAppCspDirectives(scheme === 'https')));
  }

  it('serves index.html with the gateway CSP and security headers, revalidated', async () => {
    const res = await get('/index.html', { Accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('server')).toBe('nginx');
    expectSecurityHeaders(res, 'http');
    expect(await res.text()).toContain('<div id="root"></div>');
  });

  it('adds upgrade-insecure-requests behind a TLS-terminating ingress (X-Forwarded-Proto: https)', async () => {
    const res = await get('/', { 'X-Forwarded-Proto': 'https' });
    expectSecurityHeaders(res, 'https');
  });

  it('answers a deep link with index.html, 200, revalidated', async () => {
    const res = await get('/gallery?page=2', { Accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(res, 'http');
    expect(await res.text()).toContain('<div id="root"></div>');
  });

  it('serves a hashed asset gzip-precompressed and immutable', async () => {
    const html = await (await get('/index.html')).text();
    const asset = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const res = await get(asset!, { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // The .gz file from the build (gzip_static): a length and a strong ETag; on-the-fly gzip has neither.
    expect(res.headers.get('content-length')).toMatch(/^\d+$/);
    expect(res.headers.get('etag')).toMatch(/^"/);
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expectSecurityHeaders(res, 'http');
    expect((await res.text()).length).toBeGreaterThan(0); // fetch decodes it
  });

  it('answers a missing hashed asset with 404, never index.html', async () => {
    const res = await get('/assets/missing-0000.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBeNull();
    expect(res.headers.get('content-type')).not.toMatch(/javascript/);
    expectSecurityHeaders(res, 'http');
  });

  it('serves the prerendered landing page at / with the theme script inline, revalidated', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<div id="root" data-prerendered="pl">');
    expect(html).toContain('dataset.theme');
    expect(html).not.toMatch(/<script[^>]+src=/); // the app's scripts come after the first paint
    expectSecurityHeaders(res, 'http');
  });

  it('answers /healthz with 200 ok', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect((await res.text()).trim()).toBe('ok');
  });
});
