import request from 'supertest';
import { MemoryEventBus } from '@kadr/event-bus';
import { startCommerce, type RunningCommerce } from '../src/service';
import { bearer, eventually, silentLogger, testConfig, userToken } from './support/commerce-harness';

/**
 * The embedded mode end to end through the public API: a real listening commerce on a shared
 * memory bus (as the launcher wires it), buying with the mock provider.
 */
describe('embedded: buying credits through the mock provider', () => {
  let bus: MemoryEventBus;
  let commerce: RunningCommerce;
  beforeAll(async () => {
    bus = new MemoryEventBus();
    commerce = await startCommerce(testConfig({ HOST: '127.0.0.1' }), {
      adapters: { eventBus: bus },
      logger: silentLogger(),
      defaultMetrics: false,
    });
  });
  afterAll(async () => {
    await commerce.stop();
    await bus.close();
  });

  async function buy(userId: string, packageId: string, outcome: 'success' | 'failure') {
    const auth = await bearer(userToken(userId));
    const created = await request(commerce.url)
      .post('/api/commerce/payment/create-order')
      .set('authorization', auth)
      .set('idempotency-key', `${userId}-${packageId}`)
      .send({ packageId })
      .expect(201);
    const { orderId, paymentUrl } = created.body.data as { orderId: string; paymentUrl: string };
    expect(paymentUrl).toContain('/payment/mock-process?orderId=');
    await request(commerce.url)
      .post('/api/commerce/payment/mock-process')
      .set('authorization', auth)
      .send({ orderId, outcome })
      .expect(200);
    return { auth, orderId };
  }

  const balance = async (auth: string) =>
    (
      (await request(commerce.url).get('/api/commerce/credits').set('authorization', auth).expect(200)).body as {
        data: { balance: number };
      }
    ).data.balance;

  it('a successful payment grows the balance by exactly the package’s credits', async () => {
    const auth = await bearer(userToken('buyer'));
    expect(await balance(auth)).toBe(50);
    const { orderId } = await buy('buyer', 'credits-300', 'success');
    await eventually(async () => expect(await balance(auth)).toBe(350));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await balance(auth)).toBe(350);
    const order = await request(commerce.url)
      .get(`/api/commerce/orders/${orderId}`)
      .set('authorization', auth)
      .expect(200);
    expect(order.body.data.status).toBe('paid');
  });

  it('a failed payment grants nothing', async () => {
    const auth = await bearer(userToken('unlucky'));
    expect(await balance(auth)).toBe(50);
    const { orderId } = await buy('unlucky', 'credits-100', 'failure');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await balance(auth)).toBe(50);
    const order = await request(commerce.url)
      .get(`/api/commerce/orders/${orderId}`)
      .set('authorization', auth)
      .expect(200);
    expect(order.body.data.status).toBe('failed');
  });
});
