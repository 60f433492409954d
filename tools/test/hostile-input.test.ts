/**
 * Issue 13, findings 1 and 4: the hostile-input table over every route of the embedded stack.
 * For every operation of `/bff/openapi.json` (plus the routes outside it: Tpay's notification,
 * `/auth/logout`), signed in as the administrator so that every guard lets the request through to
 * the code under test: broken percent-encoding in each path parameter, bodies that do not match
 * their Content-Encoding, JSON nested 3,000 deep, headers past Node's limit, and a prompt made
 * only of zero-width characters. Nothing may answer 5xx; every refusal is problem+json with a
 * correlation id. Afterwards every service still answers another user (no breaker opened), the
 * public port has no `/metrics`, and X-Frame-Options agrees with the CSP.
 */
import { gzipSync } from 'node:zlib';
import { ApiClient } from './support/api-client';
import { startEmbeddedStack, type EmbeddedStack } from './support/embedded-stack';
import { operationsOf, type DocumentedOperation, type OpenApiDocument } from './support/openapi-operations';

const ADMIN_EMAIL = 'admin@kadr.local';
const TPAY_NOTIFICATION = '/bff/platform/api/commerce/payment/tpay/notification';
const BROKEN_SEGMENTS = ['%E0%A4%A', '%zz', '%C0%AF'];
const DEEP_JSON = `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`;
const HOSTILE_BODIES: { name: string; headers: Record<string, string>; body: string | Buffer }[] = [
  { name: 'gzip that is not gzip', headers: { 'content-encoding': 'gzip' }, body: '{"prompt":"x"}' },
  { name: 'gzip cut short', headers: { 'content-encoding': 'gzip' }, body: gzipSync('{"prompt":"x"}').subarray(0, 10) },
  { name: 'deflate that is not deflate', headers: { 'content-encoding': 'deflate' }, body: 'nope' },
  { name: 'br that is not brotli', headers: { 'content-encoding': 'br' }, body: Buffer.from([0xff, 0xfe, 0xfd]) },
  { name: 'JSON nested 3,000 deep', headers: {}, body: DEEP_JSON },
];

interface Outcome {
  what: string;
  status: number;
  contentType: string;
  body: string;
}

describe('hostile input over every route of the embedded stack', () => {
  let stack: EmbeddedStack;
  let operations: DocumentedOperation[];
  let admin: ApiClient;
  let victim: ApiClient;
  const outcomes: Outcome[] = [];
  let keys = 0;

  /** A request as the administrator's browser sends it (session cookie, CSRF, Origin, Idempotency-Key), body bytes as given. */
  async function send(
    what: string,
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: string | Buffer,
    client: ApiClient | undefined = admin,
  ): Promise<Outcome> {
    const stateChanging = !['GET', 'HEAD'].includes(method);
    const init: RequestInit = {
      method,
      headers: {
        accept: 'application/json',
        origin: stack.base,
        ...(stateChanging && client
          ? { 'x-csrf-token': client.csrfToken, 'idempotency-key': `hostile-${process.pid}-${(keys += 1)}` }
          : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body } : {}),
    };
    const response = client
      ? await client.browser.request(`${stack.base}${path}`, init)
      : await fetch(`${stack.base}${path}`, { ...init, redirect: 'manual' });
    const outcome = {
      what: `${what}: ${method} ${path.slice(0, 80)}`,
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: await response.text(),
    };
    outcomes.push(outcome);
    return outcome;
  }

  beforeAll(async () => {
    stack = await startEmbeddedStack({
      RATE_LIMIT_USER_PER_MINUTE: '1000000',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
      RATE_LIMIT_MEDIA_PER_MINUTE: '1000000',
    });
    const document = (await (await fetch(`${stack.base}/bff/openapi.json`)).json()) as OpenApiDocument;
    // The live stream stays open by design; its path has no parameter and it takes no body.
    operations = operationsOf(document).filter((op) => !op.path.startsWith('/bff/sse/'));
    admin = await ApiClient.signIn(stack.base, ADMIN_EMAIL);
    victim = await ApiClient.signIn(stack.base, 'victim@kadr.local');
  }, 120_000);

  afterAll(async () => {
    const operationsCount = operations?.length ?? 0;
    const serverErrors = outcomes.filter((o) => o.status >= 500).length;
    process.stdout.write(
      `hostile-input: ${outcomes.length} requests over ${operationsCount} documented operations, ${serverErrors} answered 5xx\n`,
    );
    await stack?.stop();
  });

  it('answers every broken path parameter with a 4xx problem', async () => {
    const withParameters = operations.filter((op) => op.path.includes('{'));
    expect(withParameters.length).toBeGreaterThan(5);
    for (const op of withParameters) {
      for (const segment of BROKEN_SEGMENTS) {
        const path = op.path.replace(/\{[^}]+\}/g, segment);
        const stateChanging = !['GET', 'HEAD'].includes(op.method);
        await send('broken encoding', op.method, path, {}, stateChanging ? '{}' : undefined);
      }
    }
    // Outside the document or signed out: the media routes and a blob path.
    await send('broken encoding, signed out', 'GET', '/thumbs/%E0%A4%A', {}, undefined, undefined);
    await send('broken encoding, signed out', 'GET', '/blobs/videos/%E0%A4%A?sig=x', {}, undefined, undefined);
    await send('broken encoding', 'GET', '/video/%E0%A4%A');
    // Broken encoding in the query of every read: the parsers fall back, the schemas refuse; never a 5xx.
    for (const op of operations.filter((o) => o.method === 'GET')) {
      const path = op.path.replace(/\{[^}]+\}/g, 'hostile-id-1');
      await send('query with broken encoding', 'GET', `${path}?take=%E0%A4%A&skip=%zz&q=%C0%AF`);
    }
    expectNoServerErrors('query with broken encoding');
    // The web app's own paths (static files, SPA fallback): whatever they answer, never a 5xx.
    for (const path of ['/%E0%A4%A', '/assets/%E0%A4%A.js', '/gallery/%zz']) {
      await send('web app path with broken encoding', 'GET', path, { accept: 'text/html' });
    }
    expectNoServerErrors('web app path');
    expectNoServerErrors('broken encoding');
    // Signed in as the administrator, every guard lets them through: each is the path check's 400.
    const refused = outcomes.filter((o) => o.what.startsWith('broken encoding'));
    expect(refused.filter((o) => o.status !== 400).map((o) => `${o.status} ${o.what}`)).toEqual([]);
  }, 120_000);

  it('answers every bad body (encodings, 3,000-deep JSON) on every state-changing route with a 4xx problem', async () => {
    const withBodies = operations.filter((op) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method));
    expect(withBodies.length).toBeGreaterThan(5);
    for (const op of withBodies) {
      const path = op.path.replace(/\{[^}]+\}/g, 'hostile-id-1');
      for (const hostile of HOSTILE_BODIES) {
        await send(`bad body, ${hostile.name}`, op.method, path, hostile.headers, hostile.body);
      }
    }
    // Without a session or CSRF token: Tpay's notification route and sign-out.
    for (const hostile of HOSTILE_BODIES.slice(0, 4)) {
      const what = `bad body, ${hostile.name}`;
      await send(what, 'POST', TPAY_NOTIFICATION, hostile.headers, hostile.body, undefined);
      await send(what, 'POST', '/auth/logout', hostile.headers, hostile.body, undefined);
    }
    await send('bad body, JSON nested 3,000 deep', 'POST', '/auth/logout', {}, DEEP_JSON);
    expectNoServerErrors('bad body');
    // Every one of them was refused for its body: the route behind was never reached.
    const refused = outcomes.filter((o) => o.what.startsWith('bad body'));
    expect(refused.filter((o) => o.status !== 400 && o.status !== 413).map((o) => `${o.status} ${o.what}`)).toEqual([]);
  }, 180_000);

  it('answers headers past the server limit with a 431 problem', async () => {
    for (const path of ['/bff/platform/jobs/recent', '/auth/me', '/thumbs/x']) {
      const outcome = await send(
        'huge header',
        'GET',
        path,
        { 'x-padding': 'a'.repeat(64 * 1024) },
        undefined,
        undefined,
      );
      expect({ what: outcome.what, status: outcome.status }).toEqual({ what: outcome.what, status: 431 });
    }
    expectNoServerErrors('huge header');
  });

  // The rule itself is the jobs prompt schema's (@kadr/contracts); this row holds it to the table.
  it('refuses a prompt made only of zero-width characters with a 400 (not accepted and charged)', async () => {
    const outcome = await send(
      'zero-width prompt',
      'POST',
      '/bff/platform/jobs',
      {},
      JSON.stringify({
        prompt: '\u200b\u200c\u200d\u2060\ufeff',
        modelId: 'kadr-motion-v1',
        duration: 5,
        quality: 'Lite',
        speed: 'Ultra Fast',
      }),
    );
    expect(outcome.status).toBe(400);
    expectNoServerErrors('zero-width prompt');
  });

  // schemathesis's 5xx (issue 13): a valid `from` with a repeated `to` that is no time made the admin
  // service answer 500 (its cross-field check read the text). The exact request, through the gateway.
  it('answers the admin logs query schemathesis broke with a 400 on `to`', async () => {
    const outcome = await send(
      'admin logs bad to',
      'GET',
      `/bff/platform/admin/logs?skip=0&take=50&from=0020-02-29T00:00:00Z&to=null&to=null&action=${'0'.repeat(100)}`,
    );
    expect(outcome.status).toBe(400);
    expect(JSON.parse(outcome.body)).toMatchObject({
      type: '/problems/validation',
      errors: { to: expect.any(String) },
    });
    expectNoServerErrors('admin logs bad to');
  });

  it('still serves another user on every service afterwards: no breaker opened', async () => {
    for (const path of [
      '/bff/platform/jobs/recent?take=20',
      '/bff/platform/api/commerce/credits',
      '/bff/platform/api/media/videos',
      '/bff/platform/api/i18n/user-language',
      '/bff/platform/api/users/me/summary',
    ]) {
      const res = await victim.get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    expect((await admin.get('/bff/platform/admin/users?skip=0&take=5')).status).toBe(200);
    // The breakers themselves, from the process's metrics listener: every upstream closed (0).
    const metrics = await (await fetch(stack.metricsUrl)).text();
    const states = [
      ...metrics.matchAll(/^gateway_upstream_breaker_state\{[^}]*upstream="([a-z0-9-]+)"[^}]*\} (\d)$/gm),
    ];
    expect(states.map(([, upstream]) => upstream).sort()).toEqual([
      'admin',
      'commerce',
      'i18n',
      'jobs',
      'media',
      'notifications',
    ]);
    expect(states.filter(([, , state]) => state !== '0').map(([line]) => line)).toEqual([]);
  });

  it('has no /metrics on the public port, and X-Frame-Options agrees with the CSP', async () => {
    const metrics = await fetch(`${stack.base}/metrics`);
    expect(metrics.status).toBe(404);
    const separate = await (await fetch(stack.metricsUrl)).text();
    for (const service of ['auth-gateway', 'commerce', 'jobs', 'media', 'i18n', 'admin', 'notifications']) {
      expect(separate).toContain(`service="${service}"`);
    }
    expect(separate.match(/^# TYPE http_request_duration_seconds histogram$/gm)).toHaveLength(1);
    // The shared in-process bus reports in a registry of its own; each outbox relay in its service's.
    expect(separate).toMatch(/^eventbus_consumer_lag_messages\{[^}]*service="kadr"[^}]*\} \d+$/m);
    for (const outbox of ['users', 'jobs', 'accounts', 'orders']) {
      expect(separate).toMatch(new RegExp(`^outbox_pending_entries\\{[^}]*outbox="${outbox}"[^}]*\\} \\d+$`, 'm'));
    }
    const page = await fetch(`${stack.base}/health`);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  /** Every outcome so far with `what` in its label: below 500, and a 4xx is problem+json with a correlation id. */
  function expectNoServerErrors(what: string) {
    const mine = outcomes.filter((o) => o.what.startsWith(what));
    expect(mine.length).toBeGreaterThan(0);
    const serverErrors = mine
      .filter((o) => o.status >= 500)
      .map((o) => `${o.status} ${o.what} ${o.body.slice(0, 120)}`);
    expect(serverErrors).toEqual([]);
    const badProblems = mine
      .filter((o) => o.status >= 400)
      .filter((o) => {
        if (!o.contentType.startsWith('application/problem+json')) return true;
        const body = JSON.parse(o.body) as { type?: unknown; correlationId?: unknown };
        return (
          typeof body.type !== 'string' || !body.type.startsWith('/problems/') || typeof body.correlationId !== 'string'
        );
      })
      .map((o) => `${o.status} ${o.contentType} ${o.what}`);
    expect(badProblems).toEqual([]);
  }
});
