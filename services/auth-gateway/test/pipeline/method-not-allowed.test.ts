import http from 'node:http';
import { allowedMethods, documentedPaths } from '../../src/entry-points/http/01-method-check/method-not-allowed';
import { createGatewayOpenApi } from '../../src/entry-points/http/09-gateway-routes/openapi/gateway-openapi';
import { requestPipeline } from '../../src/entry-points/http';
import { startIdentityRig, type IdentityRig } from '../identity/helpers/identity-rig';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** node:http, not fetch: fetch refuses TRACE and CONNECT-like methods. */
function send(base: string, method: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, base), { method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const allowOf = (answer: Answer) => String(answer.headers.allow ?? '').split(/,\s*/);

/** Every documented path with its parameters filled in, and the methods the document names for it. */
const DOCUMENT = createGatewayOpenApi().document() as { paths: Record<string, Record<string, unknown>> };
const DOCUMENTED = Object.entries(DOCUMENT.paths).map(([template, operations]) => ({
  template,
  path: template.replace(/\{[^}]+\}/g, 'id-1'),
  methods: Object.keys(operations).map((method) => method.toUpperCase()),
}));

describe('which methods a documented path answers', () => {
  const paths = documentedPaths([
    { method: 'get', path: '/bff/platform/jobs/recent' },
    { method: 'get', path: '/bff/platform/jobs/{id}' },
    { method: 'delete', path: '/bff/platform/jobs/{id}' },
    { method: 'delete', path: '/bff/platform/admin/jobs/{id}' },
    { method: 'post', path: '/bff/platform/jobs' },
  ]);

  it('takes the most specific template a path matches (concrete before templated), with HEAD where GET is and OPTIONS always', () => {
    // `/jobs/recent` is also `/jobs/{id}` to a router, but the document's own path for it has no DELETE.
    expect(allowedMethods(paths, '/bff/platform/jobs/recent')).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(allowedMethods(paths, '/bff/platform/jobs/j-1')).toEqual(['GET', 'HEAD', 'DELETE', 'OPTIONS']);
    expect(allowedMethods(paths, '/bff/platform/admin/jobs/j-1')).toEqual(['DELETE', 'OPTIONS']);
    expect(allowedMethods(paths, '/bff/platform/jobs')).toEqual(['POST', 'OPTIONS']);
  });

  it('routes like express: a trailing slash and letter case do not matter; a parameter is one non-empty segment', () => {
    expect(allowedMethods(paths, '/BFF/platform/Jobs/')).toEqual(['POST', 'OPTIONS']);
    expect(allowedMethods(paths, '/bff/platform/jobs/a%2Fb')).toEqual(['GET', 'HEAD', 'DELETE', 'OPTIONS']);
    expect(allowedMethods(paths, '/bff/platform/jobs/a/b')).toBeUndefined();
    expect(allowedMethods(paths, '/bff/platform/jobs//')).toBeUndefined();
    expect(allowedMethods(paths, '/jobs')).toBeUndefined();
  });
});

describe('405 for a documented path with an undocumented method (the whole gateway)', () => {
  let rig: IdentityRig;

  beforeAll(async () => {
    rig = await startIdentityRig({ pipeline: requestPipeline, background: false });
  });
  afterAll(async () => {
    await rig.close();
  });

  it('answers TRACE on /auth/login with 405 problem+json and Allow (the schemathesis finding)', async () => {
    const answer = await send(rig.gatewayUrl, 'TRACE', '/auth/login?returnTo=');
    expect(answer.status).toBe(405);
    expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(allowOf(answer)).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(JSON.parse(answer.body)).toMatchObject({ type: '/problems/method_not_allowed', status: 405 });
  });

  it.each(DOCUMENTED)(
    '$template: PATCH and TRACE → 405 naming exactly the documented methods',
    async ({ path, methods }) => {
      const expected = new Set([...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS']);
      for (const method of ['PATCH', 'TRACE']) {
        const answer = await send(rig.gatewayUrl, method, path);
        expect(answer.status).toBe(405);
        expect(new Set(allowOf(answer))).toEqual(expected);
      }
      const options = await send(rig.gatewayUrl, 'OPTIONS', path);
      expect(options.status).toBe(204);
      expect(new Set(allowOf(options))).toEqual(expected);
    },
  );

  it('lets documented methods and undocumented paths through to their routes', async () => {
    expect((await send(rig.gatewayUrl, 'GET', '/bff/openapi.json')).status).toBe(200);
    expect((await send(rig.gatewayUrl, 'HEAD', '/bff/openapi.json')).status).toBe(200);
    expect((await send(rig.gatewayUrl, 'GET', '/auth/session')).status).toBe(200);
    // Signed out: the session guard answers, not the method check.
    expect((await send(rig.gatewayUrl, 'GET', '/bff/platform/jobs/recent')).status).toBe(401);
    // No documented path: the guards and routing decide, never 405.
    expect((await send(rig.gatewayUrl, 'TRACE', '/bff/platform/nothing-here')).status).toBe(401);
    expect((await send(rig.gatewayUrl, 'TRACE', '/auth/nothing-here')).status).toBe(404);
  });
});
