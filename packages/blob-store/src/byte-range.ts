import { RangeNotSatisfiableError } from './errors';
import type { ByteRange } from './port';

/** Inclusive byte positions inside an object. */
export interface ResolvedRange {
  start: number;
  end: number;
}

const isByteCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** Throws RangeError for a range no caller should build (negative, fractional, end before start). */
export function assertWellFormedRange(range: ByteRange): void {
  if ('suffixLength' in range) {
    if (!isByteCount(range.suffixLength)) throw new RangeError(`invalid suffix length ${String(range.suffixLength)}`);
    return;
  }
  if (!isByteCount(range.start)) throw new RangeError(`invalid range start ${String(range.start)}`);
  if (range.end !== undefined && (!isByteCount(range.end) || range.end < range.start)) {
    throw new RangeError(`invalid range end ${String(range.end)} for start ${range.start}`);
  }
}

/**
 * The bytes a range selects in an object of `size` bytes (RFC 9110 §14.1.2): an end past the object is
 * clamped, a suffix longer than the object selects all of it. Nothing is satisfiable in an empty
 * object, nor a start at or past the end, nor a zero-length suffix.
 */
export function resolveByteRange(range: ByteRange, size: number, key: string): ResolvedRange {
  assertWellFormedRange(range);
  if ('suffixLength' in range) {
    if (range.suffixLength === 0 || size === 0) throw new RangeNotSatisfiableError(key, size);
    return { start: Math.max(0, size - range.suffixLength), end: size - 1 };
  }
  if (range.start >= size) throw new RangeNotSatisfiableError(key, size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** The HTTP `Range` header value for a range (`bytes=0-99`, `bytes=100-`, `bytes=-100`). */
export function toRangeHeaderValue(range: ByteRange): string {
  assertWellFormedRange(range);
  if ('suffixLength' in range) return `bytes=-${range.suffixLength}`;
  return `bytes=${range.start}-${range.end ?? ''}`;
}

const SINGLE_BYTES_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Parses a `Range` request header holding one byte range. Returns undefined for anything else
 * (absent, another unit, several ranges, malformed): a server may ignore such a header and answer
 * with the whole object, which is what `send`/express do too.
 */
export function parseRangeHeader(header: string | undefined): ByteRange | undefined {
  if (!header) return undefined;
  const match = SINGLE_BYTES_RANGE.exec(header.replace(/\s+/g, ''));
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffixLength = Number(last);
    return Number.isSafeInteger(suffixLength) ? { suffixLength } : undefined;
  }
  const start = Number(first);
  if (last === '') return Number.isSafeInteger(start) ? { start } : undefined;
  const end = Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return undefined;
  return { start, end };
}

/** Parses a `Content-Range` response header such as `bytes 0-99/1234` (a `*` total gives size undefined). */
export function parseContentRange(
  header: string | undefined,
): { start: number; end: number; size: number | undefined } | undefined {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, start = '', end = '', size = ''] = match;
  return { start: Number(start), end: Number(end), size: size === '*' ? undefined : Number(size) };
}
