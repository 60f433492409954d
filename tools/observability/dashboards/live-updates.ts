// Live updates: the gateway's server-sent event streams (services/auth-gateway/src/entry-points/http/07-live).
import { dashboard } from './dashboard';
import { timeseries } from './panels';
import { quantile, rate, series, sumBy } from './promql';

const LAG = 'sse_delivery_lag_seconds';

export const liveUpdates = dashboard({
  uid: 'kadr-live-updates',
  title: 'Kadr live updates',
  description: "The gateway's live-update streams (SSE): connections, delivery lag, events and streams ended.",
  sections: [
    {
      title: 'Delivery',
      panels: [
        timeseries({
          title: 'Delivery lag p50 / p95 / p99',
          description:
            "Seconds from an event's time at its producer to its write on a stream. Normal: p99 below 2 s (the live-updates objective); p99 over 5 s for 10 minutes raises KadrLiveDeliveryLagHigh.",
          unit: 's',
          width: 12,
          thresholds: [
            [2, 'orange'],
            [5, 'red'],
          ],
          queries: [0.5, 0.95, 0.99].map((q) => ({ expr: quantile(q, LAG, []), legend: `p${Math.round(q * 100)}` })),
        }),
        timeseries({
          title: 'Events written within 2 s',
          description:
            'Share of events written to a stream within 2 s of their producer (the SLI of docs/slo.md). Normal: at or above 99 %; lower means consumer lag, a slow Redis, or late outboxes.',
          unit: 'percentunit',
          width: 12,
          max: 1,
          queries: [
            {
              expr: `${sumBy([], rate(`${LAG}_bucket`, 'le="2"'))} / ${sumBy([], rate(`${LAG}_count`))}`,
              legend: 'within 2 s',
            },
          ],
        }),
        timeseries({
          title: 'Events delivered /s by event',
          description:
            'Events written to streams per second, by event name (one per open stream that should see it). Normal: follows job activity and the number of open streams; 0 while jobs change means the live feed stopped.',
          unit: 'short',
          width: 12,
          queries: [{ expr: sumBy(['event'], rate('sse_events_delivered_total')), legend: '{{event}}' }],
        }),
        timeseries({
          title: 'Open connections',
          description:
            'Open live-update streams per gateway instance. Normal: about one per signed-in browser tab, spread evenly across instances; a sudden drop to 0 on one instance is a restart (its clients reconnect to the others).',
          unit: 'short',
          width: 12,
          queries: [{ expr: sumBy(['instance'], series('sse_open_connections')), legend: '{{instance}}' }],
        }),
      ],
    },
    {
      title: 'Streams ended',
      panels: [
        timeseries({
          title: 'Slow clients closed /s',
          description:
            'Streams the gateway closed because the browser did not read fast enough (its buffers filled). Normal: 0; a steady rate means clients on slow networks or a gateway too busy to write.',
          unit: 'short',
          width: 12,
          queries: [{ expr: sumBy(['instance'], rate('sse_slow_clients_closed_total')), legend: '{{instance}}' }],
        }),
        timeseries({
          title: 'Streams opened /s: fresh, reconnects, resets',
          description:
            "Live streams opened, by how they started: fresh (a page opened), resumed (a browser reconnecting after its last event id — each follows a stream that ended: slow client, fell behind, a replica's shutdown or restart) and reset (a reconnect whose history was gone, so the page re-seeds from /jobs/active). Normal: fresh follows page views, resumed stays low with bursts during deploys, reset near 0.",
          unit: 'reqps',
          width: 12,
          queries: [{ expr: sumBy(['start'], rate('sse_streams_started_total')), legend: '{{start}}' }],
        }),
      ],
    },
  ],
});
