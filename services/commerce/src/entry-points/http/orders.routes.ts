import { Router } from 'express';
import { z } from 'zod';
import {
  COMMERCE_PATHS,
  CreateOrderBodySchema,
  MockProcessRequestSchema,
  OrderIdParamsSchema,
  OrderListQuerySchema,
  type OrderListResponse,
} from '@kadr/contracts';
import { parseInput } from '@kadr/http-kit';
import { orderView } from '../../domain/orders/order-view';
import type { Orders } from '../../domain/orders/orders';
import type { TpaySetup } from '../../integrations/tpay/tpay-diagnostics';
import { tpayDiagnostics } from '../../integrations/tpay/tpay-diagnostics';
import { correlationIdOf, isAdministrator, userOf } from './callers';

/** The gateway's Idempotency-Key (forwarded); same user + same key → same order. */
const IdempotencyKeySchema = z.string().trim().min(1).max(200).optional();

export function ordersRoutes(orders: Orders, tpay: TpaySetup): Router {
  const router = Router();

  router.post(COMMERCE_PATHS.createOrder, async (req, res) => {
    const user = userOf(res);
    const body = parseInput(CreateOrderBodySchema, req.body);
    const key = parseInput(IdempotencyKeySchema, req.get('idempotency-key'));
    const { order, created } = await orders.create(
      { userId: user.userId, email: user.email, name: user.name },
      body,
      key,
      correlationIdOf(res),
    );
    res
      .status(created ? 201 : 200)
      .json({ data: { orderId: order.id, paymentUrl: order.paymentUrl, status: order.status } });
  });

  router.get(COMMERCE_PATHS.orders, async (req, res) => {
    const user = userOf(res);
    const { skip, take } = parseInput(OrderListQuerySchema, req.query);
    const { items, total } = await orders.listForOwner(user.userId, { skip, take });
    const body: OrderListResponse = { items: items.map(orderView), total, skip, take };
    res.json(body);
  });

  router.get('/api/commerce/orders/:id', async (req, res) => {
    const user = userOf(res);
    const { id } = parseInput(OrderIdParamsSchema, req.params);
    res.json({ data: orderView(await orders.getForOwner(id, user.userId)) });
  });

  router.post(COMMERCE_PATHS.mockProcess, async (req, res) => {
    const user = userOf(res);
    const { orderId, outcome } = parseInput(MockProcessRequestSchema, req.body);
    const order = await orders.settleMock(user.userId, orderId, outcome, correlationIdOf(res));
    res.json({ data: orderView(order) });
  });

  router.get(COMMERCE_PATHS.tpayDiag, async (_req, res) => {
    const user = userOf(res);
    res.json({ data: await tpayDiagnostics(orders.providerName, tpay, isAdministrator(user)) });
  });

  return router;
}
