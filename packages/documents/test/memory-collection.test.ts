import { DuplicateKeyError, MemoryCollection, isDuplicateKeyError } from '../src';

interface Item {
  id: string;
  userId?: string;
  key?: string;
  owner?: { email: string };
  n: number;
  createdAt: Date;
  tags: string[];
}

const at = (iso: string): Date => new Date(iso);

function item(id: string, extra: Partial<Item> = {}): Item {
  return { id, n: 0, createdAt: at('2024-01-01T00:00:00.000Z'), tags: [], ...extra };
}

function collection(unique?: ReadonlyArray<string | readonly string[]>): MemoryCollection<Item> {
  return new MemoryCollection<Item>({ name: 'items', unique });
}

describe('MemoryCollection', () => {
  describe('copies', () => {
    it('stores a copy of what is inserted and hands out copies', async () => {
      const items = collection();
      const input = item('a', { tags: ['x'] });
      const returned = await items.insertOne(input);
      input.tags.push('changed-input');
      returned.tags.push('changed-returned');
      const found = await items.findById('a');
      found!.tags.push('changed-found');
      expect((await items.findById('a'))?.tags).toEqual(['x']);
    });

    it('returns Dates of the caller’s realm', async () => {
      const items = collection();
      await items.insertOne(item('a'));
      const found = await items.findById('a');
      expect(found?.createdAt).toBeInstanceOf(Date);
      expect(found?.createdAt.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    });

    it('refuses values a restart would lose', async () => {
      const items = new MemoryCollection<{ id: string; value: unknown }>({ name: 'values' });
      await expect(items.insertOne({ id: 'm', value: new Map() })).rejects.toThrow(/document.value is a Map/);
      await expect(items.insertOne({ id: 'n', value: Number.NaN })).rejects.toThrow(/finite numbers/);
      await expect(items.insertOne({ id: 'b', value: 1n })).rejects.toThrow(/bigint/);
      await expect(items.insertOne({ id: '', value: 1 })).rejects.toThrow(/non-empty string id/);
      expect(items.size).toBe(0);
    });
  });

  describe('unique keys', () => {
    it('rejects a second document with the same id, MongoDB style', async () => {
      const items = collection();
      await items.insertOne(item('a'));
      const err: unknown = await items.insertOne(item('a')).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DuplicateKeyError);
      expect(err).toMatchObject({ code: 11000, keyPattern: { id: 1 }, keyValue: { id: 'a' } });
      expect(isDuplicateKeyError(err)).toBe(true);
    });

    it('enforces single, compound and dotted keys', async () => {
      const items = collection(['userId', ['userId', 'key'], 'owner.email']);
      await items.insertOne(item('a', { userId: 'u1', key: 'k1', owner: { email: 'a@x' } }));
      await expect(items.insertOne(item('b', { userId: 'u1', owner: { email: 'b@x' } }))).rejects.toMatchObject({
        keyPattern: { userId: 1 },
      });
      await expect(items.insertOne(item('c', { userId: 'u2', owner: { email: 'a@x' } }))).rejects.toMatchObject({
        keyPattern: { 'owner.email': 1 },
        keyValue: { 'owner.email': 'a@x' },
      });
      await items.insertOne(item('d', { userId: 'u3', key: 'k1', owner: { email: 'd@x' } }));
      expect(await items.count()).toBe(2);
    });

    it('treats a missing field as null, like a non-sparse MongoDB unique index', async () => {
      const items = collection(['userId']);
      await items.insertOne(item('a'));
      await expect(items.insertOne(item('b'))).rejects.toMatchObject({ code: 11000, keyValue: { userId: null } });
    });

    it('checks updates too, changing nothing when they collide, and frees a key that was changed', async () => {
      const items = collection(['userId']);
      await items.insertOne(item('a', { userId: 'u1' }));
      await items.insertOne(item('b', { userId: 'u2' }));
      await expect(
        items.updateOne('b', null, (d) => {
          d.userId = 'u1';
          d.n = 99;
        }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await items.findById('b')).toMatchObject({ userId: 'u2', n: 0 });

      await items.updateOne('a', null, (d) => {
        d.userId = 'u9';
      });
      await expect(items.insertOne(item('c', { userId: 'u1' }))).resolves.toMatchObject({ id: 'c' });
    });

    it('frees keys of deleted documents', async () => {
      const items = collection(['userId']);
      await items.insertOne(item('a', { userId: 'u1' }));
      await items.deleteOne('a');
      await expect(items.insertOne(item('a', { userId: 'u1' }))).resolves.toMatchObject({ id: 'a' });
    });
  });

  describe('updateOne', () => {
    it('applies the mutation when the precondition holds and returns the new document', async () => {
      const items = collection();
      await items.insertOne(item('a', { n: 1 }));
      const updated = await items.updateOne(
        'a',
        (d) => d.n === 1,
        (d) => {
          d.n = 2;
        },
      );
      expect(updated).toMatchObject({ id: 'a', n: 2 });
      expect(await items.findById('a')).toMatchObject({ n: 2 });
    });

    it('returns null and changes nothing when the precondition fails or nothing is selected', async () => {
      const items = collection();
      await items.insertOne(item('a', { n: 1 }));
      const mutate = jest.fn();
      expect(await items.updateOne('a', (d) => d.n === 5, mutate)).toBeNull();
      expect(await items.updateOne('missing', null, mutate)).toBeNull();
      expect(await items.updateOne((d) => d.n === 7, null, mutate)).toBeNull();
      expect(mutate).not.toHaveBeenCalled();
    });

    it('selects by predicate and accepts a replacement document', async () => {
      const items = collection();
      await items.insertOne(item('a', { userId: 'u1' }));
      const updated = await items.updateOne(
        (d) => d.userId === 'u1',
        null,
        (d) => ({ ...d, n: 42 }),
      );
      expect(updated).toMatchObject({ id: 'a', n: 42 });
    });

    it('leaves the document untouched when the mutation throws, returns a promise or changes the id', async () => {
      const items = collection();
      await items.insertOne(item('a', { n: 1 }));
      await expect(
        items.updateOne('a', null, (d) => {
          d.n = 100;
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      await expect(
        items.updateOne('a', null, ((d: Item) => {
          d.n = 100;
          return Promise.resolve();
        }) as unknown as (d: Item) => void),
      ).rejects.toThrow(/synchronous/);
      await expect(
        items.updateOne('a', null, (d) => {
          d.id = 'b';
        }),
      ).rejects.toThrow(/changed the id/);
      expect(await items.findById('a')).toMatchObject({ n: 1 });
      expect(await items.findById('b')).toBeNull();
    });

    it('is atomic: concurrent read-modify-write updates never lose one', async () => {
      const items = collection();
      await items.insertOne(item('a'));
      await Promise.all(
        Array.from({ length: 50 }, () =>
          items.updateOne('a', null, (d) => {
            d.n += 1;
          }),
        ),
      );
      expect((await items.findById('a'))?.n).toBe(50);
    });
  });

  describe('upsertOne', () => {
    it('inserts when nothing matches, updates otherwise, and inserts once under concurrency', async () => {
      const items = collection(['userId']);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          items.upsertOne((d) => d.userId === 'u1', {
            insert: () => item(`id-${i}`, { userId: 'u1', n: 1 }),
            update: (d) => {
              d.n += 1;
            },
          }),
        ),
      );
      expect(results.filter((r) => r.inserted)).toHaveLength(1);
      expect(await items.count()).toBe(1);
      expect((await items.findOne((d) => d.userId === 'u1'))?.n).toBe(20);
    });

    it('returns the existing document untouched without an update', async () => {
      const items = collection();
      await items.insertOne(item('a', { userId: 'u1', n: 3 }));
      const result = await items.upsertOne((d) => d.userId === 'u1', { insert: () => item('b') });
      expect(result).toEqual({ doc: expect.objectContaining({ id: 'a', n: 3 }), inserted: false });
    });
  });

  describe('queries', () => {
    async function seeded(): Promise<MemoryCollection<Item>> {
      const items = collection();
      await items.insertOne(item('a', { n: 2, createdAt: at('2024-03-01T00:00:00Z') }));
      await items.insertOne(item('b', { n: 1, createdAt: at('2024-01-01T00:00:00Z') }));
      await items.insertOne(item('c', { n: 2, createdAt: at('2024-02-01T00:00:00Z') }));
      await items.insertOne(item('d', { n: 3, createdAt: at('2024-04-01T00:00:00Z'), userId: 'u' }));
      return items;
    }
    const ids = (docs: Item[]): string[] => docs.map((d) => d.id);

    it('finds in insertion order by default', async () => {
      const items = await seeded();
      expect(ids(await items.find())).toEqual(['a', 'b', 'c', 'd']);
      expect(ids(await items.find((d) => d.n === 2))).toEqual(['a', 'c']);
      expect((await items.findOne((d) => d.n === 2))?.id).toBe('a');
      expect(await items.findOne((d) => d.n === 9)).toBeNull();
    });

    it('sorts by a MongoDB-style spec (dates, several keys, descending) or a comparator', async () => {
      const items = await seeded();
      expect(ids(await items.find(undefined, { sort: { createdAt: -1 } }))).toEqual(['d', 'a', 'c', 'b']);
      expect(ids(await items.find(undefined, { sort: { n: 1, createdAt: 1 } }))).toEqual(['b', 'c', 'a', 'd']);
      expect(ids(await items.find(undefined, { sort: { userId: -1, id: 1 } }))).toEqual(['d', 'a', 'b', 'c']);
      expect(ids(await items.find(undefined, { sort: (x, y) => y.id.localeCompare(x.id) }))).toEqual([
        'd',
        'c',
        'b',
        'a',
      ]);
    });

    it('skips and limits after sorting', async () => {
      const items = await seeded();
      expect(ids(await items.find(undefined, { sort: { id: 1 }, skip: 1, limit: 2 }))).toEqual(['b', 'c']);
      expect(ids(await items.find(undefined, { skip: 3, limit: 10 }))).toEqual(['d']);
      expect(await items.find(undefined, { limit: 0 })).toEqual([]);
    });

    it('counts and deletes', async () => {
      const items = await seeded();
      expect(await items.count((d) => d.n === 2)).toBe(2);
      expect(await items.deleteOne((d) => d.n === 2)).toBe(true);
      expect(await items.deleteOne('missing')).toBe(false);
      expect(ids(await items.find())).toEqual(['b', 'c', 'd']);
      expect(await items.deleteMany((d) => d.n > 1)).toBe(2);
      expect(await items.deleteMany()).toBe(1);
      expect(items.size).toBe(0);
    });
  });

  it('rejects every operation after close', async () => {
    const items = collection();
    await items.close();
    await items.close();
    await expect(items.findById('a')).rejects.toThrow('collection items is closed');
    await expect(items.insertOne(item('a'))).rejects.toThrow('closed');
  });

  it('refuses a name that is not safe as a file name', () => {
    expect(() => new MemoryCollection({ name: '../etc' })).toThrow(/must match/);
  });
});
