import { parse } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';
import type { Logger } from '@kadr/telemetry';

export const SESSION_COOKIE = 'kadr_session';
/** Readable by the web app's JavaScript, which copies it into `X-CSRF-Token`. */
export const CSRF_COOKIE = 'kadr_csrf';
/** Points at the pending sign-in (login transaction); only sent to `/auth`. */
export const LOGIN_COOKIE = 'kadr_login';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * Cookies are `Secure` unless switched off (SECURE_COOKIES=false) or the product is reached
 * over plain http on this machine (local development): a browser drops `Secure` cookies set
 * over http, so signing in would silently fail there.
 */
export function shouldUseSecureCookies(publicUrl: string, secureCookies: boolean): boolean {
  const url = new URL(publicUrl);
  const plainHttpLoopback = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  return secureCookies && !plainHttpLoopback;
}

export interface CookiePolicy {
  secure: boolean;
  /** Lifetime of the session and CSRF cookies: the session's absolute lifetime. */
  sessionMaxAgeMs: number;
  loginMaxAgeMs: number;
}

/**
 * The policy PUBLIC_URL and SECURE_COOKIES give, warning about a combination browsers will not
 * honour as meant.
 */
export function cookiePolicyOf(
  config: { PUBLIC_URL: string; SECURE_COOKIES: boolean },
  lifetimes: Omit<CookiePolicy, 'secure'>,
  logger: Pick<Logger, 'warn'>,
): CookiePolicy {
  const secure = shouldUseSecureCookies(config.PUBLIC_URL, config.SECURE_COOKIES);
  const protocol = new URL(config.PUBLIC_URL).protocol;
  if (!secure && protocol === 'https:') {
    logger.warn('SECURE_COOKIES=false with an https PUBLIC_URL: cookies are sent without Secure');
  }
  if (secure && protocol === 'http:') {
    logger.warn('PUBLIC_URL is plain http but cookies are Secure: browsers will drop them (set SECURE_COOKIES=false?)');
  }
  return { secure, ...lifetimes };
}

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const value = parse(header)[name];
  return value === '' ? undefined : value;
}

const base = (policy: CookiePolicy): CookieOptions => ({ secure: policy.secure, sameSite: 'lax', path: '/' });

/** Sets the session cookie (HttpOnly) and the CSRF cookie (readable by the web app) together. */
export function setSessionCookies(res: Response, policy: CookiePolicy, session: { id: string; csrfToken: string }) {
  res.cookie(SESSION_COOKIE, session.id, { ...base(policy), httpOnly: true, maxAge: policy.sessionMaxAgeMs });
  setCsrfCookie(res, policy, session.csrfToken);
}

export function setCsrfCookie(res: Response, policy: CookiePolicy, csrfToken: string) {
  res.cookie(CSRF_COOKIE, csrfToken, { ...base(policy), httpOnly: false, maxAge: policy.sessionMaxAgeMs });
}

export function clearSessionCookies(res: Response, policy: CookiePolicy) {
  res.clearCookie(SESSION_COOKIE, { ...base(policy), httpOnly: true });
  res.clearCookie(CSRF_COOKIE, { ...base(policy), httpOnly: false });
}

export function setLoginCookie(res: Response, policy: CookiePolicy, transactionId: string) {
  res.cookie(LOGIN_COOKIE, transactionId, {
    ...base(policy),
    path: '/auth',
    httpOnly: true,
    maxAge: policy.loginMaxAgeMs,
  });
}

export function clearLoginCookie(res: Response, policy: CookiePolicy) {
  res.clearCookie(LOGIN_COOKIE, { ...base(policy), path: '/auth', httpOnly: true });
}
