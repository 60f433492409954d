/**
 * Issue 20, a chargeback end to end on the embedded product, through the real gateway: a user buys credits
 * (mock provider), the administrator takes most of them away with an adjustment, then sees the user's orders and
 * marks the paid one refunded after a chargeback. What is left is taken back, the rest is the shortfall the
 * administrator sees and the metric behind the alert counts; the same Idempotency-Key again is the same answer;
 * the user's credit history names the order and the reason; the audit log has the action.
 */
import type { BillingLedgerResponse, ChargebackResponse, UserOrdersPage } from '@kadr/contracts';
import { until } from '@kadr/tooling/test-helpers';
import { ApiClient } from './support/api-client';
import { startEmbeddedStack, type EmbeddedStack } from './support/embedded-stack';

const ADMIN_EMAIL = 'admin@kadr.local';
const P = '/bff/platform';

describe('a chargeback through the gateway (embedded product)', () => {
  let stack: EmbeddedStack;
  let admin: ApiClient;
  let buyer: ApiClient;
  let buyerId: string;

  beforeAll(async () => {
    stack = await startEmbeddedStack();
    admin = await ApiClient.signIn(stack.base, ADMIN_EMAIL);
    buyer = await ApiClient.signIn(stack.base, 'buyer@kadr.local');
    buyerId = ((await buyer.get('/auth/session')).body as { user: { id: string } }).user.id;
  }, 120_000);
  afterAll(() => stack?.stop());

  const balance = async () =>
    ((await buyer.get(`${P}/api/commerce/credits`)).body as { data: { balance: number } }).data.balance;

  it('takes back what is left, records the shortfall, answers a replay the same, and shows it to both', async () => {
    const welcome = await balance();
    const created = await buyer.post(`${P}/api/commerce/payment/create-order`, { packageId: 'credits-100' });
    expect(created.status).toBe(201);
    const { orderId } = (created.body as { data: { orderId: string } }).data;
    expect((await buyer.post(`${P}/api/commerce/payment/mock-process`, { orderId, outcome: 'success' })).status).toBe(
      200,
    );
    await until(async () => (await balance()) === welcome + 100);

    // Spent in effect: the administrator leaves 30 credits.
    const adjusted = await admin.request('POST', `${P}/admin/users/${buyerId}/credit-adjustments`, {
      body: { amount: -(welcome + 70), reason: 'Test: credits already spent' },
    });
    expect(adjusted.status).toBe(201);

    const orders = await admin.get(`${P}/admin/users/${buyerId}/orders`);
    expect(orders.status).toBe(200);
    expect((orders.body as UserOrdersPage).data).toEqual([
      expect.objectContaining({ id: orderId, status: 'paid', credits: 100, chargeback: null }),
    ]);

    const key = { 'idempotency-key': `chargeback-journey-${orderId}` };
    const reason = 'Card issuer reversed the payment';
    const marked = await admin.request('POST', `${P}/admin/orders/${orderId}/chargeback`, {
      body: { reason },
      headers: key,
    });
    expect(marked.status).toBe(201);
    expect((marked.body as ChargebackResponse).data).toMatchObject({
      id: orderId,
      userId: buyerId,
      status: 'refunded',
      chargeback: { reason, takenCredits: 30, shortfallCredits: 70 },
    });
    const replay = await admin.request('POST', `${P}/admin/orders/${orderId}/chargeback`, {
      body: { reason },
      headers: key,
    });
    // The gateway replays the first answer for its key (commerce itself answers a repeated key with 200).
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(marked.body);
    const again = await admin.request('POST', `${P}/admin/orders/${orderId}/chargeback`, { body: { reason } });
    expect(again.status).toBe(409);
    expect(await balance()).toBe(0);

    await until(async () => {
      const page = (await buyer.get(`${P}/api/commerce/ledger?kind=chargeback`)).body as BillingLedgerResponse;
      return page.items.length === 1;
    });
    const ledger = (await buyer.get(`${P}/api/commerce/ledger?kind=chargeback`)).body as BillingLedgerResponse;
    expect(ledger.items[0]).toMatchObject({ kind: 'chargeback', balanceDelta: -30, reference: orderId, reason });

    const metrics = await (await fetch(stack.metricsUrl)).text();
    expect(metrics).toMatch(/^chargeback_shortfall_credits_total\{[^}]*service="commerce"[^}]*\} 70$/m);
    expect(metrics).toMatch(/^chargebacks_total\{[^}]*kind="package"[^}]*\} 1$/m);

    // The chargeback and the refused second key; the replay never left the gateway.
    const audit = await admin.get(`${P}/admin/logs?kind=admin_action&action=orders.chargeback`);
    expect(
      (audit.body as { data: Array<{ outcome: string; userId: string }> }).data.map((e) => e.outcome).sort(),
    ).toEqual(['failure', 'success']);
  }, 60_000);
});
