import { createLogger } from '@kadr/telemetry';
import { OutboxRelay, outboxStatsOf, type OutboxBatch, type OutboxSource, type OutboxStats } from '../src';

const logger = createLogger({ service: 'outbox-test', level: 'silent' });

/** Aggregates with outbox arrays in memory; `failOn` makes one entry's delivery fail. */
class FakeSource implements OutboxSource {
  readonly name = 'fake';
  readonly delivered: string[] = [];
  failOn = new Set<string>();
  removeFails = false;
  constructor(readonly outboxes: Map<string, string[]>) {}

  take(limit: number): Promise<OutboxBatch[]> {
    const batches = [...this.outboxes.entries()]
      .filter(([, ids]) => ids.length > 0)
      .slice(0, limit)
      .map(([aggregateId, ids]) => ({
        aggregateId,
        items: ids.map((id) => ({
          id,
          deliver: () => {
            if (this.failOn.has(id)) return Promise.reject(new Error(`cannot deliver ${id}`));
            this.delivered.push(id);
            return Promise.resolve();
          },
        })),
      }));
    return Promise.resolve(batches);
  }

  remove(aggregateId: string, ids: readonly string[]): Promise<void> {
    if (this.removeFails) return Promise.reject(new Error('database away'));
    this.outboxes.set(
      aggregateId,
      (this.outboxes.get(aggregateId) ?? []).filter((id) => !ids.includes(id)),
    );
    return Promise.resolve();
  }

  stats(): Promise<OutboxStats> {
    return Promise.resolve(outboxStatsOf([...this.outboxes.values()].flat().map(() => undefined)));
  }
}

describe('OutboxRelay', () => {
  it('delivers every pending entry in order per aggregate and pulls it off', async () => {
    const source = new FakeSource(
      new Map([
        ['a', ['a1', 'a2', 'a3']],
        ['b', ['b1']],
      ]),
    );
    const relay = new OutboxRelay({ sources: [source], logger });
    expect(await relay.runOnce()).toBe(4);
    expect(source.delivered.filter((id) => id.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    expect([...source.outboxes.values()].flat()).toEqual([]);
    expect(await relay.runOnce()).toBe(0);
  });

  it('stops an aggregate at a failed delivery, keeps order, and delivers the rest on a later pass', async () => {
    const source = new FakeSource(
      new Map([
        ['a', ['a1', 'a2', 'a3']],
        ['b', ['b1']],
      ]),
    );
    source.failOn.add('a2');
    const relay = new OutboxRelay({ sources: [source], logger });
    expect(await relay.runOnce()).toBe(2); // a1 and b1
    expect(source.outboxes.get('a')).toEqual(['a2', 'a3']);
    source.failOn.clear();
    expect(await relay.runOnce()).toBe(2);
    expect(source.delivered).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('delivers again (same id) what a failed removal left behind: at least once, never lost', async () => {
    const source = new FakeSource(new Map([['a', ['a1']]]));
    source.removeFails = true;
    const relay = new OutboxRelay({ sources: [source], logger });
    expect(await relay.runOnce()).toBe(0);
    source.removeFails = false;
    await relay.drain();
    expect(source.delivered).toEqual(['a1', 'a1']);
    expect(source.outboxes.get('a')).toEqual([]);
  });

  it('counts a delivery that hangs as failed after deliveryTimeoutMs', async () => {
    const source = new FakeSource(new Map([['a', ['a1']]]));
    const hanging: OutboxSource = {
      ...source,
      name: 'hanging',
      take: async (limit) =>
        (await source.take(limit)).map((b) => ({
          ...b,
          items: b.items.map((i) => ({ ...i, deliver: () => new Promise<void>(() => {}) })),
        })),
      remove: (id, ids) => source.remove(id, ids),
      stats: () => source.stats(),
    };
    const relay = new OutboxRelay({ sources: [hanging], logger, deliveryTimeoutMs: 50 });
    expect(await relay.runOnce()).toBe(0);
    expect(source.outboxes.get('a')).toEqual(['a1']);
  });

  it('runs after a nudge once started, and stop waits for the pass in progress', async () => {
    const source = new FakeSource(new Map([['a', ['a1']]]));
    const relay = new OutboxRelay({ sources: [source], logger, intervalMs: 60_000 });
    relay.nudge(); // not started: nothing happens
    await new Promise((r) => setTimeout(r, 20));
    expect(source.delivered).toEqual([]);
    relay.start();
    source.outboxes.set('b', ['b1']);
    relay.nudge();
    await relay.stop();
    expect(source.delivered.sort()).toEqual(['a1', 'b1']);
  });
});
