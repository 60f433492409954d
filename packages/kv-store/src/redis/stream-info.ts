import type { LogHistory } from '../log-gap';
import { parseLogId, type LogId } from '../log-id';
import { LOG_VALUE_FIELD } from './scripts';
import type { LogEntry } from '../port';

/** Reads the flat RESP2 `key, value, key, value…` reply of XINFO STREAM into the history the gap rule needs. */
export function parseStreamHistory(reply: unknown): LogHistory {
  if (!Array.isArray(reply)) throw new Error('unexpected XINFO STREAM reply');
  const fields = new Map<string, unknown>();
  for (let i = 0; i + 1 < reply.length; i += 2) fields.set(String(reply[i]), reply[i + 1]);

  const maxDeleted = fields.get('max-deleted-entry-id');
  if (typeof maxDeleted !== 'string') {
    throw new Error('kv-store capped logs need Redis 7.0 or newer (XINFO STREAM lacks max-deleted-entry-id)');
  }
  const firstEntry = fields.get('first-entry');
  const firstId = Array.isArray(firstEntry) && typeof firstEntry[0] === 'string' ? parseLogId(firstEntry[0]) : null;
  return { newestRemovedId: nonZero(parseLogId(maxDeleted)), firstId };
}

/** Redis reports "nothing deleted" as 0-0, an id no entry can have. */
function nonZero(id: LogId): LogId | null {
  return id.ms === 0n && id.seq === 0n ? null : id;
}

/** XRANGE entries `[id, [field, value, …]]` to log entries. */
export function toLogEntries(range: [id: string, fields: string[]][]): LogEntry[] {
  return range.map(([id, fields]) => ({ id, value: valueField(fields) }));
}

function valueField(fields: string[]): string {
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === LOG_VALUE_FIELD) return fields[i + 1] ?? '';
  }
  return '';
}
