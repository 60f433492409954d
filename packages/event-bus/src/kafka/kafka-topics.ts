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
    const run = this.queue.then(() => this.provision(withDeadLetterTopics(topics)));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async provision(topics: string[]): Promise<void> {
    const wanted = topics.filter((topic) => !this.ready.has(topic));
    if (wanted.length === 0) return;
    const admin = await this.admin();
    const existing = new Set(await admin.listTopics());
    const missing = wanted.filter((topic) => !existing.has(topic));
    if (missing.length > 0) {
      // Returns false (no throw) when another process created them first. Not kafkajs's own
      // wait for leaders: it gives up on the first UNKNOWN_TOPIC_OR_PARTITION, which a KRaft
      // broker answers for a moment after creating a topic (a service then failed to start);
      // waitForLeaders below polls through it.
      await admin.createTopics({
        waitForLeaders: false,
        topics: missing.map((topic) => ({
          topic,
          numPartitions: this.settings.partitions,
          replicationFactor: this.settings.replicationFactor,
          configEntries: [{ name: 'retention.ms', value: String(this.retentionOf(topic)) }],
        })),
      });
    }
    await this.waitForLeaders(admin, wanted);
    for (const topic of wanted) this.ready.add(topic);
  }

  private retentionOf(topic: string): number {
    return isDeadLetterTopic(topic) ? this.settings.deadLetterRetentionMs : this.settings.retentionMs;
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
