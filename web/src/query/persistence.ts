import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QUERY_PERSIST_MAX_AGE_MS, QUERY_PERSIST_THROTTLE_MS, QUERY_PERSIST_VERSION } from '../config/constants';

/** Where the data cache is kept between visits (localStorage). */
export const QUERY_CACHE_STORAGE_KEY = `kadr.query.${QUERY_PERSIST_VERSION}`;

/**
 * The data cache is one user's data, so it is stored together with the id of that user (its owner)
 * and only ever restored for the same user. The session store says who the owner is
 * (`switchCacheOwner`): nobody until a session check has named a signed-in user, and every change of
 * user (or sign-out) empties the cache in memory and in storage first.
 */
interface PersistedClient {
  timestamp: number;
  buster: string;
  clientState: DehydratedState;
}

interface OwnedPersistedClient extends PersistedClient {
  owner: string;
}

/** The storage side: the sync persister (localStorage, throttled saves) wrapped with the owner check. */
interface Persister {
  persistClient(client: PersistedClient): void;
  restoreClient(): PersistedClient | undefined;
  removeClient(): void;
}

class OwnerChangedError extends Error {}

interface Binding {
  queryClient: QueryClient;
  persister: Persister;
  storage: Storage;
  stopSaving: () => void;
}

let owner: string | null = null;
let binding: Binding | null = null;

function createOwnedPersister(storage: Storage): Persister {
  const inner = createSyncStoragePersister({
    storage,
    key: QUERY_CACHE_STORAGE_KEY,
    throttleTime: QUERY_PERSIST_THROTTLE_MS,
    // Saves are throttled: a save queued for one user must not land after the owner changed.
    // Throwing here makes the persister drop that save (its retry hook is not set).
    serialize: (client) => {
      if ((client as OwnedPersistedClient).owner !== owner) throw new OwnerChangedError();
      return JSON.stringify(client);
    },
  });
  return {
    persistClient: (client) => {
      if (owner === null) return;
      const owned: OwnedPersistedClient = { ...client, owner };
      void inner.persistClient(owned);
    },
    restoreClient: () => {
      let stored: Partial<OwnedPersistedClient> | undefined;
      try {
        stored = inner.restoreClient() as Partial<OwnedPersistedClient> | undefined;
      } catch {
        stored = { owner: undefined }; // unreadable: treated like a stranger's cache, removed below
      }
      if (stored === undefined) return undefined;
      if (owner === null || stored.owner !== owner) {
        void inner.removeClient();
        return undefined;
      }
      return stored as OwnedPersistedClient;
    },
    removeClient: () => void inner.removeClient(),
  };
}

/**
 * Save and restore are done here with react-query's own `dehydrate`/`hydrate` rather than
 * `persistQueryClient`, because the blob must carry its owner (the signed-in user) and be restored only
 * after a session check names that same user — which persistQueryClient's restore-on-start cannot do.
 * The rules are otherwise the same: a save on every cache change (throttled by the persister), and a
 * restore that drops a cache older than `maxAge` or of another `buster`.
 */
function save(current: Binding): void {
  current.persister.persistClient({
    buster: QUERY_PERSIST_VERSION,
    timestamp: Date.now(),
    clientState: dehydrate(current.queryClient),
  });
}

function subscribeSaving(current: Binding): () => void {
  const onEvent = (event: { type: string }): void => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') save(current);
  };
  const stopQueries = current.queryClient.getQueryCache().subscribe(onEvent);
  const stopMutations = current.queryClient.getMutationCache().subscribe(onEvent);
  return () => {
    stopQueries();
    stopMutations();
  };
}

function restore(current: Binding): void {
  const stored = current.persister.restoreClient();
  if (!stored) return;
  const expired = !stored.timestamp || Date.now() - stored.timestamp > QUERY_PERSIST_MAX_AGE_MS;
  if (expired || stored.buster !== QUERY_PERSIST_VERSION) {
    current.persister.removeClient();
    return;
  }
  try {
    hydrate(current.queryClient, stored.clientState);
  } catch {
    current.persister.removeClient(); // malformed: the app simply fetches again
  }
}

/**
 * Starts saving the app's query cache to localStorage (throttled, only while a user owns it).
 * Nothing is restored here: the session check restores the signed-in user's own cache
 * (`switchCacheOwner`). Returns a function that stops saving.
 */
export function bindQueryPersistence(queryClient: QueryClient, storage: Storage = window.localStorage): () => void {
  binding?.stopSaving();
  const current: Binding = {
    queryClient,
    storage,
    persister: createOwnedPersister(storage),
    stopSaving: () => undefined,
  };
  current.stopSaving = subscribeSaving(current);
  binding = current;
  return () => {
    current.stopSaving();
    if (binding === current) binding = null;
  };
}

/** The user the cache currently belongs to (null: nobody, nothing is saved). */
export function cacheOwner(): string | null {
  return owner;
}

/**
 * Hands the cache to `userId` (null: signed out). Same owner: nothing happens. Otherwise the
 * cache in memory is emptied when it held someone's data, the stored cache is dropped unless it is
 * the new owner's, and the new owner's stored cache (not older than an hour, same version) is restored.
 */
export function switchCacheOwner(userId: string | null): void {
  if (userId === owner && userId !== null) return;
  const previous = owner;
  owner = userId;
  if (!binding) {
    // Not saving in this page (tests, a page without the cache): still never keep a stranger's data.
    if (userId === null || storedOwner(window.localStorage) !== userId) removeStoredCache(window.localStorage);
    return;
  }
  if (previous !== null) binding.queryClient.clear();
  if (userId === null) {
    removeStoredCache(binding.storage);
    return;
  }
  restore(binding);
}

/** Sign-out: forget the owner and remove the cache from memory and storage. */
export function clearPersistedCache(): void {
  owner = null;
  binding?.queryClient.clear();
  removeStoredCache(binding?.storage ?? window.localStorage);
}

function storedOwner(storage: Storage): string | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(QUERY_CACHE_STORAGE_KEY) ?? 'null');
    const stored = typeof parsed === 'object' && parsed !== null ? (parsed as { owner?: unknown }) : {};
    return typeof stored.owner === 'string' ? stored.owner : null;
  } catch {
    return null;
  }
}

function removeStoredCache(storage: Storage): void {
  try {
    storage.removeItem(QUERY_CACHE_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode quotas); there is then nothing stored to remove.
  }
}
