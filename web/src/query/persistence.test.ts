import { QueryClient } from '@tanstack/react-query';
import { QUERY_PERSIST_MAX_AGE_MS, QUERY_PERSIST_THROTTLE_MS } from '../config/constants';
import {
  bindQueryPersistence,
  cacheOwner,
  clearPersistedCache,
  QUERY_CACHE_STORAGE_KEY,
  switchCacheOwner,
} from './persistence';

function stored(): {
  owner?: string;
  buster?: string;
  timestamp?: number;
  clientState?: { queries: unknown[] };
} | null {
  const raw = localStorage.getItem(QUERY_CACHE_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as NonNullable<ReturnType<typeof stored>>);
}

describe('query cache persistence (spec §9, one user at a time)', () => {
  let stops: Array<() => void> = [];

  function boundClient(): QueryClient {
    const client = new QueryClient();
    stops.push(bindQueryPersistence(client, localStorage));
    return client;
  }

  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
    clearPersistedCache();
  });
  afterEach(() => {
    stops.forEach((stop) => stop());
    stops = [];
    jest.useRealTimers();
  });

  it('saves under kadr.query.v1 with buster v1 and the owner, at most once per second', async () => {
    const client = boundClient();
    switchCacheOwner('user-a');
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    client.setQueryData(['credits'], { balance: 5 });
    client.setQueryData(['jobs'], [1, 2]);
    expect(setItem).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(QUERY_PERSIST_THROTTLE_MS);
    expect(setItem).toHaveBeenCalledTimes(1);
    setItem.mockRestore();
    expect(QUERY_CACHE_STORAGE_KEY).toBe('kadr.query.v1');
    expect(stored()).toMatchObject({ owner: 'user-a', buster: 'v1' });
    expect(stored()?.clientState?.queries).toHaveLength(2);
  });

  it('saves nothing while nobody is signed in', async () => {
    const client = boundClient();
    client.setQueryData(['plans'], ['starter']);
    await jest.advanceTimersByTimeAsync(QUERY_PERSIST_THROTTLE_MS * 2);
    expect(stored()).toBeNull();
  });

  it('restores the same user’s cache on the next visit', async () => {
    const first = boundClient();
    switchCacheOwner('user-a');
    first.setQueryData(['credits'], { balance: 5 });
    await jest.advanceTimersByTimeAsync(QUERY_PERSIST_THROTTLE_MS);
    stops.forEach((stop) => stop());
    clearMemoryOnly();

    const next = boundClient();
    switchCacheOwner('user-a');
    expect(next.getQueryData(['credits'])).toEqual({ balance: 5 });
  });

  it('never restores another user’s cache, and drops it from storage', async () => {
    const first = boundClient();
    switchCacheOwner('user-a');
    first.setQueryData(['credits'], { balance: 5 });
    await jest.advanceTimersByTimeAsync(QUERY_PERSIST_THROTTLE_MS);
    clearMemoryOnly();

    const next = boundClient();
    switchCacheOwner('user-b');
    expect(next.getQueryData(['credits'])).toBeUndefined();
    expect(stored()?.owner).not.toBe('user-a');
  });

  it('empties the cache in memory when the user changes within one visit', () => {
    const client = boundClient();
    switchCacheOwner('user-a');
    client.setQueryData(['credits'], { balance: 5 });
    switchCacheOwner('user-b');
    expect(client.getQueryData(['credits'])).toBeUndefined();
    expect(cacheOwner()).toBe('user-b');
  });

  it('does not restore a cache older than an hour', async () => {
    const first = boundClient();
    switchCacheOwner('user-a');
    first.setQueryData(['credits'], { balance: 5 });
    await jest.advanceTimersByTimeAsync(QUERY_PERSIST_THROTTLE_MS);
    clearMemoryOnly();
    jest.setSystemTime(Date.now() + QUERY_PERSIST_MAX_AGE_MS + 1);

    const next = boundClient();
    switchCacheOwner('user-a');
    expect(next.getQueryData(['credits'])).toBeUndefined();
    expect(stored()).toBeNull();
  });

  it('does not restore a cache of another version', async () => {
    const first = boundClient();
    switchCacheOwner('user-a');
    first.setQueryData(['credits'], { balance: 5 });
    await jest.advanceTimersByTimeAsync(QUERY_PERSIST_THROTTLE_MS);
    localStorage.setItem(QUERY_CACHE_STORAGE_KEY, JSON.stringify({ ...stored(), buster: 'v0' }));
    clearMemoryOnly();

    const next = boundClient();
    switchCacheOwner('user-a');
    expect(next.getQueryData(['credits'])).toBeUndefined();
  });

  it('sign-out removes the cache from memory and storage, and a queued save never lands', async () => {
    const client = boundClient();
    switchCacheOwner('user-a');
    client.setQueryData(['credits'], { balance: 5 });
    await jest.advanceTimersByTimeAsync(QUERY_PERSIST_THROTTLE_MS);
    client.setQueryData(['credits'], { balance: 6 }); // queued, due in 1 s
    clearPersistedCache();
    await jest.advanceTimersByTimeAsync(QUERY_PERSIST_THROTTLE_MS * 2);
    expect(stored()).toBeNull();
    expect(client.getQueryData(['credits'])).toBeUndefined();
    expect(cacheOwner()).toBeNull();
  });

  it('a signed-out session check removes what an earlier user left', () => {
    localStorage.setItem(QUERY_CACHE_STORAGE_KEY, JSON.stringify({ owner: 'user-a', buster: 'v1', timestamp: 1 }));
    boundClient();
    switchCacheOwner(null);
    expect(stored()).toBeNull();
  });

  /** A new page load: the module forgets the owner, storage keeps what was saved. */
  function clearMemoryOnly(): void {
    stops.forEach((stop) => stop());
    stops = [];
    const saved = localStorage.getItem(QUERY_CACHE_STORAGE_KEY);
    clearPersistedCache();
    if (saved !== null) localStorage.setItem(QUERY_CACHE_STORAGE_KEY, saved);
  }
});
