import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { HttpProblem } from '@kadr/http-kit';
import { sessionOf } from '../03-session/request-context';

export const CSRF_HEADER = 'x-csrf-token';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const isStateChanging = (req: Request): boolean => STATE_CHANGING_METHODS.has(req.method);

function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A state-changing request that says where it comes from (`Origin`) must come from the product
 * itself. Browsers send `Origin` on every cross-origin request and on same-origin POSTs, so a
 * page elsewhere cannot pass this; requests without the header (curl, old browsers) still need
 * the CSRF token below.
 */
export function rejectCrossSiteOrigin(publicOrigin: string): RequestHandler {
  return (req, _res, next) => {
    const origin = req.get('origin');
    if (isStateChanging(req) && origin !== undefined && origin !== publicOrigin) {
      next(
        new HttpProblem('forbidden', {
          detail: 'Cross-site requests are not allowed: the request did not come from this site.',
        }),
      );
      return;
    }
    next();
  };
}

/**
 * The double-submit check: a state-changing request must carry the session's CSRF token (from
 * the `kadr_csrf` cookie) in `X-CSRF-Token`, compared in constant time. Requests without a
 * session are left to the session guard (and a sign-out without a session has nothing to protect).
 */
export const requireCsrfToken: RequestHandler = (req, res, next) => {
  const session = sessionOf(res);
  if (!isStateChanging(req) || !session) {
    next();
    return;
  }
  const sent = req.get(CSRF_HEADER);
  if (!sent) {
    next(
      new HttpProblem('forbidden', {
        detail: 'The X-CSRF-Token header is missing. Reload the page and try again.',
      }),
    );
    return;
  }
  if (!sameToken(sent, session.csrfToken)) {
    next(
      new HttpProblem('forbidden', {
        detail: 'The X-CSRF-Token header does not match this session. Reload the page and try again.',
      }),
    );
    return;
  }
  next();
};
