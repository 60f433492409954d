import { cookiePolicyOf } from '../../src/entry-points/http/03-session/cookies';
import { sessionPolicyOf } from '../../src/domain/sessions/session';
import { oidcSignInClientOf } from '../../src/integrations/oidc/oidc-client';

const lifetimes = { sessionMaxAgeMs: 3_600_000, loginMaxAgeMs: 600_000 };

function warnings() {
  const said: string[] = [];
  return { said, logger: { warn: (message: string) => void said.push(message) } };
}

describe('cookiePolicyOf', () => {
  it('makes cookies Secure behind https, without a warning', () => {
    const { said, logger } = warnings();
    const policy = cookiePolicyOf({ PUBLIC_URL: 'https://kadr.example', SECURE_COOKIES: true }, lifetimes, logger);
    expect(policy).toEqual({ secure: true, ...lifetimes });
    expect(said).toEqual([]);
  });

  it('drops Secure on plain-http loopback (local development), without a warning', () => {
    const { said, logger } = warnings();
    const policy = cookiePolicyOf({ PUBLIC_URL: 'http://127.0.0.1:8080', SECURE_COOKIES: true }, lifetimes, logger);
    expect(policy.secure).toBe(false);
    expect(said).toEqual([]);
  });

  it('warns when SECURE_COOKIES=false behind https', () => {
    const { said, logger } = warnings();
    const policy = cookiePolicyOf({ PUBLIC_URL: 'https://kadr.example', SECURE_COOKIES: false }, lifetimes, logger);
    expect(policy.secure).toBe(false);
    expect(said).toEqual([expect.stringContaining('SECURE_COOKIES=false with an https PUBLIC_URL')]);
  });

  it('warns when Secure cookies would be set over plain http on a real host (browsers drop them)', () => {
    const { said, logger } = warnings();
    const policy = cookiePolicyOf({ PUBLIC_URL: 'http://kadr.example', SECURE_COOKIES: true }, lifetimes, logger);
    expect(policy.secure).toBe(true);
    expect(said).toEqual([expect.stringContaining('browsers will drop them')]);
  });
});

describe('sessionPolicyOf', () => {
  it('turns SESSION_IDLE_TTL_MINUTES and SESSION_ABSOLUTE_TTL_HOURS into milliseconds', () => {
    expect(sessionPolicyOf({ SESSION_IDLE_TTL_MINUTES: 30, SESSION_ABSOLUTE_TTL_HOURS: 12 })).toEqual({
      idleTtlMs: 1_800_000,
      absoluteTtlMs: 43_200_000,
    });
  });
});

describe('oidcSignInClientOf', () => {
  const config = {
    OIDC_CLIENT_ID: 'kadr-web',
    OIDC_SCOPES: 'openid email profile',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    NODE_ENV: 'test',
  };

  it('is undefined, with a warning naming OIDC_ISSUER_URL, when the issuer is unset', () => {
    const { said, logger } = warnings();
    expect(oidcSignInClientOf(config, logger)).toBeUndefined();
    expect(said).toEqual([expect.stringContaining('OIDC_ISSUER_URL is not set')]);
  });

  it('builds a client (discovery waits for the first sign-in) when the issuer is set', () => {
    const { said, logger } = warnings();
    const client = oidcSignInClientOf({ ...config, OIDC_ISSUER_URL: 'http://127.0.0.1:1/issuer' }, logger);
    expect(client).toBeDefined();
    expect(said).toEqual([]);
  });
});
