import { hasGap } from '../log-gap';
import { compareLogIdValues, formatLogId, nextLogId, type LogId } from '../log-id';
import type { LogEntry, LogRead } from '../port';

interface StoredEntry {
  id: LogId;
  entry: LogEntry;
}

/**
 * One capped log, kept the way Redis keeps a stream trimmed with exact `MAXLEN`: ids from the clock
 * (`<ms>-<seq>`), the oldest entries dropped beyond the cap, and the newest dropped id remembered
 * (Redis' `max-deleted-entry-id`) so readers can tell exactly whether they missed something.
 */
export class CappedLog {
  readonly #entries: StoredEntry[] = [];
  #lastId: LogId | null = null;
  #newestRemovedId: LogId | null = null;

  /** The newest kept entry's id (null when empty). */
  get lastId(): string | null {
    return this.#entries.at(-1)?.entry.id ?? null;
  }

  append(value: string, maxLength: number, nowMs: number): string {
    const id = nextLogId(this.#lastId, nowMs);
    this.#lastId = id;
    this.#entries.push({ id, entry: { id: formatLogId(id), value } });
    const excess = this.#entries.length - maxLength;
    if (excess > 0) {
      const removed = this.#entries.splice(0, excess);
      this.#newestRemovedId = removed[removed.length - 1]?.id ?? this.#newestRemovedId;
    }
    return formatLogId(id);
  }

  /** Like XRANGE `(afterId +`: only the entries after it are looked at and copied (a reader following the log asks for the newest few). */
  readAfter(afterId: LogId | undefined): LogRead {
    const from = afterId ? this.#firstAfter(afterId) : 0;
    const kept: LogEntry[] = [];
    for (let i = from; i < this.#entries.length; i += 1) kept.push({ ...this.#entries[i]!.entry });
    return {
      entries: kept,
      gap: hasGap(afterId, { newestRemovedId: this.#newestRemovedId, firstId: this.#entries[0]?.id ?? null }),
    };
  }

  /** The index of the first entry newer than `afterId` (entries are in id order): by binary search. */
  #firstAfter(afterId: LogId): number {
    let low = 0;
    let high = this.#entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareLogIdValues(this.#entries[middle]!.id, afterId) > 0) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
