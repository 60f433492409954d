import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { metricOnce } from '@kadr/telemetry';
import type { MessageHandler } from './port';

/**
 * The bus's Prometheus metrics, the same for both adapters. Labels are bounded: topics and
 * consumer groups (a group is the consuming service), never message keys or ids. Several buses
 * may share a registry (metricOnce): their counters add up, and each one's lag is reported.
 */

/** What became of one delivery attempt (`eventbus_messages_consumed_total{outcome}`). */
export type ConsumedOutcome = 'processed' | 'duplicate' | 'failed' | 'dead_lettered';

/** One partition's lag as an adapter reads it. */
export interface PartitionLag {
  group: string;
  topic: string;
  partition: number;
  /** Messages published to the partition that the group has not committed yet. */
  lag: number;
}

/** How an adapter reads its groups' lag at scrape time: quickly, answering what it has when the broker is slow or away. */
export type LagSource = () => Promise<PartitionLag[]>;

/** Handler time is milliseconds for most events, seconds for a few (a purge, a slow store). */
const HANDLER_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** The lag sources of each registry: the lag gauge of a registry reports all of them. */
const lagSourcesOf = new WeakMap<Registry, Set<LagSource>>();

export class BusMetrics {
  private readonly published: Counter<'topic'>;
  private readonly consumed: Counter<'group' | 'topic' | 'outcome'>;
  private readonly handlerDuration: Histogram<'group' | 'topic' | 'outcome'>;
  private readonly retries: Counter<'group' | 'topic'>;
  private readonly deadLettered: Counter<'group' | 'topic'>;
  private readonly lagSources: Set<LagSource>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.published = metricOnce(
      registry,
      'eventbus_messages_published_total',
      () =>
        new Counter({
          name: 'eventbus_messages_published_total',
          help: 'Messages sent by publish calls (accepted by the bus), by topic; dead letters not included',
          labelNames: ['topic'] as const,
          registers,
        }),
    );
    this.consumed = metricOnce(
      registry,
      'eventbus_messages_consumed_total',
      () =>
        new Counter({
          name: 'eventbus_messages_consumed_total',
          help:
            'Delivery attempts handled, by consumer group, topic and outcome: processed, duplicate (skipped by ' +
            'event-id dedupe), failed (the handler threw; retried) or dead_lettered (the last attempt failed)',
          labelNames: ['group', 'topic', 'outcome'] as const,
          registers,
        }),
    );
    this.handlerDuration = metricOnce(
      registry,
      'eventbus_handler_duration_seconds',
      () =>
        new Histogram({
          name: 'eventbus_handler_duration_seconds',
          help: 'Seconds a handler took per delivery attempt, by consumer group, topic and outcome (ok or error)',
          labelNames: ['group', 'topic', 'outcome'] as const,
          buckets: HANDLER_BUCKETS,
          registers,
        }),
    );
    this.retries = metricOnce(
      registry,
      'eventbus_handler_retries_total',
      () =>
        new Counter({
          name: 'eventbus_handler_retries_total',
          help: 'Redeliveries of a message after a failed attempt, by consumer group and topic',
          labelNames: ['group', 'topic'] as const,
          registers,
        }),
    );
    this.deadLettered = metricOnce(
      registry,
      'eventbus_messages_dead_lettered_total',
      () =>
        new Counter({
          name: 'eventbus_messages_dead_lettered_total',
          help: 'Messages sent to <topic>.dlq after their last failed attempt, by consumer group and original topic',
          labelNames: ['group', 'topic'] as const,
          registers,
        }),
    );
    let lagSources = lagSourcesOf.get(registry);
    if (!lagSources) {
      lagSources = new Set();
      lagSourcesOf.set(registry, lagSources);
      lagGauge(registry, lagSources);
    }
    this.lagSources = lagSources;
  }

  /** After a publish call: `count` messages accepted on `topic`. */
  countPublished(topic: string, count: number): void {
    if (count > 0) this.published.inc({ topic }, count);
  }

  /**
   * The handler with each attempt timed and counted. An attempt that throws before the last one
   * is `failed`; the last one's outcome is the adapter's to count (`deadLettering`). A handler
   * that answers `'duplicate'` skipped a redelivery.
   */
  countedHandler(group: string, maxAttempts: number, handler: MessageHandler): MessageHandler {
    return async (message) => {
      const labels = { group, topic: message.topic };
      if (message.attempt > 1) this.retries.inc(labels);
      const endTimer = this.handlerDuration.startTimer(labels);
      try {
        const result = await handler(message);
        endTimer({ outcome: 'ok' });
        this.consumed.inc({ ...labels, outcome: result === 'duplicate' ? 'duplicate' : 'processed' });
        return result;
      } catch (error) {
        endTimer({ outcome: 'error' });
        if (message.attempt < maxAttempts) this.consumed.inc({ ...labels, outcome: 'failed' });
        throw error;
      }
    };
  }

  /**
   * Writes a message's dead letter (`write`) and counts the last attempt: `dead_lettered` once
   * the dead letter is written, `failed` when writing it failed (the message is delivered again).
   */
  async deadLettering(group: string, topic: string, write: () => Promise<void>): Promise<void> {
    const labels = { group, topic };
    try {
      await write();
    } catch (error) {
      this.consumed.inc({ ...labels, outcome: 'failed' });
      throw error;
    }
    this.consumed.inc({ ...labels, outcome: 'dead_lettered' });
    this.deadLettered.inc(labels);
  }

  /** Reports `source` in `eventbus_consumer_lag_messages` until the returned function is called (the bus closes). */
  reportLag(source: LagSource): () => void {
    this.lagSources.add(source);
    return () => void this.lagSources.delete(source);
  }
}

/** The lag gauge of a registry, set at scrape time from every source reporting to it. */
function lagGauge(registry: Registry, sources: ReadonlySet<LagSource>): void {
  metricOnce(
    registry,
    'eventbus_consumer_lag_messages',
    () =>
      new Gauge({
        name: 'eventbus_consumer_lag_messages',
        help:
          'Messages published to a partition that the consumer group has not committed yet (handled or ' +
          'dead-lettered), by group, topic and partition; read at scrape time for the groups consuming in this process',
        labelNames: ['group', 'topic', 'partition'] as const,
        registers: [registry],
        async collect() {
          // A source that fails anyway is left out: one broken bus must not fail the whole scrape.
          const readings = await Promise.all([...sources].map((source) => source().catch(() => [])));
          // Whole sets of readings: a group that stopped consuming here leaves the gauge.
          this.reset();
          for (const { group, topic, partition, lag } of readings.flat()) {
            this.set({ group, topic, partition: String(partition) }, lag);
          }
        },
      }),
  );
}
