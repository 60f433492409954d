import type { Router } from 'express';
import type { ConsumerHandle, EventBus } from '@kadr/event-bus';
import type { KeyValueStore, Unsubscribe } from '@kadr/kv-store';
import type { Logger, ServiceMetrics } from '@kadr/telemetry';
import { LiveFeedStore } from '../../../data-access/live/live-feed-store';
import { LiveFeedSubscriptions } from '../../../data-access/live/live-feed-subscriptions';
import { PresenceStore } from '../../../data-access/live/presence-store';
import type { SessionEndNotices } from '../../../data-access/sessions/session-end-notices';
import type { SessionStore } from '../../../data-access/sessions/session-store';
import { subscribeLiveEvents } from '../../messaging/live-events.consumer';
import { LiveConnections } from './live-connections';
import { createLiveMetrics } from './live-metrics';
import { liveRoutes } from './live.routes';

export interface LiveUpdatesOptions {
  /** Open streams per user on one replica; the next one gets 429 `rate_limited`. Default 5. */
  maxConnectionsPerUser: number;
  /**
   * Open streams on one replica in all; the next one gets 503 `service_unavailable` with
   * Retry-After. Default 20,000 (SSE_MAX_CONNECTIONS): above the 10,000 one process must hold.
   */
  maxConnections: number;
  /** Default 15 s. */
  heartbeatMs: number;
  /** Events written while a client's socket is full before it is closed. Default 1000. */
  maxBufferedEvents: number;
  /** Bytes buffered for a client before it is closed. Default 1 MiB. */
  maxBufferedBytes: number;
  /** Upper bound of the random `retry:` sent with `reconnect` at shutdown. Default 3 s. */
  drainRetryMaxMs: number;
}

export const DEFAULT_LIVE_UPDATES_OPTIONS: LiveUpdatesOptions = {
  maxConnectionsPerUser: 5,
  maxConnections: 20_000,
  heartbeatMs: 15_000,
  maxBufferedEvents: 1000,
  maxBufferedBytes: 1024 * 1024,
  drainRetryMaxMs: 3_000,
};

export interface LiveUpdatesDeps {
  kv: KeyValueStore;
  bus: EventBus;
  /** Each stream lives no longer than its session: read for expiry… */
  sessions: Pick<SessionStore, 'get' | 'policy'>;
  /** …and told when one ends on any replica (sign-out, rotation, account deleted). */
  sessionEndNotices: Pick<SessionEndNotices, 'listen'>;
  logger: Logger;
  metrics: ServiceMetrics;
  options?: Partial<LiveUpdatesOptions>;
}

export interface LiveUpdates {
  /** `GET /bff/sse/jobs`, to mount after the session guard. */
  router: Router;
  /** Records and announces events; also what `user.deleted` calls (`forget`). */
  feed: LiveFeedStore;
  /** When each user last had a stream open (any replica). */
  presence: PresenceStore;
  /** A user seen more recently than this has a stream open now (two heartbeats and a margin). */
  onlineWindowMs: number;
  connections: LiveConnections;
  /** Joins the gateway's live consumer group (`auth-gateway-live`) and listens for ended sessions. */
  start(): Promise<void>;
  /** Tells every open stream to reconnect and ends it; new streams get 503. Before the HTTP server closes. */
  drain(): void;
  /** Drains, leaves the consumer group and ends the channel subscriptions. */
  stop(): Promise<void>;
}

/**
 * The live channel of the gateway (issue 7): the fan-out consumer (one group for all replicas)
 * records every job and credits event in its owner's feed on the key-value store; each replica
 * follows the feeds of the users connected to it and streams them as server-sent events.
 */
export function createLiveUpdates({
  kv,
  bus,
  sessions,
  sessionEndNotices,
  logger,
  metrics,
  options = {},
}: LiveUpdatesDeps): LiveUpdates {
  const settings = { ...DEFAULT_LIVE_UPDATES_OPTIONS, ...options };
  const log = logger.child({ component: 'live-updates' });
  const liveMetrics = createLiveMetrics(metrics.registry);
  const feed = new LiveFeedStore(kv);
  const presence = new PresenceStore(kv);
  const subscriptions = new LiveFeedSubscriptions(feed, (error, userId) =>
    log.warn({ err: error, userId }, 'live feed delivery failed'),
  );
  const connections = new LiveConnections({
    maxPerUser: settings.maxConnectionsPerUser,
    maxTotal: settings.maxConnections,
    heartbeatMs: settings.heartbeatMs,
    drainRetryMaxMs: settings.drainRetryMaxMs,
    metrics: liveMetrics,
    onPresent: (userId, open) => {
      presence
        .seen(userId, new Date(), open)
        .catch((error: unknown) => log.warn({ err: error }, 'presence not recorded'));
    },
  });
  const router = liveRoutes({
    feed,
    subscriptions,
    connections,
    sessions,
    limits: { maxBufferedEvents: settings.maxBufferedEvents, maxBufferedBytes: settings.maxBufferedBytes },
    metrics: liveMetrics,
    logger: log,
  });

  let consumer: ConsumerHandle | undefined;
  let stopListening: Unsubscribe | undefined;
  return {
    router,
    feed,
    presence,
    onlineWindowMs: 2 * settings.heartbeatMs + 5_000,
    connections,
    async start() {
      stopListening ??= await sessionEndNotices.listen(({ sessionTag }) => connections.endSession(sessionTag));
      consumer ??= await subscribeLiveEvents({ bus, feed, logger: log });
    },
    drain() {
      connections.drain();
    },
    async stop() {
      connections.drain();
      await consumer?.stop();
      consumer = undefined;
      await stopListening?.();
      stopListening = undefined;
      await subscriptions.close();
    },
  };
}
