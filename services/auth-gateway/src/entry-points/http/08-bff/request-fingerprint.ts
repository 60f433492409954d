import { createHash } from 'node:crypto';
import { MAX_JSON_DEPTH, tooDeepProblem } from '@kadr/http-kit';

export interface FingerprintedRequest {
  method: string;
  /** The path as the browser sent it (no query). */
  path: string;
  /** The raw query string without `?` (order of parameters does not matter). */
  query: string;
  /** The parsed JSON body, or undefined without a body. */
  body: unknown;
}

/**
 * sha256 (hex) of a canonical JSON of method, path, query and body: object keys sorted at every
 * depth and query parameters sorted, so the same request always gives the same fingerprint
 * however its JSON or query was ordered.
 */
export function requestFingerprint(request: FingerprintedRequest): string {
  const query = [...new URLSearchParams(request.query)].sort(([ak, av], [bk, bv]) =>
    ak === bk ? compare(av, bv) : compare(ak, bk),
  );
  const canonical = canonicalJson({
    method: request.method.toUpperCase(),
    path: request.path,
    query,
    body: request.body ?? null,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * JSON with object keys sorted at every depth. The walk is recursive but bounded: past
 * MAX_JSON_DEPTH levels (the app's JSON parser already refuses such bodies) it throws the same
 * 400 validation problem instead of running the stack out (issue 13: a body nested 3,000 deep
 * was a `RangeError` and a 500 here).
 */
export function canonicalJson(value: unknown, maxDepth: number = MAX_JSON_DEPTH): string {
  return JSON.stringify(sortKeys(value, 0, maxDepth));
}

function sortKeys(value: unknown, depth: number, maxDepth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  // `depth` counts the containers above this one: a body's own top level sits at 1 in the fingerprint.
  if (depth > maxDepth) throw tooDeepProblem(maxDepth);
  if (Array.isArray(value)) return value.map((item: unknown) => sortKeys(item, depth + 1, maxDepth));
  return Object.fromEntries(
    Object.keys(value)
      .sort(compare)
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key], depth + 1, maxDepth)]),
  );
}
