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

  readAfter(afterId: LogId | undefined): LogRead {
    const kept = afterId ? this.#entries.filter((stored) => compareLogIdValues(stored.id, afterId) > 0) : this.#entries;
    return {
      entries: kept.map((stored) => ({ ...stored.entry })),
      gap: hasGap(afterId, { newestRemovedId: this.#newestRemovedId, firstId: this.#entries[0]?.id ?? null }),
    };
  }
}
