import { decodeEventOn } from '@kadr/contracts';
import type { DeliveredMessage } from '@kadr/event-bus';
import { CurrentUserAnswerSchema } from '../../src/entry-points/http/09-gateway-routes/openapi/identity-schemas';
import { metricValue } from '@kadr/tooling/test-helpers';
import { TestBrowser, formAction } from './helpers/browser';
import {
  ADMIN_EMAIL,
  DEMO_EMAIL,
  leftTheCallback,
  openSignInPage,
  signInThroughProvider,
  startIdentityRig,
  webAppHeaders,
  type IdentityRig,
} from './helpers/identity-rig';

async function sessionAnswer(browser: TestBrowser, rig: IdentityRig) {
  const response = await browser.request(`${rig.gatewayUrl}/auth/session`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as Record<string, unknown>;
}

async function collectRegistrations(rig: IdentityRig): Promise<DeliveredMessage[]> {
  const received: DeliveredMessage[] = [];
  await rig.bus.subscribe({
    group: `test-${Math.random()}`,
    topics: ['user.registered'],
    handler: (message) => {
      received.push(message);
      return Promise.resolve();
    },
  });
  return received;
}

async function until(check: () => boolean, what: string, deadlineMs = 3_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('sign-in through the development identity provider (real redirects and tokens)', () => {
  let rig: IdentityRig;
  beforeAll(async () => {
    rig = await startIdentityRig();
  });
  afterAll(async () => {
    await rig.close();
  });

  it('signs the demo user in: session cookie, CSRF cookie, /auth/session, /auth/me; no admin role', async () => {
    const browser = new TestBrowser();
    expect(await sessionAnswer(browser, rig)).toEqual({ authenticated: false });

    const page = await openSignInPage(browser, rig, '/gallery?page=2');
    // The page lists the demo accounts as buttons and accepts any e-mail (with a label).
    expect(page.html).toContain(`name="email" value="${DEMO_EMAIL}"`);
    expect(page.html).toContain(`name="email" value="${ADMIN_EMAIL}"`);
    expect(page.html).toMatch(/<label for="email">E-mail<\/label>/);
    expect(page.html).toContain('Any e-mail works in development.');
    // The login transaction is server-side: the browser holds only its id, HttpOnly.
    expect(browser.cookie(rig.host, 'kadr_login')).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const landed = await browser.submitForm(
      formAction(page.html, page.url, '/login'),
      { email: DEMO_EMAIL },
      leftTheCallback(rig),
    );
    expect(landed.url.href).toBe(`${rig.gatewayUrl}/gallery?page=2`);
    expect(browser.cookie(rig.host, 'kadr_session')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(browser.cookie(rig.host, 'kadr_csrf')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.cookie(rig.host, 'kadr_login')).toBeUndefined();

    const answer = await sessionAnswer(browser, rig);
    expect(answer).toEqual({
      authenticated: true,
      user: { id: expect.any(String), email: DEMO_EMAIL, name: 'Demo User', roles: ['user'], permissions: [] },
      expiresAt: expect.any(String),
    });
    const hours = (Date.parse(answer.expiresAt as string) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7 * 24 - 1);
    expect(hours).toBeLessThanOrEqual(7 * 24);

    const me = await browser.request(`${rig.gatewayUrl}/bff/platform/api/auth/me`);
    expect(me.status).toBe(200);
    const { data } = (await me.json()) as { data: Record<string, unknown> };
    expect(data).toEqual({
      id: (answer.user as { id: string }).id,
      email: DEMO_EMAIL,
      name: 'Demo User',
      roles: ['user'],
      permissions: [],
      tenantId: null,
    });
    // Exactly what the OpenAPI document's CurrentUser schema allows (issue 13, finding 6).
    expect(() => CurrentUserAnswerSchema.strict().parse({ data })).not.toThrow();
    const stored = await rig.users.findById(data.id as string);
    expect(stored).toMatchObject({
      issuer: rig.provider.issuer,
      email: DEMO_EMAIL,
      emailVerified: true,
      tenantId: null,
    });
  });

  it('sets the cookies with the right attributes (HttpOnly session, readable CSRF, Lax, not Secure on http loopback)', async () => {
    const browser = new TestBrowser();
    const page = await openSignInPage(browser, rig);
    const submitted = await browser.request(formAction(page.html, page.url, '/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=${encodeURIComponent(DEMO_EMAIL)}`,
    });
    const toProvider = await browser.follow(new URL(submitted.headers.get('location')!, page.url), (url) =>
      url.href.startsWith(`${rig.gatewayUrl}/auth/callback`),
    );
    const callback = await browser.request(toProvider.url);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/dashboard');
    const setCookies = callback.headers.getSetCookie();
    const session = setCookies.find((c) => c.startsWith('kadr_session=') && !c.startsWith('kadr_session=;'))!;
    const csrf = setCookies.find((c) => c.startsWith('kadr_csrf=') && !c.startsWith('kadr_csrf=;'))!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
    expect(session).not.toMatch(/; Secure/);
    expect(csrf).not.toMatch(/HttpOnly/);
    expect(csrf).toMatch(/; SameSite=Lax/);
  });

  it('gives the administrator (verified ADMIN_EMAIL) the admin role and permissions', async () => {
    const browser = new TestBrowser();
    await signInThroughProvider(browser, rig, ADMIN_EMAIL);
    expect(await sessionAnswer(browser, rig)).toMatchObject({
      authenticated: true,
      user: { email: ADMIN_EMAIL, roles: ['user', 'admin'], permissions: ['admin:users', 'admin:jobs', 'admin:logs'] },
    });
    const admin = await browser.request(`${rig.gatewayUrl}/bff/platform/admin/users`);
    expect(admin.status).toBe(200);
  });

  it('matches ADMIN_EMAIL case-insensitively', async () => {
    const browser = new TestBrowser();
    await signInThroughProvider(browser, rig, 'Admin@KADR.local');
    expect(await sessionAnswer(browser, rig)).toMatchObject({ user: { roles: ['user', 'admin'] } });
  });

  it('accepts any e-mail, and re-shows the form with an error for something that is not one', async () => {
    const browser = new TestBrowser();
    const page = await openSignInPage(browser, rig);
    const bad = await browser.request(formAction(page.html, page.url, '/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=not-an-email',
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('aria-invalid="true"');

    await signInThroughProvider(browser, rig, 'someone.new@example.org');
    expect(await sessionAnswer(browser, rig)).toMatchObject({
      authenticated: true,
      user: { email: 'someone.new@example.org', name: 'someone.new', roles: ['user'] },
    });
  });

  it('rotates the session at sign-in: the previous session id stops working', async () => {
    const browser = new TestBrowser();
    await signInThroughProvider(browser, rig, DEMO_EMAIL);
    const first = browser.cookie(rig.host, 'kadr_session')!;
    await signInThroughProvider(browser, rig, DEMO_EMAIL);
    const second = browser.cookie(rig.host, 'kadr_session')!;
    expect(second).not.toBe(first);

    const stale = new TestBrowser();
    stale.setCookie(rig.host, 'kadr_session', first);
    expect(await sessionAnswer(stale, rig)).toEqual({ authenticated: false });
    expect((await stale.request(`${rig.gatewayUrl}/bff/platform/api/auth/me`)).status).toBe(401);
    // The stale cookie is cleared.
    expect(stale.cookie(rig.host, 'kadr_session')).toBeUndefined();
    expect(await sessionAnswer(browser, rig)).toMatchObject({ authenticated: true });
  });

  it.each([
    ['//evil.example'],
    ['https://evil.example'],
    ['/\\evil'],
    ['%2F%2Fevil.example'],
    ['/%2F%2Fevil.example'],
    ['/%5Cevil.example'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['http:/evil.example'],
    // Issue 13, finding 2: one slash as given, two once the browser resolves the dot segments.
    ['/.//evil.example/phish'],
    ['/..//evil.example'],
    ['/a/..//evil.example'],
    ['/%2e//evil.example'],
  ])('sends an open-redirect attempt (returnTo=%j) to /dashboard', async (returnTo) => {
    const browser = new TestBrowser();
    const landed = await signInThroughProvider(browser, rig, DEMO_EMAIL, returnTo);
    expect(landed.href).toBe(`${rig.gatewayUrl}/dashboard`);
  });

  it('signs out: CSRF-checked, session destroyed server-side, cookies cleared', async () => {
    const browser = new TestBrowser();
    await signInThroughProvider(browser, rig, DEMO_EMAIL);
    const sessionId = browser.cookie(rig.host, 'kadr_session')!;

    const withoutToken = await browser.request(`${rig.gatewayUrl}/auth/logout`, {
      method: 'POST',
      headers: { origin: rig.gatewayUrl },
    });
    expect(withoutToken.status).toBe(403);
    expect(withoutToken.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(await withoutToken.json()).toMatchObject({
      type: '/problems/forbidden',
      detail: expect.stringMatching(/CSRF/),
    });
    expect(await sessionAnswer(browser, rig)).toMatchObject({ authenticated: true });

    const signedOut = await browser.request(`${rig.gatewayUrl}/auth/logout`, {
      method: 'POST',
      headers: webAppHeaders(browser, rig),
    });
    expect(signedOut.status).toBe(200);
    expect(await signedOut.json()).toEqual({ ok: true, redirectTo: '/' });
    expect(browser.cookie(rig.host, 'kadr_session')).toBeUndefined();
    expect(browser.cookie(rig.host, 'kadr_csrf')).toBeUndefined();
    expect(await sessionAnswer(browser, rig)).toEqual({ authenticated: false });

    // Destroyed server-side: replaying the old cookie does not bring it back.
    const replay = new TestBrowser();
    replay.setCookie(rig.host, 'kadr_session', sessionId);
    expect(await sessionAnswer(replay, rig)).toEqual({ authenticated: false });
    // Signing out again without a session is harmless.
    expect((await browser.request(`${rig.gatewayUrl}/auth/logout`, { method: 'POST' })).status).toBe(200);
  });

  it('after signing out, the sign-in page is shown again so someone else (the administrator) can sign in', async () => {
    const browser = new TestBrowser();
    await signInThroughProvider(browser, rig, DEMO_EMAIL);
    await browser.request(`${rig.gatewayUrl}/auth/logout`, { method: 'POST', headers: webAppHeaders(browser, rig) });
    await signInThroughProvider(browser, rig, ADMIN_EMAIL);
    expect(await sessionAnswer(browser, rig)).toMatchObject({ user: { email: ADMIN_EMAIL, roles: ['user', 'admin'] } });
  });

  it('publishes user.registered once for two sign-ins of the same person', async () => {
    const received = await collectRegistrations(rig);
    const email = `twice-${Date.now()}@example.org`;
    await signInThroughProvider(new TestBrowser(), rig, email);
    await signInThroughProvider(new TestBrowser(), rig, email);
    await until(
      () => received.some((m) => decodeEventOn('user.registered', m.value).payload.value.email === email),
      'the event',
    );
    // Give a duplicate every chance to show up: relay passes run on every write and every second.
    await rig.gateway.relay.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const mine = received.filter((m) => decodeEventOn('user.registered', m.value).payload.value.email === email);
    expect(mine).toHaveLength(1);
    const event = decodeEventOn('user.registered', mine[0]!.value);
    expect(event.payload.value).toMatchObject({
      email,
      issuer: rig.provider.issuer,
      subject: expect.stringMatching(/^dev-/),
      preferredLanguage: 'pl',
    });
    expect(mine[0]!.key).toBe(event.payload.value.userId);
    expect(mine[0]!.headers['event-id']).toBe(event.eventId);
    expect(event.producer).toBe('auth-gateway');
    const user = await rig.users.findById(event.payload.value.userId);
    expect(user?.outbox).toEqual([]);
  });

  describe('sign-in errors land on /login?error=…, never a 500', () => {
    it('cancel at the provider → access_denied', async () => {
      const browser = new TestBrowser();
      const page = await openSignInPage(browser, rig);
      const landed = await browser.submitForm(formAction(page.html, page.url, '/abort'), {}, leftTheCallback(rig));
      expect(landed.url.href).toBe(`${rig.gatewayUrl}/login?error=access_denied`);
      expect(await sessionAnswer(browser, rig)).toEqual({ authenticated: false });
    });

    it('a callback without a pending sign-in → login_expired', async () => {
      const browser = new TestBrowser();
      const response = await browser.request(`${rig.gatewayUrl}/auth/callback?code=abc&state=xyz`);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/login?error=login_expired');
    });

    it('a state that does not match the pending sign-in → invalid_state (and the transaction is used up)', async () => {
      const browser = new TestBrowser();
      const page = await openSignInPage(browser, rig);
      const submitted = await browser.request(formAction(page.html, page.url, '/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `email=${encodeURIComponent(DEMO_EMAIL)}`,
      });
      const atCallback = await browser.follow(new URL(submitted.headers.get('location')!, page.url), (url) =>
        url.href.startsWith(`${rig.gatewayUrl}/auth/callback`),
      );
      const forged = new URL(atCallback.url);
      forged.searchParams.set('state', 'forged-state');
      const loginCookie = browser.cookie(rig.host, 'kadr_login')!;
      const response = await browser.request(forged);
      expect(response.headers.get('location')).toBe('/login?error=invalid_state');
      // Replaying the real callback afterwards fails too: a login transaction is single-use.
      browser.setCookie(rig.host, 'kadr_login', loginCookie);
      const replay = await browser.request(atCallback.url);
      expect(replay.headers.get('location')).toBe('/login?error=login_expired');
      expect(await sessionAnswer(browser, rig)).toEqual({ authenticated: false });
    });

    it('a code used twice → the second callback fails without a session', async () => {
      const sessionsCreated = () => metricValue(rig.metrics.registry, 'gateway_sessions_created_total');
      const before = await sessionsCreated();
      const browser = new TestBrowser();
      const page = await openSignInPage(browser, rig);
      const submitted = await browser.request(formAction(page.html, page.url, '/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `email=${encodeURIComponent(DEMO_EMAIL)}`,
      });
      const atCallback = await browser.follow(new URL(submitted.headers.get('location')!, page.url), (url) =>
        url.href.startsWith(`${rig.gatewayUrl}/auth/callback`),
      );
      const loginCookie = browser.cookie(rig.host, 'kadr_login')!;
      expect((await browser.request(atCallback.url)).headers.get('location')).toBe('/dashboard');
      expect(await sessionsCreated()).toBe(before + 1);
      const attacker = new TestBrowser();
      attacker.setCookie(rig.host, 'kadr_login', loginCookie);
      const again = await attacker.request(atCallback.url);
      expect(again.headers.get('location')).toMatch(/^\/login\?error=/);
      expect(attacker.cookie(rig.host, 'kadr_session')).toBeUndefined();
      expect(await sessionsCreated()).toBe(before + 1);
    });
  });
});

describe('sign-in when the provider cannot be reached', () => {
  let rig: IdentityRig;
  beforeAll(async () => {
    rig = await startIdentityRig({ issuerOverride: 'http://127.0.0.1:9/unreachable' });
  });
  afterAll(async () => {
    await rig.close();
  });

  it('sends the browser to /login?error=provider_unavailable', async () => {
    const response = await new TestBrowser().request(`${rig.gatewayUrl}/auth/login?returnTo=/gallery`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?error=provider_unavailable');
  });
});
