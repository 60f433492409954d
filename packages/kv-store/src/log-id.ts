/**
 * Log entry ids in the shape of Redis stream ids, `<ms>-<seq>`, so the memory and Redis adapters
 * order entries and detect gaps the same way. Parts are unsigned 64-bit integers, hence bigint.
 */

export interface LogId {
  ms: bigint;
  seq: bigint;
}

const MAX_PART = 2n ** 64n - 1n;
const LOG_ID_PATTERN = /^(\d{1,20})-(\d{1,20})$/;

function parseParts(text: string): LogId | null {
  const match = LOG_ID_PATTERN.exec(text);
  if (!match) return null;
  const ms = BigInt(match[1] ?? '');
  const seq = BigInt(match[2] ?? '');
  return ms <= MAX_PART && seq <= MAX_PART ? { ms, seq } : null;
}

/** True for a well-formed `<ms>-<seq>` id (use it on untrusted input such as an SSE `Last-Event-ID`). */
export function isLogId(text: string): boolean {
  return parseParts(text) !== null;
}

/** Parses an id; a malformed one is the caller's mistake, so it throws a RangeError. */
export function parseLogId(text: string): LogId {
  const id = parseParts(text);
  if (!id) throw new RangeError(`"${text}" is not a log entry id (<ms>-<seq>)`);
  return id;
}

export function formatLogId(id: LogId): string {
  return `${id.ms}-${id.seq}`;
}

/** Negative when a is older than b, 0 when equal, positive when newer. */
export function compareLogIdValues(a: LogId, b: LogId): number {
  if (a.ms !== b.ms) return a.ms < b.ms ? -1 : 1;
  if (a.seq !== b.seq) return a.seq < b.seq ? -1 : 1;
  return 0;
}

/** Orders two ids as text (negative: a is older). Throws a RangeError for a malformed id. */
export function compareLogIds(a: string, b: string): number {
  return compareLogIdValues(parseLogId(a), parseLogId(b));
}

/** The id Redis would give the next entry: the clock's ms, or the previous ms with seq + 1 when the clock has not moved on. */
export function nextLogId(previous: LogId | null, nowMs: number): LogId {
  const ms = BigInt(Math.floor(nowMs));
  if (!previous || ms > previous.ms) return { ms, seq: 0n };
  return { ms: previous.ms, seq: previous.seq + 1n };
}
