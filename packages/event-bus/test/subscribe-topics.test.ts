import { create, toBinary } from '@bufbuild/protobuf';
import {
  encodeEvent,
  EventEnvelopeSchema,
  JobProgressKind,
  type EncodedEvent,
  type EventEnvelopeOf,
} from '@kadr/contracts';
import { until } from '@kadr/tooling/test-helpers';
import { Registry } from 'prom-client';
import {
  DLQ_HEADERS,
  MemoryEventBus,
  subscribeTopics,
  type DeliveredMessage,
  type EventIdClaims,
  type SubscribeOptions,
} from '../src';

const meta = { producer: 'test', correlationId: 'corr-1' };
const progressed = (jobId: string, eventId?: string) =>
  encodeEvent(
    { case: 'jobProgress', value: { jobId, userId: 'u1', kind: JobProgressKind.COMPLETED } },
    { ...meta, eventId },
  );
const deleted = (jobId: string) => encodeEvent({ case: 'jobDeleted', value: { jobId, userId: 'u1' } }, meta);
const publish = (bus: MemoryEventBus, event: EncodedEvent, topic: string = event.topic) => bus.publish(topic, [event]);

/** Remembers handled event ids, and every call it gets. */
function claims(): EventIdClaims & { calls: string[] } {
  const seen = new Set<string>();
  const calls: string[] = [];
  return {
    calls,
    claim: (eventId) => {
      calls.push(`claim ${eventId}`);
      if (seen.has(eventId)) return Promise.resolve(false);
      seen.add(eventId);
      return Promise.resolve(true);
    },
    unclaim: (eventId) => {
      calls.push(`unclaim ${eventId}`);
      seen.delete(eventId);
      return Promise.resolve();
    },
  };
}

/** A consumer of `<topic>.dlq`, to see what was dead-lettered. */
async function deadLetters(bus: MemoryEventBus, topic: string): Promise<DeliveredMessage[]> {
  const seen: DeliveredMessage[] = [];
  await bus.subscribe({
    group: `dlq-reader-${topic}`,
    topics: [`${topic}.dlq`],
    handler: (message) => {
      seen.push(message);
      return Promise.resolve();
    },
  });
  return seen;
}

describe('subscribeTopics', () => {
  // A bus per test, so that each test's group `g` starts alone and from the beginning.
  let bus = new MemoryEventBus();
  afterEach(async () => {
    await bus.close();
    bus = new MemoryEventBus();
  });

  it("subscribes the group to exactly the map's topics, passing the delivery options through", async () => {
    const subscribe = jest.spyOn(bus, 'subscribe');
    await subscribeTopics(bus, {
      group: 'g',
      fromBeginning: false,
      maxAttempts: 7,
      retryDelayMs: 3,
      handlers: { 'job.progress': () => Promise.resolve(), 'job.deleted': () => Promise.resolve() },
    });
    const options = subscribe.mock.calls[0]![0];
    expect(options).toMatchObject<Partial<SubscribeOptions>>({
      group: 'g',
      fromBeginning: false,
      maxAttempts: 7,
      retryDelayMs: 3,
    });
    expect(options.topics).toEqual(['job.progress', 'job.deleted']);
  });

  it("hands each topic's handler its envelope, decoded for that topic, and the delivery", async () => {
    const progress: Array<EventEnvelopeOf<'jobProgress'>> = [];
    const deletions: Array<{ jobId: string; offset: string }> = [];
    await subscribeTopics(bus, {
      group: 'g',
      handlers: {
        'job.progress': (envelope) => {
          progress.push(envelope);
          return Promise.resolve();
        },
        'job.deleted': (envelope, message) => {
          deletions.push({ jobId: envelope.payload.value.jobId, offset: message.offset });
          return Promise.resolve();
        },
      },
    });
    const event = progressed('job-1');
    await publish(bus, event);
    await publish(bus, deleted('job-2'));
    await until(() => progress.length === 1 && deletions.length === 1);
    expect(progress[0]).toMatchObject({
      eventId: event.headers['event-id'],
      correlationId: 'corr-1',
      payload: { case: 'jobProgress', value: { jobId: 'job-1', kind: JobProgressKind.COMPLETED } },
    });
    expect(deletions).toEqual([{ jobId: 'job-2', offset: '0' }]);
  });

  it('types each handler by its topic (checked by the typecheck)', () => {
    const typed = () =>
      subscribeTopics(bus, {
        group: 'g',
        handlers: {
          'job.deleted': (envelope) => {
            // @ts-expect-error a job.deleted event has no progress kind
            void envelope.payload.value.kind;
            return Promise.resolve();
          },
          // @ts-expect-error not a topic
          'job.nope': () => Promise.resolve(),
        },
      });
    expect(typed).toBeInstanceOf(Function);
  });

  it('retries a failing handler, then dead-letters the message to <topic>.dlq', async () => {
    const dead = await deadLetters(bus, 'job.progress');
    const attempts: number[] = [];
    await subscribeTopics(bus, {
      group: 'g',
      maxAttempts: 3,
      retryDelayMs: 1,
      handlers: {
        'job.progress': (_envelope, message) => {
          attempts.push(message.attempt);
          return Promise.reject(new Error('store down'));
        },
      },
    });
    const event = progressed('job-1');
    await publish(bus, event);
    await until(() => dead.length === 1);
    expect(attempts).toEqual([1, 2, 3]);
    expect(dead[0]!.value).toEqual(event.value);
    expect(dead[0]!.headers).toMatchObject({ [DLQ_HEADERS.error]: 'Error: store down', [DLQ_HEADERS.attempts]: '3' });
  });

  describe('a message that is not its topic’s event is never handled: retried, then dead-lettered', () => {
    const undecodable: Array<[string, () => EncodedEvent]> = [
      ['another topic’s event', () => deleted('job-1')],
      ['bytes that are no envelope', () => ({ ...progressed('job-1'), value: new Uint8Array([0xff, 0xff, 0xff]) })],
      [
        // A newer producer's event case: a payload field this build does not know (number 99) and none it knows.
        'an event case this build does not know',
        () => {
          const envelope = toBinary(EventEnvelopeSchema, create(EventEnvelopeSchema, { eventId: 'e-new' }));
          return { ...progressed('job-1'), value: new Uint8Array([...envelope, 0x9a, 0x06, 0x00]) };
        },
      ],
    ];

    it.each(undecodable)('%s', async (_what, event) => {
      const dead = await deadLetters(bus, 'job.progress');
      const handler = jest.fn(() => Promise.resolve());
      const dedupe = claims();
      await subscribeTopics(bus, {
        group: 'g',
        maxAttempts: 2,
        retryDelayMs: 1,
        dedupe,
        handlers: { 'job.progress': handler },
      });
      await publish(bus, event(), 'job.progress');
      await until(() => dead.length === 1);
      expect(handler).not.toHaveBeenCalled();
      expect(dedupe.calls).toEqual([]);
      expect(dead[0]!.headers[DLQ_HEADERS.attempts]).toBe('2');
    });

    it('names the topic and what it carried in the dead letter', async () => {
      const dead = await deadLetters(bus, 'job.progress');
      await subscribeTopics(bus, { group: 'g', maxAttempts: 1, handlers: { 'job.progress': () => Promise.resolve() } });
      await publish(bus, deleted('job-1'), 'job.progress');
      await until(() => dead.length === 1);
      expect(dead[0]!.headers[DLQ_HEADERS.error]).toBe(
        'Error: topic job.progress carries jobProgress events, got jobDeleted',
      );
    });
  });

  describe('with a dedupe store', () => {
    it('handles an event id once: a redelivery is skipped and noted', async () => {
      const dedupe = claims();
      const debug = jest.fn();
      const handled: string[] = [];
      await subscribeTopics(bus, {
        group: 'g',
        dedupe,
        logger: { debug },
        handlers: {
          'job.progress': (envelope) => {
            handled.push(envelope.payload.value.jobId);
            return Promise.resolve();
          },
        },
      });
      const event = progressed('job-1', 'e-1');
      await publish(bus, event);
      await publish(bus, event);
      await publish(bus, progressed('job-2', 'e-2'));
      await until(() => dedupe.calls.length === 3 && handled.length === 2);
      // Two jobs, two keys: their partitions run concurrently.
      expect(handled.sort()).toEqual(['job-1', 'job-2']);
      expect(dedupe.calls.sort()).toEqual(['claim e-1', 'claim e-1', 'claim e-2']);
      expect(debug).toHaveBeenCalledWith({ eventId: 'e-1', topic: 'job.progress' }, 'event already handled');
    });

    it('counts a skipped redelivery as a duplicate, not as processed', async () => {
      const registry = new Registry();
      const countingBus = new MemoryEventBus({ registry });
      try {
        await subscribeTopics(countingBus, {
          group: 'g',
          dedupe: claims(),
          handlers: { 'job.progress': () => Promise.resolve() },
        });
        const event = progressed('job-1', 'e-1');
        await publish(countingBus, event);
        await publish(countingBus, event);
        const consumed = async (outcome: string) =>
          (await registry.getSingleMetric('eventbus_messages_consumed_total')?.get())?.values.find(
            ({ labels }) => labels.outcome === outcome && labels.group === 'g' && labels.topic === 'job.progress',
          )?.value ?? 0;
        await until(async () => (await consumed('duplicate')) === 1);
        expect(await consumed('processed')).toBe(1);
      } finally {
        await countingBus.close();
      }
    });

    it('claims before the handler and unclaims when it fails, so the retry handles the event', async () => {
      const dedupe = claims();
      const order: string[] = dedupe.calls;
      await subscribeTopics(bus, {
        group: 'g',
        retryDelayMs: 1,
        dedupe,
        handlers: {
          'job.progress': (_envelope, message) => {
            order.push(`handle attempt ${message.attempt}`);
            return message.attempt === 1 ? Promise.reject(new Error('flaky')) : Promise.resolve();
          },
        },
      });
      await publish(bus, progressed('job-1', 'e-1'));
      await until(() => order.length === 5);
      expect(order).toEqual(['claim e-1', 'handle attempt 1', 'unclaim e-1', 'claim e-1', 'handle attempt 2']);
    });

    it('leaves a dead-lettered event unclaimed, so a replay handles it', async () => {
      const dedupe = claims();
      const dead = await deadLetters(bus, 'job.progress');
      let failing = true;
      const handled: string[] = [];
      await subscribeTopics(bus, {
        group: 'g',
        maxAttempts: 2,
        retryDelayMs: 1,
        dedupe,
        handlers: {
          'job.progress': (envelope) => {
            if (failing) return Promise.reject(new Error('down'));
            handled.push(envelope.eventId);
            return Promise.resolve();
          },
        },
      });
      const event = progressed('job-1', 'e-1');
      await publish(bus, event);
      await until(() => dead.length === 1);
      failing = false;
      await publish(bus, event);
      await until(() => handled.length === 1);
      expect(dedupe.calls).toEqual(['claim e-1', 'unclaim e-1', 'claim e-1', 'unclaim e-1', 'claim e-1']);
    });

    it('still throws the handler’s error when unclaiming fails', async () => {
      const dead = await deadLetters(bus, 'job.progress');
      const dedupe: EventIdClaims = {
        claim: () => Promise.resolve(true),
        unclaim: () => Promise.reject(new Error('kv down')),
      };
      await subscribeTopics(bus, {
        group: 'g',
        maxAttempts: 1,
        dedupe,
        handlers: { 'job.progress': () => Promise.reject(new Error('handler failed')) },
      });
      await publish(bus, progressed('job-1', 'e-1'));
      await until(() => dead.length === 1);
      expect(dead[0]!.headers[DLQ_HEADERS.error]).toBe('Error: handler failed');
    });

    it('handles an envelope without an event id without claiming', async () => {
      const dedupe = claims();
      const handled: string[] = [];
      await subscribeTopics(bus, {
        group: 'g',
        dedupe,
        handlers: {
          'job.progress': (envelope) => {
            handled.push(envelope.payload.value.jobId);
            return Promise.resolve();
          },
        },
      });
      const withoutId = create(EventEnvelopeSchema, {
        payload: { case: 'jobProgress', value: { jobId: 'job-1', userId: 'u1' } },
      });
      await bus.publish('job.progress', [{ key: 'job-1', value: toBinary(EventEnvelopeSchema, withoutId) }]);
      await until(() => handled.length === 1);
      expect(dedupe.calls).toEqual([]);
    });
  });

  it("hands the listed topics' dead letters over undecoded, in the same group", async () => {
    const letters: DeliveredMessage[] = [];
    const subscribe = jest.spyOn(bus, 'subscribe');
    await subscribeTopics(bus, {
      group: 'g',
      handlers: { 'job.progress': () => Promise.resolve() },
      deadLetters: {
        of: ['job.progress', 'user.deleted'],
        handler: (message) => {
          letters.push(message);
          return Promise.resolve();
        },
      },
    });
    expect(subscribe.mock.calls[0]![0].topics).toEqual(['job.progress', 'job.progress.dlq', 'user.deleted.dlq']);
    await bus.publish('user.deleted.dlq', [{ key: 'k', value: new Uint8Array([0xff]) }]);
    await until(() => letters.length === 1);
    expect(letters[0]).toMatchObject({ topic: 'user.deleted.dlq', value: new Uint8Array([0xff]) });
  });
});
