import { randomUUID } from 'node:crypto';
import type { Admin, Kafka } from 'kafkajs';
import { byFailureTime, deadLetterFrom, type DeadLetter } from '../dead-letters';
import { dlqTopicOf } from '../port';
import { deliveredOf } from './kafka-consumer';

/** How long reading the dead letters may take, the throwaway group's join included. */
export const DEAD_LETTER_READ_TIMEOUT_MS = 30_000;

export interface DeadLetterReadDependencies {
  kafka: Kafka;
  admin: Admin;
  /** Names the throwaway group, so a broker's group list says who read. */
  clientId: string;
  timeoutMs?: number;
}

/**
 * Reads the `.dlq` of each topic from its first message to its last one as of now. kafkajs has no
 * consumer without a group (no manual partition assignment), so a throwaway group reads them: it
 * commits nothing and is deleted afterwards, and no service's group moves. A topic whose `.dlq` is
 * empty — the usual case — costs one ListOffsets and no group at all.
 */
export async function readKafkaDeadLetters(
  topics: readonly string[],
  { kafka, admin, clientId, timeoutMs = DEAD_LETTER_READ_TIMEOUT_MS }: DeadLetterReadDependencies,
): Promise<DeadLetter[]> {
  const topicOfDlq = new Map([...new Set(topics)].map((topic) => [dlqTopicOf(topic), topic]));
  /** `.dlq` topic → partition → its end offset now: what is left to read. */
  const unread = new Map<string, Map<number, bigint>>();
  for (const dlqTopic of topicOfDlq.keys()) {
    const ends = new Map<number, bigint>();
    for (const { partition, low, high } of await admin.fetchTopicOffsets(dlqTopic)) {
      if (BigInt(high) > BigInt(low)) ends.set(partition, BigInt(high));
    }
    if (ends.size > 0) unread.set(dlqTopic, ends);
  }
  if (unread.size === 0) return [];

  const groupId = `${clientId}.dead-letters.${randomUUID()}`;
  const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false, maxWaitTimeInMs: 250 });
  const letters: DeadLetter[] = [];
  let stopWatching = (): void => undefined;
  try {
    await consumer.connect();
    await consumer.subscribe({ topics: [...unread.keys()], fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`reading dead letters took longer than ${timeoutMs} ms`)),
        timeoutMs,
      );
      const removeCrash = consumer.on(consumer.events.CRASH, (event) => {
        if (!event.payload.restart) reject(event.payload.error);
      });
      stopWatching = () => {
        clearTimeout(timer);
        removeCrash();
      };
      consumer
        .run({
          autoCommit: false,
          eachMessage: ({ topic, partition, message }) => {
            const ends = unread.get(topic);
            const end = ends?.get(partition);
            // Past the end taken above: a dead letter that arrived while reading, for the next read.
            if (!ends || end === undefined || BigInt(message.offset) >= end) return Promise.resolve();
            letters.push(deadLetterFrom(topicOfDlq.get(topic)!, deliveredOf(topic, partition, message)));
            if (BigInt(message.offset) + 1n >= end) ends.delete(partition);
            if (ends.size === 0) unread.delete(topic);
            if (unread.size === 0) resolve();
            return Promise.resolve();
          },
        })
        .catch(reject);
    });
  } finally {
    stopWatching();
    await consumer.disconnect().catch(() => undefined);
    // It committed nothing, so the group may already be gone: an error here changes nothing.
    await admin.deleteGroups([groupId]).catch(() => undefined);
  }
  return letters.sort(byFailureTime);
}
