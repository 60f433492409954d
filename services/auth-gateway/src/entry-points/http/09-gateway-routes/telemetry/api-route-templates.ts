/**
 * The browser-facing API paths as route templates: the only values the `endpoint` label of the
 * client's API latency histogram may take (plus `other`). A fixed list keeps the label set bounded
 * whatever a client sends — a raw path with ids maps to its template, anything unknown to `other`.
 * Add a path here when the web app starts calling it (ARCHITECTURE §6, the services' routers).
 */
export const API_ROUTE_TEMPLATES = [
  '/health',
  '/auth/session',
  '/auth/logout',
  '/bff/platform/api/auth/me',
  '/bff/platform/api/users/me/summary',
  '/bff/platform/account',
  '/bff/platform/account/export',
  '/bff/platform/api/flags',
  '/bff/platform/api/i18n/languages',
  '/bff/platform/api/i18n/user-language',
  '/bff/platform/ai-models',
  '/bff/platform/api/ai-models/grouped',
  '/bff/platform/api/settings/ai-provider',
  '/bff/platform/jobs',
  '/bff/platform/jobs/active',
  '/bff/platform/jobs/recent',
  '/bff/platform/jobs/:id',
  '/bff/platform/jobs/:id/cancel',
  '/bff/platform/jobs/:id/upscale',
  '/bff/platform/api/media/videos',
  '/bff/platform/api/media/videos/:jobId/stream',
  '/bff/platform/api/media/thumbnail/:jobId',
  '/bff/platform/api/commerce/credits',
  '/bff/platform/api/commerce/packages',
  '/bff/platform/api/commerce/plans',
  '/bff/platform/api/commerce/subscription',
  '/bff/platform/api/commerce/subscription/cancel',
  '/bff/platform/api/commerce/orders/:id',
  '/bff/platform/api/commerce/ledger',
  '/bff/platform/api/commerce/ledger.csv',
  '/bff/platform/api/commerce/jobs/:id/receipt',
  '/bff/platform/api/commerce/payment/create-order',
  '/bff/platform/api/commerce/payment/mock-process',
  '/bff/platform/api/commerce/payment/tpay/diag',
  '/bff/platform/admin/users',
  '/bff/platform/admin/users/:id',
  '/bff/platform/admin/users/:id/jobs',
  '/bff/platform/admin/users/:id/credit-adjustments',
  '/bff/platform/admin/users/:id/orders',
  '/bff/platform/admin/orders/:id/chargeback',
  '/bff/platform/admin/jobs/:id',
  '/bff/platform/admin/jobs/:id/requeue',
  '/bff/platform/admin/jobs/:id/mark-failed',
  '/bff/platform/admin/logs',
  '/bff/platform/admin/dead-letters',
  '/bff/platform/admin/dead-letters/:topic',
  '/bff/platform/admin/dead-letters/:topic/:id/replay',
  '/bff/platform/admin/dead-letters/:topic/:id/discard',
] as const;

export const OTHER_ENDPOINT = 'other';

const templates = API_ROUTE_TEMPLATES.map((template) => ({ template, segments: template.split('/').slice(1) }));

/**
 * The template a browser path belongs to (`/bff/platform/jobs/5f0c…` → `/bff/platform/jobs/:id`),
 * or `other`. Literal segments win over parameters (`/jobs/active` is not `/jobs/:id`); the query
 * and hash are ignored; matching is case-sensitive, like the route table.
 */
export function apiRouteTemplate(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const segments = bare.replace(/\/$/, '').split('/').slice(1);
  let best: { template: string; literals: number } | undefined;
  for (const { template, segments: expected } of templates) {
    if (expected.length !== segments.length) continue;
    let literals = 0;
    const matches = expected.every((part, index) => {
      if (part.startsWith(':')) return (segments[index] ?? '') !== '';
      literals += 1;
      return part === segments[index];
    });
    if (matches && (!best || literals > best.literals)) best = { template, literals };
  }
  return best?.template ?? OTHER_ENDPOINT;
}
