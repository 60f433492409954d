import { dlqTopicOf } from './port';

const DLQ_SUFFIX = dlqTopicOf('');

export const isDeadLetterTopic = (topic: string): boolean => topic.endsWith(DLQ_SUFFIX);

/** The topics plus each one's `.dlq` topic (a dead-letter topic has no dead-letter topic of its own). */
export function withDeadLetterTopics(topics: readonly string[]): string[] {
  const all = new Set<string>();
  for (const topic of topics) {
    all.add(topic);
    if (!isDeadLetterTopic(topic)) all.add(dlqTopicOf(topic));
  }
  return [...all];
}
