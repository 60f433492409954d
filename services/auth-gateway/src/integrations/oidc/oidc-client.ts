import * as client from 'openid-client';
import type { Logger } from '@kadr/telemetry';
import type { VerifiedIdentity } from '../../domain/identity/user';
import { SignInFailure } from './sign-in-failure';

export interface OidcClientOptions {
  /** OIDC_ISSUER_URL: any standards-compliant issuer (discovered through its well-known document). */
  issuerUrl: string;
  clientId: string;
  /** Confidential clients authenticate with `client_secret_post`; public clients rely on PKCE alone. */
  clientSecret?: string;
  /** `<PUBLIC_URL>/auth/callback`, registered at the provider. */
  redirectUri: string;
  /** Space-separated, e.g. `openid email profile`. */
  scopes: string;
  /** Plain-http issuers are accepted only when true (development: the local identity provider). */
  allowInsecureIssuer: boolean;
  /** Time-out of each request to the provider, in seconds. Default 10. */
  timeoutSeconds?: number;
}

/** What `/auth/callback` must check the provider's answer against (kept server-side meanwhile). */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface StartedSignIn {
  authorizationUrl: URL;
  checks: SignInChecks;
}

/** The sign-in half of OpenID Connect: authorization code flow with PKCE (S256), state and nonce. */
export interface OidcSignInClient {
  begin(): Promise<StartedSignIn>;
  /** Exchanges the code from the callback URL and verifies the ID token; throws `SignInFailure`. */
  complete(callbackUrl: URL, checks: SignInChecks): Promise<VerifiedIdentity>;
}

function isNetworkFailure(error: unknown): boolean {
  // fetch rejects with a TypeError ("fetch failed") or an abort/timeout DOMException. Names, not
  // `instanceof`: the error may come from another realm (Node's fetch under a test sandbox).
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
  return (
    name === 'TypeError' ||
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    (error instanceof client.ClientError && error.code === 'OAUTH_TIMEOUT')
  );
}

function asFailure(error: unknown, during: string): SignInFailure {
  if (error instanceof SignInFailure) return error;
  if (error instanceof client.AuthorizationResponseError) {
    return new SignInFailure(
      error.error === 'access_denied' ? 'access_denied' : 'provider_error',
      `the provider answered ${error.error}`,
      { cause: error },
    );
  }
  if (isNetworkFailure(error)) {
    return new SignInFailure('provider_unavailable', `the identity provider could not be reached (${during})`, {
      cause: error,
    });
  }
  if (error instanceof client.ResponseBodyError) {
    return new SignInFailure('sign_in_failed', `the provider refused the ${during}: ${error.error}`, { cause: error });
  }
  return new SignInFailure('invalid_state', `the provider's answer did not verify (${during})`, { cause: error });
}

const stringClaim = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The identity from the ID token, completed from the userinfo endpoint when the ID token lacks the e-mail. */
async function identityFrom(
  config: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<VerifiedIdentity> {
  const idToken = tokens.claims();
  if (!idToken) throw new SignInFailure('invalid_state', 'the provider returned no ID token');
  let claims: Record<string, unknown> = { ...idToken };
  // Providers that follow OIDC Core §5.4 strictly return scope claims only from userinfo for the code flow.
  if (stringClaim(claims.email) === undefined) {
    const userInfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
    claims = { ...userInfo, ...claims, email: userInfo.email, email_verified: userInfo.email_verified };
  }
  const email = stringClaim(claims.email)?.trim();
  if (!email) throw new SignInFailure('email_required', 'the provider did not share an e-mail address');
  const locale = stringClaim(claims.locale);
  return {
    issuer: idToken.iss,
    subject: idToken.sub,
    email,
    // Only an explicit `true` counts (some providers send the string "true").
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name:
      stringClaim(claims.name) ??
      [claims.given_name, claims.family_name].filter((p) => typeof p === 'string').join(' '),
    ...(locale ? { locale } : {}),
  };
}

/**
 * openid-client 6 behind our small interface. The issuer's metadata is discovered on first use
 * (so the gateway starts while the provider is still starting) and cached; a failed discovery
 * is retried on the next sign-in.
 */
export function createOidcSignInClient(options: OidcClientOptions): OidcSignInClient {
  let discovered: Promise<client.Configuration> | undefined;

  const configuration = (): Promise<client.Configuration> => {
    discovered ??= client
      .discovery(
        new URL(options.issuerUrl),
        options.clientId,
        options.clientSecret,
        options.clientSecret ? client.ClientSecretPost(options.clientSecret) : client.None(),
        {
          timeout: options.timeoutSeconds ?? 10,
          ...(options.allowInsecureIssuer ? { execute: [client.allowInsecureRequests] } : {}),
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        // Unreachable, or not an issuer we can use (bad metadata, issuer mismatch): either way, not now.
        throw new SignInFailure('provider_unavailable', 'the identity provider could not be discovered', {
          cause: error,
        });
      });
    return discovered;
  };

  return {
    async begin() {
      const config = await configuration();
      const checks: SignInChecks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const authorizationUrl = client.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: options.scopes,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      });
      return { authorizationUrl, checks };
    },

    async complete(callbackUrl, checks) {
      const config = await configuration();
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        return await identityFrom(config, tokens);
      } catch (error) {
        throw asFailure(error, 'code exchange');
      }
    },
  };
}

/** The OIDC_* settings (the gateway's config). */
export interface OidcEnvironment {
  OIDC_ISSUER_URL?: string;
  OIDC_CLIENT_ID: string;
  OIDC_CLIENT_SECRET?: string;
  OIDC_SCOPES: string;
  PUBLIC_URL: string;
  NODE_ENV: string;
}

/**
 * The client OIDC_ISSUER_URL names, redirecting to `<PUBLIC_URL>/auth/callback`; undefined (and a
 * warning) when it is unset: `/auth/login` then answers provider_unavailable.
 */
export function oidcSignInClientOf(
  config: OidcEnvironment,
  logger: Pick<Logger, 'warn'>,
): OidcSignInClient | undefined {
  if (!config.OIDC_ISSUER_URL) {
    logger.warn('OIDC_ISSUER_URL is not set: sign-in is unavailable (/auth/login answers provider_unavailable)');
    return undefined;
  }
  return createOidcSignInClient({
    issuerUrl: config.OIDC_ISSUER_URL,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    redirectUri: new URL('/auth/callback', config.PUBLIC_URL).href,
    scopes: config.OIDC_SCOPES,
    allowInsecureIssuer: config.NODE_ENV !== 'production',
  });
}
