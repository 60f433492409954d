import { Counter, Histogram, type Registry } from 'prom-client';
import { metricOnce } from '@kadr/telemetry';

/**
 * What browsers report, in the gateway's registry (served at /metrics). Every label takes values
 * from a fixed set: vital names and ratings, HTTP methods, status classes, the route templates of
 * `api-route-templates.ts`, the analytics event names of the schema.
 */
export interface ClientMetrics {
  /** LCP, INP, FCP, TTFB in seconds. */
  webVitalSeconds: Histogram<'name' | 'rating'>;
  /** CLS, a unitless score. */
  layoutShift: Histogram<'rating'>;
  apiRequestDuration: Histogram<'endpoint' | 'method' | 'status_class'>;
  analyticsEvents: Counter<'event'>;
  clientErrors: Counter;
}

export function createClientMetrics(registry: Registry): ClientMetrics {
  const registers = [registry];
  return {
    webVitalSeconds: metricOnce(
      registry,
      'client_web_vital_seconds',
      () =>
        new Histogram({
          name: 'client_web_vital_seconds',
          help: 'Core Web Vitals measured in browsers (LCP, INP, FCP, TTFB), in seconds',
          labelNames: ['name', 'rating'] as const,
          buckets: [0.05, 0.1, 0.2, 0.4, 0.8, 1.2, 1.8, 2.5, 4, 6, 10, 20],
          registers,
        }),
    ),
    layoutShift: metricOnce(
      registry,
      'client_cumulative_layout_shift',
      () =>
        new Histogram({
          name: 'client_cumulative_layout_shift',
          help: 'Cumulative Layout Shift measured in browsers (score)',
          labelNames: ['rating'] as const,
          buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.4, 0.6, 1],
          registers,
        }),
    ),
    apiRequestDuration: metricOnce(
      registry,
      'client_api_request_duration_seconds',
      () =>
        new Histogram({
          name: 'client_api_request_duration_seconds',
          help: 'API request duration as the browser saw it, by route template, method and status class',
          labelNames: ['endpoint', 'method', 'status_class'] as const,
          buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
          registers,
        }),
    ),
    analyticsEvents: metricOnce(
      registry,
      'client_analytics_events_total',
      () =>
        new Counter({
          name: 'client_analytics_events_total',
          help: 'Analytics events reported by browsers (with consent), by event name',
          labelNames: ['event'] as const,
          registers,
        }),
    ),
    clientErrors: metricOnce(
      registry,
      'client_errors_total',
      () =>
        new Counter({
          name: 'client_errors_total',
          help: 'Errors reported by browsers (with remote-logs consent)',
          registers,
        }),
    ),
  };
}

/** `2xx` … `5xx`; `network` when no answer came (status 0). */
export function statusClass(status: number): string {
  return status === 0 ? 'network' : `${Math.floor(status / 100)}xx`;
}
