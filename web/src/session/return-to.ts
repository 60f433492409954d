/** Where a sign-in returns to when no (safe) place was given. */
export const DEFAULT_RETURN_TO = '/dashboard';

/**
 * A same-origin path only: starts with one `/`, not `//` or `/\` (another host), no control
 * characters — the gateway applies the same rule; checking here keeps our own links honest.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return DEFAULT_RETURN_TO;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return DEFAULT_RETURN_TO;
  return value;
}

/** The gateway's sign-in (a full-page navigation), coming back to `returnTo` (path and query). */
export function loginUrl(returnTo?: string | null): string {
  return `/auth/login?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`;
}

/** The app's own login page for a guarded location, remembering where the user wanted to go. */
export function loginPageUrl(location: { pathname: string; search: string }): string {
  return `/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`;
}
