import { Router, type RequestHandler } from 'express';
import { Redis } from 'ioredis';
import type { KeyValueStore } from '@kadr/kv-store';
import type { Logger, ServiceMetrics } from '@kadr/telemetry';
import type { GatewayConfig } from '../../config';
import { createUpstreams, type Upstreams } from '../../integrations/upstreams';
import { createBffPipeline } from './08-bff/bff-pipeline';
import { parseFeatureFlags } from './09-gateway-routes/feature-flags';
import { paymentNotificationRoutes } from './02-callbacks/payment-notification.routes';
import { unsubscribeRoutes } from './02-callbacks/unsubscribe.routes';
import { createMediaDeliveryRoutes } from './10-proxy/media-delivery.routes';
import { createSharePageRoutes } from './10-proxy/share-page.routes';
import { rejectUndocumentedMethods } from './01-method-check/method-not-allowed';
import { createGatewayOpenApi } from './09-gateway-routes/openapi/gateway-openapi';
import type { OpenApiRegistry } from './09-gateway-routes/openapi/openapi-registry';
import type { PipelineMounts } from './app';
import { createRateLimits } from './04-rate-limits/rate-limits';
import { gatewayMetricsOf } from '../metrics/gateway-metrics';
import { createStaticWebRouter } from './11-static-web/static-web.router';
import type { AccountStores } from './09-gateway-routes/account';

export interface RequestPipelineOptions {
  config: GatewayConfig;
  /** The gateway's key-value store (the one sessions use); idempotency records go under `idempotency:`. */
  kv: KeyValueStore;
  logger: Logger;
  metrics: ServiceMetrics;
  /**
   * The ioredis client of the rate limiters. Default: one opened here on REDIS_URL (and closed by
   * `close()`); none without REDIS_URL (per-process counters, embedded mode).
   */
  redis?: Redis;
  /** Default: `createGatewayOpenApi()`; pass one to let other parts add their routes first. */
  openApi?: OpenApiRegistry;
  /** The identity half's stores for the account routes (export, deletion); see `createBffPipeline`. */
  account?: AccountStores;
}

/** What the composition mounts (the shape of `PipelineMounts` in app.ts) plus what it must close. */
export interface RequestPipeline {
  /**
   * Before sessions and guards: 405 for undocumented methods, then Tpay's payment notifications
   * (passed to commerce untouched) and the e-mails' unsubscribe link (to notifications).
   */
  beforeSession: Router[];
  /** Right after the session is loaded, before the guards: the rate limits. */
  afterSession: RequestHandler[];
  /**
   * After JSON body parsing and the identity routes: `/bff` (the pipeline), the same-origin media
   * routes (`/video`, `/thumbs`, `/blobs`), then the static web app.
   */
  routes: Router[];
  openApi: OpenApiRegistry;
  upstreams: Upstreams;
  /** On shutdown, after the HTTP server stopped: idle upstream connections, the rate-limit Redis client. */
  close(): Promise<void>;
}

/**
 * The request half of the gateway from its configuration: checks FEATURE_FLAGS (a ConfigError
 * when it is bad), the upstreams with their breakers, the rate limits (Redis when REDIS_URL is
 * set), the `/bff` pipeline and the static web app.
 */
export function createRequestPipeline(options: RequestPipelineOptions): RequestPipeline {
  const { config, kv, logger, metrics } = options;
  const featureFlags = parseFeatureFlags(config.FEATURE_FLAGS);
  const ownRedis = !options.redis && config.REDIS_URL ? openRateLimitRedis(config.REDIS_URL, logger) : undefined;
  const redis = options.redis ?? ownRedis;
  const upstreams = createUpstreams({ config, logger, metrics });
  const { rateLimitRejected } = gatewayMetricsOf(metrics.registry);
  const rateLimits = createRateLimits({ config, redis, logger, onRejected: rateLimitRejected });
  const openApi = options.openApi ?? createGatewayOpenApi();
  const bff = createBffPipeline({
    config,
    kv,
    logger,
    metrics,
    upstreams,
    openApi,
    featureFlags,
    account: options.account,
  });
  return {
    // A documented path with an undocumented method: 405 + Allow, before anything else (method-not-allowed.ts).
    beforeSession: [
      Router().use(rejectUndocumentedMethods(() => openApi.routes)),
      paymentNotificationRoutes({ upstreams, logger }),
      unsubscribeRoutes({ upstreams, logger }),
    ],
    afterSession: [rateLimits.router],
    routes: [
      Router().use('/bff', bff),
      createMediaDeliveryRoutes({ upstreams, logger }),
      createSharePageRoutes({ upstreams, logger, publicUrl: config.PUBLIC_URL }),
      createStaticWebRouter(config.WEB_DIST_DIR),
    ],
    openApi,
    upstreams,
    async close() {
      upstreams.close();
      if (ownRedis) await ownRedis.quit().catch(() => ownRedis.disconnect());
    },
  };
}

/**
 * Fails fast instead of queueing while Redis is away (the limiters' in-memory insurance takes
 * over), as rate-limiter-flexible recommends for ioredis.
 */
function openRateLimitRedis(url: string, logger: Logger): Redis {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  client.on('error', (error: Error) => logger.warn({ err: error.message }, 'rate-limit Redis connection error'));
  return client;
}

/** Builds the app's pipeline slots from the gateway's parts (identity tests pass a smaller pipeline). */
export type PipelineFactory = (parts: {
  config: GatewayConfig;
  adapters: { keyValueStore: KeyValueStore };
  logger: Logger;
  metrics: ServiceMetrics;
  /** The identity half's users, sessions and cookie policy (the account routes). */
  account: AccountStores;
}) => PipelineMounts & { close?(): Promise<void> };

/**
 * The request pipeline (rate limits, idempotency, proxying, user summary, flags, OpenAPI, static
 * web app): see `README.md` here.
 */
export const requestPipeline: PipelineFactory = ({ config, adapters, logger, metrics, account }) =>
  createRequestPipeline({ config, kv: adapters.keyValueStore, logger, metrics, account });
