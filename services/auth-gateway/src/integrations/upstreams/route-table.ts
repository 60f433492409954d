import type { UpstreamName } from './upstream-names';

/**
 * Which service answers which `/bff/platform/*` path — the one place this is written down.
 *
 * The gateway strips `/bff/platform` and forwards the rest unchanged, query included:
 * `/bff/platform/api/commerce/credits` → commerce `/api/commerce/credits`,
 * `/bff/platform/jobs/active?take=20` → jobs `/jobs/active?take=20`,
 * `/bff/platform/admin/users` → admin `/admin/users` (docs/decisions.md, issue 3).
 *
 * A prefix matches the path itself and anything below it (`/jobs`, `/jobs/active`), never a
 * longer name (`/jobsx`). Matching is case-sensitive on purpose: `/ADMIN/users` is not an admin
 * route here, so it is a 404 rather than something that slipped past a case-insensitive check.
 */
export const ROUTE_TABLE: readonly { prefix: string; upstream: UpstreamName }[] = [
  { prefix: '/api/commerce', upstream: 'commerce' },
  { prefix: '/ai-models', upstream: 'jobs' },
  { prefix: '/api/ai-models', upstream: 'jobs' },
  { prefix: '/jobs', upstream: 'jobs' },
  { prefix: '/api/settings', upstream: 'jobs' },
  { prefix: '/api/media', upstream: 'media' },
  { prefix: '/api/i18n', upstream: 'i18n' },
  { prefix: '/api/notifications', upstream: 'notifications' },
  { prefix: '/admin', upstream: 'admin' },
];

/** Dot segments (also percent-encoded) and empty segments are refused rather than forwarded. */
const SUSPICIOUS_PATH = /(^|\/)(\.|%2e){1,2}(\/|$)|\/\/|\\|%2f|%5c|%00/i;

/** The upstream for a path below `/bff/platform` (e.g. `/api/commerce/credits`), or undefined. */
export function upstreamForPath(path: string): UpstreamName | undefined {
  if (!path.startsWith('/') || SUSPICIOUS_PATH.test(path)) return undefined;
  return ROUTE_TABLE.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))?.upstream;
}
