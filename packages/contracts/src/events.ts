/**
 * Building, encoding and decoding event envelopes. A producer calls `encodeEvent` and
 * publishes the result; a consumer calls `decodeEvent` (or `decodeEventOn` for its topic)
 * and switches on `envelope.payload.case`.
 */
import { randomUUID } from 'node:crypto';
import { create, fromBinary, toBinary, toJson, type JsonValue, type MessageInitShape } from '@bufbuild/protobuf';
import type { GenMessage } from '@bufbuild/protobuf/codegenv2';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { EventEnvelopeSchema, type EventEnvelope } from './gen/kadr/events/v1/envelope_pb';
import {
  topicOf,
  TOPICS,
  type EventCase,
  type EventCaseOn,
  type EventPayload,
  type Topic,
  type TopicOf,
} from './topics';

/** Kafka header names every event carries (ARCHITECTURE §2; the same names as @kadr/event-bus). */
export const EVENT_HEADER = {
  eventId: 'event-id',
  eventType: 'event-type',
  correlationId: 'correlation-id',
  traceparent: 'traceparent',
} as const;

/**
 * What a producer passes as the event: a payload case and its message, where the message
 * may be partial (unset fields take their proto3 defaults), e.g.
 * `{ case: 'jobCreated', value: { jobId, userId, ... } }`.
 */
export type EventPayloadInit<C extends EventCase = EventCase> = {
  [K in C]: { case: K; value: MessageInitShape<GenMessage<EventPayload<K>['value']>> };
}[C];

/** The envelope fields a producer supplies besides the payload. */
export interface EventMetadata {
  /** The producing service's kebab-case name, e.g. `'jobs'`. */
  producer: string;
  /** The correlation id of the request or process that caused the event. */
  correlationId: string;
  /**
   * The aggregate id, which is also the message key. Optional: it is read from the event
   * (job id, order id or user id, see `aggregateIdOf`); when given it must match.
   */
  aggregateId?: string;
  /** Defaults to a new UUID. Pass it when re-encoding an event that already has one (outbox). */
  eventId?: string;
  /** When the change happened. Defaults to now. */
  occurredAt?: Date;
  /** W3C trace context of the producing span; sent as the `traceparent` header when given. */
  traceparent?: string;
}

/** An envelope narrowed to the payload case(s) `C`. */
export type EventEnvelopeOf<C extends EventCase> = EventEnvelope & {
  payload: { [K in C]: { case: K; value: EventPayload<K>['value'] } }[C];
};

/**
 * A message ready for the event bus: `topic` to publish to, and `key`, `value`, `headers`
 * — structurally an `OutgoingMessage` of @kadr/event-bus.
 */
export interface EncodedEvent<T extends Topic = Topic> {
  topic: T;
  /** The aggregate id: one aggregate's events stay in order. */
  key: string;
  /** The protobuf-encoded `EventEnvelope`. */
  value: Uint8Array;
  /** `event-id`, `event-type`, `correlation-id`, and `traceparent` when known. */
  headers: Record<string, string>;
}

/** Builds the envelope for an event: ids, time, topic name as event type, aggregate id. */
export function createEnvelope<C extends EventCase>(
  payload: EventPayloadInit<C>,
  metadata: EventMetadata,
): EventEnvelopeOf<C> {
  requireNonEmpty('producer', metadata.producer);
  requireNonEmpty('correlationId', metadata.correlationId);
  const envelope = create(EventEnvelopeSchema, {
    eventId: metadata.eventId ?? randomUUID(),
    eventType: topicOf(payload.case),
    occurredAt: timestampFromDate(metadata.occurredAt ?? new Date()),
    correlationId: metadata.correlationId,
    producer: metadata.producer,
    payload,
  } as MessageInitShape<typeof EventEnvelopeSchema>) as EventEnvelopeOf<C>;
  const aggregateId = aggregateIdOf(envelope.payload);
  requireNonEmpty(`the event's aggregate id (${payload.case})`, aggregateId);
  if (metadata.aggregateId !== undefined && metadata.aggregateId !== aggregateId) {
    throw new Error(
      `aggregateId "${metadata.aggregateId}" does not match the ${payload.case} event's id "${aggregateId}"`,
    );
  }
  envelope.aggregateId = aggregateId;
  return envelope;
}

/** Encodes an envelope into a message for its topic. */
export function encodeEnvelope<C extends EventCase>(envelope: EventEnvelopeOf<C>): EncodedEvent<TopicOf<C>> {
  const headers: Record<string, string> = {
    [EVENT_HEADER.eventId]: envelope.eventId,
    [EVENT_HEADER.eventType]: envelope.eventType,
    [EVENT_HEADER.correlationId]: envelope.correlationId,
  };
  return {
    topic: topicOf(envelope.payload.case),
    key: envelope.aggregateId,
    value: toBinary(EventEnvelopeSchema, envelope),
    headers,
  };
}

/**
 * Builds and encodes an event in one step:
 * `encodeEvent({ case: 'jobCreated', value: {...} }, { producer: 'jobs', correlationId })`.
 */
export function encodeEvent<C extends EventCase>(
  payload: EventPayloadInit<C>,
  metadata: EventMetadata,
): EncodedEvent<TopicOf<C>> {
  const encoded = encodeEnvelope(createEnvelope(payload, metadata));
  if (metadata.traceparent) encoded.headers[EVENT_HEADER.traceparent] = metadata.traceparent;
  return encoded;
}

/**
 * Decodes a message value into its envelope. The payload case is `undefined` when the
 * producer used an event this build does not know (a newer schema); check it.
 */
export function decodeEvent(value: Uint8Array): EventEnvelope {
  return fromBinary(EventEnvelopeSchema, value);
}

/**
 * Decodes a message delivered on `topic` and checks that it carries that topic's event,
 * so a consumer gets the payload already narrowed. Throws otherwise (the bus retries and
 * then dead-letters it).
 */
export function decodeEventOn<T extends Topic>(topic: T, value: Uint8Array): EventEnvelopeOf<EventCaseOn<T>> {
  const envelope = decodeEvent(value);
  const expected = TOPICS[topic];
  if (envelope.payload.case !== expected) {
    throw new Error(
      `topic ${topic} carries ${expected} events, got ${envelope.payload.case ?? 'an unknown or empty payload'}`,
    );
  }
  return envelope as EventEnvelopeOf<EventCaseOn<T>>;
}

/**
 * An envelope as protobuf JSON (field names in camelCase, 64-bit numbers as strings, times as
 * RFC 3339): how an operator reads an event, e.g. a dead letter on the admin screen.
 */
export function eventJsonOf(envelope: EventEnvelope): JsonValue {
  return toJson(EventEnvelopeSchema, envelope);
}

/** The id of the aggregate an event is about: its message key. */
export function aggregateIdOf(payload: EventPayload): string {
  switch (payload.case) {
    case 'jobCreated':
    case 'jobProgress':
    case 'jobDeleted':
      return payload.value.jobId;
    case 'paymentCompleted':
      return payload.value.orderId;
    case 'userRegistered':
    case 'userDeleted':
    case 'userPurged':
    case 'creditsChanged':
    case 'notificationsChanged':
      return payload.value.userId;
    default:
      return unknownCase(payload);
  }
}

// Typechecking fails here when a new payload case is not handled above.
function unknownCase(payload: never): never {
  throw new Error(`no aggregate id known for event ${(payload as { case?: string }).case}`);
}

function requireNonEmpty(name: string, value: string): void {
  if (value.trim() === '') throw new Error(`${name} must not be empty`);
}
