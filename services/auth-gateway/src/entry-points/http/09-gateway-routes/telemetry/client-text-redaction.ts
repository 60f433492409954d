/**
 * What a browser reports is free text we did not write: an error message may quote an e-mail, a
 * URL with its query, or a token. Before any of it reaches a log line it goes through here. The
 * logger's own redaction (by key name) does not see inside strings, nor into nested client maps.
 */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** `Bearer abc…` in a quoted header. */
const BEARER = /\bBearer\s+[A-Za-z0-9._~+/-]+=*/gi;
/** A JWT (three base64url parts, the first a JSON header `{"…` = `eyJ`). */
const JWT = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
/** A query string after a URL or path (`/x?a=1`, `https://h/p?token=…`): everything up to a space or quote. */
const QUERY = /(?<=[\w/.-])\?[^\s"'`<>()[\]{}]+/g;
/** Long opaque strings with letters and digits (CSRF tokens, API keys); UUIDs are ids, not secrets. */
const OPAQUE = /[A-Za-z0-9_-]{32,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Property keys whose values are never logged, whatever they hold. */
const SECRET_KEY = /pass|secret|token|auth|cookie|session|csrf|e-?mail|api_?key/i;

export function redactClientText(text: string): string {
  return text
    .replace(EMAIL, '[email]')
    .replace(BEARER, 'Bearer [redacted]')
    .replace(JWT, '[token]')
    .replace(QUERY, '?[query]')
    .replace(OPAQUE, (match) =>
      UUID.test(match) || !/[0-9]/.test(match) || !/[A-Za-z]/.test(match) ? match : '[token]',
    );
}

/** A client's small property map with secret-looking keys blanked and every string redacted. */
export function redactClientProps(
  props: Record<string, string | number | boolean> | undefined,
): Record<string, string | number | boolean> | undefined {
  if (!props) return undefined;
  return Object.fromEntries(
    Object.entries(props).map(([key, value]) => [
      key,
      SECRET_KEY.test(key) ? '[redacted]' : typeof value === 'string' ? redactClientText(value) : value,
    ]),
  );
}
