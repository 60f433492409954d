import { DLQ_HEADERS, type EventBus, type OutgoingMessage } from './port';

/**
 * A message of `<topic>.dlq` as an operator reads it: where it sits, what it carried and why it
 * failed (the `dlq-*` headers `deadLetterOf` added, taken apart again).
 */
export interface DeadLetter {
  /** `<partition>-<offset>` in `<topic>.dlq`: unique within the topic's dead letters. */
  id: string;
  /** The topic the message failed on (the one whose `.dlq` holds it). */
  topic: string;
  partition: number;
  offset: string;
  key: string;
  value: Uint8Array;
  /** The message's own headers (event id, trace context…), without the `dlq-*` ones. */
  headers: Record<string, string>;
  /** `dlq-error`; empty when the header is missing. */
  error: string;
  /** `dlq-attempts`; null when missing or not a number. */
  attempts: number | null;
  /** `dlq-failed-at`; null when missing or not a time. */
  failedAt: Date | null;
  /** `dlq-original-topic` as written; null when missing. */
  originalTopic: string | null;
}

/** A message as the `.dlq` topic stores it, whichever adapter read it. */
export interface StoredDeadLetter {
  partition: number;
  offset: string;
  key: string;
  value: Uint8Array;
  headers: Record<string, string>;
}

const DLQ_HEADER_NAMES: ReadonlySet<string> = new Set(Object.values(DLQ_HEADERS));

export const deadLetterIdOf = (partition: number, offset: string): string => `${partition}-${offset}`;

/** Takes a stored `.dlq` message of `topic` apart into its place, original message and failure. */
export function deadLetterFrom(topic: string, stored: StoredDeadLetter): DeadLetter {
  const { headers } = stored;
  const attempts = Number.parseInt(headers[DLQ_HEADERS.attempts] ?? '', 10);
  const failedAt = Date.parse(headers[DLQ_HEADERS.failedAt] ?? '');
  return {
    id: deadLetterIdOf(stored.partition, stored.offset),
    topic,
    partition: stored.partition,
    offset: stored.offset,
    key: stored.key,
    value: stored.value,
    headers: Object.fromEntries(Object.entries(headers).filter(([name]) => !DLQ_HEADER_NAMES.has(name))),
    error: headers[DLQ_HEADERS.error] ?? '',
    attempts: Number.isNaN(attempts) ? null : attempts,
    failedAt: Number.isNaN(failedAt) ? null : new Date(failedAt),
    originalTopic: headers[DLQ_HEADERS.originalTopic] ?? null,
  };
}

/** Oldest failure first; letters without a time last, then by place, so the order is stable. */
export function byFailureTime(a: DeadLetter, b: DeadLetter): number {
  const time = (letter: DeadLetter) => letter.failedAt?.getTime() ?? Number.MAX_SAFE_INTEGER;
  return (
    time(a) - time(b) ||
    a.topic.localeCompare(b.topic) ||
    a.partition - b.partition ||
    Number(BigInt(a.offset) - BigInt(b.offset))
  );
}

/** The message a replay publishes: the original key, value and headers, without the `dlq-*` ones. */
export function replayMessageOf(letter: DeadLetter): OutgoingMessage {
  return { key: letter.key, value: letter.value, headers: { ...letter.headers } };
}

/**
 * Publishes the dead letter's original message again, to the topic whose `.dlq` it was read from —
 * not to its `dlq-original-topic` header, so a forged header cannot send it elsewhere. Consumers
 * dedupe by event id, so a replay of a message that was partly applied is safe. Reading a dead
 * letter never removes it: whether it was handled is the caller's record.
 */
export function replayDeadLetter(bus: Pick<EventBus, 'publish'>, letter: DeadLetter): Promise<void> {
  return bus.publish(letter.topic, [replayMessageOf(letter)]);
}
