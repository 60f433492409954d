// Kafka and dependencies: the event bus (lag, dead letters, throughput, handlers), Redis, MongoDB and S3 as
// the services see them, and the circuit breakers in front of their upstreams.
import { MappingType, type Panel, type ValueMapping } from '@grafana/schema';
import { dashboard } from './dashboard';
import { stat, stateTimeline, timeseries } from './panels';
import { maxBy, orZero, quantile, rate, ratio, series, sumBy } from './promql';

/** The breakers' gauge: 0 closed, 1 open, 2 half-open, 3 isolated (services/auth-gateway/src/integrations/upstreams). */
const BREAKER_STATES: ValueMapping[] = [
  {
    type: MappingType.ValueToText,
    options: {
      '0': { text: 'closed', color: 'green', index: 0 },
      '1': { text: 'open', color: 'red', index: 1 },
      '2': { text: 'half-open', color: 'orange', index: 2 },
      '3': { text: 'isolated', color: 'purple', index: 3 },
    },
  },
];

/** Latency and failures of one dependency's operation histogram: p99 by `labels`, and the share of calls that failed. */
function dependencyPanels(name: string, histogram: string, labels: string[], what: string): Panel[] {
  const legend = labels.map((label) => `{{${label}}}`).join(' ');
  return [
    timeseries({
      title: `${name} p99 latency by ${labels.join(' and ')}`,
      description: `99th percentile duration of ${what}, as the services measure it. Normal: milliseconds; a rise slows every request that needs ${name}.`,
      unit: 's',
      width: 12,
      queries: [{ expr: quantile(0.99, histogram, labels), legend }],
    }),
    timeseries({
      title: `${name} failed calls (share)`,
      description: `Share of ${what} whose outcome was not ok (an error or a time-out). Normal: 0; a steady share means ${name} is failing or unreachable.`,
      unit: 'percentunit',
      width: 12,
      min: 0,
      queries: [{ expr: ratio(`${histogram}_count`, labels, ['outcome!="ok"']), legend }],
    }),
  ];
}

/** Every breaker's state: the gateway's to its upstreams, and the services' internal calls (both breaker panels). */
const BREAKER_QUERIES = [
  { expr: maxBy(['upstream'], series('gateway_upstream_breaker_state')), legend: 'gateway → {{upstream}}' },
  { expr: maxBy(['service', 'upstream'], series('internal_call_breaker_state')), legend: '{{service}} → {{upstream}}' },
];

export const kafkaAndDependencies = dashboard({
  uid: 'kadr-kafka-dependencies',
  title: 'Kadr Kafka and dependencies',
  description:
    "Kafka consumer lag, dead letters and handlers; Redis, MongoDB and S3 latency and failures; the services' circuit breakers.",
  sections: [
    {
      title: 'Kafka',
      panels: [
        timeseries({
          title: 'Consumer lag by group and topic',
          description:
            "Messages each consumer group has not yet consumed, per topic (each partition's latest report, summed). Normal: 0 or short spikes; growing for 10 minutes raises KadrConsumerLagGrowing.",
          unit: 'short',
          queries: [
            {
              expr: sumBy(
                ['group', 'topic'],
                maxBy(['group', 'topic', 'partition'], series('eventbus_consumer_lag_messages')),
              ),
              legend: '{{group}} {{topic}}',
            },
          ],
        }),
        timeseries({
          title: 'Consumer lag by partition',
          description:
            'The same lag per partition. Normal: 0 everywhere; one partition behind means a poison message or a stuck member, every partition means too little capacity.',
          unit: 'short',
          queries: [
            {
              expr: maxBy(['group', 'topic', 'partition'], series('eventbus_consumer_lag_messages')),
              legend: '{{group}} {{topic}} [{{partition}}]',
            },
          ],
        }),
        timeseries({
          title: 'Dead-lettered messages /s',
          description:
            'Messages a consumer gave up on and sent to the dead-letter topic, by group and topic. Normal: 0. Any value above 0 means an effect (a grant, a capture, a record) has not happened: KadrMessagesDeadLettered, and the admin dead-letter screen.',
          unit: 'short',
          queries: [
            {
              expr: sumBy(['group', 'topic'], rate('eventbus_messages_dead_lettered_total')),
              legend: '{{group}} {{topic}}',
            },
          ],
        }),
        timeseries({
          title: 'Messages published /s by topic',
          description:
            'Messages the services published, per topic. Normal: follows user activity; a topic dropping to 0 while its producer is busy means a stuck outbox (see Kadr job pipeline, Outboxes).',
          unit: 'short',
          queries: [{ expr: sumBy(['topic'], rate('eventbus_messages_published_total')), legend: '{{topic}}' }],
        }),
        timeseries({
          title: 'Messages consumed /s by group, topic and outcome',
          description:
            'Messages each group handled, by outcome. Normal: consumed ≈ published for every subscribed topic; failed outcomes near 0 — handlers failing and retrying hold their partition.',
          unit: 'short',
          queries: [
            {
              expr: sumBy(['group', 'topic', 'outcome'], rate('eventbus_messages_consumed_total')),
              legend: '{{group}} {{topic}} {{outcome}}',
            },
          ],
        }),
        timeseries({
          title: 'Handler retries /s',
          description:
            "Retries of a message's handler after it failed. Normal: 0 or rare; a steady rate is a dependency failing under the handler (MongoDB, an upstream).",
          unit: 'short',
          queries: [
            { expr: sumBy(['group', 'topic'], rate('eventbus_handler_retries_total')), legend: '{{group}} {{topic}}' },
          ],
        }),
        timeseries({
          title: 'Handler duration p95 / p99 by group and topic',
          description:
            'Time a handler takes per message, every outcome. Normal: milliseconds to a few hundred; slow handlers make lag grow (look for a slow MongoDB or upstream below).',
          unit: 's',
          width: 24,
          queries: [0.95, 0.99].map((q) => ({
            expr: quantile(q, 'eventbus_handler_duration_seconds', ['group', 'topic']),
            legend: `p${Math.round(q * 100)} {{group}} {{topic}}`,
          })),
        }),
      ],
    },
    {
      title: 'Redis, MongoDB, S3',
      panels: [
        ...dependencyPanels(
          'Redis',
          'kv_store_operation_duration_seconds',
          ['backend', 'operation'],
          'key-value store operations (sessions, the live feed)',
        ),
        ...dependencyPanels('MongoDB', 'mongodb_command_duration_seconds', ['command'], 'MongoDB commands'),
        ...dependencyPanels(
          'S3',
          'blob_store_operation_duration_seconds',
          ['backend', 'operation'],
          'blob store operations (videos, thumbnails)',
        ),
      ],
    },
    {
      title: 'Upstreams and circuit breakers',
      panels: [
        stat({
          title: 'Breakers now',
          description:
            "Each breaker's state now: the gateway's to its upstreams, and the services' internal calls. Normal: closed (green) everywhere. Open (red) means calls fail at once with 503 because the upstream failed repeatedly; half-open: trying again; isolated: switched off by hand.",
          unit: 'short',
          width: 8,
          height: 8,
          mappings: BREAKER_STATES,
          queries: BREAKER_QUERIES,
        }),
        stateTimeline({
          title: 'Breaker states over time',
          description:
            'When each breaker opened, half-opened and closed again. Normal: one green band per breaker; open for 5 minutes pages (KadrBreakerOpen).',
          unit: 'short',
          width: 16,
          height: 8,
          mappings: BREAKER_STATES,
          queries: BREAKER_QUERIES,
        }),
        timeseries({
          title: 'Gateway upstream latency p95 / p99',
          description:
            "Time from the gateway's request to an upstream until its response headers (or failure). Normal: well below the upstream time-out; lines pressed against it are time-outs.",
          unit: 's',
          width: 12,
          queries: [0.95, 0.99].map((q) => ({
            expr: quantile(q, 'gateway_upstream_request_duration_seconds', ['upstream']),
            legend: `p${Math.round(q * 100)} {{upstream}}`,
          })),
        }),
        timeseries({
          title: 'Gateway upstream failures /s by outcome',
          description:
            "The gateway's failed upstream calls: a 5xx answer, timeout, unreachable, circuit_open or error (an answered 1xx–4xx and a call the client cancelled are not failures). Normal: 0; circuit_open means the breaker answers for the upstream.",
          unit: 'reqps',
          width: 12,
          queries: [
            {
              expr: orZero(
                sumBy(
                  ['upstream', 'outcome'],
                  rate('gateway_upstream_request_duration_seconds_count', 'outcome!~"[1-4]..|cancelled"'),
                ),
                ['upstream'],
                rate('gateway_upstream_request_duration_seconds_count'),
              ),
              legend: '{{upstream}} {{outcome}}',
            },
          ],
        }),
      ],
    },
  ],
});
