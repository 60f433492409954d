import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { metricOnce } from '@kadr/telemetry';

export interface LiveMetrics {
  openConnections: Gauge;
  eventsDelivered: Counter<'event'>;
  deliveryLag: Histogram;
  slowClientsClosed: Counter;
  /** Streams opened, by how they start: `fresh`, `resumed` (a reconnect after its last event id) or `reset` (its history was gone). */
  streamsStarted: Counter<'start'>;
}

/** The live channel's metrics in the gateway's registry (served at /metrics). */
export function createLiveMetrics(registry: Registry): LiveMetrics {
  const registers = [registry];
  return {
    openConnections: metricOnce(
      registry,
      'sse_open_connections',
      () => new Gauge({ name: 'sse_open_connections', help: 'Open live-update (SSE) connections', registers }),
    ),
    eventsDelivered: metricOnce(
      registry,
      'sse_events_delivered_total',
      () =>
        new Counter({
          name: 'sse_events_delivered_total',
          help: 'Live events written to SSE connections, by event name',
          labelNames: ['event'] as const,
          registers,
        }),
    ),
    deliveryLag: metricOnce(
      registry,
      'sse_delivery_lag_seconds',
      () =>
        new Histogram({
          name: 'sse_delivery_lag_seconds',
          help: "Seconds from an event's time at its producer to its write on an SSE connection",
          // 2 s is the live-updates SLO's threshold (docs/slo.md).
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 2.5, 5, 10, 30, 60],
          registers,
        }),
    ),
    slowClientsClosed: metricOnce(
      registry,
      'sse_slow_clients_closed_total',
      () =>
        new Counter({
          name: 'sse_slow_clients_closed_total',
          help: 'SSE connections closed because the client did not read fast enough',
          registers,
        }),
    ),
    streamsStarted: metricOnce(registry, 'sse_streams_started_total', () => {
      const counter = new Counter({
        name: 'sse_streams_started_total',
        help: 'Live-update (SSE) streams opened, by start: fresh, resumed (a reconnect after its last event id), reset (its history was gone)',
        labelNames: ['start'] as const,
        registers,
      });
      // Every start from 0, so a reconnect storm shows as a rise, not as a series appearing.
      for (const start of ['fresh', 'resumed', 'reset'] as const) counter.inc({ start }, 0);
      return counter;
    }),
  };
}
