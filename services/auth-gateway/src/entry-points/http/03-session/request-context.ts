import type { Response } from 'express';

/**
 * What the session middleware leaves on `res.locals` for the rest of a request. The seam
 * between the identity part of the gateway (sign-in, sessions, CSRF) and the request pipeline
 * (idempotency, rate limits, proxying, the user summary).
 */

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  roles: string[];
  permissions: string[];
  tenantId: string | null;
}

export interface RequestSession {
  /** The session id (never logged, never sent anywhere but the cookie). */
  id: string;
  user: SessionUser;
  csrfToken: string;
  /** When the session ends at the latest (absolute expiry), ISO 8601. */
  expiresAt: string;
}

export function sessionOf(res: Response): RequestSession | undefined {
  return res.locals.session as RequestSession | undefined;
}

export function setSession(res: Response, session: RequestSession | undefined): void {
  res.locals.session = session;
}

export const isAdmin = (user: SessionUser): boolean => user.roles.includes('admin');
