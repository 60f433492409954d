import { collectDefaultMetrics, Histogram, Registry, type Metric } from 'prom-client';

export interface ServiceMetrics {
  registry: Registry;
  /** Seconds from request to response, by method, route template and status code. */
  httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>;
}

/**
 * One registry per service (several services share a process in the embedded mode, so the
 * global registry is not used). Default process metrics go only into the registry that asks.
 */
export function createMetrics({
  service,
  defaultMetrics = true,
}: {
  service: string;
  defaultMetrics?: boolean;
}): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  if (defaultMetrics) collectDefaultMetrics({ register: registry });
  const httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return { registry, httpRequestDuration };
}

/**
 * Histogram buckets (seconds) for one call to a data store — MongoDB, Redis, S3, the local disk: from half a
 * millisecond (a cached read) to 5 s (past any healthy call; the timeouts are longer still).
 */
export const STORE_CALL_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The metric `name` of `registry`, made by `make` the first time: a registry refuses a name twice,
 * and parts built more than once per registry (a rig's second app, the API and worker of one
 * process) share their counters.
 */
export function metricOnce<T extends Metric>(registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}
