/**
 * A least-recently-used map of at most `maxEntries` entries: reading an entry makes it the newest,
 * adding one past the limit drops the oldest. A Map keeps insertion order, which is all LRU needs.
 * (Not the `lru-cache` package: the lock holds it only as a dev-only dependency of the test and
 * lint tools, so production installs would not have it — docs/decisions.md, issue 19.)
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly maxEntries: number) {
    if (!(maxEntries >= 1)) throw new Error('a bounded cache holds at least one entry');
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }
}
