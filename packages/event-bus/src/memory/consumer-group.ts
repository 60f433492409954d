import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import { deliverWithRetries, type DeliveryOutcome } from '../delivery';
import type { Subscription } from '../subscription';
import type { TopicLog } from './topic-log';

/** One `subscribe` call: a member of its group, like one Kafka consumer instance. */
export class GroupMember {
  private readonly abort = new AbortController();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(readonly subscription: Subscription) {}

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  subscribes(topic: string): boolean {
    return this.subscription.topics.includes(topic);
  }

  /** Keeps `work` in the in-flight set until it settles, so stopping can wait for it. */
  track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const forget = (): void => void this.inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** Ends pending backoffs at once and waits for the handler calls already running. */
  async finish(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled([...this.inFlight]);
  }
}

export interface GroupDependencies {
  topic(name: string): TopicLog;
  /** Publishes the dead letter of a message whose every attempt failed. */
  deadLetter(
    topic: string,
    message: DeliveryMessage,
    outcome: Extract<DeliveryOutcome, { kind: 'failed' }>,
  ): Promise<void>;
  onDrainError(error: unknown, where: { group: string; topic: string; partition: number }): void;
}

export interface DeliveryMessage {
  topic: string;
  key: string;
  value: Uint8Array;
  headers: Record<string, string>;
}

/**
 * A consumer group of the memory bus: committed offsets per topic partition, its members, and
 * one sequential runner per partition. Partition p of a topic belongs to member p mod n of the
 * n members subscribed to that topic (in join order), recomputed before every message — so a
 * join or a leave rebalances at the next message, never in the middle of one.
 */
export class ConsumerGroup {
  private readonly members: GroupMember[] = [];
  /** topic → next offset to deliver, per partition (the committed offsets). */
  private readonly committed = new Map<string, number[]>();
  private readonly runners = new Map<string, PartitionRunner>();

  constructor(
    readonly name: string,
    private readonly dependencies: GroupDependencies,
  ) {}

  join(member: GroupMember): void {
    for (const topic of member.subscription.topics) {
      if (!this.committed.has(topic)) {
        const log = this.dependencies.topic(topic);
        // A group with no committed offset starts at the beginning, or at the current end.
        this.committed.set(topic, member.subscription.fromBeginning ? log.endOffsets().map(() => 0) : log.endOffsets());
      }
    }
    this.members.push(member);
    this.wakeTopics(member.subscription.topics);
  }

  /** Removes the member at once (no new message goes to it), then waits for its in-flight work. */
  async leave(member: GroupMember): Promise<void> {
    const index = this.members.indexOf(member);
    if (index >= 0) this.members.splice(index, 1);
    await member.finish();
    // Partitions the member held go on with the remaining members (their runners re-deliver
    // anything it left uncommitted).
    this.wakeTopics(member.subscription.topics);
  }

  /**
   * Messages published but not committed yet, per partition of the topics the group's members
   * subscribe to (none once every member left). The handler of a message runs before its commit,
   * so a message being handled counts.
   */
  lag(): Array<{ topic: string; partition: number; lag: number }> {
    const topics = new Set(this.members.flatMap((member) => member.subscription.topics));
    return [...topics].flatMap((topic) => {
      const committed = this.committed.get(topic) ?? [];
      return this.dependencies
        .topic(topic)
        .endOffsets()
        .map((end, partition) => ({ topic, partition, lag: end - (committed[partition] ?? 0) }));
    });
  }

  /** Called by the bus after a publish to `topic`'s `partition`. */
  wake(topic: string, partition: number): void {
    if (!this.committed.has(topic)) return;
    this.runnerOf(topic, partition).wake();
  }

  private wakeTopics(topics: readonly string[]): void {
    for (const topic of topics) {
      const partitions = this.dependencies.topic(topic).partitions.length;
      for (let partition = 0; partition < partitions; partition += 1) this.wake(topic, partition);
    }
  }

  private ownerOf(topic: string, partition: number): GroupMember | undefined {
    const candidates = this.members.filter((member) => member.subscribes(topic));
    return candidates.length ? candidates[partition % candidates.length] : undefined;
  }

  private runnerOf(topic: string, partition: number): PartitionRunner {
    const id = `${topic}\u0000${partition}`;
    let runner = this.runners.get(id);
    if (!runner) {
      runner = new PartitionRunner(
        () => this.drain(topic, partition),
        (error) => this.dependencies.onDrainError(error, { group: this.name, topic, partition }),
      );
      this.runners.set(id, runner);
    }
    return runner;
  }

  /** Delivers the partition's uncommitted messages one at a time while someone owns it. */
  private async drain(topic: string, partition: number): Promise<void> {
    const log = this.dependencies.topic(topic);
    const offsets = this.committed.get(topic)!;
    for (;;) {
      const offset = offsets[partition]!;
      const stored = log.at(partition, offset);
      const owner = this.ownerOf(topic, partition);
      if (!stored || !owner) return;
      // The stored message as it is: deliverWithRetries hands each attempt its own copy, so a
      // handler cannot change the log (a third copy here, on top of publish's and the attempt's, bought nothing).
      const message: DeliveryMessage = { topic, key: stored.key, value: stored.value, headers: stored.headers };
      const outcome = await owner.track(this.deliver(owner, message, partition, offset));
      if (outcome === 'commit') offsets[partition] = offset + 1;
      else if (outcome === 'halt') return;
      // 'retry-with-next-owner': the owner is leaving; loop to give the same offset to whoever owns it now.
    }
  }

  private async deliver(
    owner: GroupMember,
    message: DeliveryMessage,
    partition: number,
    offset: number,
  ): Promise<'commit' | 'retry-with-next-owner' | 'halt'> {
    const { handler, policy } = owner.subscription;
    const outcome = await deliverWithRetries({ ...message, partition, offset: String(offset) }, handler, policy, {
      signal: owner.signal,
    });
    if (outcome.kind === 'handled') return 'commit';
    if (outcome.kind === 'abandoned') return 'retry-with-next-owner';
    try {
      await this.dependencies.deadLetter(message.topic, message, outcome);
      return 'commit';
    } catch (error) {
      // Only a closed bus refuses a publish: keep the message uncommitted and stop this runner.
      this.dependencies.onDrainError(error, { group: this.name, topic: message.topic, partition });
      return 'halt';
    }
  }
}

/**
 * Runs `drain` whenever woken, never twice at once: the one-partition-at-a-time guarantee.
 * Drains on a later macrotask, so a publish never runs handlers on its own call stack.
 */
class PartitionRunner {
  private running = false;
  private dirty = false;

  constructor(
    private readonly drain: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  wake(): void {
    this.dirty = true;
    if (this.running) return;
    this.running = true;
    // Started from the root context: otherwise an AsyncLocalStorage context manager would carry
    // the publisher's context into the handler, and only the headers should carry it.
    context.with(ROOT_CONTEXT, () => setImmediate(() => void this.run()));
  }

  private async run(): Promise<void> {
    try {
      // A wake during a drain sets `dirty` again, so no publish is missed between the last
      // look at the log and `running = false` (both happen without an await in between).
      while (this.dirty) {
        this.dirty = false;
        await this.drain();
      }
    } catch (error) {
      this.onError(error);
    } finally {
      this.running = false;
    }
  }
}
