/**
 * Reads every `*.dlq` topic of a broker from the beginning to its current end, with a group of
 * its own (nothing else's offsets move), and returns each dead letter with the bus's headers:
 * which topic it came from, after how many attempts, and the error.
 */
import { randomUUID } from 'node:crypto';
import { EVENT_HEADER } from '@kadr/contracts';
import { DLQ_HEADERS } from '@kadr/event-bus';
import { Kafka, logLevel } from 'kafkajs';

export interface DeadLetter {
  topic: string;
  originalTopic: string;
  eventId: string;
  key: string;
  attempts: string;
  error: string;
}

export async function readDeadLetters(broker: string, timeoutMs = 30_000): Promise<DeadLetter[]> {
  const kafka = new Kafka({ clientId: 'kadr-chaos-dlq-reader', brokers: [broker], logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const ends = new Map<string, bigint>();
  try {
    for (const topic of (await admin.listTopics()).filter((name) => name.endsWith('.dlq'))) {
      for (const { partition, high, low } of await admin.fetchTopicOffsets(topic)) {
        if (BigInt(high) > BigInt(low)) ends.set(`${topic}/${partition}`, BigInt(high));
      }
    }
  } finally {
    await admin.disconnect();
  }
  if (ends.size === 0) return [];

  const letters: DeadLetter[] = [];
  const consumer = kafka.consumer({ groupId: `kadr-chaos-dlq-${randomUUID()}`, maxWaitTimeInMs: 500 });
  const pending = new Set(ends.keys());
  await consumer.connect();
  try {
    await consumer.subscribe({
      topics: [...new Set([...ends.keys()].map((key) => key.split('/')[0]!))],
      fromBeginning: true,
    });
    const done = new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: ({ topic, partition, message }) => {
          const header = (name: string) => message.headers?.[name]?.toString() ?? '';
          letters.push({
            topic,
            originalTopic: header(DLQ_HEADERS.originalTopic),
            eventId: header(EVENT_HEADER.eventId),
            key: message.key?.toString() ?? '',
            attempts: header(DLQ_HEADERS.attempts),
            error: header(DLQ_HEADERS.error),
          });
          const key = `${topic}/${partition}`;
          if (BigInt(message.offset) + 1n >= (ends.get(key) ?? 0n)) pending.delete(key);
          if (pending.size === 0) resolve();
          return Promise.resolve();
        },
      });
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      done,
      new Promise<void>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`dead letters not read within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  } finally {
    await consumer.disconnect();
  }
  return letters;
}
