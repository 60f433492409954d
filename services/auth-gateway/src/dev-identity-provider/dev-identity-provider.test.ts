import { generateKeyPairSync } from 'node:crypto';
import { startDevIdentityProvider, type RunningDevIdentityProvider } from '.';

const REDIRECT_URI = 'http://127.0.0.1:8080/auth/callback';
const options = {
  port: 0,
  host: '127.0.0.1',
  clients: [{ client_id: 'kadr-web', redirect_uris: [REDIRECT_URI] }],
  accounts: [{ email: 'demo@kadr.local', name: 'Demo User' }],
  adminEmail: 'boss@kadr.local',
};

function authorizationUrl(issuer: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    client_id: 'kadr-web',
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'state-1',
    nonce: 'nonce-1',
    ...extra,
  });
  return `${issuer}/auth?${params.toString()}`;
}

describe('development identity provider', () => {
  let provider: RunningDevIdentityProvider;
  beforeAll(async () => {
    provider = await startDevIdentityProvider(options);
  });
  afterAll(async () => {
    await provider.stop();
  });

  it('publishes OpenID discovery metadata for its issuer: code flow, S256 PKCE, our claims', async () => {
    expect(provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: provider.issuer,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    });
    expect(metadata.claims_supported).toEqual(expect.arrayContaining(['sub', 'email', 'email_verified', 'name']));
  });

  it('requires PKCE', async () => {
    const response = await fetch(authorizationUrl(provider.issuer), { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('shows an accessible, self-contained sign-in page listing the demo user and the administrator', async () => {
    const start = await fetch(
      authorizationUrl(provider.issuer, {
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    );
    const interaction = new URL(start.headers.get('location')!, provider.issuer);
    expect(interaction.pathname).toMatch(/^\/interaction\//);
    const cookies = start.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await fetch(interaction, { headers: { cookie: cookies } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<button type="submit" name="email" value="demo@kadr.local">Demo User');
    // The administrator is listed even though only the demo user was passed in.
    expect(html).toContain('<button type="submit" name="email" value="boss@kadr.local">Administrator');
    expect(html).toMatch(/<label for="email">E-mail<\/label>\s*<input id="email" name="email" type="email"/);
    expect(html).toContain('Any e-mail works in development.');
    // Nothing loaded from elsewhere: no scripts, stylesheets, images or fonts.
    expect(html).not.toMatch(/<script|<link|<img|src=|url\(/i);
  });

  it('answers an unknown interaction with its error page, not a crash', async () => {
    const response = await fetch(`${provider.issuer}/interaction/unknown-uid`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await response.text()).toContain('Sign-in could not continue');
  });
});

describe('development identity provider options', () => {
  const originalEnv = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = originalEnv;
  });

  it('refuses to start with NODE_ENV=production', async () => {
    process.env.NODE_ENV = 'production';
    await expect(startDevIdentityProvider(options)).rejects.toThrow(/NODE_ENV=production/);
  });

  it('serves the issuer under a path when asked', async () => {
    const provider = await startDevIdentityProvider({ ...options, issuerPath: '/oidc' });
    try {
      expect(provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oidc$/);
      const metadata = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as Record<
        string,
        string
      >;
      expect(metadata.issuer).toBe(provider.issuer);
      expect(metadata.authorization_endpoint).toBe(`${provider.issuer}/auth`);
    } finally {
      await provider.stop();
    }
  });

  it('signs with the key it is given (npm start generates it while the services load)', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const provider = await startDevIdentityProvider({ ...options, signingKey: Promise.resolve(privateKey) });
    try {
      const metadata = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as {
        jwks_uri: string;
      };
      const { keys } = (await (await fetch(metadata.jwks_uri)).json()) as { keys: { n: string }[] };
      expect(keys.map((key) => key.n)).toEqual([publicKey.export({ format: 'jwk' }).n]);
    } finally {
      await provider.stop();
    }
  });
});
