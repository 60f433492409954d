import { trace } from '@opentelemetry/api';
import { contextOfTraceparent } from '@kadr/telemetry';
import { compareLogIds, type Unsubscribe } from '@kadr/kv-store';
import { LIVE_LOG_MAX_LENGTH, type ChannelMessage, type LiveEntry, type LiveFeedStore } from './live-feed-store';

/** Someone on this replica following one user's feed (an SSE connection). */
export interface FeedListener {
  /** New entries, in id order, each once. */
  onEntries(entries: LiveEntry[]): void;
  /** The user was deleted: end the stream. */
  onForgotten(): void;
  /**
   * Entries were trimmed from the log before this replica could read them (more than the log
   * keeps arrived at once): the stream cannot go on without a hole, so the client should
   * reconnect with its Last-Event-ID and be told to re-seed.
   */
  onFellBehind(): void;
}

interface UserFeed {
  listeners: Set<FeedListener>;
  /** Resolves once the channel subscription is active and the cursor is set. */
  ready: Promise<Unsubscribe>;
  /** The newest entry delivered to this replica's listeners (undefined: the log was empty). */
  cursor: string | undefined;
  /** Channel messages are handled one at a time, in arrival order. */
  queue: Promise<void>;
}

/**
 * One subscription per user per replica, shared by all of that user's connections here, and
 * ordered delivery from the user's log.
 *
 * A channel message only says "the log has a new entry". On one, the log is read after the
 * cursor (the last entry delivered) and what is new goes to every listener. Reading instead of
 * trusting the message keeps order and completeness even when two appends are announced in
 * the other order or pub/sub drops a message (it is at most once): the next announcement
 * brings the missing entries along.
 */
const tracer = trace.getTracer('@kadr/auth-gateway/live');

export class LiveFeedSubscriptions {
  private readonly feeds = new Map<string, UserFeed>();

  constructor(
    private readonly store: LiveFeedStore,
    private readonly onError: (error: unknown, userId: string) => void,
  ) {}

  /** How many users this replica follows (open channel subscriptions). */
  get followedUsers(): number {
    return this.feeds.size;
  }

  /**
   * Starts following the user for `listener`; resolves once entries appended from now on will
   * reach it. Returns the function that stops (the last listener of a user unsubscribes).
   */
  async follow(userId: string, listener: FeedListener): Promise<() => Promise<void>> {
    let feed = this.feeds.get(userId);
    if (!feed) {
      feed = this.open(userId);
      this.feeds.set(userId, feed);
    }
    feed.listeners.add(listener);
    const joined = feed;
    try {
      await joined.ready;
    } catch (error) {
      await this.leave(userId, joined, listener);
      throw error;
    }
    return () => this.leave(userId, joined, listener);
  }

  /** Stops every subscription (shutdown, after the streams ended). */
  async close(): Promise<void> {
    const feeds = [...this.feeds.values()];
    this.feeds.clear();
    await Promise.all(feeds.map((feed) => feed.ready.then((unsubscribe) => unsubscribe()).catch(() => undefined)));
  }

  private open(userId: string): UserFeed {
    const feed: UserFeed = {
      listeners: new Set(),
      cursor: undefined,
      ready: undefined as never,
      queue: undefined as never,
    };
    feed.ready = (async () => {
      const unsubscribe = await this.store.listen(userId, (message) => {
        feed.queue = feed.queue
          .then(() => this.traced(userId, feed, message))
          .catch((error: unknown) => {
            this.onError(error, userId);
          });
      });
      try {
        // Subscribed first, then the cursor: an entry appended in between is announced and read.
        const { entries } = await this.store.readAfter(userId);
        feed.cursor = entries.at(-1)?.id;
      } catch (error) {
        await unsubscribe();
        throw error;
      }
      return unsubscribe;
    })();
    // Messages wait for the cursor; a failed start is reported to the follower, not here.
    feed.queue = feed.ready.then(
      () => undefined,
      () => undefined,
    );
    return feed;
  }

  /**
   * One span per announced event and replica — the fan-out to every stream of the user here —
   * in the event's trace; never one per connection write (a replica holds 10,000 streams).
   */
  private traced(userId: string, feed: UserFeed, message: ChannelMessage): Promise<void> {
    if (message.type !== 'appended' || !message.traceparent) return this.handle(userId, feed, message);
    const parent = contextOfTraceparent(message.traceparent);
    return tracer.startActiveSpan(
      'live fan-out',
      { attributes: { 'kadr.live.streams': feed.listeners.size } },
      parent,
      async (span) => {
        try {
          await this.handle(userId, feed, message);
        } finally {
          span.end();
        }
      },
    );
  }

  private async handle(userId: string, feed: UserFeed, message: ChannelMessage): Promise<void> {
    if (message.type === 'forgotten') {
      feed.cursor = undefined;
      for (const listener of [...feed.listeners]) this.deliver(userId, () => listener.onForgotten());
      return;
    }
    if (feed.cursor !== undefined && compareLogIds(message.id, feed.cursor) <= 0) return;
    const { entries, gap } = await this.store.readAfter(userId, feed.cursor);
    if (gap && entries.length >= LIVE_LOG_MAX_LENGTH) {
      // Trimmed past the cursor: a hole. (A gap with a log that is not full means the log
      // expired and started again after the cursor: everything it holds is new, nothing lost.)
      feed.cursor = entries.at(-1)?.id;
      for (const listener of [...feed.listeners]) this.deliver(userId, () => listener.onFellBehind());
      return;
    }
    const fresh = feed.cursor === undefined ? entries : entries.filter((e) => compareLogIds(e.id, feed.cursor!) > 0);
    if (fresh.length === 0) return;
    feed.cursor = fresh.at(-1)!.id;
    for (const listener of [...feed.listeners]) this.deliver(userId, () => listener.onEntries(fresh));
  }

  private deliver(userId: string, call: () => void): void {
    try {
      call();
    } catch (error) {
      // One broken listener must not keep the others from their events.
      this.onError(error, userId);
    }
  }

  private async leave(userId: string, feed: UserFeed, listener: FeedListener): Promise<void> {
    feed.listeners.delete(listener);
    if (feed.listeners.size > 0 || this.feeds.get(userId) !== feed) return;
    this.feeds.delete(userId);
    const unsubscribe = await feed.ready.catch(() => undefined);
    await unsubscribe?.();
  }
}
