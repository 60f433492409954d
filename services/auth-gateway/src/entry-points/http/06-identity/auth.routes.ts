import { Router, type Request, type Response } from 'express';
import { currentTraceContext, type Logger } from '@kadr/telemetry';
import type { LoginTransactionStore } from '../../../data-access/login-transactions/login-transaction-store';
import type { SessionStore } from '../../../data-access/sessions/session-store';
import { permissionsFor } from '../../../domain/identity/roles';
import { safeReturnTo } from '../../../domain/identity/return-to';
import type { SignIn } from '../../../domain/identity/sign-in';
import type { User } from '../../../domain/identity/user';
import type { OidcSignInClient } from '../../../integrations/oidc/oidc-client';
import { SignInFailure, type SignInFailureCode } from '../../../integrations/oidc/sign-in-failure';
import {
  clearLoginCookie,
  clearSessionCookies,
  CSRF_COOKIE,
  LOGIN_COOKIE,
  readCookie,
  SESSION_COOKIE,
  setCsrfCookie,
  setLoginCookie,
  setSessionCookies,
  type CookiePolicy,
} from '../03-session/cookies';
import { sessionOf, type SessionUser } from '../03-session/request-context';
import type { GatewayMetrics } from '../../metrics/gateway-metrics';

export interface AuthRoutesDeps {
  /** Undefined when no issuer is configured: sign-in then answers `provider_unavailable`. */
  oidc: OidcSignInClient | undefined;
  loginTransactions: LoginTransactionStore;
  sessions: SessionStore;
  signIn: SignIn;
  cookies: CookiePolicy;
  /** PUBLIC_URL: the callback URL the provider redirected to is rebuilt on it. */
  publicUrl: string;
  logger: Logger;
  metrics: Pick<GatewayMetrics, 'sessionCreated'>;
}

/** Where the web app shows a failed sign-in. */
const loginErrorPath = (code: SignInFailureCode) => `/login?error=${code}`;

const snapshotOf = (user: User): SessionUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  roles: [...user.roles],
  permissions: permissionsFor(user.roles),
  tenantId: user.tenantId,
});

const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

/**
 * `/auth/*`: sign-in with the OIDC provider (authorization code + PKCE + state + nonce),
 * sign-out, and the session the web app asks about on load.
 */
export function authRoutes(deps: AuthRoutesDeps): Router {
  const { oidc, loginTransactions, sessions, signIn, cookies, publicUrl, logger, metrics } = deps;
  const router = Router();

  const failSignIn = (res: Response, failure: SignInFailure) => {
    logger.warn({ reason: failure.code, err: failure.cause ?? failure }, `sign-in failed: ${failure.message}`);
    clearLoginCookie(res, cookies);
    noStore(res).redirect(302, loginErrorPath(failure.code));
  };

  router.get('/auth/login', async (req: Request, res: Response) => {
    const returnTo = safeReturnTo(req.query.returnTo);
    if (!oidc) {
      failSignIn(
        res,
        new SignInFailure('provider_unavailable', 'no identity provider is configured (OIDC_ISSUER_URL)'),
      );
      return;
    }
    try {
      const { authorizationUrl, checks } = await oidc.begin();
      const transactionId = await loginTransactions.begin({ ...checks, returnTo });
      setLoginCookie(res, cookies, transactionId);
      noStore(res).redirect(302, authorizationUrl.href);
    } catch (error) {
      if (error instanceof SignInFailure) failSignIn(res, error);
      else throw error;
    }
  });

  router.get('/auth/callback', async (req: Request, res: Response) => {
    const transactionId = readCookie(req, LOGIN_COOKIE);
    const transaction = transactionId ? await loginTransactions.take(transactionId) : null;
    const providerError = req.query.error;
    if (typeof providerError === 'string') {
      const code = providerError === 'access_denied' ? 'access_denied' : 'provider_error';
      failSignIn(res, new SignInFailure(code, `the provider answered ${providerError}`));
      return;
    }
    if (!transaction || !oidc) {
      failSignIn(res, new SignInFailure('login_expired', 'no pending sign-in for this browser'));
      return;
    }
    if (req.query.state !== transaction.state) {
      failSignIn(res, new SignInFailure('invalid_state', 'the state does not match the pending sign-in'));
      return;
    }
    try {
      const identity = await oidc.complete(new URL(req.originalUrl, publicUrl), transaction);
      const correlationId = res.locals.correlationId as string;
      const user = await signIn(identity, { correlationId, ...currentTraceContext() });

      // Rotation: whatever session this browser had ends; the signed-in one gets a new id.
      const previous = readCookie(req, SESSION_COOKIE);
      if (previous) await sessions.destroy(previous);
      const session = await sessions.create(snapshotOf(user));
      metrics.sessionCreated();

      clearLoginCookie(res, cookies);
      setSessionCookies(res, cookies, session);
      logger.info({ userId: user.id }, 'signed in');
      noStore(res).redirect(302, transaction.returnTo);
    } catch (error) {
      if (error instanceof SignInFailure) {
        failSignIn(res, error);
        return;
      }
      logger.error({ err: error }, 'sign-in failed unexpectedly');
      failSignIn(res, new SignInFailure('sign_in_failed', 'the sign-in could not be completed', { cause: error }));
    }
  });

  // CSRF-checked (csrf.middleware.ts) when there is a session to end.
  router.post('/auth/logout', async (_req: Request, res: Response) => {
    const session = sessionOf(res);
    if (session) await sessions.destroy(session.id);
    clearSessionCookies(res, cookies);
    noStore(res).status(200).json({ ok: true, redirectTo: '/' });
  });

  router.get('/auth/session', (req: Request, res: Response) => {
    noStore(res);
    const session = sessionOf(res);
    if (!session) {
      res.json({ authenticated: false });
      return;
    }
    // Give the CSRF cookie back if the browser lost it (it can only be read, never derived).
    if (readCookie(req, CSRF_COOKIE) !== session.csrfToken) setCsrfCookie(res, cookies, session.csrfToken);
    const { id, email, name, roles, permissions } = session.user;
    res.json({ authenticated: true, user: { id, email, name, roles, permissions }, expiresAt: session.expiresAt });
  });

  return router;
}
