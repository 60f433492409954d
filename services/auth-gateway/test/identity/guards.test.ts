import http from 'node:http';
import { TestBrowser } from './helpers/browser';
import {
  ADMIN_EMAIL,
  DEMO_EMAIL,
  signInThroughProvider,
  startIdentityRig,
  webAppHeaders,
  type IdentityRig,
} from './helpers/identity-rig';

/** The admin calls of the product spec (§7) plus the admin logs of ARCHITECTURE §6. */
const ADMIN_ROUTES: Array<[method: string, path: string]> = [
  ['GET', '/bff/platform/admin/users?skip=0&take=50&q=a'],
  ['GET', '/bff/platform/admin/users/u-1/jobs?skip=0&take=20'],
  ['GET', '/bff/platform/admin/jobs/j-1'],
  ['DELETE', '/bff/platform/admin/users/u-1?purge=true'],
  ['POST', '/bff/platform/admin/jobs/j-1/requeue'],
  ['POST', '/bff/platform/admin/jobs/j-1/mark-failed'],
  ['DELETE', '/bff/platform/admin/jobs/j-1?force=true'],
  ['GET', '/bff/platform/admin/logs?skip=0&take=50&action=x&userId=u-1'],
];

const PUBLIC_ROUTES = [
  '/bff/platform/api/i18n/languages',
  '/bff/platform/api/commerce/packages',
  '/bff/platform/api/commerce/plans',
  '/bff/platform/api/flags',
  '/bff/openapi.json',
];

const isStateChanging = (method: string) => method !== 'GET';

describe('request rules on /bff (session, CSRF, Origin, administrator)', () => {
  let rig: IdentityRig;
  const signedOut = new TestBrowser();
  const demo = new TestBrowser();
  const admin = new TestBrowser();

  beforeAll(async () => {
    rig = await startIdentityRig();
    await signInThroughProvider(demo, rig, DEMO_EMAIL);
    await signInThroughProvider(admin, rig, ADMIN_EMAIL);
  });
  afterAll(async () => {
    await rig.close();
  });

  const call = (browser: TestBrowser, method: string, path: string, headers: Record<string, string> = {}) =>
    browser.request(`${rig.gatewayUrl}${path}`, {
      method,
      headers,
      ...(isStateChanging(method) ? { body: '{}' } : {}),
    });

  async function expectProblem(response: Response, status: number, reason: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ type: `/problems/${reason}`, status, detail: expect.any(String) });
    expect(body.correlationId).toBe(response.headers.get('x-correlation-id'));
    return body;
  }

  describe('signed out', () => {
    it.each([
      ['GET', '/bff/platform/jobs/active?take=20'],
      ['GET', '/bff/platform/api/auth/me'],
      ['GET', '/bff/sse/jobs'],
      ['GET', '/bff/platform/api/commerce/credits'],
      ['GET', '/bff/platform/api/users/me/summary'],
      ['POST', '/bff/platform/jobs'],
      ['PUT', '/bff/platform/api/i18n/user-language'],
      ['POST', '/bff/platform/api/flags'],
    ])('%s %s → 401 unauthorized', async (method, path) => {
      const body = await expectProblem(
        await call(signedOut, method, path, { origin: rig.gatewayUrl, 'content-type': 'application/json' }),
        401,
        'unauthorized',
      );
      expect(body.title).toBe('Authentication required');
    });

    it.each(PUBLIC_ROUTES)('GET %s is public', async (path) => {
      const response = await call(signedOut, 'GET', path);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ reached: true, user: null });
    });

    it('treats only the exact public paths as public', async () => {
      await expectProblem(await call(signedOut, 'GET', '/bff/platform/api/flags/extra'), 401, 'unauthorized');
      await expectProblem(await call(signedOut, 'GET', '/bff/platform/api/i18n/user-language'), 401, 'unauthorized');
    });

    it.each([
      '/bff/platform/api/flags/../commerce/credits',
      '/bff/platform/api/flags/%2e%2e/commerce/credits',
      '/bff/platform/api/%2E%2E/admin/users',
      '/bff/platform/api/flags%2f..%2fadmin',
      '/bff/platform/./admin/users',
    ])('refuses the ambiguous path %s (400)', async (path) => {
      // Sent as is (fetch would resolve the dot segments before sending).
      const { status, type } = await new Promise<{ status?: number; type?: string }>((resolve, reject) => {
        const url = new URL(rig.gatewayUrl);
        http
          .get({ host: url.hostname, port: url.port, path }, (response) => {
            response.resume();
            response.on('end', () => resolve({ status: response.statusCode, type: response.headers['content-type'] }));
          })
          .on('error', reject);
      });
      expect(status).toBe(400);
      expect(type).toMatch(/application\/problem\+json/);
    });

    it.each(ADMIN_ROUTES)('%s %s → 401 unauthorized', async (method, path) => {
      await expectProblem(await call(signedOut, method, path, { origin: rig.gatewayUrl }), 401, 'unauthorized');
    });
  });

  describe('CSRF on state-changing requests', () => {
    it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s without X-CSRF-Token → 403 forbidden', async (method) => {
      const body = await expectProblem(
        await call(demo, method, '/bff/platform/jobs', { origin: rig.gatewayUrl, 'content-type': 'application/json' }),
        403,
        'forbidden',
      );
      expect(body.detail).toMatch(/X-CSRF-Token header is missing/);
    });

    it('a wrong token → 403 forbidden', async () => {
      const body = await expectProblem(
        await call(demo, 'POST', '/bff/platform/jobs', webAppHeaders(demo, rig, { 'x-csrf-token': 'x'.repeat(43) })),
        403,
        'forbidden',
      );
      expect(body.detail).toMatch(/does not match this session/);
    });

    it("another session's token → 403 forbidden", async () => {
      const response = await call(demo, 'POST', '/bff/platform/jobs', webAppHeaders(admin, rig));
      await expectProblem(response, 403, 'forbidden');
    });

    it('the right token passes', async () => {
      const response = await call(demo, 'POST', '/bff/platform/jobs', webAppHeaders(demo, rig));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ reached: true, method: 'POST', user: { email: DEMO_EMAIL } });
    });

    it('the right token without an Origin header passes (non-browser clients)', async () => {
      const headers = webAppHeaders(demo, rig);
      const { origin: _origin, ...withoutOrigin } = headers;
      expect((await call(demo, 'DELETE', '/bff/platform/jobs/j-1', withoutOrigin)).status).toBe(200);
    });

    it('reads need no token', async () => {
      expect((await call(demo, 'GET', '/bff/platform/jobs/active')).status).toBe(200);
    });
  });

  describe('cross-site Origin', () => {
    it.each(['https://evil.example', 'null', 'http://127.0.0.1:1'])(
      'Origin %s on a POST → 403 even with the token',
      async (origin) => {
        const body = await expectProblem(
          await call(demo, 'POST', '/bff/platform/jobs', webAppHeaders(demo, rig, { origin })),
          403,
          'forbidden',
        );
        expect(body.detail).toMatch(/Cross-site/);
      },
    );

    it('a cross-site sign-out is refused too', async () => {
      const response = await call(
        demo,
        'POST',
        '/auth/logout',
        webAppHeaders(demo, rig, { origin: 'https://evil.example' }),
      );
      await expectProblem(response, 403, 'forbidden');
      expect((await call(demo, 'GET', '/auth/session')).status).toBe(200);
      expect(await (await call(demo, 'GET', '/auth/session')).json()).toMatchObject({ authenticated: true });
    });

    it('a cross-site GET is left alone (reads change nothing)', async () => {
      expect((await call(demo, 'GET', '/bff/platform/jobs/active', { origin: 'https://evil.example' })).status).toBe(
        200,
      );
    });
  });

  describe('admin area', () => {
    it.each(ADMIN_ROUTES)('a non-admin gets 403 on %s %s', async (method, path) => {
      const headers = isStateChanging(method) ? webAppHeaders(demo, rig) : {};
      const body = await expectProblem(await call(demo, method, path, headers), 403, 'forbidden');
      expect(body.detail).toBe('Only the administrator can use the admin area.');
    });

    it.each(ADMIN_ROUTES)('the administrator reaches %s %s', async (method, path) => {
      const headers = isStateChanging(method) ? webAppHeaders(admin, rig) : {};
      const response = await call(admin, method, path, headers);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ reached: true, user: { email: ADMIN_EMAIL } });
    });

    it('matches the admin prefix case-insensitively, like the router', async () => {
      await expectProblem(await call(demo, 'GET', '/bff/platform/ADMIN/users'), 403, 'forbidden');
    });
  });
});
