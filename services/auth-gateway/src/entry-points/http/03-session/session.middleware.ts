import type { RequestHandler } from 'express';
import { HttpProblem } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { SessionStore } from '../../../data-access/sessions/session-store';
import { isTouchDue, type Session } from '../../../domain/sessions/session';
import { clearSessionCookies, readCookie, SESSION_COOKIE, type CookiePolicy } from './cookies';
import { setSession, type RequestSession } from './request-context';

export function toRequestSession(session: Session): RequestSession {
  return {
    id: session.id,
    user: session.user,
    csrfToken: session.csrfToken,
    expiresAt: new Date(session.absoluteExpiresAt).toISOString(),
  };
}

export interface SessionMiddlewareDeps {
  sessions: SessionStore;
  cookies: CookiePolicy;
  logger: Logger;
  now?: () => number;
}

/**
 * Loads the session named by the cookie for every request (`res.locals.session`, see
 * request-context.ts) and records the activity (sliding idle expiry). A cookie whose session
 * has ended is cleared. Deciding what needs a session is the guards' job, not this one's.
 */
export function loadSession({ sessions, cookies, logger, now = Date.now }: SessionMiddlewareDeps): RequestHandler {
  return async (req, res, next) => {
    setSession(res, undefined);
    const id = readCookie(req, SESSION_COOKIE);
    if (!id) {
      next();
      return;
    }
    let session: Session | null;
    try {
      session = await sessions.get(id);
      if (session && isTouchDue(session, sessions.policy, now())) session = await sessions.touch(session);
    } catch (error) {
      logger.error({ err: error }, 'session store unavailable');
      next(
        new HttpProblem('service_unavailable', {
          detail: 'Sign-in sessions are unavailable right now. Please try again shortly.',
        }),
      );
      return;
    }
    if (session) setSession(res, toRequestSession(session));
    else clearSessionCookies(res, cookies);
    next();
  };
}
