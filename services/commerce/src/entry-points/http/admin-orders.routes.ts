import { Router } from 'express';
import { z } from 'zod';
import {
  ChargebackRequestSchema,
  UserOrdersQuerySchema,
  type ChargebackResponse,
  type UserOrdersPage,
} from '@kadr/contracts';
import { parseInput } from '@kadr/http-kit';
import type { OrderRepository } from '../../data-access/orders/order.repository';
import type { Chargebacks } from '../../domain/orders/chargebacks';
import { adminOrderView } from '../../domain/orders/order-view';
import { administratorKeyOf, correlationIdOf, requireAdministrator } from './callers';

const UserIdSchema = z.object({ userId: z.string().min(1).max(128) });
/** Order ids are UUIDs; the public order route accepts the same characters. */
const OrderIdSchema = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an order id.') });

/**
 * The administrator's side of orders (through the admin service, which audits): a user's orders with each
 * refunded one's chargeback, and marking a paid order refunded after a chargeback.
 */
export function adminOrdersRoutes(deps: { orders: OrderRepository; chargebacks: Chargebacks }): Router {
  const router = Router();

  router.get('/internal/users/:userId/orders', async (req, res) => {
    requireAdministrator(res, "Only the administrator reads a user's orders.");
    const { userId } = parseInput(UserIdSchema, req.params);
    const { skip, take } = parseInput(UserOrdersQuerySchema, req.query);
    const { items, total } = await deps.orders.listForUser(userId, { skip, take });
    const body: UserOrdersPage = { data: items.map(adminOrderView), pagination: { skip, take, total } };
    res.set('Cache-Control', 'private, no-store').json(body);
  });

  // 201 for the request that marked the order, 200 for a replay of its key (the same order, as it is now).
  router.post('/internal/orders/:orderId/chargeback', async (req, res) => {
    const administrator = requireAdministrator(res, 'Only the administrator marks an order refunded.');
    const { orderId } = parseInput(OrderIdSchema, req.params);
    const idempotencyKey = administratorKeyOf(req);
    const { reason } = parseInput(ChargebackRequestSchema, req.body);
    const { order, created } = await deps.chargebacks.chargeBack(
      orderId,
      { reason, idempotencyKey, markedBy: administrator.userId },
      correlationIdOf(res),
    );
    const body: ChargebackResponse = { data: adminOrderView(order) };
    res.status(created ? 201 : 200).json(body);
  });

  return router;
}
