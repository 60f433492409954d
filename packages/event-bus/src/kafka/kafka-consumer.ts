import type { Consumer, EachBatchPayload, IHeaders, Kafka, KafkaMessage } from 'kafkajs';
import { deliverWithRetries, type DeliveryOutcome } from '../delivery';
import type { ConsumerHandle, DeliveredMessage } from '../port';
import type { Subscription } from '../subscription';

/** Consumer timings; the defaults are kafkajs's, except partitionsConsumedConcurrently. */
export interface KafkaConsumerTuning {
  /** Default 30 000 (the broker bounds it by group.min/max.session.timeout.ms). */
  sessionTimeoutMs?: number;
  /** Default 60 000. */
  rebalanceTimeoutMs?: number;
  /** Default 3 000. */
  heartbeatIntervalMs?: number;
  /**
   * Longest fetch long-poll, default 5 000. A member notices a rebalance only between fetches,
   * so this bounds how quickly a joining member gets partitions; tests set it low.
   */
  maxWaitTimeMs?: number;
  /** Partitions handled at the same time by one member (each still sequentially). Default 3. */
  partitionsConsumedConcurrently?: number;
}

export interface ConsumerDependencies {
  kafka: Kafka;
  tuning: KafkaConsumerTuning;
  /** How long `subscribe` waits for the member to join its group. */
  joinTimeoutMs: number;
  deadLetter(message: DeliveredMessage, outcome: Extract<DeliveryOutcome, { kind: 'failed' }>): Promise<void>;
}

/**
 * One group member: a kafkajs consumer that commits a message's offset only once the handler
 * succeeded (or the message was dead-lettered), one message at a time per partition. Resolves
 * when the member has joined its group.
 */
export async function startConsumer(
  subscription: Subscription,
  dependencies: ConsumerDependencies,
): Promise<ConsumerHandle> {
  const { kafka, tuning } = dependencies;
  const consumer = kafka.consumer({
    groupId: subscription.group,
    sessionTimeout: tuning.sessionTimeoutMs,
    rebalanceTimeout: tuning.rebalanceTimeoutMs,
    heartbeatInterval: tuning.heartbeatIntervalMs,
    maxWaitTimeInMs: tuning.maxWaitTimeMs,
    // Topics are created by ensureTopics with the right partition count and a .dlq; a topic
    // auto-created by a fetch would get the broker default.
    allowAutoTopicCreation: false,
  });
  const stopping = new AbortController();

  await consumer.connect();
  const join = waitForGroupJoin(consumer, dependencies.joinTimeoutMs);
  try {
    await consumer.subscribe({ topics: subscription.topics, fromBeginning: subscription.fromBeginning });
    await consumer.run({
      autoCommit: false,
      // Offsets are resolved one by one below; an unresolved message is fetched again.
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: tuning.partitionsConsumedConcurrently ?? 3,
      eachBatch: (payload) => handleBatch(payload, subscription, stopping.signal, dependencies),
    });
    await join.joined;
  } catch (error) {
    join.cancel();
    await consumer.disconnect().catch(() => undefined);
    throw error;
  }

  let stopped: Promise<void> | undefined;
  return {
    stop: () => {
      stopped ??= (async () => {
        stopping.abort(); // ends a pending retry backoff; the message stays uncommitted
        // Waits for the batch being handled (kafkajs lets eachBatch finish), then leaves the group.
        await consumer.disconnect();
      })();
      return stopped;
    },
  };
}

async function handleBatch(
  payload: EachBatchPayload,
  { handler, policy }: Subscription,
  signal: AbortSignal,
  dependencies: ConsumerDependencies,
): Promise<void> {
  const { batch } = payload;
  const heartbeat = (): Promise<void> => payload.heartbeat();
  const keepAlive = { beat: heartbeat, everyMs: dependencies.tuning.heartbeatIntervalMs ?? 3_000 };
  for (const message of batch.messages) {
    if (!payload.isRunning() || payload.isStale() || signal.aborted) return;
    const delivered = deliveredOf(batch.topic, batch.partition, message);
    const outcome = await deliverWithRetries(delivered, handler, policy, { signal, keepAlive });
    // Stopping mid-retries: commit nothing, the next owner of the partition gets the message again.
    if (outcome.kind === 'abandoned') return;
    // If the dead-letter publish throws, nothing is committed and kafkajs fetches the message again.
    if (outcome.kind === 'failed') await dependencies.deadLetter({ ...delivered, attempt: outcome.attempts }, outcome);
    await payload.commitOffsetsIfNecessary({
      topics: [
        { topic: batch.topic, partitions: [{ partition: batch.partition, offset: offsetAfter(message.offset) }] },
      ],
    });
    payload.resolveOffset(message.offset);
    await heartbeat();
  }
}

/** Kafka commits the offset of the next message to read. */
const offsetAfter = (offset: string): string => (BigInt(offset) + 1n).toString();

export function deliveredOf(
  topic: string,
  partition: number,
  message: KafkaMessage,
): Omit<DeliveredMessage, 'attempt'> {
  return {
    topic,
    partition,
    offset: message.offset,
    key: message.key?.toString('utf8') ?? '',
    // A copy as a plain Uint8Array, as the memory bus delivers it (kafkajs hands out pooled Buffers).
    value: new Uint8Array(message.value ?? new Uint8Array()),
    headers: headersOf(message.headers),
  };
}

function headersOf(headers: IHeaders | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers ?? {})) {
    // A header repeated in the record arrives as an array: the last one wins, as with a plain object.
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value !== undefined) result[name] = value.toString();
  }
  return result;
}

/**
 * Resolves at the member's first GROUP_JOIN. A crash kafkajs restarts from (`restart: true`: a
 * broker that went away while the member was joining) is waited out, not a failure — the
 * chaos run (tools/chaos) saw a jobs worker exit at start-up because the broker died while its
 * join was pending. Only a crash kafkajs gives up on, or the time-out, rejects.
 */
export function waitForGroupJoin(
  consumer: Pick<Consumer, 'on' | 'events'>,
  timeoutMs: number,
): { joined: Promise<void>; cancel(): void } {
  let cancel = (): void => undefined;
  const joined = new Promise<void>((resolve, reject) => {
    const removeJoin = consumer.on(consumer.events.GROUP_JOIN, () => settle(resolve));
    const removeCrash = consumer.on(consumer.events.CRASH, (event) => {
      if (!event.payload.restart) settle(() => reject(event.payload.error));
    });
    const timer = setTimeout(
      () => settle(() => reject(new Error(`consumer did not join its group within ${timeoutMs} ms`))),
      timeoutMs,
    );
    function settle(finish: () => void): void {
      clearTimeout(timer);
      removeJoin();
      removeCrash();
      finish();
    }
    cancel = () => settle(resolve);
  });
  return { joined, cancel };
}
