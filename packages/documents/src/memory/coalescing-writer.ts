import type { DocumentsLogger } from '../logger';
import { writeFileAtomically } from './atomic-file';

const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * Writes a snapshot of a collection to its file at most once per `delayMs`, however many
 * changes happen in between. The snapshot is rendered when the write starts, so it includes
 * every change made before that moment; changes made during a write schedule the next one.
 * A failed write is logged and retried with the next change or at `flush()`, which reports it.
 */
export class CoalescingWriter {
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private dirty = false;
  private lastError: unknown = undefined;
  private stopped = false;
  /** Completed writes; lets tests see the coalescing. */
  writes = 0;

  constructor(
    private readonly filePath: string,
    private readonly render: () => string,
    private readonly delayMs: number,
    private readonly logger: DocumentsLogger,
  ) {}

  /** Notes a change; the file is rewritten within `delayMs`. */
  changed(): void {
    this.dirty = true;
    this.scheduleIfIdle();
  }

  /** Writes any pending change now and waits for it; rejects if the last write failed. */
  async flush(): Promise<void> {
    this.cancelTimer();
    if (this.inFlight) await this.inFlight;
    if (this.dirty) {
      this.cancelTimer();
      await this.startWrite();
    }
    if (this.lastError !== undefined) {
      throw new Error(`could not write ${this.filePath}`, { cause: this.lastError });
    }
  }

  /** Final flush; no writes are scheduled afterwards. */
  async stop(): Promise<void> {
    try {
      await this.flush();
    } finally {
      this.stopped = true;
      this.cancelTimer();
    }
  }

  private scheduleIfIdle(): void {
    if (this.timer || this.inFlight || this.stopped) return;
    // After a failed write (disk full, folder gone) retry less eagerly than the normal coalescing delay.
    const delay = this.lastError === undefined ? this.delayMs : Math.max(this.delayMs, RETRY_AFTER_FAILURE_MS);
    // Not unref'd: a pending write keeps the process alive for at most that long, so it is not lost.
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.startWrite();
    }, delay);
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private startWrite(): Promise<void> {
    this.dirty = false;
    let text: string;
    try {
      text = this.render();
    } catch (err) {
      this.lastError = err;
      this.logger.error({ err, file: this.filePath }, 'rendering the collection snapshot failed');
      return Promise.resolve();
    }
    const write = writeFileAtomically(this.filePath, text).then(
      () => {
        this.writes += 1;
        this.lastError = undefined;
      },
      (err: unknown) => {
        this.lastError = err;
        this.dirty = true;
        this.logger.error({ err, file: this.filePath }, 'writing the collection snapshot failed');
      },
    );
    this.inFlight = write.finally(() => {
      this.inFlight = undefined;
      if (this.dirty) this.scheduleIfIdle();
    });
    return this.inFlight;
  }
}
