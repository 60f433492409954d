import { serveService } from '@kadr/http-kit';
import type { HttpApp, RunningService, ServiceParts } from '@kadr/http-kit';
import type { ConsumerHandle } from '@kadr/event-bus';

import { openGatewayAdapters, type GatewayAdapters } from './adapters';
import type { GatewayConfig } from './config';
import {
  LOGIN_TRANSACTION_TTL_MS,
  LoginTransactionStore,
} from './data-access/login-transactions/login-transaction-store';
import type { OutboxRelay } from '@kadr/outbox';
import { usersOutboxRelay } from './data-access/outbox/users-outbox';
import { SessionEndNotices } from './data-access/sessions/session-end-notices';
import { SessionStore } from './data-access/sessions/session-store';
import { createSignIn } from './domain/identity/sign-in';
import { createGatewayApp, type PipelineMounts } from './entry-points/http/app';
import { createRequestPipeline } from './entry-points/http';
import { shouldUseSecureCookies, type CookiePolicy } from './entry-points/http/03-session/cookies';
import { createLiveUpdates, type LiveUpdates, type LiveUpdatesOptions } from './entry-points/http/07-live/live-updates';
import { subscribeUserDeleted } from './entry-points/messaging/user-deleted.consumer';
import { createOidcSignInClient } from './integrations/oidc/oidc-client';

export interface GatewayParts extends ServiceParts<GatewayAdapters> {
  config: GatewayConfig;
  /** Limits of the live channel (`/bff/sse/jobs`); defaults in `live-updates.ts`. */
  live?: Partial<LiveUpdatesOptions>;
}

/** Builds the request pipeline from the same config and adapters, for the app's slots. */
export type PipelineFactory = (parts: GatewayParts) => PipelineMounts & { close?(): Promise<void> };

/**
 * The request pipeline (rate limits, idempotency, proxying, user summary, flags, OpenAPI, static
 * web app): see `entry-points/http/README.md`.
 */
export const requestPipeline: PipelineFactory = ({ config, adapters, logger, metrics }) =>
  createRequestPipeline({ config, kv: adapters.keyValueStore, logger, metrics });

export interface ComposedGateway extends HttpApp {
  relay: OutboxRelay;
  /** The live channel (`/bff/sse/jobs`): its feed store and open connections. */
  live: LiveUpdates;
  /** Starts the background work: the outbox relay, the `user.deleted` and the live-updates consumers. */
  startBackground(): Promise<void>;
  /** Tells every live stream to reconnect and ends it (before the HTTP server closes, which waits for open responses). */
  drain(): void;
  /** Stops the background work and releases the pipeline's connections (after the HTTP server closed). */
  stop(): Promise<void>;
}

const minutes = (n: number) => n * 60_000;
const hours = (n: number) => n * 3_600_000;

/** The gateway without a listening socket: what tests drive with supertest, and what `startAuthGateway` serves. */
export function composeAuthGateway(parts: GatewayParts, pipeline: PipelineFactory = requestPipeline): ComposedGateway {
  const { config, adapters, logger, metrics } = parts;
  const absoluteTtlMs = hours(config.SESSION_ABSOLUTE_TTL_HOURS);
  const cookies: CookiePolicy = {
    secure: shouldUseSecureCookies(config.PUBLIC_URL, config.SECURE_COOKIES),
    sessionMaxAgeMs: absoluteTtlMs,
    loginMaxAgeMs: LOGIN_TRANSACTION_TTL_MS,
  };
  if (!cookies.secure && new URL(config.PUBLIC_URL).protocol === 'https:') {
    logger.warn('SECURE_COOKIES=false with an https PUBLIC_URL: cookies are sent without Secure');
  }
  if (cookies.secure && new URL(config.PUBLIC_URL).protocol === 'http:') {
    logger.warn('PUBLIC_URL is plain http but cookies are Secure: browsers will drop them (set SECURE_COOKIES=false?)');
  }

  // Every replica hears when a session ends, and ends that session's live streams.
  const sessionEndNotices = new SessionEndNotices(adapters.keyValueStore);
  const sessions = new SessionStore(adapters.keyValueStore, {
    idleTtlMs: minutes(config.SESSION_IDLE_TTL_MINUTES),
    absoluteTtlMs,
    endNotices: sessionEndNotices,
  });
  const relay = usersOutboxRelay({ users: adapters.users, bus: adapters.eventBus, logger });
  const signIn = createSignIn({
    users: adapters.users,
    adminEmail: config.ADMIN_EMAIL,
    onOutboxWritten: () => relay.nudge(),
  });
  const oidc = config.OIDC_ISSUER_URL
    ? createOidcSignInClient({
        issuerUrl: config.OIDC_ISSUER_URL,
        clientId: config.OIDC_CLIENT_ID,
        clientSecret: config.OIDC_CLIENT_SECRET,
        redirectUri: new URL('/auth/callback', config.PUBLIC_URL).href,
        scopes: config.OIDC_SCOPES,
        allowInsecureIssuer: config.NODE_ENV !== 'production',
      })
    : undefined;
  if (!oidc)
    logger.warn('OIDC_ISSUER_URL is not set: sign-in is unavailable (/auth/login answers provider_unavailable)');

  const live = createLiveUpdates({
    kv: adapters.keyValueStore,
    bus: adapters.eventBus,
    sessions,
    sessionEndNotices,
    logger,
    metrics,
    options: { maxConnections: config.SSE_MAX_CONNECTIONS, ...parts.live },
  });
  const mounts = pipeline(parts);
  const { app, health } = createGatewayApp({
    logger,
    metrics,
    identity: {
      oidc,
      sessions,
      loginTransactions: new LoginTransactionStore(adapters.keyValueStore),
      users: adapters.users,
      signIn,
      cookies,
      publicUrl: config.PUBLIC_URL,
    },
    pipeline: mounts,
    live: live.router,
    readinessChecks: parts.readinessChecks,
  });

  let consumer: ConsumerHandle | undefined;
  return {
    app,
    health,
    relay,
    live,
    async startBackground() {
      relay.start();
      consumer = await subscribeUserDeleted({
        bus: adapters.eventBus,
        users: adapters.users,
        sessions,
        liveFeed: live.feed,
        logger,
      });
      await live.start();
    },
    drain() {
      live.drain();
    },
    async stop() {
      await live.stop();
      await consumer?.stop();
      await relay.stop();
      await mounts.close?.();
    },
  };
}

export interface RunningGateway extends RunningService {
  adapters: GatewayAdapters;
}

export interface StartOptions {
  defaultMetrics?: boolean;
  /** Adapters to use instead of opening them from the config (embedded mode shares them); left open on stop. */
  adapters?: Partial<GatewayAdapters>;
  pipeline?: PipelineFactory;
}

/** Wires the gateway from its config and adapters and listens; used by main.ts and by the embedded launcher. */
export function startAuthGateway(config: GatewayConfig, options: StartOptions = {}): Promise<RunningGateway> {
  return serveService({
    service: 'auth-gateway',
    config,
    defaultMetrics: options.defaultMetrics,
    open: (logger) => openGatewayAdapters(config, logger, options.adapters),
    compose: (parts) => composeAuthGateway({ config, ...parts }, options.pipeline),
  });
}
