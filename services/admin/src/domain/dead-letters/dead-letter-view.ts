import { decodeEvent, EVENT_HEADER, eventJsonOf, type AdminDeadLetter } from '@kadr/contracts';
import type { DeadLetter } from '@kadr/event-bus';
import type { DeadLetterHandlingRecord } from './dead-letter-handling';

interface Decoded {
  eventId: string | null;
  payload: Record<string, unknown> | null;
  decodeError: string | null;
}

/** The value as an event envelope, when it is one: a dead letter may be anything, garbage included. */
function decoded(letter: DeadLetter): Decoded {
  const headerId = letter.headers[EVENT_HEADER.eventId] ?? null;
  try {
    const envelope = decodeEvent(letter.value);
    return {
      eventId: envelope.eventId || headerId,
      payload: eventJsonOf(envelope) as Record<string, unknown>,
      decodeError: null,
    };
  } catch (error) {
    return { eventId: headerId, payload: null, decodeError: error instanceof Error ? error.message : String(error) };
  }
}

/** The event id a dead letter carries (its envelope's, else its header's): what the audit names. */
export const eventIdOf = (letter: DeadLetter): string | null => decoded(letter).eventId;

/** A dead letter as the Dead letters screen shows it. */
export function deadLetterView(letter: DeadLetter, handling: DeadLetterHandlingRecord | undefined): AdminDeadLetter {
  return {
    id: letter.id,
    topic: letter.topic,
    partition: letter.partition,
    offset: letter.offset,
    key: letter.key,
    failedAt: letter.failedAt?.toISOString() ?? null,
    error: letter.error,
    attempts: letter.attempts,
    originalTopic: letter.originalTopic,
    headers: letter.headers,
    ...decoded(letter),
    value: Buffer.from(letter.value).toString('base64'),
    handling: handling
      ? { action: handling.action, by: handling.by, at: handling.at.toISOString(), reason: handling.reason }
      : null,
  };
}
