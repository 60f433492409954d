import { MemoryKeyspace, MemoryKeyValueStore } from '@kadr/kv-store';
import type { LiveEvent } from '../../domain/live/live-event';
import { LIVE_LOG_MAX_LENGTH, LiveFeedStore, type LiveEntry } from './live-feed-store';
import { LiveFeedSubscriptions, type FeedListener } from './live-feed-subscriptions';

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
});
