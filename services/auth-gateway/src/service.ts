import { Router } from 'express';
import { backgroundWork, internalTokenKeys, serveService } from '@kadr/http-kit';
import type { ComposedService, RunningService, ServiceParts, StartOptions } from '@kadr/http-kit';
import type { OutboxRelay } from '@kadr/outbox';
import { openGatewayAdapters, type GatewayAdapters } from './adapters';
import type { GatewayConfig } from './config';
import { usersOutboxRelay } from './data-access/outbox/users-outbox';
import { SessionEndNotices } from './data-access/sessions/session-end-notices';
import { SessionStore } from './data-access/sessions/session-store';
import { requestPipeline, type PipelineFactory } from './entry-points/http';
import { sessionPolicyOf } from './domain/sessions/session';
import { createLiveUpdates, type LiveUpdates, type LiveUpdatesOptions } from './entry-points/http/07-live/live-updates';
import { identityDepsOf } from './entry-points/http/06-identity/identity-deps';
import { createGatewayApp } from './entry-points/http/app';
import { presenceRoutes } from './entry-points/http/12-internal/presence.routes';
import { subscribeUserDeleted } from './entry-points/messaging/user-deleted.consumer';

export interface GatewayParts extends ServiceParts<GatewayAdapters, GatewayConfig> {
  /** Limits of the live channel (`/bff/sse/jobs`); defaults in `live-updates.ts`. */
  live?: Partial<LiveUpdatesOptions>;
}

/** Background: the outbox relay, the `user.deleted` and live-updates consumers; `drain` ends live streams. */
export interface ComposedGateway extends ComposedService {
  relay: OutboxRelay;
  /** The live channel (`/bff/sse/jobs`): its feed store and open connections. */
  live: LiveUpdates;
  drain(): void;
}

/** The gateway without a listening socket: what tests drive with supertest, and what `startAuthGateway` serves. */
export function composeAuthGateway(parts: GatewayParts, pipeline: PipelineFactory = requestPipeline): ComposedGateway {
  const { config, adapters, logger, metrics } = parts;
  const { keyValueStore: kv, eventBus: bus, users } = adapters;
  // Every replica hears when a session ends, and ends that session's live streams.
  const sessionEndNotices = new SessionEndNotices(kv);
  const sessions = new SessionStore(kv, { ...sessionPolicyOf(config), endNotices: sessionEndNotices });
  const relay = usersOutboxRelay({ users, bus, logger, registry: metrics.registry });
  const liveOptions = { maxConnections: config.SSE_MAX_CONNECTIONS, ...parts.live };
  const live = createLiveUpdates({ kv, bus, sessions, sessionEndNotices, logger, metrics, options: liveOptions });
  const identity = identityDepsOf({ config, kv, users, sessions, logger, onOutboxWritten: () => relay.nudge() });
  const mounts = pipeline({ ...parts, account: { users, sessions, cookies: identity.cookies } });
  const { app, health } = createGatewayApp({
    logger,
    metrics,
    identity,
    pipeline: mounts,
    live: Router().use(
      live.router,
      presenceRoutes({
        presence: live.presence,
        onlineWindowMs: live.onlineWindowMs,
        internalTokenKeys: internalTokenKeys(config),
      }),
    ),
    readinessChecks: parts.readinessChecks,
  });
  // Stopped in reverse: the live feed, the `user.deleted` consumer, the relay.
  const background = backgroundWork(async (own) => {
    own(relay).start();
    own(await subscribeUserDeleted({ bus, users, sessions, liveFeed: live.feed, presence: live.presence, logger }));
    await own(live).start();
  });
  return {
    app,
    health,
    relay,
    live,
    startBackground: background.startBackground,
    drain: () => live.drain(),
    async stop() {
      await background.stop();
      await mounts.close?.();
    },
  };
}

export type RunningGateway = RunningService & { adapters: GatewayAdapters };

export interface GatewayStartOptions extends StartOptions<GatewayAdapters> {
  pipeline?: PipelineFactory;
}

/** Wires the gateway from its config and adapters and listens; used by main.ts and by the embedded launcher. */
export function startAuthGateway(config: GatewayConfig, options: GatewayStartOptions = {}): Promise<RunningGateway> {
  const compose = (parts: GatewayParts) => composeAuthGateway(parts, options.pipeline);
  return serveService({ service: 'auth-gateway', config, options, open: openGatewayAdapters, compose });
}
