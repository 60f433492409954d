import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTestGateway, type TestGateway } from './helpers/test-gateway';

const HTML = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('static web app (embedded mode)', () => {
  let dist: string;
  let gateway: TestGateway;

  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Kadr</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("kadr")');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    fs.writeFileSync(path.join(dist, '.env'), 'SECRET=1');
    gateway = createTestGateway({ env: { WEB_DIST_DIR: dist } });
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
