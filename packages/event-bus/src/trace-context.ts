import { context, defaultTextMapGetter, propagation, SpanKind, trace } from '@opentelemetry/api';
import { endsWith, withTraceHeaders } from '@kadr/telemetry';
import { EVENT_HEADERS, type DeliveredMessage, type MessageHandler } from './port';

/**
 * Carries the OpenTelemetry context across the bus in message headers (W3C `traceparent`), the
 * same way in every adapter, with one `publish <topic>` span per publish and one
 * `process <topic>` span per delivery attempt (OpenTelemetry messaging conventions). Uses
 * whatever tracer provider and propagator the process registered; without one (tests, embedded
 * mode without telemetry) the spans are no-ops and nothing is injected.
 */

const tracer = trace.getTracer('@kadr/event-bus');

/** `kafka`, or `kadr-memory` for the in-process bus. */
export type MessagingSystem = 'kafka' | 'kadr-memory';

/**
 * The headers to publish: the active context injected, then the caller's headers on top (the
 * caller wins: a message that already names its trace keeps it).
 */
export function headersWithTraceContext(headers: Record<string, string> | undefined): Record<string, string> {
  return { ...withTraceHeaders({}), ...headers };
}

/** A publish as a producer span; `send` runs inside it, so the headers it injects name this span. */
export function tracedPublish(
  system: MessagingSystem,
  topic: string,
  messageCount: number,
  send: () => Promise<void>,
): Promise<void> {
  return tracer.startActiveSpan(
    `publish ${topic}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        'messaging.system': system,
        'messaging.operation.type': 'send',
        'messaging.destination.name': topic,
        'messaging.batch.message_count': messageCount,
      },
    },
    (span) => endsWith(span, send),
  );
}

/**
 * The handler a subscription really runs: each attempt is a consumer span whose parent is the
 * trace the message carries, started in the subscriber's own context — captured at subscribe,
 * without the span active then — and not in the context of whoever woke the consumer (on the
 * in-process bus that is the publisher).
 */
export function tracedHandler(system: MessagingSystem, group: string, handler: MessageHandler): MessageHandler {
  const subscriberContext = trace.deleteSpan(context.active());
  return (message: DeliveredMessage) => {
    const parent = propagation.extract(subscriberContext, message.headers, defaultTextMapGetter);
    const eventId = message.headers[EVENT_HEADERS.eventId];
    return tracer.startActiveSpan(
      `process ${message.topic}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': system,
          'messaging.operation.type': 'process',
          'messaging.destination.name': message.topic,
          'messaging.destination.partition.id': String(message.partition),
          'messaging.consumer.group.name': group,
          'messaging.kafka.offset': Number(message.offset),
          'kadr.delivery.attempt': message.attempt,
          ...(eventId ? { 'messaging.message.id': eventId } : {}),
        },
      },
      parent,
      (span) => endsWith(span, () => handler(message)),
    );
  };
}
