/**
 * `Retry-After` as whole seconds from now: a number of seconds, or an HTTP date. Undefined when the
 * header is absent or unreadable (the caller then uses the spec's 1 s fallback).
 */
export function parseRetryAfterSeconds(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed));
  if (!/[a-z]/i.test(trimmed)) return undefined; // an HTTP date names its day and month; `Date.parse('-3')` is a year
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
