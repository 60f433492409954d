// Kadr overview: every service's traffic, errors and latency (RED), its saturation, and the SLO burn rates.
import { dashboard } from './dashboard';
import { stat, timeseries, type Query } from './panels';
import { maxBy, orZero, quantile, rate, ratio, series, sumBy } from './promql';

const HTTP = 'http_request_duration_seconds';
/** The live stream is one long response: its minutes would swamp every latency percentile (docs/slo.md leaves it out too). */
const NOT_LIVE_STREAM = 'route!~"/bff/sse/.*"';

function latencyPercentiles(labels: string[], legendPrefix: string): Query[] {
  return [0.5, 0.95, 0.99].map((q) => ({
    expr: quantile(q, HTTP, labels, NOT_LIVE_STREAM),
    legend: `p${Math.round(q * 100)} ${legendPrefix}`,
  }));
}

/** Burn rate = bad-event ratio ÷ the objective's error budget, per window the alerts read. */
function burnRate(record: string, budget: number): Query[] {
  return ['5m', '30m', '1h', '6h'].map((window) => ({
    expr: `kadr:${record}:ratio_rate${window} / ${budget}`,
    legend: window,
  }));
}

const BURN_THRESHOLDS: Array<[number, string]> = [
  [6, 'orange'],
  [14.4, 'red'],
];
const BURN_NORMAL =
  'Fleet-wide, from the recording rules in charts/kadr/rules/kadr-rules.yaml (the namespace, service and instance filters do not apply). ' +
  'Normal: below 1 (the budget lasts the 30 days). The ticket alert fires at 6 over 6 h and 30 m, the page at 14.4 over 1 h and 5 m (dashed lines); see docs/slo.md.';

export const overview = dashboard({
  uid: 'kadr-overview',
  title: 'Kadr overview',
  description: "Every Kadr service's requests, errors and latency, its saturation, and the SLO burn rates.",
  sections: [
    {
      title: 'Requests (RED)',
      panels: [
        timeseries({
          title: 'Request rate by service',
          description:
            'HTTP requests answered per second by each service (health checks included). Normal: follows user traffic; a service dropping to 0 while others carry traffic is down or unreachable.',
          unit: 'reqps',
          queries: [{ expr: sumBy(['service'], rate(`${HTTP}_count`)), legend: '{{service}}' }],
        }),
        timeseries({
          title: 'Error ratio (5xx) by service',
          description:
            'Share of requests answered with a 5xx. Normal: below 0.1 % (the availability objective is 99.9 %, docs/slo.md). 502/503/504 at the gateway come from an upstream (see Kafka and dependencies); 500 from the service itself.',
          unit: 'percentunit',
          min: 0,
          thresholds: [[0.001, 'red']],
          queries: [{ expr: ratio(`${HTTP}_count`, ['service'], ['status_code=~"5.."']), legend: '{{service}}' }],
        }),
        timeseries({
          title: '5xx by route and status',
          description:
            'Which route and status code carry the errors (the first question of the availability runbooks). Normal: 0 per service (a line without route); one route means one upstream call, every route means the service or a shared dependency.',
          unit: 'reqps',
          queries: [
            {
              expr: orZero(
                sumBy(['service', 'route', 'status_code'], rate(`${HTTP}_count`, 'status_code=~"5.."')),
                ['service'],
                rate(`${HTTP}_count`),
              ),
              legend: '{{service}} {{route}} {{status_code}}',
            },
          ],
        }),
        timeseries({
          title: 'Latency p50 / p95 / p99 by service',
          description:
            'Request duration percentiles per service, without the live stream. Normal: p99 below 0.5 s at the gateway (the latency objective: 99 % of API requests within 500 ms); a rising p50 means everything got slower, a rising p99 alone a slow route or dependency.',
          unit: 's',
          width: 12,
          thresholds: [[0.5, 'red']],
          queries: latencyPercentiles(['service'], '{{service}}'),
        }),
        timeseries({
          title: 'p99 latency by route (slowest 10)',
          description:
            'The ten slowest routes by 99th percentile, without the live stream. Normal: API routes below 0.5 s; a single route far above the rest names the slow upstream call or query.',
          unit: 's',
          width: 12,
          queries: [
            {
              expr: `topk(10, ${quantile(0.99, HTTP, ['service', 'route'], NOT_LIVE_STREAM)})`,
              legend: '{{service}} {{route}}',
            },
          ],
        }),
      ],
    },
    {
      title: 'Saturation',
      panels: [
        timeseries({
          title: 'Event-loop lag p99',
          description:
            "99th percentile of the Node.js event loop's delay per instance. Normal: a few milliseconds, below 0.05 s; above 0.1 s for minutes the process is CPU-bound and every request it serves waits.",
          unit: 's',
          width: 6,
          thresholds: [[0.1, 'red']],
          queries: [
            {
              expr: maxBy(['service', 'instance'], series('nodejs_eventloop_lag_p99_seconds')),
              legend: '{{service}} {{instance}}',
            },
          ],
        }),
        timeseries({
          title: 'CPU per instance',
          description:
            'CPU time used per second by each process (100 % = one core; Node runs JavaScript on one). Normal: well below 100 %; near it the event loop lags and latency rises: add replicas.',
          unit: 'percentunit',
          width: 6,
          queries: [
            {
              expr: sumBy(['service', 'instance'], rate('process_cpu_seconds_total')),
              legend: '{{service}} {{instance}}',
            },
          ],
        }),
        timeseries({
          title: 'Memory per instance',
          description:
            'Resident memory (rss) and used JavaScript heap (heap) of each process. Normal: flat after warm-up, below the container limit; a line that only grows is a leak, heading for an out-of-memory kill.',
          unit: 'bytes',
          width: 6,
          queries: [
            {
              expr: sumBy(['service', 'instance'], series('process_resident_memory_bytes')),
              legend: 'rss {{service}} {{instance}}',
            },
            {
              expr: sumBy(['service', 'instance'], series('nodejs_heap_size_used_bytes')),
              legend: 'heap {{service}} {{instance}}',
            },
          ],
        }),
        stat({
          title: 'Instances up by service',
          description:
            "Scrape targets answering, per service (Prometheus' `up`). Normal: each service at its replica count (compose: two gateways and two workers, one of the others); 0 means none of its instances can be scraped.",
          unit: 'short',
          width: 6,
          height: 8,
          queries: [{ expr: sumBy(['service'], series('up')), legend: '{{service}}' }],
        }),
      ],
    },
    {
      title: 'SLO burn rate (fleet-wide)',
      panels: [
        timeseries({
          title: 'Availability burn rate',
          description: `Gateway API requests answered 5xx, as a multiple of the 0.1 % budget. ${BURN_NORMAL}`,
          unit: 'short',
          min: 0,
          thresholds: BURN_THRESHOLDS,
          queries: burnRate('gateway_api_errors', 0.001),
        }),
        timeseries({
          title: 'Latency burn rate',
          description: `Gateway API requests slower than 500 ms, as a multiple of the 1 % budget. ${BURN_NORMAL}`,
          unit: 'short',
          min: 0,
          thresholds: BURN_THRESHOLDS,
          queries: burnRate('gateway_api_slow', 0.01),
        }),
        timeseries({
          title: 'Jobs burn rate',
          description: `Jobs that ended later than their objective, as a multiple of the 1 % budget. ${BURN_NORMAL}`,
          unit: 'short',
          min: 0,
          thresholds: BURN_THRESHOLDS,
          queries: burnRate('jobs_late', 0.01),
        }),
      ],
    },
  ],
});
