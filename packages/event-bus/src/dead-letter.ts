import { DLQ_HEADERS, type DeliveredMessage, type OutgoingMessage } from './port';

/** Long stack-less messages are cut so a dead letter never exceeds a broker's message size. */
const MAX_ERROR_LENGTH = 2_000;

/**
 * The message published to `<topic>.dlq` after the last failed attempt: the original key, value
 * and headers (trace context and event id included, so it can be replayed as is) plus why and
 * when it failed.
 */
export function deadLetterOf(
  message: Pick<DeliveredMessage, 'topic' | 'key' | 'value' | 'headers'>,
  error: unknown,
  attempts: number,
  failedAt: Date,
): OutgoingMessage {
  return {
    key: message.key,
    value: message.value,
    headers: {
      ...message.headers,
      [DLQ_HEADERS.error]: describeError(error),
      [DLQ_HEADERS.originalTopic]: message.topic,
      [DLQ_HEADERS.attempts]: String(attempts),
      [DLQ_HEADERS.failedAt]: failedAt.toISOString(),
    },
  };
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}
