import { parseLogId, type KeyValueStore, type LogEntry, type LogId, type Unsubscribe } from '@kadr/kv-store';
import { currentTraceContext } from '@kadr/telemetry';
import { parseLiveEvent, type LiveEvent } from '../../domain/live/live-event';

/** The replay buffer of one user: the newest 200 events… */
export const LIVE_LOG_MAX_LENGTH = 200;
/** …of the last 15 minutes (each append refreshes the expiry of the whole log). */
export const LIVE_LOG_TTL_MS = 15 * 60_000;
/** How long an event id is remembered so a redelivered bus message is not streamed twice. */
const SEEN_EVENT_TTL_MS = LIVE_LOG_TTL_MS;

const logKey = (userId: string) => `live:log:${userId}`;
const channelOf = (userId: string) => `live:user:${userId}`;
const seenKey = (eventId: string) => `live:seen:${eventId}`;

/**
 * An event in a user's log; `id` is the log entry id (monotonic per user), sent as the SSE `id:`.
 * `logId` is that id parsed, once, when the entry is read: every comparison downstream (the
 * replica's cursor, each connection's position) uses it, so no id is parsed again per connection.
 * One entry object is handed to every connection of the user on this replica.
 */
export interface LiveEntry {
  id: string;
  logId: LogId;
  event: LiveEvent;
}

export interface LiveLogRead {
  entries: LiveEntry[];
  /** Entries after the asked id may be missing (trimmed, expired): the client must re-seed. */
  gap: boolean;
}

/**
 * What travels on a user's channel. Only the entry id: the log is the one source of order,
 * and a receiver reads the log after the last id it delivered (see LiveFeedSubscriptions), so
 * two appends published in the other order (by two replicas, or two partitions) or a message
 * pub/sub dropped cannot lose or reorder an event.
 */
export type ChannelMessage = { type: 'appended'; id: string; traceparent?: string } | { type: 'forgotten' };

function parseChannelMessage(text: string): ChannelMessage | undefined {
  try {
    const value = JSON.parse(text) as Partial<ChannelMessage> | null;
    if (value?.type === 'forgotten') return { type: 'forgotten' };
    if (value?.type === 'appended' && typeof value.id === 'string') {
      return { type: 'appended', id: value.id, ...traceOf(value) };
    }
  } catch {
    // not ours: ignored below
  }
  return undefined;
}

function traceOf(value: { traceparent?: unknown }): { traceparent?: string } {
  return typeof value.traceparent === 'string' ? { traceparent: value.traceparent } : {};
}

function toLiveEntries(entries: LogEntry[]): LiveEntry[] {
  return entries.flatMap((entry) => {
    const event = parseLiveEvent(entry.value);
    return event ? [{ id: entry.id, logId: parseLogId(entry.id), event }] : [];
  });
}

/**
 * Each user's live events on the key-value port (Redis in distributed mode, memory embedded):
 * `live:log:<userId>` is the capped replay log (200 events, 15 minutes), `live:user:<userId>`
 * the pub/sub channel every replica with a connection of that user listens to, and
 * `live:seen:<eventId>` remembers which bus events were already recorded.
 */
export class LiveFeedStore {
  constructor(private readonly kv: KeyValueStore) {}

  /**
   * Appends to the user's log, then announces the new entry on the user's channel. The append
   * comes first so that anyone told about an entry can read it (and everything before it).
   */
  async record(userId: string, event: LiveEvent): Promise<string> {
    const id = await this.kv.appendToLog(logKey(userId), JSON.stringify(event), {
      maxLength: LIVE_LOG_MAX_LENGTH,
      ttlMs: LIVE_LOG_TTL_MS,
    });
    await this.announce(userId, { type: 'appended', id, ...currentTraceContext() });
    return id;
  }

  /** Entries after `afterId` (all kept ones without it), oldest first, and whether some may be missing. */
  async readAfter(userId: string, afterId?: string): Promise<LiveLogRead> {
    const read = await this.kv.readLogAfter(logKey(userId), afterId);
    return { entries: toLiveEntries(read.entries), gap: read.gap };
  }

  /** The newest entry's id (undefined: no log), read without the entries: where "only what comes next" starts. */
  async newestId(userId: string): Promise<string | undefined> {
    return (await this.kv.lastLogId(logKey(userId))) ?? undefined;
  }

  /** The user is deleted: the replay log goes, and every replica ends the user's streams. */
  async forget(userId: string): Promise<void> {
    await this.kv.delete(logKey(userId));
    await this.announce(userId, { type: 'forgotten' });
  }

  /**
   * Marks a bus event as recorded; false when it already was (a redelivery). Call `unclaim`
   * when recording then fails, so the retry records it.
   */
  claim(eventId: string): Promise<boolean> {
    return this.kv.setIfAbsent(seenKey(eventId), '1', SEEN_EVENT_TTL_MS);
  }

  async unclaim(eventId: string): Promise<void> {
    await this.kv.delete(seenKey(eventId));
  }

  /** Listens to the user's channel (messages that are not ours are ignored). */
  listen(userId: string, onMessage: (message: ChannelMessage) => void): Promise<Unsubscribe> {
    return this.kv.subscribe(channelOf(userId), (text) => {
      const message = parseChannelMessage(text);
      if (message) onMessage(message);
    });
  }

  private announce(userId: string, message: ChannelMessage): Promise<void> {
    return this.kv.publish(channelOf(userId), JSON.stringify(message));
  }
}
