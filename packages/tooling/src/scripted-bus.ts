import type {
  ConsumerHandle,
  DeadLetter,
  EventBus,
  MessageHandler,
  OutgoingMessage,
  SubscribeOptions,
} from '@kadr/event-bus';

/** A message as it travels: an event another service published, or one this service published. */
export interface BusMessage {
  topic: string;
  key: string;
  value: Uint8Array;
  headers?: Record<string, string>;
}

/**
 * An event bus whose deliveries the test scripts: the service subscribes its real consumer as
 * usual, and `deliver` hands it one message now, in exactly the order (duplicates, reorders,
 * late copies) the test chose, and resolves when the handler is done — no polling, no timing.
 * What the service publishes is kept in `published`.
 */
export class ScriptedEventBus implements EventBus {
  readonly published: Array<{ topic: string; message: OutgoingMessage }> = [];
  private readonly handlers: Array<{ topics: Set<string>; handler: MessageHandler }> = [];
  private offset = 0;

  ensureTopics(): Promise<void> {
    return Promise.resolve();
  }

  publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    for (const message of messages) this.published.push({ topic, message });
    return Promise.resolve();
  }

  subscribe(options: SubscribeOptions): Promise<ConsumerHandle> {
    const entry = { topics: new Set(options.topics), handler: options.handler };
    this.handlers.push(entry);
    return Promise.resolve({
      stop: () => {
        this.handlers.splice(this.handlers.indexOf(entry), 1);
        return Promise.resolve();
      },
    });
  }

  /** Takes (removes and answers) what the service published on `topic` since the last take. */
  takePublished(topic: string): BusMessage[] {
    const taken: BusMessage[] = [];
    for (let i = 0; i < this.published.length;) {
      const entry = this.published[i];
      if (entry?.topic === topic) {
        taken.push({ topic, ...entry.message });
        this.published.splice(i, 1);
      } else i += 1;
    }
    return taken;
  }

  /** Delivers one event to every subscriber of its topic; a handler's error propagates. */
  async deliver(event: BusMessage): Promise<void> {
    const subscribers = this.handlers.filter((h) => h.topics.has(event.topic));
    if (subscribers.length === 0) throw new Error(`nobody subscribed to ${event.topic}`);
    this.offset += 1;
    for (const { handler } of subscribers) {
      await handler({
        topic: event.topic,
        key: event.key,
        value: event.value,
        headers: event.headers ?? {},
        partition: 0,
        offset: String(this.offset),
        attempt: 1,
      });
    }
  }

  /** Nothing is ever dead-lettered here: a handler's error goes back to the test's `deliver`. */
  readDeadLetters(): Promise<DeadLetter[]> {
    return Promise.resolve([]);
  }

  close(): Promise<void> {
    this.handlers.length = 0;
    return Promise.resolve();
  }
}
