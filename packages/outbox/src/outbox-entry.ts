import { EVENT_HEADERS, type EventBus, type OutgoingMessage } from '@kadr/event-bus';
import { currentTraceContext, inTraceOf } from '@kadr/telemetry';

/**
 * An event waiting in an aggregate's outbox: encoded once when written (protobuf envelope,
 * base64), so the relay publishes exactly the bytes written together with the change, under the
 * same event id however often a crash makes it publish again.
 */
export interface OutboxEntry {
  /** The event id (`event-id` header, envelope `eventId`). */
  id: string;
  topic: string;
  /** The message key: the aggregate id. */
  key: string;
  /** The encoded `EventEnvelope`, base64. */
  value: string;
  correlationId: string;
  /** W3C trace context of the work that wrote the entry, when it was traced. */
  traceparent?: string;
  /**
   * When the entry was written: how old the oldest pending entry is (`outbox_oldest_entry_age_seconds`).
   * Absent on entries written before it was recorded.
   */
  createdAt?: Date;
}

/**
 * The fields of an entry as a mongoose schema definition (`new Schema(OUTBOX_ENTRY_FIELDS,
 * { _id: false, id: false })`), so every service stores entries alike; plain data, no mongoose here.
 */
export const OUTBOX_ENTRY_FIELDS = {
  id: { type: String, required: true },
  topic: { type: String, required: true },
  key: { type: String, required: true },
  value: { type: String, required: true },
  correlationId: { type: String, required: true },
  traceparent: String,
  createdAt: Date,
} as const;

/** An event as `encodeEvent` (@kadr/contracts) returns it. */
export interface EncodedMessage {
  topic: string;
  key: string;
  value: Uint8Array;
  headers: Record<string, string>;
}

/**
 * The outbox entry for an event encoded now (written at `createdAt`), remembering the trace it
 * belongs to: the one its `traceparent` header names (the caller knew it), else the trace of the
 * work running now.
 */
export function outboxEntryOf(message: EncodedMessage, createdAt: Date = new Date()): OutboxEntry {
  const traceparent = message.headers[EVENT_HEADERS.traceparent] ?? currentTraceContext().traceparent;
  return {
    id: message.headers[EVENT_HEADERS.eventId] ?? '',
    topic: message.topic,
    key: message.key,
    value: Buffer.from(message.value).toString('base64'),
    correlationId: message.headers[EVENT_HEADERS.correlationId] ?? '',
    ...(traceparent ? { traceparent } : {}),
    createdAt,
  };
}

/** The bus message of an entry: its bytes and its event headers. */
export function messageOf(entry: OutboxEntry): OutgoingMessage {
  return {
    key: entry.key,
    value: Buffer.from(entry.value, 'base64'),
    headers: {
      [EVENT_HEADERS.eventId]: entry.id,
      [EVENT_HEADERS.eventType]: entry.topic,
      [EVENT_HEADERS.correlationId]: entry.correlationId,
    },
  };
}

/**
 * Publishes an entry on its topic inside the trace that wrote it, so the bus's publish span and
 * the `traceparent` it sends continue that trace — not the relay pass's, which belongs to no request.
 */
export function publishEntry(bus: Pick<EventBus, 'publish'>, entry: OutboxEntry): Promise<void> {
  return inTraceOf(entry, () => bus.publish(entry.topic, [messageOf(entry)]));
}
