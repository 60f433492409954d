/** Where a sign-in returns to when no (safe) place was given. */
export const DEFAULT_RETURN_TO = '/dashboard';

const MAX_LENGTH = 2048;
/** Only the path is used from this: it stands for "our origin" when the value is resolved. */
const PLACEHOLDER_ORIGIN = 'https://kadr.invalid';
/** `\` (browsers read it as `/`) and the Unicode slash and backslash look-alikes. */
const SEPARATOR_LOOKALIKE = /[\\\u2044\u2215\u2216\u29f5\u29f8\u29f9\ufe68\uff0f\uff3c]/;
/** Controls (URL parsers drop tab and newline anywhere: `/\t/evil` is `//evil`) and invisible separators. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The value and every distinct form it takes when percent-decoded again; null when malformed or too deep. */
function decodingLayers(value: string): string[] | null {
  const layers = [value];
  for (let round = 0; round < 5; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(layers[layers.length - 1]!);
    } catch {
      return null;
    }
    if (next === layers[layers.length - 1]) return layers;
    layers.push(next);
  }
  return null;
}

/** The value as a path on our origin with its dot segments (also `%2e`) resolved; null if it is not one. */
function normalisedPath(value: string): string | null {
  if (!value.startsWith('/')) return null;
  let resolved: URL;
  try {
    resolved = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (resolved.origin !== PLACEHOLDER_ORIGIN) return null;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

function staysOnOrigin(form: string): boolean {
  if (CONTROL_CHARACTER.test(form) || SEPARATOR_LOOKALIKE.test(form)) return false;
  const normalised = normalisedPath(form);
  return normalised !== null && (normalised === '/' || /^\/[^/\\]/.test(normalised));
}

/**
 * A same-origin path only — the gateway's rule (`domain/identity/return-to.ts`): the value and
 * every percent-decoded form of it must, AFTER normalisation (`/./`, `/../`, `%2e` resolved),
 * start with a single `/` followed by neither `/` nor `\`, with no control characters or
 * slash look-alikes (`/.//evil.example` normalises to `//evil.example`). Answers the normalised
 * form, so what is navigated to is what was checked; anything else becomes `/dashboard`.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || value.length > MAX_LENGTH) return DEFAULT_RETURN_TO;
  const layers = decodingLayers(value);
  if (layers === null || !layers.every(staysOnOrigin)) return DEFAULT_RETURN_TO;
  const target = normalisedPath(value);
  if (target === null || normalisedPath(target) !== target || !staysOnOrigin(target)) return DEFAULT_RETURN_TO;
  return target;
}

/** The gateway's sign-in (a full-page navigation), coming back to `returnTo` (path and query). */
export function loginUrl(returnTo?: string | null): string {
  return `/auth/login?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`;
}

/** The app's own login page for a guarded location, remembering where the user wanted to go. */
export function loginPageUrl(location: { pathname: string; search: string }): string {
  return `/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`;
}
