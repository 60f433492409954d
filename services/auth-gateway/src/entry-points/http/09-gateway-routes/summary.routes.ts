import { Router } from 'express';
import { HttpProblem } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import { loadUserSummary } from '../../../domain/summary';
import { createCommerceClient, createI18nClient, type Upstreams } from '../../../integrations/upstreams';
import { sessionOf } from '../03-session/request-context';
import { userCaller } from '../10-proxy/upstream-caller';

export const USER_SUMMARY_PATH = '/platform/api/users/me/summary';

export interface SummaryRoutesOptions {
  upstreams: Upstreams;
  logger: Logger;
  /** Time-out of each part's call (the top bar would rather show defaults than wait). */
  partTimeoutMs: number;
}

/**
 * `GET /bff/platform/api/users/me/summary`: the session's user, commerce's credits and
 * subscription and i18n's language, fetched in parallel with the user's token. A part that does
 * not come (time-out, error, breaker open, upstream not configured) leaves a default and is listed
 * in `meta.missing`; the answer is 200 either way.
 */
export function createSummaryRoutes({ upstreams, logger, partTimeoutMs }: SummaryRoutesOptions): Router {
  const commerce = createCommerceClient(upstreams, { timeoutMs: partTimeoutMs });
  const i18n = createI18nClient(upstreams, { timeoutMs: partTimeoutMs });
  const router = Router();
  router.get(USER_SUMMARY_PATH, async (_req, res) => {
    const session = sessionOf(res);
    if (!session) throw new HttpProblem('unauthorized');
    const caller = userCaller(session.user);
    const summary = await loadUserSummary(
      { id: session.user.id, tenantId: session.user.tenantId },
      {
        credits: () => commerce.credits(caller),
        subscription: () => commerce.subscription(caller),
        preferredLanguage: () => i18n.userLanguage(caller),
      },
      (part, error) =>
        logger.warn({ part, err: error instanceof Error ? error.message : String(error) }, 'user summary part missing'),
    );
    res.json(summary);
  });
  return router;
}
