/** Where a sign-in lands when no acceptable `returnTo` was given. */
export const DEFAULT_RETURN_TO = '/dashboard';

const MAX_LENGTH = 2048;

/** Decodes percent-escapes repeatedly (an attacker may encode twice); null when malformed. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 5; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

const hasControlCharacter = (text: string): boolean =>
  [...text].some((c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });

/** A path browsers and servers treat as a path on this origin, never as another host or a scheme. */
function isSameOriginPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    // `//host` and `/\host` are protocol-relative to browsers (they read `\` as `/`).
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    // Control characters (URL parsers strip tab and newline: `/\t/evil.example` is `//evil.example`).
    !hasControlCharacter(path) &&
    !path.includes('\\')
  );
}

/**
 * The `returnTo` of `/auth/login` if it is a same-origin relative path (checked as given and
 * fully percent-decoded, so `%2F%2Fevil.example` is caught), otherwise `/dashboard`. The value
 * is also resolved against a placeholder origin as a last check that it stays on that origin.
 */
export function safeReturnTo(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return DEFAULT_RETURN_TO;
  const decoded = fullyDecoded(raw);
  if (decoded === null || !isSameOriginPath(raw) || !isSameOriginPath(decoded)) return DEFAULT_RETURN_TO;
  const placeholder = 'https://kadr.invalid';
  let resolved: URL;
  try {
    resolved = new URL(raw, placeholder);
  } catch {
    return DEFAULT_RETURN_TO;
  }
  if (resolved.origin !== placeholder) return DEFAULT_RETURN_TO;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
