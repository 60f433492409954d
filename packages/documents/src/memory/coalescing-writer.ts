import type { DocumentsLogger } from '../logger';
import { writeFileAtomically } from './atomic-file';

/** The callers waiting for one write: every change made before it started. */
interface Batch {
  readonly done: Promise<void>;
  resolve(): void;
  reject(err: Error): void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Every waiter handles the rejection itself; this keeps a batch nobody waits for from being "unhandled".
  done.catch(() => undefined);
  return { done, resolve, reject };
}

/**
 * Writes a snapshot of a collection to its file so that a change is acknowledged only once it is
 * on disk (MongoDB's `j: true` write concern), with few writes however many changes there are.
 *
 * `changed()` returns a promise that resolves when a write that includes the change has completed
 * (atomic rename + fsync of the folder). At most one write is in flight: a change made meanwhile
 * joins the next write, which starts as soon as the in-flight one ends and carries every change made
 * until it starts (the snapshot is rendered then). So N concurrent changes cost about two writes.
 * A change made while no write is in flight starts one at the end of the current microtask queue, so
 * the changes of one synchronous burst share it too.
 *
 * A failed write rejects every change it carried (the caller sees the error; the change stays in
 * memory, as with a MongoDB write-concern error) and is logged. It is not retried on a timer: the next
 * change, `flush()` or `stop()` writes the whole collection again, including what failed.
 */
export class CoalescingWriter {
  /** The write in progress; never rejects (its batch does). */
  private inFlight: Promise<void> | undefined;
  /** Changes not yet carried by a started write. */
  private next: Batch | undefined;
  /** The error of the last write, cleared by the next successful one. */
  private lastError: unknown = undefined;
  private stopped = false;
  /** Completed writes; lets tests see the coalescing. */
  writes = 0;

  constructor(
    private readonly filePath: string,
    private readonly render: () => string,
    private readonly logger: DocumentsLogger,
  ) {}

  /** Notes a change; resolves once a write including it has completed, rejects if that write failed. */
  changed(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error(`${this.filePath} is no longer written (stopped)`));
    if (!this.next) {
      this.next = newBatch();
      // With a write in flight, its end starts the next one.
      if (!this.inFlight) queueMicrotask(() => this.startNext());
    }
    return this.next.done;
  }

  /**
   * Waits until every change so far is on disk; rejects if the last write failed (after a failure
   * it writes the collection again first).
   */
  async flush(): Promise<void> {
    if (this.next || this.lastError !== undefined) {
      if (this.stopped) throw this.failure(this.lastError);
      await this.changed();
      return;
    }
    if (this.inFlight) await this.inFlight;
    if (this.lastError !== undefined) throw this.failure(this.lastError);
  }

  /** Final flush; no writes afterwards. */
  async stop(): Promise<void> {
    try {
      await this.flush();
    } finally {
      this.stopped = true;
    }
  }

  private startNext(): void {
    const batch = this.next;
    if (!batch || this.inFlight) return;
    this.next = undefined;
    let text: string;
    try {
      text = this.render();
    } catch (err) {
      this.fail(batch, err, 'rendering the collection snapshot failed');
      return;
    }
    this.inFlight = writeFileAtomically(this.filePath, text)
      .then(
        () => {
          this.writes += 1;
          this.lastError = undefined;
          batch.resolve();
        },
        (err: unknown) => this.fail(batch, err, 'writing the collection snapshot failed'),
      )
      .finally(() => {
        this.inFlight = undefined;
        this.startNext();
      });
  }

  private fail(batch: Batch, err: unknown, message: string): void {
    this.lastError = err;
    this.logger.error({ err, file: this.filePath }, message);
    batch.reject(this.failure(err));
  }

  private failure(cause: unknown): Error {
    return new Error(`could not write ${this.filePath}`, { cause });
  }
}
