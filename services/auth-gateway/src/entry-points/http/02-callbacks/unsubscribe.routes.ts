import express, { Router } from 'express';
import { NOTIFICATIONS_PATHS, PUBLIC_UNSUBSCRIBE_PATH } from '@kadr/contracts';
import type { Logger } from '@kadr/telemetry';
import { GATEWAY_SERVICE_CALLER, UpstreamCallCancelledError, type Upstreams } from '../../../integrations/upstreams';
import { upstreamProblem } from '../10-proxy/upstream-problems';

/** A token in a small JSON object or a one-click form; anything larger is not one. */
const MAX_BODY_BYTES = 4 * 1024;

/**
 * The e-mail's unsubscribe link (`POST /bff/public/notifications/unsubscribe`): for someone who
 * may not be signed in — the web page's button (JSON `{ token }`) or a mail client's RFC 8058
 * one-click POST (form `List-Unsubscribe=One-Click`, the token in the query). No session, CSRF
 * token or Idempotency-Key: the signed token is the only authority and it can only turn e-mail
 * off, which is idempotent. Mounted before the browser guards, like Tpay's notifications; the
 * notifications service verifies the token. The gateway calls it with its own service token.
 */
export function unsubscribeRoutes({ upstreams, logger }: { upstreams: Upstreams; logger: Logger }): Router {
  const router = Router();
  router.post(PUBLIC_UNSUBSCRIBE_PATH, express.raw({ type: () => true, limit: MAX_BODY_BYTES }), async (req, res) => {
    const query = new URL(req.originalUrl, 'http://gateway').search;
    let answer;
    try {
      answer = await upstreams.fetch('notifications', {
        method: 'POST',
        path: `${NOTIFICATIONS_PATHS.unsubscribe}${query}`,
        caller: GATEWAY_SERVICE_CALLER,
        headers: { 'content-type': req.get('content-type') ?? 'application/x-www-form-urlencoded' },
        body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        correlationId: res.locals.correlationId as string | undefined,
      });
    } catch (error) {
      if (error instanceof UpstreamCallCancelledError) return;
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'unsubscribe not delivered');
      throw upstreamProblem(error) ?? error;
    }
    res
      .status(answer.status)
      .type(answer.headers['content-type'] ?? 'application/json')
      .set('Cache-Control', 'no-store')
      .send(answer.body);
  });
  return router;
}
