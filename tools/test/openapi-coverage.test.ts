/**
 * `/bff/openapi.json` is the whole public API and the API keeps to it:
 * - every route the gateway answers itself and every service route the gateway forwards (its route
 *   table) is documented at its public path, and nothing is documented that no route answers;
 * - a realistic journey (signed out, a user, the administrator) gets only documented statuses,
 *   and bodies the operations' own zod schemas accept.
 */
import { createGatewayOpenApi } from '../../services/auth-gateway/src/entry-points/http/09-gateway-routes/openapi/gateway-openapi';
import { upstreamForPath } from '../../services/auth-gateway/src/integrations/upstreams/route-table';
import { ApiClient, type Exchange } from './support/api-client';
import { startEmbeddedStack, type EmbeddedStack } from './support/embedded-stack';
import { expressRoutes, operationsOf, type OpenApiDocument } from './support/openapi-operations';
import { ResponseConformance } from './support/response-conformance';
import { eventually } from './support/eventually';

/** Served by every service for operators, never by the public API (ARCHITECTURE §5: the ingress does not route them). */
const OPERATIONAL_ROUTES = new Set(['GET /health', 'GET /health/live', 'GET /health/ready', 'GET /metrics']);

describe('the public API document', () => {
  let stack: EmbeddedStack;
  let document: OpenApiDocument;
  const registry = createGatewayOpenApi();

  beforeAll(async () => {
    stack = await startEmbeddedStack();
    const res = await fetch(`${stack.base}/bff/openapi.json`);
    document = (await res.json()) as OpenApiDocument;
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('documents every public route and only routes that exist', () => {
    const documented = new Set(operationsOf(document).map(({ method, path }) => `${method} ${path}`));
    const served = new Set<string>();
    for (const [component, handler] of stack.handlers) {
      for (const route of expressRoutes(handler)) {
        if (OPERATIONAL_ROUTES.has(route)) continue;
        const [method, path] = route.split(' ') as [string, string];
        // The gateway's own /internal routes (presence, for notifications) are service-to-service.
        if (component === 'auth-gateway' && !path.startsWith('/internal/')) served.add(route);
        else if (upstreamForPath(path) === component) served.add(`${method} /bff/platform${path}`);
      }
    }
    // The gateway's identity-provider stand-in and every /internal route are not part of the public API.
    expect(stack.handlers.has('auth-gateway')).toBe(true);
    expect([...served].filter((route) => !documented.has(route)).sort()).toEqual([]);
    expect([...documented].filter((route) => !served.has(route)).sort()).toEqual([]);
    console.log(`OpenAPI coverage: ${documented.size} operations, every served route documented`);
  });

  it('answers a realistic journey only as documented', async () => {
    const conformance = new ResponseConformance(registry, document);
    const observe = (exchange: Exchange) => conformance.check(exchange);

    // Signed out: the public reads, and a private one refused.
    const visitor = await ApiClient.signIn(stack.base, 'visitor@kadr.local', observe);
    await visitor.post('/auth/logout');
    for (const path of [
      '/auth/session',
      '/bff/openapi.json',
      '/bff/platform/api/flags',
      '/bff/platform/api/commerce/packages',
      '/bff/platform/api/commerce/plans',
      '/bff/platform/api/i18n/languages',
      '/bff/platform/jobs/recent',
      '/bff/platform/api/users/me/summary',
      '/video/some-job',
    ]) {
      await visitor.get(path);
    }

    const user = await ApiClient.signIn(stack.base, 'journey@kadr.local', observe);
    await eventually(
      () => user.get('/bff/platform/api/commerce/credits'),
      (res) => res.status === 200,
    );
    for (const path of [
      '/auth/session',
      '/bff/platform/api/auth/me',
      '/bff/platform/api/users/me/summary',
      '/bff/platform/api/commerce/subscription',
      '/bff/platform/ai-models',
      '/bff/platform/api/ai-models/grouped',
      '/bff/platform/api/settings/ai-provider',
      '/bff/platform/api/i18n/user-language',
      '/bff/platform/jobs/active?take=5',
      '/bff/platform/jobs/recent',
      '/bff/platform/jobs/recent?take=0',
      '/bff/platform/jobs/no-such-job',
      '/bff/platform/api/commerce/payment/tpay/diag',
      '/bff/platform/api/commerce/orders/no-such-order',
      '/bff/platform/api/media/videos?limit=500',
      '/bff/platform/admin/users',
    ]) {
      await user.get(path);
    }
    await user.put('/bff/platform/api/i18n/user-language', { language: 'en' });
    await user.put('/bff/platform/api/i18n/user-language', { language: 'xx' });
    await user.put('/bff/platform/api/settings/ai-provider', { provider: 'local' });
    await user.post('/bff/platform/api/commerce/subscription/cancel');
    await user.post('/bff/telemetry', { metrics: [], events: [], errors: [] });

    const order = await user.post('/bff/platform/api/commerce/payment/create-order', { packageId: 'credits-100' });
    const { orderId } = (order.body as { data: { orderId: string } }).data;
    await user.post('/bff/platform/api/commerce/payment/mock-process', { orderId, outcome: 'success' });
    await user.get(`/bff/platform/api/commerce/orders/${orderId}`);
    await user.post('/bff/platform/api/commerce/payment/create-order', { packageId: 'no-such-package' });

    await user.post('/bff/platform/jobs', {
      prompt: '',
      modelId: 'kadr-motion-v1',
      duration: 5,
      quality: 'Lite',
      speed: 'Ultra Fast',
    });
    const created = await user.post('/bff/platform/jobs', {
      prompt: 'A lighthouse at dusk',
      modelId: 'kadr-motion-v1',
      duration: 5,
      quality: 'Lite',
      speed: 'Ultra Fast',
    });
    const jobId = (created.body as { id: string }).id;
    await eventually(
      () => user.get(`/bff/platform/jobs/${jobId}`),
      (res) => ['COMPLETED', 'FAILED'].includes((res.body as { data: { status: string } }).data.status),
    );
    await eventually(
      () => user.get('/bff/platform/api/media/videos'),
      (res) => (res.body as { data: { jobId: string }[] }).data.some((video) => video.jobId === jobId),
    );
    for (const path of [
      `/bff/platform/api/media/videos/${jobId}/stream?format=json`,
      `/bff/platform/api/media/videos/${jobId}/stream`,
      `/bff/platform/api/media/thumbnail/${jobId}?format=json`,
      `/bff/platform/api/media/thumbnail/${jobId}`,
      `/bff/platform/api/media/videos/${jobId}/content`,
      `/bff/platform/api/media/thumbnail/${jobId}/content`,
      `/video/${jobId}`,
      `/thumbs/${jobId}`,
    ]) {
      await user.get(path);
    }
    await user.get(`/video/${jobId}`, { headers: { range: 'bytes=0-99' } });
    // The gallery people manage (issue 21): search and filters, a refused parameter, the star both ways.
    for (const path of [
      '/bff/platform/jobs/gallery',
      '/bff/platform/jobs/gallery?q=Lighthouse&status=COMPLETED,FAILED&model=kadr-motion-v1&sort=oldest',
      `/bff/platform/jobs/gallery?from=2020-01-01T00:00:00Z&to=2100-01-01T00:00:00Z&favourites=true&page=2&limit=1`,
      '/bff/platform/jobs/gallery?status=DONE&limit=0',
    ]) {
      await user.get(path);
    }
    // Upscale (issue 21): the quote, the new job (Lite → Standard is within the free 720p cap), an unknown job.
    await user.get(`/bff/platform/jobs/${jobId}/upscale`);
    await user.post(`/bff/platform/jobs/${jobId}/upscale`);
    await user.get('/bff/platform/jobs/no-such-job/upscale');
    await user.post('/bff/platform/jobs/no-such-job/upscale');
    await user.put(`/bff/platform/jobs/${jobId}/favourite`);
    await user.request('DELETE', `/bff/platform/jobs/${jobId}/favourite`);
    await user.put('/bff/platform/jobs/no-such-job/favourite');
    // Share links (issue 21): a refused and a good create, the list, the public page signed out (HTML for a
    // browser, the problem otherwise), its bytes, reports (a good one, a refused reason, another origin).
    await user.post(`/bff/platform/api/media/videos/${jobId}/shares`, { label: 'x'.repeat(81), expiresInDays: 3 });
    await user.post('/bff/platform/api/media/videos/no-such-job/shares', {});
    const share = await user.post(`/bff/platform/api/media/videos/${jobId}/shares`, {
      label: 'Journey',
      expiresInDays: 7,
    });
    const { id: linkId, path: sharePath } = (share.body as { data: { id: string; path: string } }).data;
    await user.get(`/bff/platform/api/media/videos/${jobId}/shares`);
    await user.get('/bff/platform/api/media/videos/no-such-job/shares');
    await visitor.get(sharePath, { headers: { accept: 'text/html' } });
    await visitor.get(`/v/${'x'.repeat(43)}`, { headers: { accept: 'text/html' } });
    await visitor.get(`/v/${'x'.repeat(43)}`);
    await visitor.get(`${sharePath}/video`, { headers: { range: 'bytes=0-99' } });
    await visitor.get(`${sharePath}/thumbnail`);
    await visitor.post(`${sharePath}/reports`, { reason: 'spam', details: 'journey' });
    await visitor.post(`${sharePath}/reports`, { reason: 'boring' });
    await visitor.request('POST', `${sharePath}/reports`, {
      body: { reason: 'spam' },
      headers: { origin: 'https://elsewhere.example' },
    });
    // The history pages and the person's own data: the orders list, the archive, a deletion not confirmed.
    await user.get('/bff/platform/jobs/recent?skip=1&take=1');
    await user.get('/bff/platform/api/commerce/orders?take=5');
    await user.get('/bff/platform/account/export');
    await user.request('DELETE', '/bff/platform/account', { body: { confirmEmail: 'someone-else@kadr.local' } });

    const admin = await ApiClient.signIn(stack.base, 'admin@kadr.local', observe);
    const me = (await user.get('/bff/platform/api/auth/me')).body as { data: { id: string } };
    for (const path of [
      '/bff/platform/admin/users?take=5',
      `/bff/platform/admin/users/${me.data.id}`,
      `/bff/platform/admin/users/${me.data.id}/jobs`,
      `/bff/platform/admin/jobs/${jobId}`,
      '/bff/platform/admin/jobs/no-such-job',
      '/bff/platform/admin/logs?take=5',
      '/bff/platform/admin/logs?from=yesterday',
      '/bff/platform/admin/dead-letters',
      '/bff/platform/admin/dead-letters/job.progress?status=all',
      '/bff/platform/admin/dead-letters/no.such.topic',
      '/bff/platform/admin/share-reports?take=5',
      '/bff/platform/admin/share-reports?take=0',
    ]) {
      await admin.get(path);
    }
    // The administrator revokes the reported link; the owner's revoke after it is harmless; the page is gone.
    await admin.post(`/bff/platform/admin/share-links/${linkId}/revoke`);
    await admin.post('/bff/platform/admin/share-links/no-such-link/revoke');
    await user.post(`/bff/platform/api/media/videos/${jobId}/shares/${linkId}/revoke`);
    await user.post(`/bff/platform/api/media/videos/${jobId}/shares/no-such-link/revoke`);
    await visitor.get(sharePath, { headers: { accept: 'text/html' } });
    await visitor.get(`${sharePath}/video`);
    // The administrator's own account stays (409).
    await admin.request('DELETE', '/bff/platform/account', { body: { confirmEmail: 'admin@kadr.local' } });
    // The user deletes their own video (after the administrator's reads of it), and an unknown one.
    await user.request('DELETE', `/bff/platform/jobs/${jobId}`);
    await user.request('DELETE', '/bff/platform/jobs/no-such-job');
    await user.post('/auth/logout');

    expect(conformance.violations).toEqual([]);
    // The journey reached a good part of the document, not only its error answers.
    expect(conformance.seen.size).toBeGreaterThan(50);
    console.log(`OpenAPI conformance: ${conformance.seen.size} operation/status pairs answered as documented`);
  }, 120_000);
});
