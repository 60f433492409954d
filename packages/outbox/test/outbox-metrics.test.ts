import { Registry } from 'prom-client';
import { createLogger } from '@kadr/telemetry';
import { OutboxRelay, outboxStatsOf, type OutboxBatch, type OutboxSource, type OutboxStats } from '../src';

const logger = createLogger({ service: 'outbox-test', level: 'silent' });

/** An outbox of entry ids (each written at `writtenAt`); `failing` makes every delivery fail. */
class TimedSource implements OutboxSource {
  failing = false;
  statsReads = 0;
  /** Replaces the stats answer (a database that hangs or fails). */
  statsAnswer: (() => Promise<OutboxStats>) | undefined;
  readonly entries = new Map<string, Date>();

  constructor(readonly name: string) {}

  take(): Promise<OutboxBatch[]> {
    const items = [...this.entries.keys()].map((id) => ({
      id,
      deliver: () => (this.failing ? Promise.reject(new Error('bus away')) : Promise.resolve()),
    }));
    return Promise.resolve(items.length ? [{ aggregateId: 'a', items }] : []);
  }

  remove(_aggregateId: string, ids: readonly string[]): Promise<void> {
    for (const id of ids) this.entries.delete(id);
    return Promise.resolve();
  }

  stats(): Promise<OutboxStats> {
    this.statsReads += 1;
    return this.statsAnswer?.() ?? Promise.resolve(outboxStatsOf([...this.entries.values()]));
  }
}

/** outbox → value of a metric, as a scrape reads it. */
async function scrape(registry: Registry, name: string): Promise<Record<string, number>> {
  const metric = await registry.getSingleMetric(name)?.get();
  return Object.fromEntries((metric?.values ?? []).map(({ labels, value }) => [String(labels.outbox), value]));
}

const secondsAgo = (seconds: number): Date => new Date(Date.now() - seconds * 1000);

describe('outbox relay metrics', () => {
  const relays: OutboxRelay[] = [];
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.stop()));
  });

  function relayOf(sources: OutboxSource[], registry: Registry): OutboxRelay {
    const relay = new OutboxRelay({ sources, logger, registry, intervalMs: 60_000 });
    relays.push(relay);
    return relay;
  }

  it('counts published entries and failed publishes per outbox', async () => {
    const registry = new Registry();
    const users = new TimedSource('users');
    const jobs = new TimedSource('jobs');
    users.entries.set('u1', new Date()).set('u2', new Date());
    jobs.entries.set('j1', new Date());
    jobs.failing = true;
    const relay = relayOf([users, jobs], registry);

    expect(await relay.runOnce()).toBe(2);
    expect(await relay.runOnce()).toBe(0); // jobs fails again
    expect(await scrape(registry, 'outbox_entries_published_total')).toEqual({ users: 2 });
    expect(await scrape(registry, 'outbox_publish_failures_total')).toEqual({ jobs: 2 });

    jobs.failing = false;
    await relay.drain();
    expect(await scrape(registry, 'outbox_entries_published_total')).toEqual({ users: 2, jobs: 1 });
  });

  it('reports pending entries and the age of the oldest while the relay runs, read when scraped', async () => {
    const registry = new Registry();
    const orders = new TimedSource('orders');
    const accounts = new TimedSource('accounts');
    orders.failing = true; // its entries stay pending
    orders.entries.set('o1', secondsAgo(90)).set('o2', secondsAgo(30));
    const relay = relayOf([orders, accounts], registry);
    expect(await scrape(registry, 'outbox_pending_entries')).toEqual({}); // not started: not reported

    relay.start();
    const reads = orders.statsReads;
    const pending = await scrape(registry, 'outbox_pending_entries');
    const ages = await scrape(registry, 'outbox_oldest_entry_age_seconds');
    expect(pending).toEqual({ orders: 2, accounts: 0 });
    expect(ages.orders).toBeGreaterThanOrEqual(90);
    expect(ages.orders).toBeLessThan(100);
    expect(ages.accounts).toBe(0);
    expect(orders.statsReads - reads).toBe(2); // once per scrape of each gauge, nothing in between

    await relay.stop();
    expect(await scrape(registry, 'outbox_pending_entries')).toEqual({});
    expect(await scrape(registry, 'outbox_oldest_entry_age_seconds')).toEqual({});
  });

  it('reads the stats once for both gauges of one scrape', async () => {
    const registry = new Registry();
    const users = new TimedSource('users');
    relayOf([users], registry).start();
    const reads = users.statsReads;
    await registry.metrics();
    expect(users.statsReads - reads).toBe(1);
  });

  it('keeps the last stats of an outbox whose store fails or hangs, and the scrape neither fails nor hangs', async () => {
    const registry = new Registry();
    const users = new TimedSource('users');
    users.entries.set('u1', secondsAgo(10));
    users.failing = true;
    relayOf([users], registry).start();
    expect(await scrape(registry, 'outbox_pending_entries')).toEqual({ users: 1 });

    users.statsAnswer = () => Promise.reject(new Error('database away'));
    expect(await scrape(registry, 'outbox_pending_entries')).toEqual({ users: 1 });

    users.statsAnswer = () => new Promise<OutboxStats>(() => undefined);
    const started = Date.now();
    const text = await registry.metrics();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(text).toContain('outbox_pending_entries{outbox="users"} 1');
  });

  it('reports the outboxes of every relay sharing a registry; the newest relay of a name reports it', async () => {
    const registry = new Registry();
    const users = new TimedSource('users');
    const jobs = new TimedSource('jobs');
    const newerJobs = new TimedSource('jobs');
    users.failing = jobs.failing = newerJobs.failing = true;
    users.entries.set('u1', new Date());
    jobs.entries.set('j1', new Date());
    newerJobs.entries.set('j1', new Date()).set('j2', new Date());
    relayOf([users], registry).start();
    const older = relayOf([jobs], registry);
    older.start();
    relayOf([newerJobs], registry).start();

    expect(await scrape(registry, 'outbox_pending_entries')).toEqual({ users: 1, jobs: 2 });
    await older.stop(); // the newer relay still reports `jobs`
    expect(await scrape(registry, 'outbox_pending_entries')).toEqual({ users: 1, jobs: 2 });
  });
});

describe('outboxStatsOf', () => {
  it('counts the entries and finds the oldest write time among those that have one', () => {
    const oldest = new Date('2025-01-01T00:00:00Z');
    expect(outboxStatsOf([new Date('2025-01-02T00:00:00Z'), undefined, oldest])).toEqual({
      pending: 3,
      oldestAt: oldest,
    });
    expect(outboxStatsOf([undefined])).toEqual({ pending: 1, oldestAt: null });
    expect(outboxStatsOf([])).toEqual({ pending: 0, oldestAt: null });
  });
});
