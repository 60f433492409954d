import * as kvStore from '@kadr/kv-store';
import { MemoryKeyspace, MemoryKeyValueStore, type LogRead } from '@kadr/kv-store';
import type { LiveEvent } from '../../domain/live/live-event';
import { StreamPosition } from '../../domain/live/stream-position';
import { LIVE_LOG_MAX_LENGTH, LiveFeedStore, type LiveEntry } from './live-feed-store';
import { LiveFeedSubscriptions, type FeedListener } from './live-feed-subscriptions';

// The id functions, counted: an id is parsed when read, never again per connection.
jest.mock('@kadr/kv-store', () => {
  const actual = jest.requireActual<typeof kvStore>('@kadr/kv-store');
  return { ...actual, parseLogId: jest.fn(actual.parseLogId), compareLogIds: jest.fn(actual.compareLogIds) };
});

/** A memory store that counts the log entries its reads return. */
class CountingStore extends MemoryKeyValueStore {
  entriesRead = 0;

  override async readLogAfter(key: string, afterId?: string): Promise<LogRead> {
    const read = await super.readLogAfter(key, afterId);
    this.entriesRead += read.entries.length;
    return read;
  }
}

const event = (progress: number): LiveEvent => ({
  name: 'progress',
  data: { id: 'job-1', status: 'PROCESSING', progress, createdAt: null },
  occurredAt: Date.now(),
});

function recorder() {
  const entries: LiveEntry[] = [];
  const calls: string[] = [];
  const listener: FeedListener = {
    onEntries: (batch) => entries.push(...batch),
    onForgotten: () => calls.push('forgotten'),
    onFellBehind: () => calls.push('fell behind'),
  };
  return { entries, calls, listener };
}

async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 2_000;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('live feed subscriptions (one per user per replica)', () => {
  const keyspace = new MemoryKeyspace();
  const kv = new MemoryKeyValueStore({ keyspace, keyPrefix: 'test:' });
  const writer = new LiveFeedStore(new MemoryKeyValueStore({ keyspace, keyPrefix: 'test:' }));
  const feed = new LiveFeedStore(kv);
  const errors: unknown[] = [];
  const subscriptions = new LiveFeedSubscriptions(feed, (error) => errors.push(error));
  afterAll(() => subscriptions.close());

  it('delivers in log order even when the announcements arrive in the other order or one is lost', async () => {
    const user = `user-${Date.now()}-order`;
    const { entries, listener } = recorder();
    const stop = await subscriptions.follow(user, listener);
    // Appended without announcement (as if pub/sub dropped it), then a later entry announced.
    await kv.appendToLog(`live:log:${user}`, JSON.stringify(event(1)), { maxLength: LIVE_LOG_MAX_LENGTH });
    await writer.record(user, event(2));
    await until(() => entries.length === 2);
    expect(entries.map((e) => (e.event.data as { progress: number }).progress)).toEqual([1, 2]);
    await stop();
    expect(errors).toEqual([]);
  });

  it('shares one channel subscription between the listeners of a user, and drops it with the last', async () => {
    const user = `user-${Date.now()}-shared`;
    const a = recorder();
    const b = recorder();
    const before = subscriptions.followedUsers;
    const [stopA, stopB] = await Promise.all([
      subscriptions.follow(user, a.listener),
      subscriptions.follow(user, b.listener),
    ]);
    expect(subscriptions.followedUsers).toBe(before + 1);
    await writer.record(user, event(7));
    await until(() => a.entries.length === 1 && b.entries.length === 1);
    expect(a.entries).toEqual(b.entries);
    await stopA();
    expect(subscriptions.followedUsers).toBe(before + 1);
    await stopB();
    expect(subscriptions.followedUsers).toBe(before);
  });

  it('tells listeners when the user is forgotten, and when entries were trimmed before it could read them', async () => {
    const user = `user-${Date.now()}-forgotten`;
    const { calls, entries, listener } = recorder();
    const stop = await subscriptions.follow(user, listener);
    await writer.forget(user);
    await until(() => calls.length === 1);
    expect(calls).toEqual(['forgotten']);

    await writer.record(user, event(0));
    await until(() => entries.length === 1);
    // More than the log keeps, appended at once, and then one announcement.
    for (let i = 0; i <= LIVE_LOG_MAX_LENGTH; i++) {
      await kv.appendToLog(`live:log:${user}`, JSON.stringify(event(i)), { maxLength: LIVE_LOG_MAX_LENGTH });
    }
    await writer.record(user, event(100));
    await until(() => calls.length === 2);
    expect(calls[1]).toBe('fell behind');
    await stop();
  });

  it('reads only the new entries of the log, and hands the same entry objects to every listener', async () => {
    const user = `user-${Date.now()}-tail`;
    const counting = new CountingStore({ keyspace, keyPrefix: 'test:' });
    const ownSubscriptions = new LiveFeedSubscriptions(new LiveFeedStore(counting), (error) => errors.push(error));
    for (let i = 0; i < 150; i++) await writer.record(user, event(i));
    const listeners = [recorder(), recorder(), recorder()];
    const stops = await Promise.all(listeners.map(({ listener }) => ownSubscriptions.follow(user, listener)));
    // Following starts at the newest id: the 150 entries already there are not read.
    expect(counting.entriesRead).toBe(0);
    await writer.record(user, event(150));
    await writer.record(user, event(151));
    await until(() => listeners.every(({ entries }) => entries.length === 2));
    expect(counting.entriesRead).toBe(2);
    for (const { entries } of listeners.slice(1)) {
      expect(entries[0]).toBe(listeners[0]!.entries[0]);
      expect(entries[1]).toBe(listeners[0]!.entries[1]);
    }
    await Promise.all(stops.map((stop) => stop()));
    await ownSubscriptions.close();
    expect(errors).toEqual([]);
  });

  it("parses each entry's id once on the replica, however many connections it goes to", async () => {
    const parses = jest.mocked(kvStore.parseLogId);
    /** Ids parsed while one event reaches `connections` streams (each with its own position, as an SseConnection). */
    const parsesForOneEvent = async (connections: number) => {
      const user = `user-${Date.now()}-${connections}-ids`;
      await writer.record(user, event(0));
      const delivered: LiveEntry[][] = [];
      const stops = await Promise.all(
        Array.from({ length: connections }, async (_, i) => {
          const position = new StreamPosition<LiveEntry>();
          delivered[i] = [];
          const stop = await subscriptions.follow(user, {
            onEntries: (entries) => {
              for (const entry of entries) delivered[i]!.push(...position.offerLive(entry));
            },
            onForgotten: () => undefined,
            onFellBehind: () => undefined,
          });
          position.finishReplay((await feed.newestId(user))!, []);
          return stop;
        }),
      );
      parses.mockClear();
      await writer.record(user, event(1));
      await until(() => delivered.every((entries) => entries.length === 1));
      const count = parses.mock.calls.length;
      await Promise.all(stops.map((stop) => stop()));
      return count;
    };
    const forOne = await parsesForOneEvent(1);
    expect(await parsesForOneEvent(5)).toBe(forOne);
    // The announced id and the entry read: two parses on the replica, none per connection.
    expect(forOne).toBeLessThanOrEqual(2);
    expect(jest.mocked(kvStore.compareLogIds)).not.toHaveBeenCalled();
  });
});
