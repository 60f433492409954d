import { compareLogIdValues, parseLogId, type LogId } from '@kadr/kv-store';

/** An entry of a user's live log: its id (monotonic per user) orders and deduplicates; `logId` is it parsed (once, by the reader). */
export interface Positioned {
  id: string;
  logId: LogId;
}

/**
 * One connection's place in its user's stream, and the merge of the two ways entries reach it:
 * the replay (read from the log after `Last-Event-ID`) and live delivery (which starts before
 * the replay is read, so nothing falls between the two).
 *
 * While the replay is being read, live entries are buffered; `finishReplay` returns the replay
 * followed by the buffered entries newer than its last one. From then on every entry passes
 * at most once and only forward: an id at or below the position is dropped, so an entry that
 * came both ways, or twice, is written once and the ids a client sees only increase.
 */
export class StreamPosition<T extends Positioned> {
  private buffered: T[] | undefined = [];
  private last: Positioned | undefined;

  /** The id of the last entry written (or the starting position); undefined before the replay. */
  get current(): string | undefined {
    return this.last?.id;
  }

  get replaying(): boolean {
    return this.buffered !== undefined;
  }

  /** A live entry: what to write now (nothing while the replay is pending or for an old id). */
  offerLive(entry: T): T[] {
    if (this.buffered) {
      this.buffered.push(entry);
      return [];
    }
    return this.advance(entry) ? [entry] : [];
  }

  /**
   * The replay was read: `start` is where the client stands (its Last-Event-ID, or the log's
   * newest id for a fresh connection or after a reset), `replay` the entries after it. Returns
   * everything to write, in order.
   */
  finishReplay(start: string, replay: readonly T[]): T[] {
    const pending = this.buffered ?? [];
    this.buffered = undefined;
    this.last = { id: start, logId: parseLogId(start) };
    return [...replay, ...pending].filter((entry) => this.advance(entry));
  }

  private advance(entry: T): boolean {
    if (this.last !== undefined && compareLogIdValues(entry.logId, this.last.logId) <= 0) return false;
    this.last = entry;
    return true;
  }
}
