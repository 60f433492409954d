import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DuplicateKeyError } from '../duplicate-key';
import { silentLogger } from '../logger';
import type { DocumentsLogger } from '../logger';
import { readFileIfExists, removeLeftoverTemporaries } from './atomic-file';
import { cloneDocument } from './clone-document';
import { CoalescingWriter } from './coalescing-writer';
import { decodeSnapshot, encodeSnapshot } from './json-codec';
import { comparatorFor } from './sort-order';
import type { SortSpec } from './sort-order';
import { UniqueKey } from './unique-key';

/** A stored document as predicates see it: read-only, so a predicate cannot change the store. */
export type DeepReadonly<T> = T extends Date
  ? Date
  : T extends ReadonlyArray<infer U>
    ? ReadonlyArray<DeepReadonly<U>>
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;

export type Predicate<T> = (doc: DeepReadonly<T>) => boolean;
/** A document id, or a predicate choosing the first matching document (in insertion order). */
export type Selector<T> = string | Predicate<T>;
/**
 * Changes a private copy of the document, in place or by returning a replacement. Must be
 * synchronous (that is what makes the update atomic) and must not keep the copy afterwards.
 * Throwing aborts the update and leaves the stored document untouched.
 */
export type Mutation<T> = (draft: T) => T | void;

export interface FindOptions<T> {
  sort?: SortSpec | ((a: DeepReadonly<T>, b: DeepReadonly<T>) => number);
  skip?: number;
  limit?: number;
}

export interface MemoryCollectionOptions {
  /** Collection name: used in errors and as the file name (`<dataDir>/<name>.json`). */
  name: string;
  /** Unique keys besides `id`: a field (`'userId'`, dotted paths allowed) or a compound (`['userId', 'key']`). */
  unique?: ReadonlyArray<string | readonly string[]>;
}

export interface PersistenceOptions {
  /** Folder holding `<name>.json`; created when missing. Without it the collection lives in memory only. */
  dataDir?: string;
  logger?: DocumentsLogger;
}

const FILE_SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * An in-process document collection with the guarantees a repository relies on from MongoDB:
 * every operation reads and writes without an `await` in between, so it is atomic with respect
 * to every other call (the equivalent of a single-document `findOneAndUpdate`); unique keys
 * are enforced with MongoDB's duplicate-key error shape (`code: 11000`); documents go in and
 * come out as deep copies, so callers cannot change the store by accident. Documents hold
 * JSON values and Dates only (see {@link cloneDocument}), the same in memory and on disk.
 *
 * Operations return promises so a repository's memory and mongoose implementations share one
 * interface. With a `dataDir` (via {@link MemoryCollection.open}) the whole collection is kept
 * in a JSON file, rewritten atomically and coalesced, and loaded again at the next start; an
 * operation that changes a document resolves only once a file write including the change has
 * completed (an acknowledged write survives a crash, like MongoDB's `j: true` write concern). The
 * change itself is made synchronously, before that wait, so atomicity is unaffected.
 */
export class MemoryCollection<T extends { id: string }> {
  readonly name: string;
  private readonly documents = new Map<string, T>();
  private readonly uniqueKeys: UniqueKey[];
  private writer: CoalescingWriter | undefined;
  /** The durability of the change the running operation made (set by `changed()`). */
  private written: Promise<void> | undefined;
  private closed = false;

  /** A memory-only collection. Use {@link MemoryCollection.open} for one persisted to a folder. */
  constructor(options: MemoryCollectionOptions) {
    if (!FILE_SAFE_NAME.test(options.name)) {
      throw new Error(`collection name "${options.name}" must match ${String(FILE_SAFE_NAME)}`);
    }
    this.name = options.name;
    this.uniqueKeys = (options.unique ?? []).map(
      (key) => new UniqueKey(options.name, typeof key === 'string' ? [key] : [...key]),
    );
  }

  /**
   * Opens a collection, loading `<dataDir>/<name>.json` when a `dataDir` is given (a missing
   * file is an empty collection; a damaged one is an error, never silently emptied).
   * One process must own a data folder: two collections writing the same file overwrite each other.
   */
  static async open<T extends { id: string }>(
    options: MemoryCollectionOptions & PersistenceOptions,
  ): Promise<MemoryCollection<T>> {
    const collection = new MemoryCollection<T>(options);
    if (options.dataDir === undefined) return collection;

    await mkdir(options.dataDir, { recursive: true });
    const filePath = join(options.dataDir, `${options.name}.json`);
    await removeLeftoverTemporaries(filePath);
    const text = await readFileIfExists(filePath);
    if (text !== null) {
      const snapshot = decodeSnapshot(text, filePath);
      for (const doc of snapshot.documents) {
        try {
          collection.store(doc as T);
        } catch (err) {
          throw new Error(`${filePath} holds an invalid document: ${(err as Error).message}`, { cause: err });
        }
      }
    }
    collection.writer = new CoalescingWriter(
      filePath,
      () => encodeSnapshot(collection.name, collection.documents.values()),
      options.logger ?? silentLogger,
    );
    return collection;
  }

  /** Number of documents. */
  get size(): number {
    return this.documents.size;
  }

  /** Inserts a copy of `doc`; rejects with a DuplicateKeyError when its id or a unique key is taken. */
  insertOne(doc: T): Promise<T> {
    return this.atomically(() => {
      const stored = this.store(cloneDocument(doc));
      this.changed();
      return cloneDocument(stored);
    });
  }

  findById(id: string): Promise<T | null> {
    return this.atomically(() => {
      const doc = this.documents.get(id);
      return doc === undefined ? null : cloneDocument(doc);
    });
  }

  findOne(predicate?: Predicate<T>): Promise<T | null> {
    return this.atomically(() => {
      const doc = this.firstMatching(predicate);
      return doc === undefined ? null : cloneDocument(doc);
    });
  }

  /** Matching documents in insertion order unless sorted (MongoDB-style spec or a comparator), then skip/limit. */
  find(predicate?: Predicate<T>, options: FindOptions<T> = {}): Promise<T[]> {
    return this.atomically(() => {
      let matches = this.allMatching(predicate);
      if (options.sort) {
        const compare = typeof options.sort === 'function' ? options.sort : comparatorFor(options.sort);
        matches = matches.sort(compare as (a: T, b: T) => number);
      }
      const start = Math.max(0, options.skip ?? 0);
      const end = options.limit === undefined ? undefined : start + Math.max(0, options.limit);
      return matches.slice(start, end).map((doc) => cloneDocument(doc));
    });
  }

  count(predicate?: Predicate<T>): Promise<number> {
    return this.atomically(() => (predicate ? this.allMatching(predicate).length : this.documents.size));
  }

  /**
   * The atomic conditional update: finds the document, checks `precondition` (null = none) and
   * applies `mutate` to a copy, all without yielding. Resolves to the updated document, or null
   * when no document was selected or the precondition failed (like `findOneAndUpdate` with the
   * precondition in its filter). Rejects with a DuplicateKeyError, changing nothing, when the
   * mutation would break a unique key.
   */
  updateOne(selector: Selector<T>, precondition: Predicate<T> | null, mutate: Mutation<T>): Promise<T | null> {
    return this.atomically(() => {
      const current = this.select(selector);
      if (current === undefined) return null;
      if (precondition && !precondition(current as DeepReadonly<T>)) return null;
      const updated = this.replace(current, mutate);
      this.changed();
      return cloneDocument(updated);
    });
  }

  /**
   * Updates the first document matching `match`, or inserts `insert()` when there is none — one
   * atomic step, like `findOneAndUpdate` with `upsert` (the inserted document must itself match).
   */
  upsertOne(
    match: Predicate<T>,
    change: { insert: () => T; update?: Mutation<T> },
  ): Promise<{ doc: T; inserted: boolean }> {
    return this.atomically(() => {
      const current = this.firstMatching(match);
      if (current === undefined) {
        const stored = this.store(cloneDocument(change.insert()));
        this.changed();
        return { doc: cloneDocument(stored), inserted: true };
      }
      const updated = change.update ? this.replace(current, change.update) : current;
      if (change.update) this.changed();
      return { doc: cloneDocument(updated), inserted: false };
    });
  }

  /** True when a document was deleted. */
  deleteOne(selector: Selector<T>): Promise<boolean> {
    return this.atomically(() => {
      const doc = this.select(selector);
      if (doc === undefined) return false;
      this.unstore(doc);
      this.changed();
      return true;
    });
  }

  /** Deletes every matching document (all of them without a predicate); resolves to how many. */
  deleteMany(predicate?: Predicate<T>): Promise<number> {
    return this.atomically(() => {
      const doomed = this.allMatching(predicate);
      for (const doc of doomed) this.unstore(doc);
      if (doomed.length) this.changed();
      return doomed.length;
    });
  }

  /** Completed file writes (0 without a data folder); lets tests see the coalescing. */
  get writes(): number {
    return this.writer?.writes ?? 0;
  }

  /** Waits until every change so far is on disk; rejects if the last write failed (no-op without a data folder). */
  async flush(): Promise<void> {
    await this.writer?.flush();
  }

  /** Flushes pending changes; later operations reject. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.writer?.stop();
  }

  /**
   * Runs one operation synchronously — no `await` between its read and its write, so no other
   * call can interleave — and reports its result or error as a promise. When the operation changed
   * something in a persisted collection, the promise settles only after a file write including the
   * change: with the result, or with the write's error (the change stays in memory).
   */
  private atomically<R>(operation: () => R): Promise<R> {
    this.written = undefined;
    // The executor runs synchronously, and turns a throw into a rejection.
    const settled = new Promise<R>((resolve) => {
      if (this.closed) throw new Error(`collection ${this.name} is closed`);
      resolve(operation());
    });
    // Still the same synchronous stretch: no other operation can have set `written` since.
    const written = this.takeWritten();
    return written ? settled.then((result) => written.then(() => result)) : settled;
  }

  private takeWritten(): Promise<void> | undefined {
    const written = this.written;
    this.written = undefined;
    return written;
  }

  /** Records a change; the running operation waits for it to be written (persisted collections). */
  private changed(): void {
    if (this.writer) this.written = this.writer.changed();
  }

  private select(selector: Selector<T>): T | undefined {
    return typeof selector === 'string' ? this.documents.get(selector) : this.firstMatching(selector);
  }

  private firstMatching(predicate?: Predicate<T>): T | undefined {
    for (const doc of this.documents.values()) {
      if (!predicate || predicate(doc as DeepReadonly<T>)) return doc;
    }
    return undefined;
  }

  private allMatching(predicate?: Predicate<T>): T[] {
    const matches: T[] = [];
    for (const doc of this.documents.values()) {
      if (!predicate || predicate(doc as DeepReadonly<T>)) matches.push(doc);
    }
    return matches;
  }

  /** Adds an already-copied document after checking its id and unique keys. */
  private store(doc: T): T {
    assertValidId(doc);
    if (this.documents.has(doc.id)) throw new DuplicateKeyError(this.name, { id: 1 }, { id: doc.id });
    for (const key of this.uniqueKeys) key.assertFree(doc);
    this.documents.set(doc.id, doc);
    for (const key of this.uniqueKeys) key.add(doc, doc.id);
    return doc;
  }

  private unstore(doc: T): void {
    this.documents.delete(doc.id);
    for (const key of this.uniqueKeys) key.remove(doc);
  }

  /** Applies `mutate` to a copy of `current` and swaps it in; nothing changes if it throws. */
  private replace(current: T, mutate: Mutation<T>): T {
    const draft = cloneDocument(current);
    const returned = mutate(draft);
    if (isThenable(returned)) {
      throw new TypeError(`a mutation of ${this.name} returned a promise: mutations must be synchronous to be atomic`);
    }
    const updated = returned ?? draft;
    assertValidId(updated);
    if (updated.id !== current.id) throw new Error(`a mutation of ${this.name} changed the id ${current.id}`);
    for (const key of this.uniqueKeys) key.assertFree(updated, current.id);
    for (const key of this.uniqueKeys) key.remove(current);
    this.documents.set(updated.id, updated);
    for (const key of this.uniqueKeys) key.add(updated, updated.id);
    return updated;
  }
}

function assertValidId(doc: { id?: unknown }): void {
  if (typeof doc?.id !== 'string' || doc.id.length === 0) {
    throw new TypeError('a document needs a non-empty string id');
  }
}

function isThenable(value: unknown): boolean {
  return typeof (value as { then?: unknown } | undefined)?.then === 'function';
}
