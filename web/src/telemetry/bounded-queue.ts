/**
 * A first-in-first-out queue that keeps at most `capacity` items: adding beyond it drops the
 * oldest (the newest reports are the most telling, and memory stays bounded however long a page
 * runs without a chance to send).
 */
export class BoundedQueue<T> {
  #items: T[] = [];

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.#items.length;
  }

  push(item: T): void {
    this.#items.push(item);
    if (this.#items.length > this.capacity) this.#items.splice(0, this.#items.length - this.capacity);
  }

  /** The oldest item, still queued. */
  peek(): T | undefined {
    return this.#items[0];
  }

  shift(): T | undefined {
    return this.#items.shift();
  }

  /**
   * Puts items that could not be sent back in front of what came meanwhile (they are older);
   * beyond the capacity the oldest of all go.
   */
  returnToFront(items: readonly T[]): void {
    this.#items = [...items, ...this.#items];
    if (this.#items.length > this.capacity) this.#items.splice(0, this.#items.length - this.capacity);
  }

  clear(): void {
    this.#items = [];
  }

  toArray(): T[] {
    return [...this.#items];
  }
}
