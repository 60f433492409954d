import { Router, type RequestHandler } from 'express';
import { createHttpApp, type CreateAppOptions, type HttpApp, type ReadinessCheck } from '@kadr/http-kit';
import { webAppCspDirectives } from '@kadr/contracts';
import type { Logger, ServiceMetrics } from '@kadr/telemetry';
import type { LoginTransactionStore } from '../../data-access/login-transactions/login-transaction-store';
import type { SessionStore } from '../../data-access/sessions/session-store';
import type { UserRepository } from '../../data-access/users/user.repository';
import type { SignIn } from '../../domain/identity/sign-in';
import type { OidcSignInClient } from '../../integrations/oidc/oidc-client';
import { ADMIN_PREFIX, rejectAmbiguousPaths, requireAdmin, requireSession } from './05-guards/access.middleware';
import { authRoutes } from './06-identity/auth.routes';
import type { CookiePolicy } from './03-session/cookies';
import { rejectCrossSiteOrigin, requireCsrfToken } from './05-guards/csrf.middleware';
import { meRoutes } from './06-identity/me.routes';
import { loadSession } from './03-session/session.middleware';
import { gatewayMetricsOf } from '../metrics/gateway-metrics';

/** The identity half: sign-in, sessions, CSRF and the guards. */
export interface IdentityDeps {
  oidc: OidcSignInClient | undefined;
  sessions: SessionStore;
  loginTransactions: LoginTransactionStore;
  users: UserRepository;
  signIn: SignIn;
  cookies: CookiePolicy;
  /** PUBLIC_URL. */
  publicUrl: string;
}

/**
 * Where the request pipeline (rate limits, idempotency, proxying, user summary, OpenAPI, static
 * web app) plugs in. Every `/bff` request reaches `routes` with a session (or on a public route),
 * a checked CSRF token and, under `/bff/platform/admin`, the administrator.
 */
export interface PipelineMounts {
  /** Before sessions and every browser guard: server-to-server callbacks that authenticate themselves (Tpay). */
  beforeSession?: Router[];
  /** After the session is loaded (`res.locals.session`), before any guard: e.g. rate limits per user or IP. */
  afterSession?: RequestHandler[];
  /** Routes that need parsed JSON bodies: e.g. the user summary, the OpenAPI document, the static web app. */
  routes?: Router[];
}

export interface GatewayAppDeps {
  logger: Logger;
  metrics: ServiceMetrics;
  identity: IdentityDeps;
  pipeline?: PipelineMounts;
  /** The live channel (`GET /bff/sse/jobs`): after the guards, before the pipeline's buffering and proxying. */
  live?: Router;
  readinessChecks?: ReadinessCheck[];
}

/**
 * The Content-Security-Policy for the web app the gateway serves (`@kadr/contracts`, the one source
 * nginx's headers are generated from too). Upgrading insecure requests only when the product itself
 * is served over https — on plain-http local development it would send the browser to an https
 * port nobody listens on.
 */
export function webAppContentSecurityPolicy(publicUrl: string): Record<string, string[]> {
  return webAppCspDirectives(new URL(publicUrl).protocol === 'https:');
}

/**
 * helmet's options for the gateway: the web app's CSP, and an `X-Frame-Options` that says the
 * same as its `frame-ancestors 'none'` (DENY, not helmet's default SAMEORIGIN) for browsers that
 * only know the older header (issue 13: the two contradicted each other).
 */
export function webAppHelmetOptions(publicUrl: string): NonNullable<CreateAppOptions['helmet']> {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: webAppContentSecurityPolicy(publicUrl) },
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The gateway's express app. Order of a request: platform middleware (helmet, correlation id,
 * logs, health) → session → pipeline `afterSession` → `/bff` and `/auth` guards (same-site
 * Origin, unambiguous path, session, CSRF token, administrator) → JSON body → `/auth/*`,
 * `/bff/platform/api/auth/me`, the live channel, pipeline routes → 404 / problem handler.
 */
export function createGatewayApp({
  logger,
  metrics,
  identity,
  pipeline = {},
  live,
  readinessChecks,
}: GatewayAppDeps): HttpApp {
  const publicOrigin = new URL(identity.publicUrl).origin;

  const beforeBodyParsing = Router();
  for (const router of pipeline.beforeSession ?? []) beforeBodyParsing.use(router);
  beforeBodyParsing.use(loadSession({ sessions: identity.sessions, cookies: identity.cookies, logger }));
  for (const handler of pipeline.afterSession ?? []) beforeBodyParsing.use(handler);
  beforeBodyParsing.use(['/bff', '/auth'], rejectCrossSiteOrigin(publicOrigin));
  beforeBodyParsing.use('/bff', rejectAmbiguousPaths, requireSession);
  beforeBodyParsing.use(['/bff', '/auth/logout'], requireCsrfToken);
  beforeBodyParsing.use(ADMIN_PREFIX.replace(/\/$/, ''), requireAdmin);

  const routes = [
    authRoutes({ ...identity, logger, metrics: gatewayMetricsOf(metrics.registry) }),
    Router().use('/bff', meRoutes({ users: identity.users })),
    ...(live ? [live] : []),
    ...(pipeline.routes ?? []),
  ];
  return createHttpApp({
    service: 'auth-gateway',
    logger,
    metrics,
    routes,
    beforeBodyParsing,
    readinessChecks,
    helmet: webAppHelmetOptions(identity.publicUrl),
  });
}
