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
  const open = (options: { flushDelayMs?: number; logger?: DocumentsLogger } = {}) =>
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

  it('coalesces many changes into few writes and writes within the delay', async () => {
    writes.mockClear();
    const notes = await open({ flushDelayMs: 200 });
    await notes.insertOne(note('a'));
    for (let i = 0; i < 200; i += 1) {
      await notes.updateOne('a', null, (d) => {
        d.history.push({ at: new Date(), what: `edit ${i}` });
      });
    }
    expect(writes).not.toHaveBeenCalled();
    await waitFor(() => writes.mock.calls.length === 1, 2_000);
    await writes.mock.results[0]?.value;
    const onDisk = await MemoryCollection.open<Note>({ name: 'notes', dataDir });
    expect((await onDisk.findById('a'))?.history).toHaveLength(201);
    await onDisk.close();
    await notes.close();
    expect(writes).toHaveBeenCalledTimes(1); // nothing changed since, so close did not write again
  });

  it('writes pending changes on flush() and close() without waiting for the delay', async () => {
    const notes = await open({ flushDelayMs: 60_000 });
    await notes.insertOne(note('a'));
    await notes.flush();
    expect(await readFile(join(dataDir, 'notes.json'), 'utf8')).toContain('"id":"a"');
    await notes.insertOne(note('b'));
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

  it('reports a failed write at flush, logs it, and succeeds once the folder is back', async () => {
    const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const notes = await open({ flushDelayMs: 10, logger });
    await rm(dataDir, { recursive: true });
    await notes.insertOne(note('a'));
    await expect(notes.flush()).rejects.toThrow(/could not write .*notes.json/);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ file: expect.any(String) }),
      expect.any(String),
    );
    await mkdir(dataDir, { recursive: true });
    await notes.close();
    const reopened = await open();
    expect(await reopened.findById('a')).not.toBeNull();
    await reopened.close();
  });
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
