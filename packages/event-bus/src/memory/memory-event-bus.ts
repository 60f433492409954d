import { Registry } from 'prom-client';
import { BusMetrics, type PartitionLag } from '../bus-metrics';
import { deadLetterOf } from '../dead-letter';
import type { DeadLetter } from '../dead-letters';
import { errorsToStderr, type EventBusLog } from '../log';
import { dlqTopicOf, type ConsumerHandle, type EventBus, type OutgoingMessage, type SubscribeOptions } from '../port';
import { subscriptionOf } from '../subscription';
import { withDeadLetterTopics } from '../topics';
import { headersWithTraceContext, tracedPublish } from '../trace-context';
import { ConsumerGroup, GroupMember } from './consumer-group';
import { memoryDeadLetters } from './memory-dead-letters';
import { TopicLog } from './topic-log';

export const DEFAULT_MEMORY_PARTITIONS = 3;

export interface MemoryEventBusOptions {
  /** Partitions of every topic. Default 3. */
  partitions?: number;
  log?: EventBusLog;
  /** The clock of the `dlq-failed-at` header (tests pin it). */
  now?: () => Date;
  /** Where the bus's metrics go (bus-metrics.ts); without one they are kept but not exported. */
  registry?: Registry;
}

/**
 * The in-process event bus of embedded mode and the tests, with Kafka's semantics: partitioned
 * topics (key → partition), consumer groups that each see every message, members of a group
 * sharing partitions, one partition handled sequentially, offsets committed only after the
 * handler succeeded, bounded retries then `<topic>.dlq`. Nothing survives the process.
 */
export class MemoryEventBus implements EventBus {
  private readonly topics = new Map<string, TopicLog>();
  private readonly groups = new Map<string, ConsumerGroup>();
  private readonly handles = new Set<ConsumerHandle>();
  private readonly partitions: number;
  private readonly log: EventBusLog;
  private readonly now: () => Date;
  private readonly metrics: BusMetrics;
  private readonly stopReportingLag: () => void;
  private closed = false;

  constructor(options: MemoryEventBusOptions = {}) {
    this.partitions = options.partitions ?? DEFAULT_MEMORY_PARTITIONS;
    if (!Number.isInteger(this.partitions) || this.partitions < 1) {
      throw new RangeError(`partitions must be an integer ≥ 1, got ${this.partitions}`);
    }
    this.log = options.log ?? errorsToStderr;
    this.now = options.now ?? (() => new Date());
    this.metrics = new BusMetrics(options.registry ?? new Registry());
    this.stopReportingLag = this.metrics.reportLag(() => Promise.resolve(this.lag()));
  }

  ensureTopics(topics: string[]): Promise<void> {
    return settle(() => {
      this.assertOpen();
      for (const name of withDeadLetterTopics(topics)) this.topicLog(name);
    });
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    await this.send(topic, messages);
    this.metrics.countPublished(topic, messages.length);
  }

  /** Publishing without counting it as a publish call: dead letters go this way (as on Kafka). */
  private send(topic: string, messages: OutgoingMessage[]): Promise<void> {
    return tracedPublish('kadr-memory', topic, messages.length, () => settle(() => this.append(topic, messages)));
  }

  private append(topic: string, messages: OutgoingMessage[]): void {
    this.assertOpen();
    if (!topic) throw new TypeError('publish: topic is required');
    for (const name of withDeadLetterTopics([topic])) this.topicLog(name);
    const log = this.topicLog(topic);
    const written = messages.map((message) =>
      log.append({
        key: message.key,
        value: new Uint8Array(message.value),
        headers: headersWithTraceContext(message.headers),
      }),
    );
    for (const group of this.groups.values()) {
      for (const { partition } of written) group.wake(topic, partition);
    }
  }

  subscribe(options: SubscribeOptions): Promise<ConsumerHandle> {
    return settle(() => this.join(options));
  }

  private join(options: SubscribeOptions): ConsumerHandle {
    this.assertOpen();
    const subscription = subscriptionOf(options, 'kadr-memory', this.metrics);
    for (const name of withDeadLetterTopics(subscription.topics)) this.topicLog(name);
    const group = this.groupNamed(subscription.group);
    const member = new GroupMember(subscription);
    group.join(member);
    let stopping: Promise<void> | undefined;
    const handle: ConsumerHandle = {
      stop: () => {
        stopping ??= group.leave(member).finally(() => this.handles.delete(handle));
        return stopping;
      },
    };
    this.handles.add(handle);
    return handle;
  }

  readDeadLetters(topics: string[]): Promise<DeadLetter[]> {
    return settle(() => {
      this.assertOpen();
      return memoryDeadLetters(topics, (topic) => this.topics.get(dlqTopicOf(topic)));
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await Promise.all([...this.handles].map((handle) => handle.stop()));
    this.stopReportingLag();
    this.closed = true;
  }

  /** Every group's lag on the topics its members subscribe to, from the in-process log positions. */
  private lag(): PartitionLag[] {
    return [...this.groups.values()].flatMap((group) =>
      group.lag().map((partition) => ({ group: group.name, ...partition })),
    );
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('event bus is closed');
  }

  private topicLog(name: string): TopicLog {
    let log = this.topics.get(name);
    if (!log) {
      log = new TopicLog(name, this.partitions);
      this.topics.set(name, log);
    }
    return log;
  }

  private groupNamed(name: string): ConsumerGroup {
    let group = this.groups.get(name);
    if (!group) {
      group = new ConsumerGroup(name, {
        topic: (topic) => this.topicLog(topic),
        deadLetter: async (topic, message, outcome) => {
          this.log.warn(
            { group: name, topic, key: message.key, attempts: outcome.attempts, error: String(outcome.error) },
            'message dead-lettered',
          );
          const letter = deadLetterOf(message, outcome.error, outcome.attempts, this.now());
          await this.metrics.deadLettering(name, topic, () => this.send(dlqTopicOf(topic), [letter]));
        },
        onDrainError: (error, where) => this.log.error({ ...where, error: String(error) }, 'partition runner stopped'),
      });
      this.groups.set(name, group);
    }
    return group;
  }
}

/** Runs synchronous work behind the port's promise API: a throw becomes a rejection. */
function settle<T>(work: () => T): Promise<T> {
  return new Promise((resolve) => resolve(work()));
}
