import { gatewayConfigSchema } from '../../src/config';
import { startDevIdentityProvider, type RunningDevIdentityProvider } from '../../src/dev-identity-provider';
import { startAuthGateway, type RunningGateway } from '../../src/service';
import { TestBrowser, formAction } from './helpers/browser';
import { TEST_SECRET } from './helpers/identity-rig';
import { freePort } from '@kadr/tooling/test-helpers';

/**
 * The composition as the embedded launcher runs it: `startAuthGateway` (memory adapters, the real
 * request pipeline) behind the development provider — a person signs in as the demo user, sees
 * `/auth/session` say so, signs out, and signs in as the administrator.
 */
describe('embedded composition: sign in, sign out, sign in as the administrator', () => {
  let provider: RunningDevIdentityProvider;
  let gateway: RunningGateway;
  let gatewayUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    gatewayUrl = `http://127.0.0.1:${port}`;
    provider = await startDevIdentityProvider({
      port: 0,
      host: '127.0.0.1',
      clients: [{ client_id: 'kadr-web', redirect_uris: [`${gatewayUrl}/auth/callback`] }],
      accounts: [{ email: 'demo@kadr.local', name: 'Demo User' }],
      adminEmail: 'admin@kadr.local',
    });
    const config = gatewayConfigSchema.parse({
      NODE_ENV: 'test',
      INTERNAL_TOKEN_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      PORT: String(port),
      PUBLIC_URL: gatewayUrl,
      OIDC_ISSUER_URL: provider.issuer,
      // Memory adapters whatever the environment says (real-server runs export these).
      REDIS_URL: undefined,
      MONGODB_URI: undefined,
      KAFKA_BROKERS: undefined,
    });
    gateway = await startAuthGateway(config, { defaultMetrics: false });
  });
  afterAll(async () => {
    await gateway?.stop();
    await provider?.stop();
  });

  async function signIn(browser: TestBrowser, email: string): Promise<URL> {
    const page = await browser.follow(`${gatewayUrl}/auth/login?returnTo=/generate`);
    const html = await page.response!.text();
    const landed = await browser.submitForm(
      formAction(html, page.url, '/login'),
      { email },
      (url) => url.origin === gatewayUrl && !url.pathname.startsWith('/auth/'),
    );
    return landed.url;
  }

  it('works end to end through the real pipeline', async () => {
    const browser = new TestBrowser();
    expect(await (await browser.request(`${gatewayUrl}/auth/session`)).json()).toEqual({ authenticated: false });
    expect((await browser.request(`${gatewayUrl}/bff/platform/api/auth/me`)).status).toBe(401);

    expect((await signIn(browser, 'demo@kadr.local')).href).toBe(`${gatewayUrl}/generate`);
    expect(await (await browser.request(`${gatewayUrl}/auth/session`)).json()).toMatchObject({
      authenticated: true,
      user: { email: 'demo@kadr.local', roles: ['user'] },
    });
    const me = await browser.request(`${gatewayUrl}/bff/platform/api/auth/me`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ data: { email: 'demo@kadr.local', tenantId: null } });
    expect(me.headers.get('x-correlation-id')).toBeTruthy();
    expect(me.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(me.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    // A non-admin is refused by the gateway before any service is asked.
    expect((await browser.request(`${gatewayUrl}/bff/platform/admin/users`)).status).toBe(403);

    const csrf = browser.cookie('127.0.0.1', 'kadr_csrf')!;
    const out = await browser.request(`${gatewayUrl}/auth/logout`, {
      method: 'POST',
      headers: { 'x-csrf-token': csrf, origin: gatewayUrl },
    });
    expect(out.status).toBe(200);
    expect(await (await browser.request(`${gatewayUrl}/auth/session`)).json()).toEqual({ authenticated: false });

    await signIn(browser, 'admin@kadr.local');
    expect(await (await browser.request(`${gatewayUrl}/auth/session`)).json()).toMatchObject({
      authenticated: true,
      user: { email: 'admin@kadr.local', roles: ['user', 'admin'] },
    });
  });
});
