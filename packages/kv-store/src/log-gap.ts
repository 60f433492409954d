import { compareLogIdValues, type LogId } from './log-id';

/** What a reader needs to know about a log's history to decide whether it may have missed entries. */
export interface LogHistory {
  /** The newest entry ever removed (trimmed) from this log, or null when nothing was removed. */
  newestRemovedId: LogId | null;
  /** The oldest entry still kept, or null when the log is empty. */
  firstId: LogId | null;
}

/**
 * The one gap rule both adapters apply (see `LogRead.gap`). `log` is null when the key does not exist.
 *
 * - no `afterId`: never a gap, the reader asked for everything that is there;
 * - the log does not exist: a gap, whatever followed `afterId` expired or was deleted;
 * - something was trimmed: a gap exactly when `afterId` is older than the newest trimmed entry
 *   (`afterId` equal to it means the reader saw it, so every later entry is still kept);
 * - nothing was trimmed: a gap when `afterId` is older than the first entry, because then it comes
 *   from an earlier log under the same key that expired, and its tail is unknown.
 */
export function hasGap(afterId: LogId | undefined, log: LogHistory | null): boolean {
  if (!afterId) return false;
  if (!log) return true;
  if (log.newestRemovedId) return compareLogIdValues(afterId, log.newestRemovedId) < 0;
  if (log.firstId) return compareLogIdValues(afterId, log.firstId) < 0;
  // An existing log that is empty and never lost an entry cannot arise from this port's operations;
  // claim a gap rather than promise completeness we cannot prove.
  return true;
}
