import express, { type Express, type Router } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { Logger, ServiceMetrics } from '@kadr/telemetry';
import { correlationMiddleware } from './correlation.middleware';
import { healthRoutes, type HealthState, type ReadinessCheck } from './health.routes';
import { MAX_JSON_DEPTH, rejectDeepJson } from './json-depth';
import { notFoundHandler, problemHandler, type ErrorMapping } from './problem.middleware';
import { requestObserver } from './request-observer.middleware';

export interface CreateAppOptions {
  service: string;
  logger: Logger;
  metrics: ServiceMetrics;
  /** Mounted after the platform middleware and before the 404 and error handlers. */
  routes: Router | Router[];
  readinessChecks?: ReadinessCheck[];
  /** Largest JSON body accepted. Default 100 kB. */
  jsonLimit?: string;
  /** Deepest nesting of a JSON body (objects and arrays); deeper is a 400. Default 64 (json-depth.ts). */
  jsonMaxDepth?: number;
  /** Middleware that must run before JSON parsing (e.g. a proxy that streams the raw body). */
  beforeBodyParsing?: Router;
  /** helmet's options (the gateway sets a Content-Security-Policy that fits the web app). Default: helmet's. */
  helmet?: HelmetOptions;
  /** Hops of trusted reverse proxies (for req.ip and secure cookies). Default: none. */
  trustProxy?: number | boolean;
  /**
   * The service's own errors → problems: its domain throws domain errors, never HTTP ones, and
   * this is where they get their status, title and members. Asked first; `undefined` leaves the
   * error to the shared mapping (`toProblem`).
   */
  mapError?: ErrorMapping;
}

export interface HttpApp {
  app: Express;
  health: HealthState;
}

/**
 * The express app every service uses: security headers, correlation ids, request logs and
 * metrics, JSON bodies, health and metrics routes, then the service's routes, then a 404
 * problem and the problem error handler. No listen here (tests use supertest / port 0).
 */
export function createHttpApp(options: CreateAppOptions): HttpApp {
  const { service, logger, metrics, readinessChecks = [] } = options;
  const health: HealthState = { accepting: true };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  app.use(helmet(options.helmet));
  app.use(correlationMiddleware);
  app.use(requestObserver(logger, metrics));
  // `/metrics` is not here: it has a port of its own (startMetricsServer), never the public one.
  app.use(healthRoutes(service, readinessChecks, health));
  if (options.beforeBodyParsing) app.use(options.beforeBodyParsing);
  app.use(express.json({ limit: options.jsonLimit ?? '100kb' }));
  app.use(rejectDeepJson(options.jsonMaxDepth ?? MAX_JSON_DEPTH));
  for (const router of [options.routes].flat()) app.use(router);
  app.use(notFoundHandler);
  app.use(problemHandler(logger, options.mapError));
  return { app, health };
}
