/** The gateway's CSRF token: readable cookie `kadr_csrf`, echoed in `X-CSRF-Token` on every state change. */
const CSRF_COOKIE = 'kadr_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** The session's CSRF token, or undefined when signed out (or outside a browser). */
export function readCsrfToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== CSRF_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}
