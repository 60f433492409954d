import type { Admin, Kafka, Producer } from 'kafkajs';
import { Registry } from 'prom-client';
import { ScrapeReadings } from '@kadr/telemetry';
import { BusMetrics, type PartitionLag } from '../bus-metrics';
import { deadLetterOf } from '../dead-letter';
import type { DeadLetter } from '../dead-letters';
import { errorsToStderr, type EventBusLog } from '../log';
import { dlqTopicOf, type ConsumerHandle, type EventBus, type OutgoingMessage, type SubscribeOptions } from '../port';
import { subscriptionOf, type Subscription } from '../subscription';
import { headersWithTraceContext, tracedPublish } from '../trace-context';
import { startConsumer, type KafkaConsumerTuning } from './kafka-consumer';
import { readKafkaDeadLetters } from './kafka-dead-letters';
import { readConsumerLag } from './kafka-lag';
import { kafkajs } from './kafkajs';
import { kafkaLogCreator, kafkaLogLevelOf, type KafkaLogLevelName } from './kafka-log';
import { pinStartAtEnd } from './kafka-start-position';
import { DEFAULT_TOPIC_PARTITIONS, KafkaTopics } from './kafka-topics';

export interface KafkaEventBusOptions {
  /** `host:port` list; use 127.0.0.1 rather than localhost (localhost may resolve to ::1 first). */
  brokers: string[];
  clientId: string;
  /** Partitions of the topics ensureTopics creates (and their .dlq). Default 3. */
  partitions?: number;
  /** Replication factor of created topics. Default -1: the broker's default.replication.factor. */
  replicationFactor?: number;
  /** Receives kafkajs's log lines at `logLevel` and above, and the bus's own warnings. Default: errors to stderr. */
  log?: EventBusLog;
  /** kafkajs's log level. Default 'error'. */
  logLevel?: KafkaLogLevelName;
  consumer?: KafkaConsumerTuning;
  /** `retention.ms` of the event topics ensureTopics creates. Default 7 days. */
  retentionMs?: number;
  /** `retention.ms` of the `.dlq` topics ensureTopics creates. Default 30 days. */
  deadLetterRetentionMs?: number;
  /** How long ensureTopics waits for new topics to have leaders. Default 30 000 ms. */
  topicReadyTimeoutMs?: number;
  /** How long subscribe waits for the member to join its group. Default 60 000 ms. */
  joinTimeoutMs?: number;
  /** The clock of the `dlq-failed-at` header. */
  now?: () => Date;
  /** Where the bus's metrics go (bus-metrics.ts); without one they are kept but not exported. */
  registry?: Registry;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Consumers catch up within minutes; a week covers a long outage and a replay. */
export const DEFAULT_RETENTION_MS = 7 * DAY_MS;
export const DEFAULT_DEAD_LETTER_RETENTION_MS = 30 * DAY_MS;
/** How long a scrape waits for the broker's offsets before it reports the last lag read (a scrape must not hang). */
const LAG_READ_TIMEOUT_MS = 1_500;

/**
 * The event bus on Kafka (kafkajs). Publishing uses one idempotent producer (acks from all
 * in-sync replicas, one request in flight, so retries neither duplicate nor reorder); every
 * `subscribe` is one consumer group member committing offsets by hand after its handler.
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private readonly topics: KafkaTopics;
  /** The running members and what they subscribed (whose lag the bus reports). */
  private readonly handles = new Map<ConsumerHandle, Subscription>();
  private readonly log: EventBusLog;
  private readonly metrics: BusMetrics;
  private readonly stopReportingLag: () => void;
  private producer?: Promise<Producer>;
  private admin?: Promise<Admin>;
  private closed = false;

  constructor(private readonly options: KafkaEventBusOptions) {
    if (options.brokers.length === 0) throw new TypeError('KafkaEventBus: at least one broker is required');
    this.log = options.log ?? errorsToStderr;
    this.kafka = new (kafkajs().Kafka)({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: kafkaLogLevelOf(options.logLevel ?? 'error'),
      logCreator: kafkaLogCreator(this.log),
    });
    this.topics = new KafkaTopics(() => this.connectedAdmin(), {
      partitions: options.partitions ?? DEFAULT_TOPIC_PARTITIONS,
      replicationFactor: options.replicationFactor ?? -1,
      readyTimeoutMs: options.topicReadyTimeoutMs ?? 30_000,
      retentionMs: options.retentionMs ?? DEFAULT_RETENTION_MS,
      deadLetterRetentionMs: options.deadLetterRetentionMs ?? DEFAULT_DEAD_LETTER_RETENTION_MS,
    });
    this.metrics = new BusMetrics(options.registry ?? new Registry());
    // Read from the broker only when scraped; while it is away the last lag read is reported.
    const lag = new ScrapeReadings(() => this.readLag(), {
      timeoutMs: LAG_READ_TIMEOUT_MS,
      onError: (error) => this.log.debug?.({ error: String(error) }, 'could not read consumer lag'),
    });
    this.stopReportingLag = this.metrics.reportLag(async () => (await lag.latest()) ?? []);
  }

  async ensureTopics(topics: string[]): Promise<void> {
    this.assertOpen();
    await this.topics.ensure(topics);
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    this.assertOpen();
    await tracedPublish('kafka', topic, messages.length, () => this.send(topic, messages));
    this.metrics.countPublished(topic, messages.length);
  }

  /** Publishing without the open check: a consumer still finishing during close may dead-letter. */
  private async send(topic: string, messages: OutgoingMessage[]): Promise<void> {
    if (!topic) throw new TypeError('publish: topic is required');
    if (messages.length === 0) return;
    // Created here too, so a topic is never auto-created by the broker with its default partitions.
    await this.topics.ensure([topic]);
    const producer = await this.connectedProducer();
    await producer.send({
      topic,
      acks: -1,
      messages: messages.map((message) => ({
        key: message.key,
        value: Buffer.from(message.value.buffer, message.value.byteOffset, message.value.byteLength),
        headers: headersWithTraceContext(message.headers),
      })),
    });
  }

  async subscribe(options: SubscribeOptions): Promise<ConsumerHandle> {
    this.assertOpen();
    const subscription = subscriptionOf(options, 'kafka', this.metrics);
    // Subscribing to a topic that does not exist yet leaves a KRaft-era kafkajs consumer without
    // partitions for that topic, so the topics (and .dlq) are made ready first.
    await this.topics.ensure(subscription.topics);
    if (!subscription.fromBeginning) {
      await pinStartAtEnd(await this.connectedAdmin(), subscription.group, subscription.topics, this.log);
    }
    const consumer = await startConsumer(subscription, {
      kafka: this.kafka,
      tuning: this.options.consumer ?? {},
      joinTimeoutMs: this.options.joinTimeoutMs ?? 60_000,
      deadLetter: async (message, outcome) => {
        this.log.warn(
          {
            group: subscription.group,
            topic: message.topic,
            partition: message.partition,
            offset: message.offset,
            attempts: outcome.attempts,
            error: String(outcome.error),
          },
          'message dead-lettered',
        );
        const failedAt = (this.options.now ?? (() => new Date()))();
        const letter = deadLetterOf(message, outcome.error, outcome.attempts, failedAt);
        await this.metrics.deadLettering(subscription.group, message.topic, () =>
          this.send(dlqTopicOf(message.topic), [letter]),
        );
      },
    });
    const handle: ConsumerHandle = {
      stop: () => consumer.stop().finally(() => this.handles.delete(handle)),
    };
    this.handles.set(handle, subscription);
    return handle;
  }

  async readDeadLetters(topics: string[]): Promise<DeadLetter[]> {
    this.assertOpen();
    await this.topics.ensure(topics);
    const admin = await this.connectedAdmin();
    return readKafkaDeadLetters(topics, { kafka: this.kafka, admin, clientId: this.options.clientId });
  }

  /** The lag of the groups with members running in this process (no broker call without one). */
  private async readLag(): Promise<PartitionLag[]> {
    const groups = new Map<string, Set<string>>();
    for (const { group, topics } of this.handles.values()) {
      const topicsOfGroup = groups.get(group) ?? new Set<string>();
      for (const topic of topics) topicsOfGroup.add(topic);
      groups.set(group, topicsOfGroup);
    }
    // A closed bus must not connect its admin client again.
    if (groups.size === 0 || this.closed) return [];
    return readConsumerLag(await this.connectedAdmin(), groups);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopReportingLag();
    const stops = await Promise.allSettled([...this.handles.keys()].map((handle) => handle.stop()));
    const disconnects = await Promise.allSettled([
      this.producer?.then((producer) => producer.disconnect()),
      this.admin?.then((admin) => admin.disconnect()),
    ]);
    const failure = [...stops, ...disconnects].find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('event bus is closed');
  }

  private connectedProducer(): Promise<Producer> {
    this.producer ??= connectOnce(
      this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        // The Java client's murmur2 partitioner: the same key lands on the same partition as
        // with other Kafka clients (and kafkajs does not warn about a changed default).
        createPartitioner: kafkajs().Partitioners.DefaultPartitioner,
        allowAutoTopicCreation: false,
      }),
      () => (this.producer = undefined),
    );
    return this.producer;
  }

  private connectedAdmin(): Promise<Admin> {
    this.admin ??= connectOnce(this.kafka.admin(), () => (this.admin = undefined));
    return this.admin;
  }
}

/** Connects a kafkajs client; on failure forgets it so the next call tries again. */
async function connectOnce<Client extends { connect(): Promise<void> }>(
  client: Client,
  forget: () => void,
): Promise<Client> {
  try {
    await client.connect();
    return client;
  } catch (error) {
    forget();
    throw error;
  }
}
