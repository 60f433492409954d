import type { Admin } from 'kafkajs';
import { setTimeout as delay } from 'node:timers/promises';
import { isDeadLetterTopic, withDeadLetterTopics } from '../topics';

export interface TopicSettings {
  partitions: number;
  /** -1: the broker's `default.replication.factor`. */
  replicationFactor: number;
  /** How long to wait for every partition of a new topic to have a leader. */
  readyTimeoutMs: number;
  /** `retention.ms` of a created event topic. */
  retentionMs: number;
  /** `retention.ms` of a created `.dlq` topic: longer, so an operator has time to look at what failed. */
  deadLetterRetentionMs: number;
}

/** Partitions of every topic the code creates (ARCHITECTURE §2): the services, compose's one-shot, k8s/. */
export const DEFAULT_TOPIC_PARTITIONS = 3;

/** One topic as the code creates it: the CreateTopics entry, and what k8s/kafka-topics.yaml declares. */
export interface PlannedTopic {
  topic: string;
  partitions: number;
  /** -1: the broker's `default.replication.factor`. */
  replicationFactor: number;
  config: { 'retention.ms': string };
}

/** The topics and their `.dlq` topics with the settings they are created with (no I/O). */
export function topicPlan(
  topics: readonly string[],
  settings: Pick<TopicSettings, 'partitions' | 'replicationFactor' | 'retentionMs' | 'deadLetterRetentionMs'>,
): PlannedTopic[] {
  return withDeadLetterTopics(topics).map((topic) => ({
    topic,
    partitions: settings.partitions,
    replicationFactor: settings.replicationFactor,
    config: {
      'retention.ms': String(isDeadLetterTopic(topic) ? settings.deadLetterRetentionMs : settings.retentionMs),
    },
  }));
}

/**
 * Creates topics (with their `.dlq` topics) through the admin client and waits until every
 * partition has a leader — producing to or subscribing to a topic before that fails or, on KRaft,
 * leaves a kafkajs consumer without partitions. Remembers what is ready so the check runs once
 * per topic and process.
 */
export class KafkaTopics {
  private readonly ready = new Set<string>();
  /** One provisioning at a time: concurrent callers for the same topic share the admin work. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly admin: () => Promise<Admin>,
    private readonly settings: TopicSettings,
  ) {}

  ensure(topics: readonly string[]): Promise<void> {
    const run = this.queue.then(() => this.provision(topicPlan(topics, this.settings)));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async provision(plan: PlannedTopic[]): Promise<void> {
    const wanted = plan.filter(({ topic }) => !this.ready.has(topic));
    if (wanted.length === 0) return;
    const admin = await this.admin();
    const existing = new Set(await admin.listTopics());
    const missing = wanted.filter(({ topic }) => !existing.has(topic));
    if (missing.length > 0) {
      // Returns false (no throw) when another process created them first. Not kafkajs's own
      // wait for leaders: it gives up on the first UNKNOWN_TOPIC_OR_PARTITION, which a KRaft
      // broker answers for a moment after creating a topic (a service then failed to start);
      // waitForLeaders below polls through it.
      await admin.createTopics({
        waitForLeaders: false,
        topics: missing.map(({ topic, partitions, replicationFactor, config }) => ({
          topic,
          numPartitions: partitions,
          replicationFactor,
          configEntries: Object.entries(config).map(([name, value]) => ({ name, value })),
        })),
      });
    }
    const topics = wanted.map(({ topic }) => topic);
    await this.waitForLeaders(admin, topics);
    for (const topic of topics) this.ready.add(topic);
  }

  private async waitForLeaders(admin: Admin, topics: string[]): Promise<void> {
    const deadline = Date.now() + this.settings.readyTimeoutMs;
    let lastError: unknown;
    for (;;) {
      try {
        const { topics: metadata } = await admin.fetchTopicMetadata({ topics });
        const led = metadata.filter(
          ({ partitions }) => partitions.length > 0 && partitions.every((partition) => partition.leader >= 0),
        );
        if (led.length === topics.length) return;
      } catch (error) {
        lastError = error; // Usually LEADER_NOT_AVAILABLE or UNKNOWN_TOPIC_OR_PARTITION right after creation.
      }
      if (Date.now() >= deadline) {
        throw new Error(`topics ${topics.join(', ')} have no leader after ${this.settings.readyTimeoutMs} ms`, {
          cause: lastError,
        });
      }
      await delay(100);
    }
  }
}
