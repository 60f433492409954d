import type { Request, RequestHandler } from 'express';
import { HttpProblem } from '@kadr/http-kit';
import { isAdmin, sessionOf } from '../03-session/request-context';

/**
 * The `/bff` routes a signed-out visitor may read (ARCHITECTURE §6). Exact paths, GET/HEAD only:
 * everything else under `/bff` needs a session.
 */
export const PUBLIC_BFF_ROUTES: readonly string[] = [
  '/bff/platform/api/i18n/languages',
  '/bff/platform/api/commerce/packages',
  '/bff/platform/api/commerce/plans',
  '/bff/platform/api/flags',
  '/bff/openapi.json',
];

export const ADMIN_PREFIX = '/bff/platform/admin/';

const READ_METHODS = new Set(['GET', 'HEAD']);

/** The path as sent, before any routing (query removed). */
const rawPathOf = (req: Request): string => req.originalUrl.split('?')[0] ?? '';

export const isPublicBffRequest = (req: Request): boolean =>
  READ_METHODS.has(req.method) && PUBLIC_BFF_ROUTES.includes(rawPathOf(req));

/**
 * Refuses `/bff` paths with dot segments or encoded slashes and dots (`/bff/platform/api/../admin/x`,
 * `%2e%2e`, `%2f`, `\`): a URL parser further down (the proxy, the upstream) would resolve them
 * to another path than the one the guards below judged.
 */
export const rejectAmbiguousPaths: RequestHandler = (req, _res, next) => {
  const path = rawPathOf(req);
  const ambiguous = /(^|\/)\.{1,2}(\/|$)|%2e|%2f|%5c|\\/i.test(path);
  if (ambiguous) {
    next(
      new HttpProblem('validation', { detail: 'The request path must not contain dot segments or encoded slashes.' }),
    );
    return;
  }
  next();
};

/** Every `/bff` request needs a session (401 `unauthorized`), except the public read-only routes. */
export const requireSession: RequestHandler = (req, res, next) => {
  if (sessionOf(res) || isPublicBffRequest(req)) {
    next();
    return;
  }
  next(new HttpProblem('unauthorized', { detail: 'Please log in to continue.' }));
};

/** `/bff/platform/admin/*` is for the administrator only (403 `forbidden`). Runs after `requireSession`. */
export const requireAdmin: RequestHandler = (_req, res, next) => {
  const session = sessionOf(res);
  if (session && isAdmin(session.user)) {
    next();
    return;
  }
  next(
    session
      ? new HttpProblem('forbidden', { detail: 'Only the administrator can use the admin area.' })
      : new HttpProblem('unauthorized', { detail: 'Please log in to continue.' }),
  );
};
