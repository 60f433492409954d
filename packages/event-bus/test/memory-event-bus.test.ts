import { setTimeout as delay } from 'node:timers/promises';
import { Registry } from 'prom-client';
import { DLQ_HEADERS, MemoryEventBus, type DeliveredMessage } from '../src';
import { partitionOfKey } from '../src/memory/partition-of-key';

const text = (value: string): Uint8Array => new TextEncoder().encode(value);
const textOf = (value: Uint8Array): string => new TextDecoder().decode(value);

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i += 1) await delay(5);
  expect(condition()).toBe(true);
}

function recorder(): { seen: DeliveredMessage[]; handler: (m: DeliveredMessage) => Promise<void> } {
  const seen: DeliveredMessage[] = [];
  return {
    seen,
    handler: (message) => {
      seen.push(message);
      return Promise.resolve();
    },
  };
}

describe('MemoryEventBus (beyond the contract)', () => {
  let bus: MemoryEventBus;
  afterEach(() => bus.close());

  it('starts a new group at the end of the topic with fromBeginning: false', async () => {
    bus = new MemoryEventBus();
    await bus.publish('t', [{ key: 'k', value: text('old') }]);
    const { seen, handler } = recorder();
    await bus.subscribe({ group: 'g', topics: ['t'], handler, fromBeginning: false });
    await bus.publish('t', [{ key: 'k', value: text('new') }]);
    await until(() => seen.length === 1);
    await delay(20);
    expect(seen.map((m) => textOf(m.value))).toEqual(['new']);
  });

  it('has the configured number of partitions and puts a key on a stable one', async () => {
    bus = new MemoryEventBus({ partitions: 5 });
    const { seen, handler } = recorder();
    await bus.subscribe({ group: 'g', topics: ['t'], handler });
    const keys = Array.from({ length: 50 }, (_, i) => `key-${i}`);
    await bus.publish(
      't',
      keys.map((key) => ({ key, value: text(key) })),
    );
    await until(() => seen.length === 50);
    for (const message of seen) expect(message.partition).toBe(partitionOfKey(message.key, 5));
    expect(new Set(seen.map((m) => m.partition)).size).toBe(5);
  });

  it('dead-letters at once with maxAttempts 1, stamping the injected clock', async () => {
    bus = new MemoryEventBus({ now: () => new Date('2025-05-05T00:00:00.000Z') });
    const dead = recorder();
    await bus.subscribe({ group: 'dlq', topics: ['t.dlq'], handler: dead.handler });
    let calls = 0;
    await bus.subscribe({
      group: 'g',
      topics: ['t'],
      maxAttempts: 1,
      handler: () => {
        calls += 1;
        return Promise.reject(new TypeError('bad'));
      },
    });
    await bus.publish('t', [{ key: 'k', value: text('x') }]);
    await until(() => dead.seen.length === 1);
    expect(calls).toBe(1);
    expect(dead.seen[0]!.headers).toMatchObject({
      [DLQ_HEADERS.error]: 'TypeError: bad',
      [DLQ_HEADERS.attempts]: '1',
      [DLQ_HEADERS.failedAt]: '2025-05-05T00:00:00.000Z',
    });
  });

  it('keeps its own copy of the published bytes', async () => {
    bus = new MemoryEventBus();
    const { seen, handler } = recorder();
    await bus.subscribe({ group: 'g', topics: ['t'], handler });
    const value = text('original');
    await bus.publish('t', [{ key: 'k', value }]);
    value.fill(0);
    await until(() => seen.length === 1);
    expect(textOf(seen[0]!.value)).toBe('original');
  });

  it('a handler that changes its message changes neither its retry nor what another group gets', async () => {
    bus = new MemoryEventBus();
    const values: string[] = [];
    await bus.subscribe({
      group: 'scribbler',
      topics: ['t'],
      retryDelayMs: 1,
      handler: (message) => {
        values.push(textOf(message.value));
        message.value.fill(0);
        message.headers.polluted = 'yes';
        return Promise.reject(new Error('again'));
      },
      maxAttempts: 2,
    });
    const { seen, handler } = recorder();
    await bus.subscribe({ group: 'reader', topics: ['t'], handler });
    await bus.publish('t', [{ key: 'k', value: text('original') }]);
    await until(() => seen.length === 1 && values.length === 2);
    expect(values).toEqual(['original', 'original']);
    expect(textOf(seen[0]!.value)).toBe('original');
    expect(seen[0]!.headers.polluted).toBeUndefined();
  });

  it('refuses work after close and rejects bad options', async () => {
    bus = new MemoryEventBus();
    await expect(bus.subscribe({ group: '', topics: ['t'], handler: () => Promise.resolve() })).rejects.toThrow(
      'group is required',
    );
    await expect(
      bus.subscribe({ group: 'g', topics: ['t'], maxAttempts: 0, handler: () => Promise.resolve() }),
    ).rejects.toThrow(RangeError);
    await bus.close();
    await expect(bus.publish('t', [{ key: 'k', value: text('x') }])).rejects.toThrow('closed');
    expect(() => new MemoryEventBus({ partitions: 0 })).toThrow(RangeError);
  });
});

describe('MemoryEventBus metrics', () => {
  /** `{group}/{topic}/{partition}` → lag, as a scrape of the registry sees it. */
  async function lagIn(registry: Registry): Promise<Record<string, number>> {
    const metric = await registry.getSingleMetric('eventbus_consumer_lag_messages')?.get();
    return Object.fromEntries(
      (metric?.values ?? []).map(({ labels, value }) => [`${labels.group}/${labels.topic}/${labels.partition}`, value]),
    );
  }

  it('reports the lag of every bus sharing a registry, and drops a bus once it is closed', async () => {
    const registry = new Registry();
    const first = new MemoryEventBus({ partitions: 1, registry });
    const second = new MemoryEventBus({ partitions: 1, registry });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve)); // `a`'s message stays uncommitted until then
    const { seen, handler } = recorder();
    try {
      await first.subscribe({ group: 'a', topics: ['t'], handler: () => gate });
      await second.subscribe({ group: 'b', topics: ['u'], handler });
      await first.publish('t', [{ key: 'k', value: text('1') }]);
      await second.publish('u', [{ key: 'k', value: text('1') }]);
      await until(() => seen.length === 1);
      expect(await lagIn(registry)).toEqual({ 'a/t/0': 1, 'b/u/0': 0 });

      await second.close();
      expect(await lagIn(registry)).toEqual({ 'a/t/0': 1 });
    } finally {
      release();
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('partitionOfKey', () => {
  it('is stable and within range', () => {
    expect(partitionOfKey('job-1', 3)).toBe(partitionOfKey('job-1', 3));
    for (let i = 0; i < 100; i += 1) {
      const partition = partitionOfKey(`k${i}`, 7);
      expect(partition).toBeGreaterThanOrEqual(0);
      expect(partition).toBeLessThan(7);
    }
  });
});
