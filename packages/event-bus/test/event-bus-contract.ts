import { context, propagation, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { runAsService, ServiceAttributionProcessor, ServiceResourceExporter } from '@kadr/telemetry';
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Registry, type LabelValues, type MetricValueWithName } from 'prom-client';
import {
  DLQ_HEADERS,
  dlqTopicOf,
  replayDeadLetter,
  type ConsumerHandle,
  type DeliveredMessage,
  type EventBus,
  type MessageHandler,
  type SubscribeOptions,
} from '../src';

export interface ContractTimings {
  /** How long a test waits for the deliveries it expects. */
  deliveryTimeoutMs: number;
  /** How long a test keeps watching for deliveries it must NOT see (duplicates, redeliveries). */
  settleMs: number;
  /** jest's timeout for one test. */
  testTimeoutMs: number;
}

const text = (value: string): Uint8Array => new TextEncoder().encode(value);
const textOf = (value: Uint8Array): string => new TextDecoder().decode(value);
const bytesOf = (value: Uint8Array): number[] => Array.from(value);

type Labels = LabelValues<string>;

/** A metric's series (for a histogram: its `_bucket`, `_sum` and `_count` series), as the registry reads them now. */
async function seriesOf(
  registry: Registry,
  name: string,
): Promise<Array<{ series: string; labels: Labels; value: number }>> {
  const metric = await registry.getSingleMetric(name)?.get();
  return (metric?.values ?? []).map((entry: MetricValueWithName<string>) => ({
    series: entry.metricName ?? name,
    labels: entry.labels,
    value: entry.value,
  }));
}

/** The value of the series `series` (default: the metric's own) with exactly these labels; 0 when it does not exist yet. */
async function valueOf(
  registry: Registry,
  name: string,
  labels: Record<string, string>,
  series = name,
): Promise<number> {
  const sameLabels = (candidate: Labels): boolean =>
    Object.keys(candidate).length === Object.keys(labels).length &&
    Object.entries(labels).every(([label, value]) => String(candidate[label]) === value);
  const found = (await seriesOf(registry, name)).find((entry) => entry.series === series && sameLabels(entry.labels));
  return found?.value ?? 0;
}

/**
 * The behaviour every EventBus adapter must show (ARCHITECTURE §2): at-least-once delivery per
 * consumer group, partitions shared by a group's members, per-key order, retries, dead letters,
 * committed offsets, trace context carried in headers, and the same metrics. `create` returns a
 * fresh bus whose topics have at least 2 partitions, its metrics in `registry`; every test uses
 * its own topics and groups.
 */
export function eventBusContract(create: (registry: Registry) => Promise<EventBus>, timings: ContractTimings): void {
  const { deliveryTimeoutMs, settleMs, testTimeoutMs } = timings;
  const buses: EventBus[] = [];
  const run = randomUUID().slice(0, 8);
  let sequence = 0;
  const unique = (name: string): string => `contract.${name}.${run}-${(sequence += 1)}`;

  async function newBus(registry = new Registry()): Promise<EventBus> {
    const bus = await create(registry);
    buses.push(bus);
    return bus;
  }

  /** A topic made ready before use, as services do at start-up. */
  async function newTopic(bus: EventBus, name: string): Promise<string> {
    const topic = unique(name);
    await bus.ensureTopics([topic]);
    return topic;
  }

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  async function waitFor(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
    const deadline = Date.now() + deliveryTimeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out after ${deliveryTimeoutMs} ms waiting for ${what}`);
      await delay(10);
    }
  }

  /** Subscribes with a handler that records every delivery (after `handle` succeeded) and answers what `handle` answered. */
  async function recordingSubscriber(
    bus: EventBus,
    options: Omit<SubscribeOptions, 'handler'> & { handle?: MessageHandler },
  ): Promise<{ seen: DeliveredMessage[]; consumer: ConsumerHandle }> {
    const seen: DeliveredMessage[] = [];
    const { handle, ...rest } = options;
    const consumer = await bus.subscribe({
      retryDelayMs: 10,
      ...rest,
      handler: async (message) => {
        const result = await handle?.(message);
        seen.push(message);
        return result;
      },
    });
    return { seen, consumer };
  }

  const values = (messages: DeliveredMessage[]): string[] => messages.map((message) => textOf(message.value));

  it(
    'delivers a message with its key, headers and bytes intact',
    async () => {
      const bus = await newBus();
      const topic = await newTopic(bus, 'round-trip');
      const { seen } = await recordingSubscriber(bus, { group: unique('group'), topics: [topic] });
      const binary = Uint8Array.from([0, 1, 2, 127, 128, 254, 255, 0, 10, 13]);

      await bus.publish(topic, [
        { key: 'job-42', value: binary, headers: { 'x-custom': 'custom value', 'event-type': 'job.created' } },
        { key: 'job-42', value: new Uint8Array() },
      ]);
      await waitFor('2 messages', () => seen.length === 2);

      const [first, second] = seen as [DeliveredMessage, DeliveredMessage];
      expect(first).toMatchObject({ topic, key: 'job-42', attempt: 1 });
      expect(bytesOf(first.value)).toEqual(bytesOf(binary));
      expect(first.headers).toMatchObject({ 'x-custom': 'custom value', 'event-type': 'job.created' });
      expect(second.value).toHaveLength(0);
      // One key, one partition, consecutive offsets.
      expect(second.partition).toBe(first.partition);
      expect(BigInt(second.offset)).toBe(BigInt(first.offset) + 1n);
      expect(first.partition).toBeGreaterThanOrEqual(0);
    },
    testTimeoutMs,
  );

  it(
    'starts a new group at the beginning of the topic by default',
    async () => {
      const bus = await newBus();
      const topic = await newTopic(bus, 'from-beginning');
      await bus.publish(topic, [
        { key: 'a', value: text('before-1') },
        { key: 'b', value: text('before-2') },
      ]);

      const { seen } = await recordingSubscriber(bus, { group: unique('late-group'), topics: [topic] });
      await bus.publish(topic, [{ key: 'a', value: text('after') }]);

      await waitFor('3 messages', () => seen.length === 3);
      expect(values(seen).sort()).toEqual(['after', 'before-1', 'before-2']);
    },
    testTimeoutMs,
  );

  it(
    'keeps the start of a group that starts at the end when its consumer stops before any message',
    async () => {
      // What a consumer restart after a broker crash does (tools/chaos found it on Kafka): the
      // start position taken at the first subscribe must hold, or messages published while
      // the consumer was down are skipped.
      const bus = await newBus();
      const topic = await newTopic(bus, 'from-end');
      await bus.publish(topic, [{ key: 'a', value: text('history') }]);
      const group = unique('live-group');
      const first = await recordingSubscriber(bus, { group, topics: [topic], fromBeginning: false });
      await first.consumer.stop();

      await bus.publish(
        topic,
        ['while-down-1', 'while-down-2', 'while-down-3'].map((value, i) => ({ key: `k${i}`, value: text(value) })),
      );
      const second = await recordingSubscriber(bus, { group, topics: [topic], fromBeginning: false });
      await waitFor('the 3 messages published while it was down', () => second.seen.length >= 3);
      await delay(settleMs);
      expect(values([...first.seen, ...second.seen]).sort()).toEqual(['while-down-1', 'while-down-2', 'while-down-3']);
    },
    testTimeoutMs,
  );

  it(
    'gives every consumer group every message exactly once',
    async () => {
      const bus = await newBus();
      const topic = await newTopic(bus, 'fan-out');
      const billing = await recordingSubscriber(bus, { group: unique('billing'), topics: [topic] });
      const audit = await recordingSubscriber(bus, { group: unique('audit'), topics: [topic] });
      const sent = Array.from({ length: 12 }, (_, i) => `m${i}`);

      await bus.publish(
        topic,
        sent.map((value, i) => ({ key: `k${i % 4}`, value: text(value) })),
      );
      await waitFor('12 messages in each group', () => billing.seen.length >= 12 && audit.seen.length >= 12);
      await delay(settleMs);

      expect(values(billing.seen).sort()).toEqual([...sent].sort());
      expect(values(audit.seen).sort()).toEqual([...sent].sort());
    },
    testTimeoutMs,
  );

  it(
    'shares partitions between the members of one group, each message handled once',
    async () => {
      const bus = await newBus();
      const topic = await newTopic(bus, 'work-sharing');
      const group = unique('workers');
      const first = await recordingSubscriber(bus, { group, topics: [topic] });
      const second = await recordingSubscriber(bus, { group, topics: [topic] });
      const sent = Array.from({ length: 40 }, (_, i) => `job-${i}`);

      // One key per message: the keys spread over every partition.
      await bus.publish(
        topic,
        sent.map((value) => ({ key: value, value: text(value) })),
      );
      await waitFor('40 messages', () => first.seen.length + second.seen.length >= 40);
      await delay(settleMs);

      expect([...values(first.seen), ...values(second.seen)].sort()).toEqual([...sent].sort());
      expect(first.seen.length).toBeGreaterThan(0);
      expect(second.seen.length).toBeGreaterThan(0);
      // A partition belongs to one member at a time.
      const partitionsOf = (seen: DeliveredMessage[]): Set<number> => new Set(seen.map((m) => m.partition));
      const shared = [...partitionsOf(first.seen)].filter((p) => partitionsOf(second.seen).has(p));
      expect(shared).toEqual([]);
    },
    testTimeoutMs,
  );

  it(
    "hands a leaving member's partitions to the members that remain",
    async () => {
      const bus = await newBus();
      const topic = await newTopic(bus, 'rebalance');
      const group = unique('shrinking');
      const stays = await recordingSubscriber(bus, { group, topics: [topic] });
      const leaves = await recordingSubscriber(bus, { group, topics: [topic] });
      const batch = (prefix: string): string[] => Array.from({ length: 20 }, (_, i) => `${prefix}-${i}`);

      await bus.publish(
        topic,
        batch('before').map((value) => ({ key: value, value: text(value) })),
      );
      await waitFor('the first 20 messages', () => stays.seen.length + leaves.seen.length >= 20);
      expect(leaves.seen.length).toBeGreaterThan(0);
      await leaves.consumer.stop();
      const leftWith = leaves.seen.length;

      await bus.publish(
        topic,
        batch('after').map((value) => ({ key: value, value: text(value) })),
      );
      await waitFor('the next 20 messages on the remaining member', () =>
        batch('after').every((value) => values(stays.seen).includes(value)),
      );
      await delay(settleMs);

      expect(leaves.seen).toHaveLength(leftWith);
      expect([...values(stays.seen), ...values(leaves.seen)].sort()).toEqual(
        [...batch('before'), ...batch('after')].sort(),
      );
    },
    testTimeoutMs,
  );

  it(
    "keeps each key's messages in order, even with a slow handler",
    async () => {
      const bus = await newBus();
      const topic = await newTopic(bus, 'order');
      const keys = ['user-a', 'user-b', 'user-c', 'user-d', 'user-e'];
      const perKey = 20;
      const { seen } = await recordingSubscriber(bus, {
        group: unique('ordered'),
        topics: [topic],
        handle: () => delay(Math.floor(Math.random() * 4)),
      });

      // Interleaved across keys, published in several calls.
      for (let round = 0; round < perKey; round += 5) {
        const messages = [];
        for (let i = round; i < round + 5; i += 1) {
          for (const key of keys) messages.push({ key, value: text(`${key}:${i}`) });
        }
        await bus.publish(topic, messages);
      }
      await waitFor(`${keys.length * perKey} messages`, () => seen.length >= keys.length * perKey);

      for (const key of keys) {
        const sequence = seen.filter((message) => message.key === key).map((message) => textOf(message.value));
        expect(sequence).toEqual(Array.from({ length: perKey }, (_, i) => `${key}:${i}`));
      }
      expect(seen).toHaveLength(keys.length * perKey);
    },
    testTimeoutMs,
  );

  it(
    'redelivers a message whose handler failed, counting attempts, then goes on',
    async () => {
      const bus = await newBus();
      const topic = await newTopic(bus, 'retry');
      const calls: Array<{ value: string; attempt: number }> = [];
      let failuresLeft = 2;
      const { seen } = await recordingSubscriber(bus, {
        group: unique('flaky'),
        topics: [topic],
        maxAttempts: 5,
        retryDelayMs: 10,
        handle: (message) => {
          calls.push({ value: textOf(message.value), attempt: message.attempt });
          if (textOf(message.value) === 'flaky' && failuresLeft > 0) {
            failuresLeft -= 1;
            return Promise.reject(new Error('transient failure'));
          }
          return Promise.resolve();
        },
      });

      await bus.publish(topic, [
        { key: 'order-1', value: text('flaky') },
        { key: 'order-1', value: text('next') },
      ]);
      await waitFor('both messages handled', () => seen.length >= 2);
      await delay(settleMs);

      expect(calls).toEqual([
        { value: 'flaky', attempt: 1 },
        { value: 'flaky', attempt: 2 },
        { value: 'flaky', attempt: 3 },
        { value: 'next', attempt: 1 },
      ]);
      expect(values(seen)).toEqual(['flaky', 'next']);
    },
    testTimeoutMs,
  );

  it(
    'dead-letters a message that keeps failing, with the error, and later messages still flow',
    async () => {
      const bus = await newBus();
      const topic = await newTopic(bus, 'poison');
      const dead = await recordingSubscriber(bus, { group: unique('dlq-reader'), topics: [dlqTopicOf(topic)] });
      let poisonAttempts = 0;
      const { seen } = await recordingSubscriber(bus, {
        group: unique('strict'),
        topics: [topic],
        maxAttempts: 3,
        retryDelayMs: 5,
        handle: (message) => {
          if (textOf(message.value) !== 'poison') return Promise.resolve();
          poisonAttempts += 1;
          return Promise.reject(new Error('cannot parse poison pill'));
        },
      });
      const before = Date.now();

      await bus.publish(topic, [
        { key: 'order-7', value: text('poison'), headers: { 'event-id': 'e-1', 'x-trace': 'kept' } },
        { key: 'order-7', value: text('healthy') },
      ]);
      await waitFor('the healthy message and the dead letter', () => seen.length >= 1 && dead.seen.length >= 1);
      await delay(settleMs);

      expect(values(seen)).toEqual(['healthy']);
      expect(poisonAttempts).toBe(3);
      expect(dead.seen).toHaveLength(1);
      const letter = dead.seen[0]!;
      expect(letter.key).toBe('order-7');
      expect(textOf(letter.value)).toBe('poison');
      expect(letter.headers).toMatchObject({
        'event-id': 'e-1',
        'x-trace': 'kept',
        [DLQ_HEADERS.originalTopic]: topic,
        [DLQ_HEADERS.attempts]: '3',
      });
      expect(letter.headers[DLQ_HEADERS.error]).toContain('cannot parse poison pill');
      const failedAt = Date.parse(letter.headers[DLQ_HEADERS.failedAt] ?? '');
      expect(failedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(failedAt).toBeLessThanOrEqual(Date.now() + 1000);
    },
    testTimeoutMs,
  );

  it(
    'reads the dead letters of a topic: place, original message and failure, oldest first, leaving them in place',
    async () => {
      const bus = await newBus();
      const topic = await newTopic(bus, 'dlq-read');
      const quiet = await newTopic(bus, 'dlq-empty');
      const dead = await recordingSubscriber(bus, { group: unique('dlq-watch'), topics: [dlqTopicOf(topic)] });
      await recordingSubscriber(bus, {
        group: unique('refusing'),
        topics: [topic],
        maxAttempts: 2,
        retryDelayMs: 5,
        handle: () => Promise.reject(new Error('handler refuses everything')),
      });
      const binary = Uint8Array.from([0, 1, 127, 128, 254, 255]);
      const before = Date.now();

      await bus.publish(topic, [
        { key: 'order-1', value: binary, headers: { 'event-id': 'e-1', 'x-custom': 'kept' } },
        { key: 'order-2', value: text('second'), headers: { 'event-id': 'e-2' } },
      ]);
      await waitFor('2 dead letters', () => dead.seen.length >= 2);

      const letters = await bus.readDeadLetters([topic, quiet]);
      expect(letters.map((letter) => letter.key).sort()).toEqual(['order-1', 'order-2']);
      const first = letters.find((letter) => letter.key === 'order-1')!;
      expect(first).toMatchObject({
        topic,
        id: `${first.partition}-${first.offset}`,
        error: expect.stringContaining('handler refuses everything'),
        attempts: 2,
        originalTopic: topic,
      });
      expect(bytesOf(first.value)).toEqual(bytesOf(binary));
      expect(first.headers).toMatchObject({ 'event-id': 'e-1', 'x-custom': 'kept' });
      expect(Object.keys(first.headers).filter((name) => name.startsWith('dlq-'))).toEqual([]);
      expect(first.failedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(first.failedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      const times = letters.map((letter) => letter.failedAt!.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      // Reading consumed nothing: the letters are read again, and an empty .dlq reads as nothing.
      expect((await bus.readDeadLetters([topic])).map((letter) => letter.id)).toEqual(letters.map((l) => l.id));
      expect(await bus.readDeadLetters([quiet])).toEqual([]);
    },
    testTimeoutMs,
  );

  it(
    'replays a dead letter to its topic with its original key, value and headers, without the dlq ones',
    async () => {
      const bus = await newBus();
      const topic = await newTopic(bus, 'dlq-replay');
      let dependencyUp = false;
      const handled = await recordingSubscriber(bus, {
        group: unique('recovering'),
        topics: [topic],
        maxAttempts: 2,
        retryDelayMs: 5,
        handle: () => (dependencyUp ? Promise.resolve() : Promise.reject(new Error('dependency down'))),
      });
      const dead = await recordingSubscriber(bus, { group: unique('dlq-watch'), topics: [dlqTopicOf(topic)] });
      await bus.publish(topic, [{ key: 'order-9', value: text('payload'), headers: { 'event-id': 'e-9' } }]);
      await waitFor('the dead letter', () => dead.seen.length >= 1);
      const [letter] = await bus.readDeadLetters([topic]);

      dependencyUp = true;
      await replayDeadLetter(bus, letter!);
      await waitFor('the replayed message', () => handled.seen.length >= 1);
      await delay(settleMs);

      expect(handled.seen).toHaveLength(1);
      const replayed = handled.seen[0]!;
      expect(replayed).toMatchObject({ topic, key: 'order-9', attempt: 1 });
      expect(textOf(replayed.value)).toBe('payload');
      expect(replayed.headers['event-id']).toBe('e-9');
      expect(Object.keys(replayed.headers).filter((name) => name.startsWith('dlq-'))).toEqual([]);
      // The letter itself stays: whether it was handled is the caller's record, not the bus's.
      expect((await bus.readDeadLetters([topic])).map((l) => l.id)).toEqual([letter!.id]);
    },
    testTimeoutMs,
  );

  it(
    'resumes a group from its committed offset after its consumer stopped',
    async () => {
      const bus = await newBus();
      const topic = await newTopic(bus, 'resume');
      const group = unique('resumable');
      const first = await recordingSubscriber(bus, { group, topics: [topic] });
      await bus.publish(
        topic,
        ['m1', 'm2', 'm3'].map((value, i) => ({ key: `k${i}`, value: text(value) })),
      );
      await waitFor('the first 3 messages', () => first.seen.length >= 3);
      await first.consumer.stop();

      await bus.publish(
        topic,
        ['m4', 'm5', 'm6'].map((value, i) => ({ key: `k${i}`, value: text(value) })),
      );
      await delay(settleMs);
      expect(values(first.seen).sort()).toEqual(['m1', 'm2', 'm3']);

      const second = await recordingSubscriber(bus, { group, topics: [topic] });
      await waitFor('the 3 new messages', () => second.seen.length >= 3);
      await delay(settleMs);
      expect(values(second.seen).sort()).toEqual(['m4', 'm5', 'm6']);
    },
    testTimeoutMs,
  );

  it(
    'lets the in-flight handler finish when stopping, and commits its message',
    async () => {
      const bus = await newBus();
      const topic = await newTopic(bus, 'graceful');
      const group = unique('graceful');
      const events: string[] = [];
      let started = false;
      const first = await recordingSubscriber(bus, {
        group,
        topics: [topic],
        handle: async () => {
          started = true;
          await delay(200);
          events.push('handler finished');
        },
      });
      await bus.publish(topic, [{ key: 'k', value: text('slow') }]);
      await waitFor('the handler to start', () => started);

      await first.consumer.stop();
      events.push('stop resolved');
      expect(events).toEqual(['handler finished', 'stop resolved']);

      const second = await recordingSubscriber(bus, { group, topics: [topic] });
      await bus.publish(topic, [{ key: 'k', value: text('after') }]);
      await waitFor('the next message', () => second.seen.length >= 1);
      await delay(settleMs);
      expect(values(second.seen)).toEqual(['after']);
    },
    testTimeoutMs,
  );

  it(
    'leaves a message that is still being retried to the group when its consumer stops',
    async () => {
      const bus = await newBus();
      const topic = await newTopic(bus, 'stop-while-retrying');
      const group = unique('retrying');
      let attempts = 0;
      const first = await recordingSubscriber(bus, {
        group,
        topics: [topic],
        maxAttempts: 5,
        retryDelayMs: 60_000, // a backoff the stop must cut short
        handle: () => {
          attempts += 1;
          return Promise.reject(new Error('downstream unavailable'));
        },
      });
      await bus.publish(topic, [{ key: 'k', value: text('pending') }]);
      await waitFor('the first attempt', () => attempts === 1);

      const stopStarted = Date.now();
      await first.consumer.stop();
      expect(Date.now() - stopStarted).toBeLessThan(deliveryTimeoutMs);

      const second = await recordingSubscriber(bus, { group, topics: [topic] });
      await waitFor('the redelivery', () => second.seen.length >= 1);
      await delay(settleMs);
      expect(values(second.seen)).toEqual(['pending']);
      expect(second.seen[0]!.attempt).toBe(1);
      expect(attempts).toBe(1);
    },
    testTimeoutMs,
  );

  it(
    'counts published messages, and each handled delivery with its handler time',
    async () => {
      const registry = new Registry();
      const bus = await newBus(registry);
      const topic = await newTopic(bus, 'metrics-processed');
      const group = unique('counted');
      const { seen } = await recordingSubscriber(bus, {
        group,
        topics: [topic],
        // A handler that recognises a redelivery answers 'duplicate' (subscribeTopics' dedupe does).
        handle: (message) => Promise.resolve(textOf(message.value) === 'seen-before' ? 'duplicate' : undefined),
      });

      await bus.publish(topic, [
        { key: 'k', value: text('first') },
        { key: 'k', value: text('seen-before') },
      ]);
      await bus.publish(topic, [{ key: 'k', value: text('second') }]);
      await waitFor('3 messages', () => seen.length >= 3);
      await delay(settleMs);

      const published = (labels: Record<string, string>) =>
        valueOf(registry, 'eventbus_messages_published_total', labels);
      const consumed = (outcome: string) =>
        valueOf(registry, 'eventbus_messages_consumed_total', { group, topic, outcome });
      expect(await published({ topic })).toBe(3);
      expect(await consumed('processed')).toBe(2);
      expect(await consumed('duplicate')).toBe(1);
      expect(await consumed('failed')).toBe(0);
      const handled = { group, topic, outcome: 'ok' };
      expect(
        await valueOf(
          registry,
          'eventbus_handler_duration_seconds',
          handled,
          'eventbus_handler_duration_seconds_count',
        ),
      ).toBe(3);
      expect(await valueOf(registry, 'eventbus_handler_retries_total', { group, topic })).toBe(0);
    },
    testTimeoutMs,
  );

  it(
    'counts a failed attempt and its retry, and a dead-lettered message, the same way on every adapter',
    async () => {
      const registry = new Registry();
      const bus = await newBus(registry);
      const topic = await newTopic(bus, 'metrics-failures');
      const group = unique('failing');
      let flakyFailures = 0;
      const { seen } = await recordingSubscriber(bus, {
        group,
        topics: [topic],
        maxAttempts: 3,
        retryDelayMs: 5,
        handle: (message) => {
          const value = textOf(message.value);
          if (value === 'poison') return Promise.reject(new Error('cannot parse poison pill'));
          if (value === 'flaky' && flakyFailures++ === 0) return Promise.reject(new Error('transient failure'));
          return Promise.resolve();
        },
      });

      // One key: handled in this order. Attempts: flaky ✗ ✓, poison ✗ ✗ ✗ (dead letter), healthy ✓.
      await bus.publish(
        topic,
        ['flaky', 'poison', 'healthy'].map((value) => ({ key: 'order-9', value: text(value) })),
      );
      const deadLettered = () => valueOf(registry, 'eventbus_messages_dead_lettered_total', { group, topic });
      await waitFor(
        'the healthy message and the dead letter',
        async () => seen.length >= 2 && (await deadLettered()) >= 1,
      );
      await delay(settleMs);

      expect(values(seen)).toEqual(['flaky', 'healthy']);
      const consumed = (outcome: string) =>
        valueOf(registry, 'eventbus_messages_consumed_total', { group, topic, outcome });
      expect(await consumed('processed')).toBe(2);
      expect(await consumed('failed')).toBe(3); // flaky's first attempt, poison's first two
      expect(await consumed('dead_lettered')).toBe(1); // poison's last attempt
      expect(await consumed('duplicate')).toBe(0);
      expect(await deadLettered()).toBe(1);
      expect(await valueOf(registry, 'eventbus_handler_retries_total', { group, topic })).toBe(3);
      const attempts = (outcome: string) =>
        valueOf(
          registry,
          'eventbus_handler_duration_seconds',
          { group, topic, outcome },
          'eventbus_handler_duration_seconds_count',
        );
      expect(await attempts('ok')).toBe(2);
      expect(await attempts('error')).toBe(4);
      // Publish calls only: the dead letter is counted as such, not as a publish to the .dlq topic.
      expect(await valueOf(registry, 'eventbus_messages_published_total', { topic })).toBe(3);
      expect(await valueOf(registry, 'eventbus_messages_published_total', { topic: dlqTopicOf(topic) })).toBe(0);
    },
    testTimeoutMs,
  );

  it(
    "reports a group's lag per partition while its messages wait, and none once they are handled",
    async () => {
      const registry = new Registry();
      const bus = await newBus(registry);
      const topic = await newTopic(bus, 'metrics-lag');
      const group = unique('lagging');
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const started: DeliveredMessage[] = [];
      const { seen } = await recordingSubscriber(bus, {
        group,
        topics: [topic],
        handle: async (message) => {
          started.push(message);
          await gate;
        },
      });

      await bus.publish(topic, [
        { key: 'k', value: text('first') },
        { key: 'k', value: text('second') },
      ]);
      await waitFor('the first handler call', () => started.length >= 1);
      const partition = String(started[0]!.partition);
      const lagOf = async (): Promise<Map<string, number>> =>
        new Map(
          (await seriesOf(registry, 'eventbus_consumer_lag_messages'))
            .filter(({ labels }) => labels.group === group && labels.topic === topic)
            .map(({ labels, value }) => [String(labels.partition), value]),
        );

      // Both messages are published and none is committed: the one being handled counts too.
      await waitFor('a lag of 2 on the partition of the key', async () => (await lagOf()).get(partition) === 2);
      const waiting = await lagOf();
      expect(waiting.size).toBeGreaterThanOrEqual(2); // every partition of the topic is reported
      expect([...waiting.values()].reduce((sum, lag) => sum + lag, 0)).toBe(2);

      release();
      await waitFor('both messages handled', () => seen.length >= 2);
      await waitFor('no lag left', async () => [...(await lagOf()).values()].every((lag) => lag === 0));
      expect((await lagOf()).get(partition)).toBe(0);
    },
    testTimeoutMs,
  );

  it(
    "carries the publisher's trace context to the handler",
    async () => {
      const contextManager = new AsyncLocalStorageContextManager().enable();
      context.setGlobalContextManager(contextManager);
      propagation.setGlobalPropagator(new W3CTraceContextPropagator());
      try {
        const bus = await newBus();
        const topic = await newTopic(bus, 'trace');
        const seenTraceIds: Array<string | undefined> = [];
        const { seen } = await recordingSubscriber(bus, {
          group: unique('traced'),
          topics: [topic],
          handle: () => {
            seenTraceIds.push(trace.getSpanContext(context.active())?.traceId);
            return Promise.resolve();
          },
        });
        const publisherSpan = {
          traceId: randomBytes(16).toString('hex'),
          spanId: randomBytes(8).toString('hex'),
          traceFlags: TraceFlags.SAMPLED,
        };
        const storedTraceId = randomBytes(16).toString('hex');

        await context.with(trace.setSpanContext(context.active(), publisherSpan), () =>
          bus.publish(topic, [
            // Injected from the active context.
            { key: 'k', value: text('live') },
            // An explicit traceparent (an outbox relay's stored one) wins over the active context.
            { key: 'k', value: text('stored'), headers: { traceparent: `00-${storedTraceId}-${'1'.repeat(16)}-01` } },
          ]),
        );
        await waitFor('2 messages', () => seen.length >= 2);

        expect(seen[0]!.headers.traceparent).toContain(publisherSpan.traceId);
        expect(seenTraceIds).toEqual([publisherSpan.traceId, storedTraceId]);
      } finally {
        context.disable();
        propagation.disable();
      }
    },
    testTimeoutMs,
  );

  it(
    'traces a publish and each delivery as spans of the services that made them',
    async () => {
      context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
      propagation.setGlobalPropagator(new W3CTraceContextPropagator());
      const exported = new InMemorySpanExporter();
      const provider = new TracerProvider({
        spanProcessors: [
          new ServiceAttributionProcessor(),
          new SimpleSpanProcessor({ exporter: new ServiceResourceExporter(exported) }),
        ],
      });
      trace.setGlobalTracerProvider(provider);
      try {
        const bus = await newBus();
        const topic = await newTopic(bus, 'spans');
        let attempts = 0;
        const { seen } = await runAsService('consumer-service', () =>
          recordingSubscriber(bus, {
            group: unique('spans'),
            topics: [topic],
            maxAttempts: 2,
            retryDelayMs: 1,
            handle: () => (++attempts === 1 ? Promise.reject(new Error('first attempt fails')) : Promise.resolve()),
          }),
        );
        const request = await runAsService('producer-service', () =>
          trace.getTracer('test').startActiveSpan('request', async (span) => {
            await bus.publish(topic, [{ key: 'k', value: text('traced'), headers: { 'event-id': 'e-1' } }]);
            span.end();
            return span.spanContext();
          }),
        );
        await waitFor('the delivery', () => seen.length >= 1);
        await provider.forceFlush();

        const spans = exported.getFinishedSpans();
        const publish = spans.filter((span) => span.name === `publish ${topic}`);
        const processes = spans.filter((span) => span.name === `process ${topic}`);
        expect(publish).toHaveLength(1);
        expect(publish[0]!.parentSpanContext?.spanId).toBe(request.spanId);
        expect(publish[0]!.resource.attributes['service.name']).toBe('producer-service');
        // One span per attempt, each a child of the publish, each the consumer's.
        expect(processes).toHaveLength(2);
        for (const process of processes) {
          expect(process.spanContext().traceId).toBe(request.traceId);
          expect(process.parentSpanContext?.spanId).toBe(publish[0]!.spanContext().spanId);
          expect(process.resource.attributes['service.name']).toBe('consumer-service');
          expect(process.attributes['messaging.message.id']).toBe('e-1');
        }
        expect(processes.map((process) => process.status.code)).toEqual([2, 0]);
      } finally {
        await provider.shutdown();
        trace.disable();
        context.disable();
        propagation.disable();
      }
    },
    testTimeoutMs,
  );
}
