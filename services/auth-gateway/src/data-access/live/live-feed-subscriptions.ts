import { trace } from '@opentelemetry/api';
import { contextOfTraceparent } from '@kadr/telemetry';
import { compareLogIdValues, parseLogId, type LogId, type Unsubscribe } from '@kadr/kv-store';
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

interface Cursor {
  id: string;
  logId: LogId;
}

const cursorAt = (id: string | undefined): Cursor | undefined =>
  id === undefined ? undefined : { id, logId: parseLogId(id) };

interface UserFeed {
  listeners: Set<FeedListener>;
  /** Resolves once the channel subscription is active and the cursor is set. */
  ready: Promise<Unsubscribe>;
  /** The newest entry delivered to this replica's listeners (undefined: the log was empty), as text and parsed. */
  cursor: Cursor | undefined;
  /** Channel messages are handled one at a time, in arrival order. */
  queue: Promise<void>;
}

/**
 * One subscription per user per replica, shared by all of that user's connections here, and
 * ordered delivery from the user's log.
 *
 * A channel message only says "the log has a new entry". On one, the log is read after the
 * cursor (the last entry delivered) — only the new entries, each parsed once — and the same
 * entry objects go to every listener. Reading instead of
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
        // Only the newest id: the entries before it are not this replica's to deliver.
        feed.cursor = cursorAt(await this.store.newestId(userId));
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
    // An announcement of an entry already delivered (it came along with an earlier read): nothing to read.
    if (feed.cursor !== undefined && compareLogIdValues(parseLogId(message.id), feed.cursor.logId) <= 0) return;
    // Strictly after the cursor: the store returns only the new entries.
    const { entries: fresh, gap } = await this.store.readAfter(userId, feed.cursor?.id);
    const newest = fresh.at(-1);
    if (gap && fresh.length >= LIVE_LOG_MAX_LENGTH) {
      // Trimmed past the cursor: a hole. (A gap with a log that is not full means the log
      // expired and started again after the cursor: everything it holds is new, nothing lost.)
      feed.cursor = newest;
      for (const listener of [...feed.listeners]) this.deliver(userId, () => listener.onFellBehind());
      return;
    }
    if (!newest) return;
    feed.cursor = newest;
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
