import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryCollection, openInOrder, openStores, serviceDataDir, type StoreFactory } from '../src';
import type { PersistenceOptions } from '../src';

/** A memory store that says when it opens and closes. */
class NoteStore {
  private constructor(
    readonly name: string,
    readonly notes: MemoryCollection<{ id: string; text: string }>,
    private readonly steps: string[],
  ) {}

  static async open(name: string, persistence: PersistenceOptions, steps: string[]): Promise<NoteStore> {
    steps.push(`open ${name}`);
    return new NoteStore(name, await MemoryCollection.open({ name, ...persistence }), steps);
  }

  async close(): Promise<void> {
    this.steps.push(`close ${this.name}`);
    await this.notes.close();
  }
}

/** Memory factories that record their steps; `mongo` is never reached (no MONGODB_URI here). */
function noteStore(name: string, steps: string[], seen: PersistenceOptions[] = []): StoreFactory<NoteStore> {
  return {
    mongo: () => {
      throw new Error('no MongoDB in these tests');
    },
    memory: (persistence) => {
      seen.push(persistence);
      return NoteStore.open(name, persistence, steps);
    },
  };
}

const failing = (steps: string[]): StoreFactory<NoteStore> => ({
  mongo: () => {
    throw new Error('no MongoDB in these tests');
  },
  memory: () => {
    steps.push('open broken');
    return Promise.reject(new Error('cannot open broken'));
  },
});

describe('serviceDataDir', () => {
  it('is the service’s own folder under DATA_DIR, or nothing without DATA_DIR', () => {
    expect(serviceDataDir('/var/kadr', 'commerce')).toBe(join('/var/kadr', 'commerce'));
    expect(serviceDataDir(undefined, 'commerce')).toBeUndefined();
    expect(serviceDataDir('', 'commerce')).toBeUndefined();
  });
});

describe('openStores on memory', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kadr-open-stores-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('opens the stores in order, persisted under DATA_DIR/<service>, and closes them in reverse', async () => {
    const steps: string[] = [];
    const seen: PersistenceOptions[] = [];
    const opened = await openStores({
      service: 'commerce',
      config: { DATA_DIR: dataDir },
      stores: { accounts: noteStore('accounts', steps, seen), ledger: noteStore('ledger', steps, seen) },
    });
    expect(seen.map((persistence) => persistence.dataDir)).toEqual([
      join(dataDir, 'commerce'),
      join(dataDir, 'commerce'),
    ]);
    expect(opened.readinessChecks).toEqual([]);
    await opened.stores.accounts.notes.insertOne({ id: 'n1', text: 'kept' });

    await opened.close();
    expect(steps).toEqual(['open accounts', 'open ledger', 'close ledger', 'close accounts']);
    expect(await readdir(join(dataDir, 'commerce'))).toContain('accounts.json');

    const reopened = await openStores({
      service: 'commerce',
      config: { DATA_DIR: dataDir },
      stores: { accounts: noteStore('accounts', []) },
    });
    expect(await reopened.stores.accounts.notes.findById('n1')).toMatchObject({ text: 'kept' });
    await reopened.close();
  });

  it('keeps the stores in memory only without DATA_DIR', async () => {
    const seen: PersistenceOptions[] = [];
    const opened = await openStores({
      service: 'media',
      config: {},
      stores: { videos: noteStore('videos', [], seen) },
    });
    expect(seen).toEqual([{ dataDir: undefined, logger: undefined }]);
    await opened.close();
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('closes the stores opened before one that fails, last first, and rethrows', async () => {
    const steps: string[] = [];
    const afterTheFailure = noteStore('never', steps);
    await expect(
      openStores({
        service: 'admin',
        config: { DATA_DIR: dataDir },
        stores: {
          users: noteStore('users', steps),
          jobs: noteStore('jobs', steps),
          broken: failing(steps),
          never: afterTheFailure,
        },
      }),
    ).rejects.toThrow('cannot open broken');
    expect(steps).toEqual(['open users', 'open jobs', 'open broken', 'close jobs', 'close users']);
  });

  it('uses provided stores as they are, never closes them, and opens nothing when all are provided', async () => {
    const steps: string[] = [];
    const mine = await NoteStore.open('mine', {}, steps);
    const partly = await openStores({
      service: 'jobs',
      config: { DATA_DIR: dataDir },
      stores: { jobs: noteStore('jobs', steps), settings: noteStore('settings', steps) },
      provided: { jobs: mine },
    });
    expect(partly.stores.jobs).toBe(mine);
    await partly.close();

    const all = await openStores({
      service: 'jobs',
      config: { MONGODB_URI: 'mongodb://127.0.0.1:1/' },
      stores: { jobs: noteStore('jobs', steps) },
      provided: { jobs: mine },
    });
    expect(all.stores).toEqual({ jobs: mine });
    expect(all.readinessChecks).toEqual([]);
    await all.close();
    expect(steps).toEqual(['open mine', 'open settings', 'close settings']);
    await mine.close();
  });
});

describe('openInOrder', () => {
  const closer = (steps: string[], name: string) => ({
    close: () => {
      steps.push(`close ${name}`);
      return Promise.resolve();
    },
  });

  it('closes what was owned in reverse order, a `stop()` or a given closer where there is no `close()`', async () => {
    const steps: string[] = [];
    const opened = await openInOrder((own) => {
      own(closer(steps, 'bus'));
      own({ stop: () => steps.push('stop consumer') });
      own('server', (name) => steps.push(`close ${name}`));
      return { ready: true };
    });
    expect(opened.ready).toBe(true);
    await opened.close();
    expect(steps).toEqual(['close server', 'stop consumer', 'close bus']);
    await opened.close();
    expect(steps).toHaveLength(3);
  });

  it('rolls back what was opened when a step fails, ignoring failures to close, and rethrows', async () => {
    const steps: string[] = [];
    await expect(
      openInOrder(async (own) => {
        own(closer(steps, 'bus'));
        own({ close: () => Promise.reject(new Error('already gone')) });
        own(closer(steps, 'stores'));
        await Promise.reject(new Error('consumer could not join'));
        own(closer(steps, 'never'));
        return {};
      }),
    ).rejects.toThrow('consumer could not join');
    expect(steps).toEqual(['close stores', 'close bus']);
  });

  it('closes everything even when one close fails, then rethrows the first failure', async () => {
    const steps: string[] = [];
    const opened = await openInOrder((own) => {
      own(closer(steps, 'bus'));
      own({ close: () => Promise.reject(new Error('flush failed')) });
      own({ close: () => Promise.reject(new Error('later failure')) });
      own(closer(steps, 'server'));
      return {};
    });
    await expect(opened.close()).rejects.toThrow('later failure');
    expect(steps).toEqual(['close server', 'close bus']);
  });
});
