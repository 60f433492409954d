import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { encodeEvent } from '@kadr/contracts';
import { MemoryEventBus, type DeliveredMessage } from '@kadr/event-bus';
import {
  createLogger,
  runAsService,
  runWithCorrelationId,
  ServiceAttributionProcessor,
  ServiceResourceExporter,
} from '@kadr/telemetry';
import { until } from '@kadr/tooling/test-helpers';
import { OutboxRelay, entriesSource, outboxEntryOf, outboxStatsOf, type OutboxEntry } from '../src';

// ARCHITECTURE §2: every event carries the `traceparent` of the work that caused it. Events leave
// through outboxes, published later by a relay pass that belongs to no request (issue 17): the
// entry keeps the writer's trace and the relay publishes inside it.

const logger = createLogger({ service: 'outbox-test', level: 'silent' });

describe('an outbox entry', () => {
  const exported = new InMemorySpanExporter();
  const provider = new TracerProvider({
    spanProcessors: [
      new ServiceAttributionProcessor(),
      new SimpleSpanProcessor({ exporter: new ServiceResourceExporter(exported) }),
    ],
  });
  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(provider);
  });
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  });

  const encoded = (userId: string) =>
    encodeEvent(
      { case: 'userDeleted', value: { userId, purge: false } },
      { producer: 'test', correlationId: `corr-${userId}` },
    );

  it('records when it was written: now, or the time the writer gives', () => {
    const before = Date.now();
    const entry = outboxEntryOf(encoded('u-0'));
    expect(entry.createdAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(entry.createdAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const at = new Date('2025-01-02T03:04:05.000Z');
    expect(outboxEntryOf(encoded('u-0'), at).createdAt).toEqual(at);
  });

  it('outside any trace has no traceparent', () => {
    expect(outboxEntryOf(encoded('u-0')).traceparent).toBeUndefined();
  });

  it('keeps a traceparent its message names, over the active trace', () => {
    const named = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const message = encoded('u-1');
    message.headers.traceparent = named;
    const entry = trace.getTracer('test').startActiveSpan('other', (span) => {
      span.end();
      return outboxEntryOf(message);
    });
    expect(entry.traceparent).toBe(named);
  });

  it("is published by a later relay pass inside the writer's trace, as the writer's service", async () => {
    const bus = new MemoryEventBus();
    const received: DeliveredMessage[] = [];
    await bus.subscribe({
      group: 'reader',
      topics: ['user.deleted'],
      handler: (message) => {
        received.push(message);
        return Promise.resolve();
      },
    });
    const pending: OutboxEntry[] = [];
    const relay = runAsService(
      'writer-service',
      () =>
        new OutboxRelay({
          logger,
          intervalMs: 60_000,
          sources: [
            entriesSource(
              {
                name: 'test',
                take: () => Promise.resolve(pending.length ? [{ aggregateId: 'u-2', entries: [...pending] }] : []),
                remove: () => Promise.resolve(void pending.splice(0)),
                stats: () => Promise.resolve(outboxStatsOf(pending.map((entry) => entry.createdAt))),
              },
              bus,
            ),
          ],
        }),
    );
    // A request writes the entry and ends; another request's nudge starts the pass.
    const writer = runAsService('writer-service', () =>
      trace.getTracer('test').startActiveSpan('POST /things', (span) => {
        pending.push(outboxEntryOf(encoded('u-2')));
        span.end();
        return span.spanContext();
      }),
    );
    expect(pending[0]!.traceparent).toBe(`00-${writer.traceId}-${writer.spanId}-01`);
    await runWithCorrelationId('another-request', () =>
      trace.getTracer('test').startActiveSpan('GET /other', async (span) => {
        await relay.runOnce();
        span.end();
      }),
    );
    await until(() => received.length > 0);
    await bus.close();

    const publish = exported.getFinishedSpans().find((span) => span.name === 'publish user.deleted')!;
    expect(publish.parentSpanContext?.spanId).toBe(writer.spanId);
    expect(publish.spanContext().traceId).toBe(writer.traceId);
    expect(publish.resource.attributes['service.name']).toBe('writer-service');
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.traceparent).toBe(`00-${writer.traceId}-${publish.spanContext().spanId}-01`);
    expect(received[0]!.headers['correlation-id']).toBe('corr-u-2');
  });
});
