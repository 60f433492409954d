import type { RequestHandler } from 'express';
import { HttpProblem } from '@kadr/http-kit';
import type { OpenApiRoute } from '../09-gateway-routes/openapi/openapi-registry';

/** A documented path template and the methods it answers, upper case (HEAD with GET, OPTIONS always). */
interface DocumentedPath {
  pattern: RegExp;
  methods: Set<string>;
  /** Segments that are not parameters: the more, the more specific the template. */
  literals: number;
}

const segmentPattern = (segment: string): string =>
  /^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `/bff/platform/jobs/{id}` → a regex over a raw request path: a parameter is one non-empty
 * segment; like express (non-strict, case-insensitive routing) a trailing slash and letter case
 * do not matter.
 */
function templatePattern(template: string): RegExp {
  const segments = template.split('/').slice(1).map(segmentPattern);
  return new RegExp(`^/${segments.join('/')}/?$`, 'i');
}

/** The documented paths with their methods: one entry per template, methods united across operations. */
export function documentedPaths(routes: readonly Pick<OpenApiRoute, 'method' | 'path'>[]): DocumentedPath[] {
  const byTemplate = new Map<string, Set<string>>();
  for (const route of routes) {
    const methods = byTemplate.get(route.path) ?? new Set<string>(['OPTIONS']);
    const method = route.method.toUpperCase();
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    byTemplate.set(route.path, methods);
  }
  return [...byTemplate].map(([template, methods]) => ({
    pattern: templatePattern(template),
    methods,
    literals: template.split('/').filter((segment) => segment !== '' && !/^\{[^}]+\}$/.test(segment)).length,
  }));
}

/** Listed in `Allow` in this order; anything else after them. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const byMethodOrder = (a: string, b: string): number => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b);

/**
 * The methods a raw request path answers, as the OpenAPI document says: those of the most specific
 * documented template it matches — a concrete path before a templated one, as OpenAPI matches them
 * (`/jobs/recent` is that path's, not `/jobs/{id}`'s, whose DELETE it does not take), united over
 * equally specific templates — or undefined when no documented path matches it (not ours to judge:
 * the web app, `/blobs`, 404).
 */
export function allowedMethods(paths: readonly DocumentedPath[], rawPath: string): string[] | undefined {
  const matching = paths.filter(({ pattern }) => pattern.test(rawPath));
  if (matching.length === 0) return undefined;
  const mostLiterals = Math.max(...matching.map(({ literals }) => literals));
  const allowed = new Set<string>();
  for (const { literals, methods } of matching) {
    if (literals === mostLiterals) methods.forEach((method) => allowed.add(method));
  }
  return [...allowed].sort(byMethodOrder);
}

/**
 * 405 `method_not_allowed` with `Allow` (RFC 9110 §15.5.6) for a request whose path the public
 * API documents but whose method it does not (TRACE on `/auth/login`, DELETE on `/bff/platform/jobs/{id}`);
 * `OPTIONS` on a documented path is answered here, 204 with the same `Allow` (no CORS: the web app
 * is same-origin). The OpenAPI document is the one place that knows every path's methods, the
 * proxied services' included, so the gateway answers before sessions, guards and proxying; any
 * other request passes. `routes` is read on the first request, when every part has registered.
 */
export function rejectUndocumentedMethods(
  routes: () => readonly Pick<OpenApiRoute, 'method' | 'path'>[],
): RequestHandler {
  let paths: DocumentedPath[] | undefined;
  return (req, res, next) => {
    paths ??= documentedPaths(routes());
    const rawPath = req.originalUrl.split('?')[0] ?? '';
    const allowed = allowedMethods(paths, rawPath);
    if (!allowed || (allowed.includes(req.method) && req.method !== 'OPTIONS')) {
      next();
      return;
    }
    res.setHeader('Allow', allowed.join(', '));
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next(
      new HttpProblem('method_not_allowed', {
        detail: `${req.method} is not allowed here; this address accepts ${allowed.join(', ')}.`,
      }),
    );
  };
}
