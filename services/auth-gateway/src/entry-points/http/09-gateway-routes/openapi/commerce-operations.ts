import {
  BillingLedgerQuerySchema,
  BillingLedgerResponseSchema,
  CreateOrderBodySchema,
  CreateOrderResponseSchema,
  CreditsResponseSchema,
  JobIdParamsSchema,
  JobReceiptResponseSchema,
  MockProcessRequestSchema,
  MockProcessResponseSchema,
  OrderIdParamsSchema,
  OrderListQuerySchema,
  OrderListResponseSchema,
  OrderResponseSchema,
  PackagesResponseSchema,
  PlansResponseSchema,
  SubscriptionDetailsResponseSchema,
  TpayDiagnosticsResponseSchema,
  TpayNotificationFormSchema,
} from '@kadr/contracts';
import type { OpenApiRegistry } from './openapi-registry';
import { platformPath } from './platform-path';

/** Commerce's public routes, with the schemas it validates them with (`@kadr/contracts`). */
export function addCommerceOperations(registry: OpenApiRegistry): OpenApiRegistry {
  const common = { tags: ['commerce'], proxied: true };
  return registry
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/commerce/credits'),
      summary: "The user's credit account",
      responses: { 200: { description: 'Balance and held credits', schema: CreditsResponseSchema } },
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/commerce/subscription'),
      summary: "The user's plan, allowance and period",
      responses: { 200: { description: 'The subscription', schema: SubscriptionDetailsResponseSchema } },
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/api/commerce/subscription/cancel'),
      summary: 'Cancel the plan at the end of its period',
      responses: {
        200: { description: 'The subscription after the cancel', schema: SubscriptionDetailsResponseSchema },
      },
      problems: [409],
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/commerce/packages'),
      summary: 'The credit packages',
      public: true,
      responses: { 200: { description: 'The packages', schema: PackagesResponseSchema } },
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/commerce/plans'),
      summary: 'The plans',
      public: true,
      responses: { 200: { description: 'The plans', schema: PlansResponseSchema } },
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/api/commerce/payment/create-order'),
      summary: 'Order a credit package or a plan',
      description: 'Same user and Idempotency-Key: the same order (200). Answers where the browser goes to pay.',
      body: CreateOrderBodySchema,
      responses: {
        200: { description: 'The order this key already made', schema: CreateOrderResponseSchema },
        201: { description: 'A new order', schema: CreateOrderResponseSchema },
      },
      problems: [404, 409],
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/commerce/orders'),
      summary: 'The user’s orders, newest first',
      description: 'Every status (pending, paid, failed, cancelled, expired); `total` counts them all.',
      query: OrderListQuerySchema,
      responses: { 200: { description: 'A page of orders', schema: OrderListResponseSchema } },
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/commerce/orders/{id}'),
      summary: 'One of the user’s orders',
      params: OrderIdParamsSchema,
      owned: { kind: 'order', in: 'path', name: 'id' },
      responses: { 200: { description: 'The order', schema: OrderResponseSchema } },
      problems: [404],
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/commerce/ledger'),
      summary: "The user's credit ledger, newest first, with the balance after each line",
      description:
        'Grants, purchases, holds, captures, releases (with their reason: `cancelled`, `deleted` or the failure reason), ' +
        'refunds and adjustments. `kind` takes one kind or several separated by commas; `from` (inclusive) and `to` ' +
        '(exclusive) are ISO 8601 instants. `total` counts the filtered lines; `balance` is the balance after the newest line.',
      query: BillingLedgerQuerySchema,
      responses: { 200: { description: 'A page of lines', schema: BillingLedgerResponseSchema } },
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/commerce/ledger.csv'),
      summary: 'The filtered ledger as CSV (every line, not a page)',
      query: BillingLedgerQuerySchema,
      responses: { 200: { description: 'CSV with a header row, as an attachment', contentType: 'text/csv' } },
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/commerce/jobs/{id}/receipt'),
      summary: 'What one of the user’s jobs cost: its hold and how it was settled',
      description:
        "From commerce's ledger: credits or the plan allowance, held → captured or held → released with the reason, " +
        "the lines and the balance after. Someone else's job is a 404.",
      params: JobIdParamsSchema,
      owned: { kind: 'job', in: 'path', name: 'id' },
      responses: { 200: { description: 'The receipt', schema: JobReceiptResponseSchema } },
      problems: [404],
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/api/commerce/payment/mock-process'),
      summary: 'Settle an order on the development payment page (mock provider only)',
      body: MockProcessRequestSchema,
      owned: { kind: 'order', in: 'body', name: 'orderId' },
      responses: { 200: { description: 'The settled order', schema: MockProcessResponseSchema } },
      problems: [404, 409],
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/commerce/payment/tpay/diag'),
      summary: 'Whether Tpay is configured and reachable (its configuration only for the administrator)',
      responses: { 200: { description: 'The diagnostics', schema: TpayDiagnosticsResponseSchema } },
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/api/commerce/payment/tpay/notification'),
      summary: "Tpay's payment notification (server to server)",
      description:
        'Called by Tpay, not by browsers: no session, no CSRF token, no Idempotency-Key; verified by its JWS signature (`X-JWS-Signature`) and md5 sum. Answers `TRUE` when verified, `FALSE` otherwise; 404 `FALSE` while Tpay is not the active provider.',
      public: true,
      browserGuards: false,
      body: TpayNotificationFormSchema,
      bodyContentType: 'application/x-www-form-urlencoded',
      responses: {
        200: { description: '`TRUE`: verified and applied', contentType: 'text/plain' },
        400: { description: '`FALSE`: not verified; nothing granted', contentType: 'text/plain' },
        404: { description: '`FALSE`: Tpay is not the active provider', contentType: 'text/plain' },
      },
    });
}
