import express, { Router } from 'express';
import type { Logger } from '@kadr/telemetry';
import { GATEWAY_SERVICE_CALLER, UpstreamCallCancelledError, type Upstreams } from '../../../integrations/upstreams';
import { upstreamProblem } from '../10-proxy/upstream-problems';

/** Where Tpay posts its notifications (the public URL configured as commerce's TPAY notification URL). */
export const TPAY_NOTIFICATION_PATH = '/bff/platform/api/commerce/payment/tpay/notification';
const COMMERCE_NOTIFICATION_PATH = '/api/commerce/payment/tpay/notification';

/** A Tpay notification is a small form; anything larger is not one. */
const MAX_NOTIFICATION_BYTES = 64 * 1024;

/**
 * Tpay's server-to-server payment notifications. Tpay has no session, CSRF token or
 * Idempotency-Key, so this route is mounted before those guards; commerce authenticates the
 * notification itself (JWS signature over the raw body plus the md5 check) and is idempotent.
 * The body and the signature header therefore reach commerce byte for byte. The gateway calls
 * commerce with its own service token.
 */
export function paymentNotificationRoutes({ upstreams, logger }: { upstreams: Upstreams; logger: Logger }): Router {
  const router = Router();
  router.post(
    TPAY_NOTIFICATION_PATH,
    express.raw({ type: () => true, limit: MAX_NOTIFICATION_BYTES }),
    async (req, res) => {
      const headers: Record<string, string> = {
        'content-type': req.get('content-type') ?? 'application/x-www-form-urlencoded',
      };
      const signature = req.get('x-jws-signature');
      if (signature) headers['x-jws-signature'] = signature;
      let answer;
      try {
        answer = await upstreams.fetch('commerce', {
          method: 'POST',
          path: COMMERCE_NOTIFICATION_PATH,
          caller: GATEWAY_SERVICE_CALLER,
          headers,
          body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          correlationId: res.locals.correlationId as string | undefined,
        });
      } catch (error) {
        if (error instanceof UpstreamCallCancelledError) return;
        logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'payment notification not delivered',
        );
        throw upstreamProblem(error) ?? error;
      }
      res
        .status(answer.status)
        .type(answer.headers['content-type'] ?? 'text/plain')
        .send(answer.body);
    },
  );
  return router;
}
