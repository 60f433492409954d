import type { Redis } from 'ioredis';
import type { Unsubscribe } from '../port';

interface Handler {
  onMessage(message: string): void;
}

interface ChannelEntry {
  handlers: Set<Handler>;
  /** Settles when Redis confirmed the SUBSCRIBE. */
  subscribed: Promise<unknown>;
}

/**
 * The local handlers of one subscriber connection: one Redis SUBSCRIBE per channel however many
 * handlers share it, UNSUBSCRIBE when the last one leaves. Commands on one connection run in
 * order, so an UNSUBSCRIBE followed by a new SUBSCRIBE of the same channel ends subscribed.
 * (ioredis re-subscribes by itself after a reconnect.)
 */
export class RedisSubscriptions {
  readonly #channels = new Map<string, ChannelEntry>();

  constructor(
    private readonly connection: Redis,
    private readonly onError: (error: unknown) => void,
  ) {
    connection.on('message', (channel: string, message: string) => this.#dispatch(channel, message));
  }

  async add(channel: string, onMessage: (message: string) => void): Promise<Unsubscribe> {
    let entry = this.#channels.get(channel);
    if (!entry) {
      entry = { handlers: new Set(), subscribed: this.connection.subscribe(channel) };
      this.#channels.set(channel, entry);
    }
    // A fresh object per subscription, so the same function subscribed twice is two handlers.
    const handler: Handler = { onMessage };
    entry.handlers.add(handler);
    const remove = () => this.#remove(channel, entry, handler);
    try {
      await entry.subscribed;
    } catch (error) {
      await remove().catch(() => undefined);
      throw error;
    }
    let removed: Promise<void> | undefined;
    return () => (removed ??= remove());
  }

  async #remove(channel: string, entry: ChannelEntry, handler: Handler): Promise<void> {
    entry.handlers.delete(handler);
    if (entry.handlers.size > 0 || this.#channels.get(channel) !== entry) return;
    this.#channels.delete(channel);
    await this.connection.unsubscribe(channel);
  }

  #dispatch(channel: string, message: string): void {
    const entry = this.#channels.get(channel);
    if (!entry) return;
    for (const handler of [...entry.handlers]) {
      try {
        handler.onMessage(message);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
