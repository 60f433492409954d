import { byFailureTime, deadLetterFrom, type DeadLetter } from '../dead-letters';
import type { TopicLog } from './topic-log';

/** The dead letters in the memory bus's `.dlq` logs of `topics` (copies: the log stays as it is). */
export function memoryDeadLetters(
  topics: readonly string[],
  dlqLogOf: (topic: string) => TopicLog | undefined,
): DeadLetter[] {
  const letters: DeadLetter[] = [];
  for (const topic of new Set(topics)) {
    dlqLogOf(topic)?.partitions.forEach((messages, partition) =>
      messages.forEach((message, offset) =>
        letters.push(
          deadLetterFrom(topic, {
            partition,
            offset: String(offset),
            key: message.key,
            value: new Uint8Array(message.value),
            headers: { ...message.headers },
          }),
        ),
      ),
    );
  }
  return letters.sort(byFailureTime);
}
