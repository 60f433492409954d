import { Registry } from 'prom-client';
import { currentService, outsideRequestContext, runAsService, type Logger } from '@kadr/telemetry';
import { OutboxMetrics, type OutboxStats } from './outbox-metrics';

/** One waiting outbox entry and how to deliver it (idempotent: it may be delivered again). */
export interface OutboxItem {
  id: string;
  deliver(): Promise<void>;
}

export interface OutboxBatch {
  aggregateId: string;
  items: OutboxItem[];
}

/** Where the relay finds entries (an aggregate collection's outbox arrays). */
export interface OutboxSource {
  name: string;
  take(limit: number): Promise<OutboxBatch[]>;
  /** Pulls delivered entries off the aggregate (entries written meanwhile stay). */
  remove(aggregateId: string, ids: readonly string[]): Promise<void>;
  /** What is pending now (the `outbox_pending_entries` and `outbox_oldest_entry_age_seconds` gauges, read at scrape time). */
  stats(): Promise<OutboxStats>;
}

export interface OutboxRelayOptions {
  sources: OutboxSource[];
  logger: Logger;
  /** How often pending entries are looked for besides the nudge after each write. Default 1 s. */
  intervalMs?: number;
  /** Aggregates read per pass and source. Default 50. */
  batchSize?: number;
  /** A delivery that takes longer counts as failed (Kafka's producer retries for long). Default 10 s. */
  deliveryTimeoutMs?: number;
  /** Where the relay's metrics go (outbox-metrics.ts; the service's registry); without one they are kept but not exported. */
  registry?: Registry;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Delivers what aggregates wrote into their outbox, then pulls it off (ARCHITECTURE §2). Runs
 * after each write (`nudge`) and on an interval, so entries a crash left behind are delivered by
 * the next pass of this or any other replica. At least once: a crash between delivery and
 * removal delivers the entry again with the same id (the ledger skips a known id, consumers
 * dedupe events). Entries of one aggregate are delivered in order; a failure stops that
 * aggregate's batch so order holds.
 */
export class OutboxRelay {
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly deliveryTimeoutMs: number;
  private readonly metrics: OutboxMetrics;
  private stopReporting: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private passes: Promise<unknown> = Promise.resolve();
  private again = false;
  private stopped = true;
  /** Parts of the process that started the relay and have not stopped it yet. */
  private users = 0;

  /** The service that made the relay: its passes are that service's work, whoever nudged. */
  private readonly service = currentService();

  constructor(private readonly options: OutboxRelayOptions) {
    this.intervalMs = options.intervalMs ?? 1_000;
    this.batchSize = options.batchSize ?? 50;
    this.deliveryTimeoutMs = options.deliveryTimeoutMs ?? 10_000;
    this.metrics = new OutboxMetrics(options.registry ?? new Registry(), options.logger);
  }

  /**
   * Starts the passes. A relay shared by several parts of one process (jobs' API and worker over
   * one store) is started by each and runs until the last of them stops it.
   */
  start(): void {
    this.users += 1;
    if (this.users > 1) return;
    this.stopped = false;
    // The gauges report the sources while the relay runs (read only when scraped).
    this.stopReporting = this.metrics.report(this.options.sources);
    this.timer ??= setInterval(() => this.nudge(), this.intervalMs);
    this.timer.unref();
    this.nudge();
  }

  /** Ask for a pass soon; passes never overlap within one process. No-op until started. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    // The pass delivers every pending entry, not only the nudging request's: never in its context.
    this.running = this.outsideRequests(() => this.drainUntilQuiet()).finally(() => {
      this.running = undefined;
    });
  }

  async stop(): Promise<void> {
    this.users = Math.max(0, this.users - 1);
    if (this.users > 0) return;
    this.stopped = true;
    this.stopReporting?.();
    this.stopReporting = undefined;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass over every source (after any pass in progress); resolves with how many entries were delivered. */
  runOnce(): Promise<number> {
    const pass = this.passes.then(() => this.outsideRequests(() => this.pass()));
    this.passes = pass.catch(() => undefined);
    return pass;
  }

  /** Passes until nothing is left (tests and shutdown). */
  async drain(maxPasses = 100): Promise<void> {
    for (let i = 0; i < maxPasses; i += 1) if ((await this.runOnce()) === 0) return;
  }

  private outsideRequests<T>(work: () => Promise<T>): Promise<T> {
    return outsideRequestContext(() => (this.service ? runAsService(this.service, work) : work()));
  }

  private async pass(): Promise<number> {
    let delivered = 0;
    for (const source of this.options.sources) delivered += await this.passOver(source);
    return delivered;
  }

  private async passOver(source: OutboxSource): Promise<number> {
    const { logger } = this.options;
    let batches: OutboxBatch[];
    try {
      batches = await source.take(this.batchSize);
    } catch (error) {
      logger.warn({ err: error, outbox: source.name }, 'outbox relay could not read pending entries');
      return 0;
    }
    let delivered = 0;
    for (const { aggregateId, items } of batches) {
      const done: string[] = [];
      try {
        for (const item of items) {
          await withTimeout(item.deliver(), this.deliveryTimeoutMs, `delivering ${source.name} ${item.id}`);
          this.metrics.countPublished(source.name);
          done.push(item.id);
        }
      } catch (error) {
        this.metrics.countFailure(source.name);
        logger.warn({ err: error, outbox: source.name, aggregateId }, 'outbox relay could not deliver; will retry');
      }
      if (done.length === 0) continue;
      try {
        await source.remove(aggregateId, done);
        delivered += done.length;
      } catch (error) {
        logger.warn(
          { err: error, outbox: source.name, aggregateId },
          'outbox relay could not remove delivered entries',
        );
      }
    }
    return delivered;
  }

  private async drainUntilQuiet(): Promise<void> {
    do {
      this.again = false;
      const delivered = await this.runOnce();
      if (delivered >= this.batchSize) this.again = true;
    } while (this.again && !this.stopped);
  }
}
