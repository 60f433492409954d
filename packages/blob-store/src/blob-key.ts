import { InvalidBlobKeyError } from './errors';

/**
 * The key rules both adapters share, so a key that works in embedded mode also works on S3 and
 * can never escape the filesystem adapter's root: 1–1024 UTF-8 bytes, `/`-separated segments, no
 * empty, `.` or `..` segment, no leading or trailing `/`, no backslash, no control characters.
 */

export const MAX_KEY_BYTES = 1024;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function checkCommon(value: string, what: 'key' | 'prefix'): void {
  if (typeof value !== 'string' || value.length === 0) throw new InvalidBlobKeyError(value, `the ${what} is empty`);
  if (Buffer.byteLength(value, 'utf8') > MAX_KEY_BYTES) {
    throw new InvalidBlobKeyError(value, `longer than ${MAX_KEY_BYTES} bytes`);
  }
  if (value.startsWith('/')) throw new InvalidBlobKeyError(value, 'absolute paths are not allowed');
  if (value.includes('\\')) throw new InvalidBlobKeyError(value, 'backslashes are not allowed');
  if (CONTROL_CHARACTERS.test(value)) throw new InvalidBlobKeyError(value, 'control characters are not allowed');
}

function checkSegments(value: string, segments: string[]): void {
  for (const segment of segments) {
    if (segment === '') throw new InvalidBlobKeyError(value, 'empty path segments are not allowed');
    if (segment === '.' || segment === '..') throw new InvalidBlobKeyError(value, '"." and ".." are not allowed');
  }
}

/** Throws InvalidBlobKeyError unless `key` follows the key rules. */
export function assertValidKey(key: string): void {
  checkCommon(key, 'key');
  if (key.endsWith('/')) throw new InvalidBlobKeyError(key, 'a key cannot end with "/"');
  checkSegments(key, key.split('/'));
}

/** A prefix follows the key rules, except that it may end with `/` (its last segment may be partial). */
export function assertValidPrefix(prefix: string): void {
  checkCommon(prefix, 'prefix');
  const segments = prefix.split('/');
  if (prefix.endsWith('/')) segments.pop();
  checkSegments(prefix, segments);
}
