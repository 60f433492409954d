import express, { Router } from 'express';
import { COMMERCE_PATHS } from '@kadr/contracts';
import type { Logger } from '@kadr/telemetry';
import { applyConfirmation } from '../../domain/payments/confirmations';
import type { Orders } from '../../domain/orders/orders';
import {
  NotificationRejectedError,
  verifyTpayNotification,
  type NotificationCheckOptions,
} from '../../integrations/tpay/tpay-notification';
import type { CommerceMetrics } from '../metrics/commerce-metrics';
import { correlationIdOf } from './callers';

/**
 * Tpay's notification: public (Tpay has no session or internal token; the gateway passes
 * `/bff/platform/api/commerce/payment/tpay/notification` through). Verified by JWS and md5; a
 * verified notification is answered `TRUE` whatever it leads to (a repeat would not change the
 * outcome), a forged or broken one 400 `FALSE` — nothing is granted either way unless it checks out.
 */
export function tpayNotificationRoutes(
  orders: Orders,
  check: NotificationCheckOptions | null,
  logger: Logger,
  metrics: Pick<CommerceMetrics, 'notificationRejected'>,
): Router {
  const router = Router();
  router.post(
    COMMERCE_PATHS.tpayNotification,
    // The raw bytes: the signature covers them exactly.
    express.raw({ type: 'application/x-www-form-urlencoded', limit: '32kb' }),
    async (req, res) => {
      const correlationId = correlationIdOf(res);
      if (!check || orders.providerName !== 'tpay') {
        logger.warn({ path: req.path }, 'Tpay notification while Tpay is not the active provider: ignored');
        metrics.notificationRejected('tpay', 'provider_inactive');
        res.status(404).type('text/plain').send('FALSE');
        return;
      }
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      try {
        const confirmation = await verifyTpayNotification(rawBody, req.get('x-jws-signature'), check);
        const result = await applyConfirmation(orders, confirmation, logger, correlationId);
        logger.info({ orderId: confirmation.orderId, result }, 'Tpay notification handled');
        res.type('text/plain').send('TRUE');
      } catch (error) {
        if (!(error instanceof NotificationRejectedError)) throw error;
        logger.error({ rejection: error.rejection }, 'Tpay notification rejected: nothing granted');
        metrics.notificationRejected('tpay', error.rejection);
        res.status(400).type('text/plain').send('FALSE');
      }
    },
  );
  return router;
}
