export interface ScrapeReadingsOptions {
  /** How long a scrape waits for a reading before it makes do with the last one. */
  timeoutMs: number;
  /** A reading that failed (the reading is skipped; the last good one stays). */
  onError(error: unknown): void;
}

/**
 * Values a metric's `collect()` reads at scrape time from something that can be slow or away (a
 * database count, broker offsets). A scrape must neither hang nor fail because of it, so:
 * one reading at a time, shared by every metric collected meanwhile (a scrape collects its
 * metrics concurrently); waited for at most `timeoutMs`, after which — or after a failure — the
 * last good reading is answered (undefined before the first). A late reading goes on in the
 * background and serves the next scrape. Nothing reads between scrapes.
 */
export class ScrapeReadings<T> {
  private last: T | undefined;
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly options: ScrapeReadingsOptions,
  ) {}

  async latest(): Promise<T | undefined> {
    this.inFlight ??= this.read()
      .then(
        (value) => void (this.last = value),
        (error: unknown) => this.options.onError(error),
      )
      .finally(() => (this.inFlight = undefined));
    await withinMs(this.inFlight, this.options.timeoutMs);
    return this.last;
  }
}

/** Resolves when `work` settles or after `ms`, whichever is first (a timer that keeps no process alive). */
function withinMs(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
