/** Where a sign-in lands when no acceptable `returnTo` was given. */
export const DEFAULT_RETURN_TO = '/dashboard';

const MAX_LENGTH = 2048;
/** Percent-decoding rounds tried: an attacker may encode two or three times; more is refused outright. */
const MAX_DECODING_ROUNDS = 5;
/** Only the path is used from this: it stands for "our origin" when the value is resolved. */
const PLACEHOLDER_ORIGIN = 'https://kadr.invalid';

/**
 * Characters that some parser, router or font may treat as a path separator: the backslash
 * (browsers read `\` as `/` in http URLs) and the Unicode slash and backslash look-alikes.
 */
const SEPARATOR_LOOKALIKE = /[\\\u2044\u2215\u2216\u29f5\u29f8\u29f9\ufe68\uff0f\uff3c]/;

/**
 * C0/C1 controls, and the invisible separators. URL parsers drop tab and newline anywhere
 * (`/\t/evil.example` becomes `//evil.example`).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The value and every distinct form it takes when percent-decoded again and again; null when malformed or too deep. */
function decodingLayers(value: string): string[] | null {
  const layers = [value];
  for (let round = 0; round < MAX_DECODING_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(layers.at(-1)!);
    } catch {
      return null;
    }
    if (next === layers.at(-1)) return layers;
    layers.push(next);
  }
  return null;
}

/**
 * What a browser makes of the value as a path on our origin: dot segments (also `%2e`)
 * resolved, as `new URL` does. Null when it is not a path or leaves the origin.
 */
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

/** One `/`, then anything but another `/` or `\` (which would make it `//host`, protocol-relative). */
const isSingleSlashPath = (path: string): boolean => path === '/' || /^\/[^/\\]/.test(path);

/** This one form (as given, or one decoding of it) stays a path on our origin once normalised. */
function staysOnOrigin(form: string): boolean {
  if (CONTROL_CHARACTER.test(form) || SEPARATOR_LOOKALIKE.test(form)) return false;
  const normalised = normalisedPath(form);
  return normalised !== null && isSingleSlashPath(normalised);
}

/**
 * The `returnTo` of `/auth/login` as the path to redirect to after sign-in, or `/dashboard`.
 *
 * The rule (issue 13): accepted only when the value, and every form it takes when
 * percent-decoded (a browser or router may decode once more), is a path that — AFTER
 * normalisation (`/./`, `/../`, `%2e` resolved) — starts with a single `/` followed by a
 * character that is neither `/` nor `\`, and contains no control characters or separator
 * look-alikes. Checking before normalisation is not enough: `/.//evil.example` passes a
 * "starts with one slash" test but normalises to `//evil.example`.
 *
 * The answer is the normalised form, re-checked to normalise to itself, so the browser
 * receives exactly what was checked.
 */
export function safeReturnTo(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return DEFAULT_RETURN_TO;
  const layers = decodingLayers(raw);
  if (layers === null || !layers.every(staysOnOrigin)) return DEFAULT_RETURN_TO;
  const target = normalisedPath(raw);
  if (target === null || normalisedPath(target) !== target || !staysOnOrigin(target)) return DEFAULT_RETURN_TO;
  return target;
}
