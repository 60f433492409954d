import { Router } from 'express';
import { createHttpApp, type HttpApp } from '@kadr/http-kit';
import type { Logger, ServiceMetrics } from '@kadr/telemetry';

export interface GatewayAppDeps {
  logger: Logger;
  metrics: ServiceMetrics;
}

/** The gateway's express app. Today: the platform routes (health, metrics) and problem handling. */
export function createGatewayApp({ logger, metrics }: GatewayAppDeps): HttpApp {
  const routes = Router();
  return createHttpApp({ service: 'auth-gateway', logger, metrics, routes });
}
