import { Router } from 'express';
import type { Redis } from 'ioredis';
import { createHttpApp, type HttpApp } from '@kadr/http-kit';
import { MemoryKeyValueStore, type KeyValueStore } from '@kadr/kv-store';
import { createLogger, createMetrics, type Logger, type ServiceMetrics } from '@kadr/telemetry';
import { gatewayConfigSchema, type GatewayConfig } from '../../../src/config';
import { createRequestPipeline, type RequestPipeline } from '../../../src/entry-points/http';
import type { AccountStores } from '../../../src/entry-points/http/09-gateway-routes/account';
import { fakeSession } from './fake-session';
import { TEST_SECRET } from './fake-upstream';

export function testConfig(overrides: Record<string, string | undefined> = {}): GatewayConfig {
  return gatewayConfigSchema.parse({ NODE_ENV: 'test', INTERNAL_TOKEN_SECRET: TEST_SECRET, ...overrides });
}

export interface TestGateway extends HttpApp {
  config: GatewayConfig;
  kv: KeyValueStore;
  pipeline: RequestPipeline;
  metrics: ServiceMetrics;
  logger: Logger;
  close(): Promise<void>;
}

export interface TestGatewayOptions {
  env?: Record<string, string | undefined>;
  kv?: KeyValueStore;
  redis?: Redis;
  /** Extra middleware at the very start (e.g. an OpenTelemetry context for the request). */
  before?: Router[];
  /** Default: a silent one. Pass one writing to a test stream to read the log lines back. */
  logger?: Logger;
  /** The identity half's stores: with them the account routes (export, deletion) are mounted. */
  account?: AccountStores;
}

/**
 * A gateway wired as the composition wires it (README "Wiring"), with a stand-in for the session
 * middleware and no guards: the http-kit app; before body parsing the session, then the
 * pipeline's `afterSession` (rate limits); after it a stand-in `/auth/login`, then the pipeline's
 * `routes` (`/bff`, the static web app).
 */
export function createTestGateway(options: TestGatewayOptions = {}): TestGateway {
  const config = testConfig(options.env);
  const logger = options.logger ?? createLogger({ service: 'auth-gateway', level: 'silent' });
  const metrics = createMetrics({ service: 'auth-gateway', defaultMetrics: false });
  const kv = options.kv ?? new MemoryKeyValueStore();
  const pipeline = createRequestPipeline({
    config,
    kv,
    logger,
    metrics,
    redis: options.redis,
    account: options.account,
  });

  const beforeBodyParsing = Router();
  for (const router of options.before ?? []) beforeBodyParsing.use(router);
  beforeBodyParsing.use(fakeSession());
  for (const handler of pipeline.afterSession) beforeBodyParsing.use(handler);
  const login = Router();
  login.get('/auth/login', (_req, res) => {
    res.redirect(302, '/dev-idp');
  });
  const { app, health } = createHttpApp({
    service: 'auth-gateway',
    logger,
    metrics,
    beforeBodyParsing,
    routes: [login, ...pipeline.routes],
  });
  return {
    app,
    health,
    config,
    kv,
    pipeline,
    metrics,
    logger,
    close: async () => {
      await pipeline.close();
      if (!options.kv) await kv.close();
    },
  };
}
