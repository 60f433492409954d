import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { precompressDir } from '../../../../web/scripts/precompress';
import { createTestGateway, type TestGateway } from './helpers/test-gateway';

const HTML = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const INDEX_HTML = `<!doctype html><title>Kadr</title>${'<!-- shell -->'.repeat(40)}<div id="root"></div>`;
const LANDING_HTML = `<!doctype html><title>Kadr — landing</title>${'<p>prerendered</p>'.repeat(40)}`;
const SCRIPT = `console.log(${JSON.stringify('kadr '.repeat(200))});`;

/** The body as bytes (superagent has already undone the Content-Encoding, br and gzip alike). */
function bodyBytes(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** A web build of `files` (path → text) in a temp folder, precompressed as the build leaves it, and a gateway serving it. */
async function servedBuild(files: Record<string, string>): Promise<{ dist: string; gateway: TestGateway }> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-web-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), text);
  }
  // As the web build leaves it: .br and .gz next to each text file big enough to gain from them.
  await precompressDir(dist);
  return { dist, gateway: createTestGateway({ env: { WEB_DIST_DIR: dist } }) };
}

const decoded = (res: request.Response) => (res.body as Buffer).toString('utf8');

describe('static web app (embedded mode)', () => {
  let dist: string;
  let gateway: TestGateway;

  beforeAll(async () => {
    ({ dist, gateway } = await servedBuild({
      'index.html': INDEX_HTML,
      'assets/index-3f9a1c.js': SCRIPT,
      'favicon.svg': '<svg/>',
      '.env': 'SECRET=1',
    }));
  });
  afterAll(async () => {
    await gateway.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves hashed assets for a year, immutable', async () => {
    const res = await request(gateway.app).get('/assets/index-3f9a1c.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves index.html at / with no-cache', async () => {
    const res = await request(gateway.app).get('/').set(HTML);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  describe('with the prerendered landing page in the build', () => {
    let withLanding: string;
    let landingGateway: TestGateway;
    beforeAll(async () => {
      ({ dist: withLanding, gateway: landingGateway } = await servedBuild({
        'index.html': INDEX_HTML,
        'landing.html': LANDING_HTML,
      }));
    });
    afterAll(async () => {
      await landingGateway.close();
      fs.rmSync(withLanding, { recursive: true, force: true });
    });

    it('serves landing.html at /, compressed and revalidated', async () => {
      const res = await request(landingGateway.app)
        .get('/?utm_source=x')
        .set({ ...HTML, 'Accept-Encoding': 'br' })
        .buffer(true)
        .parse(bodyBytes);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decoded(res)).toBe(LANDING_HTML);
    });

    it.each(['/landing', '/dashboard', '/polityka-prywatnosci'])('still answers %s with the shell', async (page) => {
      const res = await request(landingGateway.app).get(page).set(HTML);
      expect(res.status).toBe(200);
      expect(res.text).toBe(INDEX_HTML);
    });
  });

  it('revalidates other files and index.html asked by name', async () => {
    expect((await request(gateway.app).get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
    expect((await request(gateway.app).get('/index.html')).headers['cache-control']).toBe('no-cache');
  });

  it.each(['/dashboard', '/admin/users', '/payment/success?orderId=o1', '/polityka-prywatnosci'])(
    'falls back to index.html for the page %s',
    async (page) => {
      const res = await request(gateway.app).get(page).set(HTML);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/bff/nothing', '/auth/nothing', '/health/nothing', '/metrics/x', '/assets/missing-1.js'])(
    'never answers %s with the web app',
    async (page) => {
      const res = await request(gateway.app).get(page).set(HTML);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('<div id="root">');
    },
  );

  // The media routes answer themselves: signed out → 401; /blobs → media (not configured here → 503).
  it.each([
    ['/video/job-1', 401],
    ['/thumbs/job-1', 401],
    ['/blobs/users/u1/jobs/j1/video.mp4?expires=1&signature=a', 503],
  ])('never answers the media path %s with the web app', async (page, status) => {
    const res = await request(gateway.app).get(page).set(HTML);
    expect(res.status).toBe(status);
    expect(res.text).not.toContain('<div id="root">');
  });

  it('does not fall back for requests that do not ask for HTML, or that change state', async () => {
    expect((await request(gateway.app).get('/dashboard').set('Accept', '*/*')).status).toBe(404);
    expect((await request(gateway.app).get('/dashboard').set('Accept', 'application/json')).status).toBe(404);
    expect((await request(gateway.app).post('/dashboard').set(HTML)).status).toBe(404);
  });

  describe('precompressed files', () => {
    const get = (url: string, acceptEncoding: string, headers: Record<string, string> = {}) =>
      request(gateway.app)
        .get(url)
        .set({ ...headers, 'Accept-Encoding': acceptEncoding })
        .buffer(true)
        .parse(bodyBytes);

    it('the build step wrote a brotli and a gzip file for text worth compressing, none for a tiny one', () => {
      expect(fs.existsSync(path.join(dist, 'assets', 'index-3f9a1c.js.br'))).toBe(true);
      expect(fs.existsSync(path.join(dist, 'assets', 'index-3f9a1c.js.gz'))).toBe(true);
      expect(fs.existsSync(path.join(dist, 'index.html.br'))).toBe(true);
      expect(fs.existsSync(path.join(dist, 'favicon.svg.br'))).toBe(false);
    });

    const SUFFIX: Record<string, string> = { br: '.br', gzip: '.gz' };

    it.each([
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ])('answers Accept-Encoding "%s" with %s, same body, same caching', async (acceptEncoding, encoding) => {
      const res = await get('/assets/index-3f9a1c.js', acceptEncoding);
      const sent = path.join(dist, 'assets', `index-3f9a1c.js${encoding ? SUFFIX[encoding] : ''}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['etag']).toMatch(/^(W\/)?"/);
      // The file of that encoding went out as it is on disk, and decodes to the script.
      expect(Number(res.headers['content-length'])).toBe(fs.statSync(sent).size);
      expect(decoded(res)).toBe(SCRIPT);
    });

    it('sends fewer bytes compressed, with a different ETag for each encoding', async () => {
      const [br, gzip, identity] = await Promise.all(
        ['br', 'gzip', 'identity'].map((e) => get('/assets/index-3f9a1c.js', e)),
      );
      const length = (res: request.Response | undefined) => Number(res?.headers['content-length']);
      expect(length(br)).toBeLessThan(length(identity));
      expect(length(gzip)).toBeLessThan(length(identity));
      expect(new Set([br, gzip, identity].map((res) => res?.headers['etag'])).size).toBe(3);
    });

    it('revalidates with the ETag of the encoding it was given for: 304 for it, 200 for another', async () => {
      const first = await get('/assets/index-3f9a1c.js', 'br');
      const etag = { 'If-None-Match': String(first.headers['etag']) };
      expect((await get('/assets/index-3f9a1c.js', 'br', etag)).status).toBe(304);
      const other = await get('/assets/index-3f9a1c.js', 'gzip', etag);
      expect(other.status).toBe(200);
      expect(other.headers['content-encoding']).toBe('gzip');
    });

    it('answers HEAD with the headers of the GET and no body', async () => {
      const res = await request(gateway.app).head('/assets/index-3f9a1c.js').set('Accept-Encoding', 'br');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(Number(res.headers['content-length'])).toBe(
        fs.statSync(path.join(dist, 'assets', 'index-3f9a1c.js.br')).size,
      );
      expect(res.text ?? '').toBe('');
    });

    it.each(['/', '/gallery?page=2', '/index.html'])('compresses index.html for %s, revalidated', async (page) => {
      const res = await get(page, 'gzip, br', HTML);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8$/i);
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['etag']).toBeDefined();
      expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(dist, 'index.html.br')).size);
      expect(decoded(res)).toBe(INDEX_HTML);
    });

    it('answers HEAD on a page like its GET (the SPA fallback, compressed)', async () => {
      const res = await request(gateway.app).head('/dashboard').set(HTML).set('Accept-Encoding', 'gzip');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('sends a file without a compressed variant as it is', async () => {
      const res = await get('/favicon.svg', 'gzip, br');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(decoded(res)).toBe('<svg/>');
    });

    it('still answers a missing asset with 404, never a compressed index.html', async () => {
      const res = await get('/assets/missing-1.js', 'gzip, br', HTML);
      expect(res.status).toBe(404);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).not.toBe('public, max-age=31536000, immutable');
    });

    it('does not serve the compressed variant of a dotfile', async () => {
      fs.writeFileSync(path.join(dist, '.env.gz'), zlib.gzipSync('SECRET=1'));
      expect((await get('/.env', 'gzip')).status).toBe(404);
      expect((await get('/.env.gz', 'gzip')).status).toBe(404);
    });
  });

  it('does not serve dotfiles', async () => {
    expect((await request(gateway.app).get('/.env')).status).toBe(404);
  });

  it('passes everything on when there is no build', async () => {
    const bare = createTestGateway({ env: { WEB_DIST_DIR: path.join(dist, 'no-such-dir') } });
    try {
      expect((await request(bare.app).get('/dashboard').set(HTML)).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
