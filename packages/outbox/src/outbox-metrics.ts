import { Counter, Gauge, type Registry } from 'prom-client';
import { metricOnce, ScrapeReadings, type Logger } from '@kadr/telemetry';

/** What an outbox holds now: entries written but not yet published, and when the oldest of them was written. */
export interface OutboxStats {
  pending: number;
  /** Null when nothing is pending (or no pending entry knows when it was written). */
  oldestAt: Date | null;
}

/** An outbox whose stats the gauges read at scrape time. */
export interface ReportedOutbox {
  name: string;
  stats(): Promise<OutboxStats>;
}

/** How long a scrape waits for an outbox's stats before it reports the last ones read. */
const STATS_TIMEOUT_MS = 1_000;

/** outbox name → its stats as scrapes read them, per registry: the gauges of a registry report them all. */
const reportedOf = new WeakMap<Registry, Map<string, ScrapeReadings<OutboxStats>>>();

/**
 * The relay's Prometheus metrics, labelled `outbox` with the source's name (`users`, `jobs`,
 * `accounts`, `orders`). Several relays may share a registry (metricOnce): their counters add up,
 * and the gauges report every outbox reported to them (the newest relay of a name wins).
 */
export class OutboxMetrics {
  private readonly published: Counter<'outbox'>;
  private readonly failures: Counter<'outbox'>;
  private readonly gauges: Array<Gauge<'outbox'>>;
  private readonly reported: Map<string, ScrapeReadings<OutboxStats>>;

  constructor(
    registry: Registry,
    private readonly logger: Logger,
  ) {
    const registers = [registry];
    this.published = metricOnce(
      registry,
      'outbox_entries_published_total',
      () =>
        new Counter({
          name: 'outbox_entries_published_total',
          help: 'Outbox entries the relay published (an entry published again after a crash counts again), by outbox',
          labelNames: ['outbox'] as const,
          registers,
        }),
    );
    this.failures = metricOnce(
      registry,
      'outbox_publish_failures_total',
      () =>
        new Counter({
          name: 'outbox_publish_failures_total',
          help: 'Outbox entries the relay failed to publish (an error or a time-out; retried on a later pass), by outbox',
          labelNames: ['outbox'] as const,
          registers,
        }),
    );
    let reported = reportedOf.get(registry);
    if (!reported) {
      reported = new Map();
      reportedOf.set(registry, reported);
    }
    const readings = reported;
    this.reported = reported;
    this.gauges = [
      metricOnce(
        registry,
        'outbox_pending_entries',
        () =>
          new Gauge({
            name: 'outbox_pending_entries',
            help: 'Outbox entries written but not yet published, by outbox; read at scrape time',
            labelNames: ['outbox'] as const,
            registers,
            collect() {
              return setFromStats(this, readings, (stats) => stats.pending);
            },
          }),
      ),
      metricOnce(
        registry,
        'outbox_oldest_entry_age_seconds',
        () =>
          new Gauge({
            name: 'outbox_oldest_entry_age_seconds',
            help: 'Seconds since the oldest entry not yet published was written (0 when none), by outbox; read at scrape time',
            labelNames: ['outbox'] as const,
            registers,
            collect() {
              return setFromStats(this, readings, ({ oldestAt }) =>
                oldestAt ? Math.max(0, (Date.now() - oldestAt.getTime()) / 1000) : 0,
              );
            },
          }),
      ),
    ];
  }

  countPublished(outbox: string): void {
    this.published.inc({ outbox });
  }

  countFailure(outbox: string): void {
    this.failures.inc({ outbox });
  }

  /** Reports the outboxes in the gauges until the returned function is called (the relay stops). */
  report(outboxes: readonly ReportedOutbox[]): () => void {
    const mine = outboxes.map((outbox) => {
      const readings = new ScrapeReadings(() => outbox.stats(), {
        timeoutMs: STATS_TIMEOUT_MS,
        onError: (err) => this.logger.debug({ err, outbox: outbox.name }, 'could not read outbox stats'),
      });
      this.reported.set(outbox.name, readings);
      return [outbox.name, readings] as const;
    });
    return () => {
      for (const [name, readings] of mine) {
        if (this.reported.get(name) !== readings) continue; // a newer relay reports it now
        this.reported.delete(name);
        for (const gauge of this.gauges) gauge.remove({ outbox: name });
      }
    };
  }
}

/** Sets each reported outbox's value; one whose stats could not be read keeps its last value. */
async function setFromStats(
  gauge: Gauge<'outbox'>,
  reported: ReadonlyMap<string, ScrapeReadings<OutboxStats>>,
  valueOf: (stats: OutboxStats) => number,
): Promise<void> {
  await Promise.all(
    [...reported].map(async ([outbox, readings]) => {
      const stats = await readings.latest();
      if (stats) gauge.set({ outbox }, valueOf(stats));
    }),
  );
}

/** The stats of pending entries from their write times (a memory store's, or a test's); entries without one count as pending only. */
export function outboxStatsOf(writtenAt: ReadonlyArray<Date | undefined>): OutboxStats {
  let oldestAt: Date | null = null;
  for (const at of writtenAt) if (at && (!oldestAt || at < oldestAt)) oldestAt = at;
  return { pending: writtenAt.length, oldestAt };
}
