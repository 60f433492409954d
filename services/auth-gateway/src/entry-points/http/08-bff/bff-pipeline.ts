import { Router } from 'express';
import type { KeyValueStore } from '@kadr/kv-store';
import type { Logger, ServiceMetrics } from '@kadr/telemetry';
import type { GatewayConfig } from '../../../config';
import { KeyValueIdempotencyStore } from '../../../data-access/idempotency';
import type { Upstreams } from '../../../integrations/upstreams';
import { parseFeatureFlags, type FeatureFlag } from '../09-gateway-routes/feature-flags';
import { rejectUndecodablePaths } from './decodable-path';
import { createFlagsRoutes } from '../09-gateway-routes/flags.routes';
import { idempotencyMiddleware } from './idempotency.middleware';
import { requireJsonBody } from './json-body.middleware';
import type { OpenApiRegistry } from '../09-gateway-routes/openapi/openapi-registry';
import { createGatewayOpenApi } from '../09-gateway-routes/openapi/gateway-openapi';
import { createPlatformProxy } from '../10-proxy/platform-proxy.routes';
import { createShareLinkRoutes } from '../09-gateway-routes/share-links/share-link-create.routes';
import { createSummaryRoutes } from '../09-gateway-routes/summary.routes';
import { createAccountRoutes, type AccountStores } from '../09-gateway-routes/account';
import { createTelemetryRoutes } from '../09-gateway-routes/telemetry';
import { gatewayMetricsOf } from '../../metrics/gateway-metrics';

export type BffPipelineConfig = Pick<
  GatewayConfig,
  'IDEMPOTENCY_TTL_HOURS' | 'UPSTREAM_TIMEOUT_MS' | 'FEATURE_FLAGS' | 'PUBLIC_URL'
>;

export interface BffPipelineOptions {
  config: BffPipelineConfig;
  /** The gateway's key-value store (Redis or memory); idempotency records go under `idempotency:`. */
  kv: KeyValueStore;
  logger: Logger;
  /** The gateway's metrics; idempotency and the browsers' telemetry add their counters and histograms to this registry. */
  metrics: ServiceMetrics;
  upstreams: Upstreams;
  /** The OpenAPI registry served at `/bff/openapi.json`; default: the gateway's own routes only. */
  openApi?: OpenApiRegistry;
  /** Already parsed at start-up (`parseFeatureFlags`); default: parsed from `config.FEATURE_FLAGS`. */
  featureFlags?: FeatureFlag[];
  /**
   * The identity half's stores, for the person's own account routes (export, deletion). The
   * composition always passes them; a test of another step may leave them out (no account routes).
   */
  account?: AccountStores;
}

/** How long an unfinished claim blocks its key beyond the upstream time-out (response streaming, store latency). */
const LEASE_MARGIN_MS = 10_000;
/** The top bar would rather show defaults than wait for a slow part (see the summary route). */
const SUMMARY_PART_TIMEOUT_CAP_MS = 5_000;

/**
 * The `/bff` request pipeline, to mount at `/bff` after the session, the guards (session, CSRF,
 * administrator) and JSON body parsing (see README "Wiring"). In order: paths that percent-decode
 * (else 400) → JSON-only bodies on
 * state-changing requests → Idempotency-Key → `GET /openapi.json` → the gateway's own routes
 * (user summary, the account's export and deletion, flags, `POST /telemetry`) → the proxy of `/platform/*` to the services. Rate limits run earlier
 * (`createRateLimits(...).router`, right after the session).
 */
export function createBffPipeline(options: BffPipelineOptions): Router {
  const { config, logger, upstreams } = options;
  const flags = options.featureFlags ?? parseFeatureFlags(config.FEATURE_FLAGS);
  const openApi = options.openApi ?? createGatewayOpenApi();

  const router = Router();
  // Before anything reads the path (idempotency fingerprint, proxy): one that does not decode is a 400 here.
  router.use(rejectUndecodablePaths);
  router.use(requireJsonBody);
  router.use(
    idempotencyMiddleware({
      store: new KeyValueIdempotencyStore(options.kv),
      retentionMs: config.IDEMPOTENCY_TTL_HOURS * 60 * 60 * 1000,
      leaseMs: config.UPSTREAM_TIMEOUT_MS + LEASE_MARGIN_MS,
      logger,
      metrics: gatewayMetricsOf(options.metrics.registry),
    }),
  );

  let document: Record<string, unknown> | undefined;
  router.get('/openapi.json', (_req, res) => {
    // Built on first use: by then every part of the gateway has registered its routes.
    document ??= openApi.document();
    res.json(document);
  });
  router.use(
    createSummaryRoutes({
      upstreams,
      logger,
      partTimeoutMs: Math.min(config.UPSTREAM_TIMEOUT_MS, SUMMARY_PART_TIMEOUT_CAP_MS),
    }),
  );
  if (options.account) {
    router.use(createAccountRoutes({ upstreams, account: options.account, logger, publicUrl: config.PUBLIC_URL }));
  }
  router.use(createFlagsRoutes(flags));
  router.use(createTelemetryRoutes({ logger, registry: options.metrics.registry }));
  router.use(createShareLinkRoutes({ upstreams }));
  router.use('/platform', createPlatformProxy({ upstreams, logger }));
  return router;
}
