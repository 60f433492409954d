import { createHash } from 'node:crypto';

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

/** JSON with object keys sorted at every depth. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort(compare)
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
