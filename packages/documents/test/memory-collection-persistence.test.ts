import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryCollection } from '../src';
import type { DocumentsLogger } from '../src';
import { writeFileAtomically } from '../src/memory/atomic-file';
import type * as AtomicFile from '../src/memory/atomic-file';

jest.mock('../src/memory/atomic-file', () => {
  const actual = jest.requireActual<typeof AtomicFile>('../src/memory/atomic-file');
  return { ...actual, writeFileAtomically: jest.fn(actual.writeFileAtomically) };
});
const writes = jest.mocked(writeFileAtomically);

interface Note {
  id: string;
  text: string;
  userId: string;
  createdAt: Date;
  history: Array<{ at: Date; what: string }>;
  meta: { editedAt: Date | null };
}

function note(id: string, userId = `u-${id}`): Note {
  return {
    id,
    text: '2024-05-05T10:00:00.000Z', // looks like a date, must stay a string
    userId,
    createdAt: new Date('2024-05-01T12:34:56.789Z'),
    history: [{ at: new Date('2024-05-02T00:00:00.000Z'), what: 'created' }],
    meta: { editedAt: null },
  };
}

describe('MemoryCollection persisted to a data folder', () => {
  let dataDir: string;
  const open = (options: { logger?: DocumentsLogger } = {}) =>
    MemoryCollection.open<Note>({ name: 'notes', unique: ['userId'], dataDir, ...options });

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kadr-documents-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts empty, creating a missing folder', async () => {
    dataDir = join(dataDir, 'nested', 'folder');
    const notes = await open();
    expect(notes.size).toBe(0);
    await notes.close();
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('reads back after close and reopen exactly what was written, dates and order included', async () => {
    const first = await open();
    await first.insertOne(note('b'));
    await first.insertOne(note('a'));
    await first.updateOne('b', null, (d) => {
      d.meta.editedAt = new Date('2024-06-01T00:00:00.001Z');
    });
    await first.insertOne(note('c'));
    await first.deleteOne('c');
    const written = await first.find();
    await first.close();

    const second = await open();
    const read = await second.find();
    expect(read).toEqual(written);
    expect(read.map((d) => d.id)).toEqual(['b', 'a']);
    expect(read[0]?.createdAt).toBeInstanceOf(Date);
    expect(read[0]?.history[0]?.at).toBeInstanceOf(Date);
    expect(read[0]?.meta.editedAt?.toISOString()).toBe('2024-06-01T00:00:00.001Z');
    expect(read[0]?.text).toBe('2024-05-05T10:00:00.000Z');
    // Unique keys are rebuilt from the file.
    await expect(second.insertOne(note('z', 'u-a'))).rejects.toMatchObject({ code: 11000 });
    await second.close();
  });

  it('writes one document per line with tagged dates', async () => {
    const notes = await open();
    await notes.insertOne(note('a'));
    await notes.insertOne(note('b'));
    await notes.close();
    const lines = (await readFile(join(dataDir, 'notes.json'), 'utf8')).trimEnd().split('\n');
    expect(lines[0]).toBe('{"format":"kadr-documents/1","collection":"notes","documents":[');
    expect(lines[1]).toContain('"createdAt":{"$date":"2024-05-01T12:34:56.789Z"}');
    expect(lines).toHaveLength(4);
  });

  /** What a process started after a crash right now would load: a fresh collection on the same folder. */
  async function afterCrash(): Promise<Note[]> {
    const fresh = await MemoryCollection.open<Note>({ name: 'notes', dataDir });
    const docs = await fresh.find();
    await fresh.close();
    return docs;
  }

  it('has every acknowledged change on disk when the operation resolves, without flush or close', async () => {
    const notes = await open();
    await notes.insertOne(note('a'));
    expect((await afterCrash()).map((d) => d.id)).toEqual(['a']);
    await notes.updateOne('a', null, (d) => {
      d.text = 'edited';
    });
    expect((await afterCrash())[0]?.text).toBe('edited');
    await notes.upsertOne((d) => d.id === 'b', { insert: () => note('b') });
    expect((await afterCrash()).map((d) => d.id)).toEqual(['a', 'b']);
    await notes.upsertOne((d) => d.id === 'b', {
      insert: () => note('b'),
      update: (d) => {
        d.text = 'upserted';
      },
    });
    expect((await afterCrash())[1]?.text).toBe('upserted');
    await notes.deleteOne('a');
    expect((await afterCrash()).map((d) => d.id)).toEqual(['b']);
    await notes.insertOne(note('c'));
    await notes.deleteMany((d) => d.id !== 'x');
    expect(await afterCrash()).toEqual([]);
    await notes.close();
  });

  it('coalesces 50 concurrent updates into a few writes, each on disk when it resolves', async () => {
    const notes = await open();
    await notes.insertOne(note('a'));
    const before = notes.writes;
    const file = join(dataDir, 'notes.json');
    const onDiskAtResolution: boolean[] = [];
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        notes
          .updateOne('a', null, (d) => {
            d.history.push({ at: new Date(), what: `edit ${i}` });
          })
          .then(() => {
            // Read synchronously: nothing else can write between the resolution and this read.
            onDiskAtResolution[i] = readFileSync(file, 'utf8').includes(`"edit ${i}"`);
          }),
      ),
    );
    expect(onDiskAtResolution).toEqual(Array.from({ length: 50 }, () => true));
    expect(notes.writes - before).toBeLessThanOrEqual(3);
    expect((await afterCrash())[0]?.history).toHaveLength(51);
    await notes.close();
    expect(notes.writes - before).toBeLessThanOrEqual(3); // nothing changed since, so close did not write again
  });

  it('starts the next write as soon as the one in flight ends, carrying every change made meanwhile', async () => {
    const notes = await open();
    await notes.insertOne(note('a'));
    writes.mockClear();
    const first = notes.updateOne('a', null, (d) => {
      d.text = 'first';
    });
    await new Promise((resolve) => setImmediate(resolve)); // the first write has started
    const later = [1, 2, 3].map((i) =>
      notes.updateOne('a', null, (d) => {
        d.history.push({ at: new Date(), what: `later ${i}` });
      }),
    );
    await Promise.all([first, ...later]);
    expect(writes).toHaveBeenCalledTimes(2);
    expect(writes.mock.calls[1]?.[1]).toContain('"later 3"');
    await notes.close();
  });

  it('does not write for operations that change nothing', async () => {
    const notes = await open();
    await notes.insertOne(note('a'));
    writes.mockClear();
    expect(
      await notes.updateOne(
        'a',
        () => false,
        () => undefined,
      ),
    ).toBeNull();
    expect(await notes.updateOne('missing', null, () => undefined)).toBeNull();
    expect(await notes.deleteOne('missing')).toBe(false);
    expect(await notes.deleteMany((d) => d.id === 'missing')).toBe(0);
    await expect(notes.insertOne(note('a'))).rejects.toMatchObject({ code: 11000 });
    await notes.findById('a');
    await notes.close();
    expect(writes).not.toHaveBeenCalled();
  });

  it('writes pending changes on flush() and close()', async () => {
    const notes = await open();
    const inserted = notes.insertOne(note('a'));
    await notes.flush();
    expect(await readFile(join(dataDir, 'notes.json'), 'utf8')).toContain('"id":"a"');
    await inserted;
    void notes.insertOne(note('b'));
    await notes.close();
    expect(await readFile(join(dataDir, 'notes.json'), 'utf8')).toContain('"id":"b"');
  });

  it('leaves no temporary files and removes ones a crash left behind', async () => {
    await writeFile(join(dataDir, 'notes.json.999.1.tmp'), 'half a file');
    const notes = await open();
    await notes.insertOne(note('a'));
    await notes.close();
    expect(await readdir(dataDir)).toEqual(['notes.json']);
  });

  it('refuses to open a damaged file and leaves it untouched', async () => {
    const file = join(dataDir, 'notes.json');
    await writeFile(file, '{"format":"kadr-documents/1","collection":"notes","documents":[{"id":');
    await expect(open()).rejects.toThrow(`${file} is not valid JSON`);
    await writeFile(file, '{"something":"else"}');
    await expect(open()).rejects.toThrow('is not a kadr-documents/1 snapshot');
    expect(await readFile(file, 'utf8')).toBe('{"something":"else"}');
  });

  it('refuses a file whose documents break a unique key', async () => {
    const file = join(dataDir, 'notes.json');
    const doc = '{"id":"a","userId":"u"}';
    await writeFile(file, `{"format":"kadr-documents/1","collection":"notes","documents":[${doc},${doc}]}`);
    await expect(open()).rejects.toThrow(/holds an invalid document: E11000/);
  });

  it('rejects an operation whose write fails, keeps the change in memory, and writes it with the next change', async () => {
    const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const notes = await open({ logger });
    await rm(dataDir, { recursive: true });
    await writeFile(dataDir, 'a file where the folder was');
    await expect(notes.insertOne(note('a'))).rejects.toThrow(/could not write .*notes.json/);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ file: expect.any(String) }),
      expect.any(String),
    );
    expect(await notes.findById('a')).not.toBeNull(); // as after a MongoDB write-concern error
    await expect(notes.flush()).rejects.toThrow(/could not write .*notes.json/);
    await rm(dataDir);
    await mkdir(dataDir);
    await notes.insertOne(note('b'));
    expect((await afterCrash()).map((d) => d.id)).toEqual(['a', 'b']);
    await notes.close();
  });

  it('rejects every concurrent operation whose write fails', async () => {
    const notes = await open();
    await notes.insertOne(note('a'));
    await rm(dataDir, { recursive: true });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        notes.updateOne('a', null, (d) => {
          d.history.push({ at: new Date(), what: `edit ${i}` });
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 'rejected'));
    await mkdir(dataDir);
    await notes.close(); // writes what failed
    expect((await afterCrash())[0]?.history).toHaveLength(11);
  });
});
