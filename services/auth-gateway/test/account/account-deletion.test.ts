import { randomUUID } from 'node:crypto';
import { requestPipeline } from '../../src/entry-points/http';
import { TestBrowser } from '../identity/helpers/browser';
import {
  ADMIN_EMAIL,
  signInThroughProvider,
  startIdentityRig,
  webAppHeaders,
  type IdentityRig,
} from '../identity/helpers/identity-rig';
import { closedPortUrl, deferred, startFakeUpstream, type FakeUpstream } from '../pipeline/helpers/fake-upstream';

const ACCOUNT = '/bff/platform/account';

/**
 * Self-service deletion through the whole gateway: real sign-ins through the development
 * provider on several "devices", the real session store, CSRF and Idempotency-Key, and a fake admin
 * service that verifies the person's internal token and records each purge it was asked for.
 */
describe('DELETE /bff/platform/account', () => {
  let admin: FakeUpstream;
  let rig: IdentityRig;

  beforeAll(async () => {
    admin = await startFakeUpstream('admin');
    rig = await startIdentityRig({ pipeline: requestPipeline, env: { ADMIN_URL: admin.url } });
  });
  afterAll(async () => {
    await rig.close();
    await admin.close();
  });
  beforeEach(() => {
    admin.received.length = 0;
    admin.answer((req, res, received) => {
      if (req.method !== 'POST' || req.path !== '/internal/account-deletion' || received.caller.kind !== 'user') {
        res.status(404).end();
        return;
      }
      res.status(202).json({ data: { userId: received.caller.userId, purge: 'accepted' } });
    });
  });

  const purgesAsked = () => admin.received.filter((r) => r.url === '/internal/account-deletion');

  /** A person signed in on `devices` browsers (each its own session). */
  async function signedIn(devices: number, email = `leaving-${randomUUID()}@example.org`) {
    const browsers = Array.from({ length: devices }, () => new TestBrowser());
    for (const browser of browsers) await signInThroughProvider(browser, rig, email);
    const session = (await (await browsers[0]!.request(`${rig.gatewayUrl}/auth/session`)).json()) as {
      user: { id: string; email: string };
    };
    return { browsers, email, userId: session.user.id };
  }

  const deleteAccount = (browser: TestBrowser, body: unknown, key = `delete-${randomUUID()}`) =>
    browser.request(`${rig.gatewayUrl}${ACCOUNT}`, {
      method: 'DELETE',
      headers: webAppHeaders(browser, rig, { 'idempotency-key': key, accept: 'application/json' }),
      body: JSON.stringify(body),
    });
  const me = (browser: TestBrowser) => browser.request(`${rig.gatewayUrl}/bff/platform/api/auth/me`);

  it('asks admin for the purge with the person’s identity, signs out every device and clears the cookies', async () => {
    const { browsers, email, userId } = await signedIn(3);
    const [laptop, phone, tablet] = browsers as [TestBrowser, TestBrowser, TestBrowser];
    const bystander = (await signedIn(1)).browsers[0]!;

    // Any letter case and surrounding spaces: it is the same address.
    const res = await deleteAccount(laptop, { confirmEmail: `  ${email.toUpperCase()} ` });
    expect(res.status).toBe(202);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ data: { userId, purge: 'accepted', redirectTo: '/' } });
    const cleared = res.headers.getSetCookie();
    expect(cleared.some((c) => /^kadr_session=;/.test(c) && /Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
    expect(cleared.some((c) => /^kadr_csrf=;/.test(c))).toBe(true);

    expect(purgesAsked()).toHaveLength(1);
    expect(purgesAsked()[0]!.caller).toMatchObject({ kind: 'user', userId, email });

    // Signed out at once everywhere: this browser (cookies gone) and the others (their old cookies).
    expect(laptop.cookie(rig.host, 'kadr_session')).toBeUndefined();
    for (const device of [phone, tablet]) {
      expect(device.cookie(rig.host, 'kadr_session')).toBeDefined();
      expect((await me(device)).status).toBe(401);
      expect(await (await device.request(`${rig.gatewayUrl}/auth/session`)).json()).toEqual({
        authenticated: false,
      });
    }
    // Someone else stays signed in.
    expect((await me(bystander)).status).toBe(200);
  });

  it('an old cookie kept from before the deletion is refused (401)', async () => {
    const { browsers, email } = await signedIn(1);
    const browser = browsers[0]!;
    const oldSession = browser.cookie(rig.host, 'kadr_session')!;
    const oldCsrf = browser.cookie(rig.host, 'kadr_csrf')!;
    expect((await deleteAccount(browser, { confirmEmail: email })).status).toBe(202);
    browser.setCookie(rig.host, 'kadr_session', oldSession);
    browser.setCookie(rig.host, 'kadr_csrf', oldCsrf);
    expect((await me(browser)).status).toBe(401);
    expect((await deleteAccount(browser, { confirmEmail: email })).status).toBe(401);
    expect(purgesAsked()).toHaveLength(1);
  });

  it('asks for the purge once when the same Idempotency-Key is sent again, at once or later', async () => {
    const { browsers, email } = await signedIn(1);
    const browser = browsers[0]!;
    const kept = { session: browser.cookie(rig.host, 'kadr_session')!, csrf: browser.cookie(rig.host, 'kadr_csrf')! };
    const release = deferred();
    const arrived = deferred();
    admin.answer(async (_req, res, received) => {
      arrived.resolve();
      await release.promise;
      res.status(202).json({ data: { userId: (received.caller as { userId: string }).userId, purge: 'accepted' } });
    });
    const key = `double-click-${randomUUID()}`;
    const first = deleteAccount(browser, { confirmEmail: email }, key);
    await arrived.promise;
    // The double click while the first is still running: 409, never a second purge request.
    const second = await deleteAccount(browser, { confirmEmail: email }, key);
    expect(second.status).toBe(409);
    release.resolve();
    expect((await first).status).toBe(202);
    // The retry of a client that lost the answer: the session is gone, so 401 — and still one purge.
    browser.setCookie(rig.host, 'kadr_session', kept.session);
    browser.setCookie(rig.host, 'kadr_csrf', kept.csrf);
    expect((await deleteAccount(browser, { confirmEmail: email }, key)).status).toBe(401);
    expect(purgesAsked()).toHaveLength(1);
  });

  it('refuses a confirmation that is not the account’s e-mail (400 on confirmEmail) and deletes nothing', async () => {
    const { browsers } = await signedIn(1);
    const browser = browsers[0]!;
    for (const body of [{ confirmEmail: 'someone-else@example.org' }, { confirmEmail: '' }, {}, { confirm: true }]) {
      const res = await deleteAccount(browser, body);
      expect(res.status).toBe(400);
      const problem = (await res.json()) as { type: string; errors: Record<string, string> };
      expect(problem.type).toBe('/problems/validation');
      expect(Object.keys(problem.errors).length).toBeGreaterThan(0);
    }
    const wrong = (await (await deleteAccount(browser, { confirmEmail: 'someone-else@example.org' })).json()) as {
      detail: string;
      errors: Record<string, string>;
    };
    expect(wrong.errors).toEqual({ confirmEmail: 'This is not the e-mail address of your account.' });
    expect(wrong.detail).toContain('nothing was deleted');
    expect(purgesAsked()).toEqual([]);
    expect((await me(browser)).status).toBe(200);
  });

  it('keeps the /bff rules: no CSRF token → 403, no Idempotency-Key → 400, signed out → 401', async () => {
    const { browsers, email } = await signedIn(1);
    const browser = browsers[0]!;
    const noCsrf = await browser.request(`${rig.gatewayUrl}${ACCOUNT}`, {
      method: 'DELETE',
      headers: { ...webAppHeaders(browser, rig, { 'idempotency-key': `k-${randomUUID()}` }), 'x-csrf-token': '' },
      body: JSON.stringify({ confirmEmail: email }),
    });
    expect(noCsrf.status).toBe(403);
    const noKey = await browser.request(`${rig.gatewayUrl}${ACCOUNT}`, {
      method: 'DELETE',
      headers: webAppHeaders(browser, rig),
      body: JSON.stringify({ confirmEmail: email }),
    });
    expect(noKey.status).toBe(400);
    expect(((await noKey.json()) as { errors: object }).errors).toHaveProperty('Idempotency-Key');
    expect((await deleteAccount(new TestBrowser(), { confirmEmail: email })).status).toBe(401);
    expect(purgesAsked()).toEqual([]);
  });

  it('refuses the administrator (409) without asking admin', async () => {
    const { browsers } = await signedIn(1, ADMIN_EMAIL);
    const res = await deleteAccount(browsers[0]!, { confirmEmail: ADMIN_EMAIL });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toContain('ADMIN_EMAIL');
    expect(purgesAsked()).toEqual([]);
    expect((await me(browsers[0]!)).status).toBe(200);
  });

  it('when admin refuses or cannot be reached, nothing is deleted and the person stays signed in', async () => {
    const { browsers, email } = await signedIn(2);
    admin.answer((_req, res) => {
      res.status(409).json({ type: '/problems/conflict', status: 409 });
    });
    expect((await deleteAccount(browsers[0]!, { confirmEmail: email })).status).toBe(409);
    admin.answer((_req, res) => {
      res.status(503).json({ type: '/problems/db_transient', status: 503 });
    });
    const unavailable = await deleteAccount(browsers[0]!, { confirmEmail: email });
    expect(unavailable.status).toBe(502);
    expect(((await unavailable.json()) as { type: string }).type).toBe('/problems/backend_http');
    for (const browser of browsers) expect((await me(browser)).status).toBe(200);
  });
});

describe('DELETE /bff/platform/account without the admin service', () => {
  it('answers 502 proxy_error and keeps the session when admin is unreachable', async () => {
    const rig = await startIdentityRig({ pipeline: requestPipeline, env: { ADMIN_URL: await closedPortUrl() } });
    try {
      const browser = new TestBrowser();
      const email = `stays-${randomUUID()}@example.org`;
      await signInThroughProvider(browser, rig, email);
      const res = await browser.request(`${rig.gatewayUrl}${ACCOUNT}`, {
        method: 'DELETE',
        headers: webAppHeaders(browser, rig, { 'idempotency-key': `k-${randomUUID()}` }),
        body: JSON.stringify({ confirmEmail: email }),
      });
      expect(res.status).toBe(502);
      expect(((await res.json()) as { type: string }).type).toBe('/problems/proxy_error');
      expect((await browser.request(`${rig.gatewayUrl}/bff/platform/api/auth/me`)).status).toBe(200);
    } finally {
      await rig.close();
    }
  });
});
