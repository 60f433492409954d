/**
 * Runs critical sections one at a time per key, within this process. The filesystem adapter keeps a
 * blob's bytes and its sidecar in two files; taking the key's lock around swapping them in (put) and
 * around opening them (get, head) means nobody pairs one write's bytes with another write's sidecar.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, section: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    try {
      return await section();
    } finally {
      release();
      // Forget the key once nobody queued behind us, so the map does not grow with every key ever used.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
