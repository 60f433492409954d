import { createHash, randomUUID } from 'node:crypto';
import request from 'supertest';
import { TpayDiagnosticsResponseSchema } from '@kadr/contracts';
import { createEgressClient } from '../src/integrations/tpay/egress';
import { tpayMd5, parseAmountMinor } from '../src/integrations/tpay/tpay-notification';
import { bearer, createHarness, eventually, metricValue, userToken, type Harness } from './support/commerce-harness';
import { startFakeTpay, type FakeTpay } from './support/fake-tpay';
import { createTestCa, signDetached, type TestCa } from './support/test-ca';

const SECURITY_CODE = 'test-security-code';
const MERCHANT_ID = '1010';

describe('Tpay provider against a fake Tpay', () => {
  let ca: TestCa;
  let rogue: TestCa;
  let fake: FakeTpay;
  let h: Harness;

  beforeAll(async () => {
    ca = await createTestCa();
    rogue = await createTestCa('Rogue Root');
    fake = await startFakeTpay(ca.leaf.pem);
  });
  afterAll(() => fake.close());

  async function harness(env: Record<string, string> = {}) {
    h = await createHarness({
      env: {
        PAYMENT_PROVIDER: 'tpay',
        TPAY_BASE_URL: fake.url,
        TPAY_CLIENT_ID: 'client-id',
        TPAY_CLIENT_SECRET: 'client-secret',
        TPAY_SECURITY_CODE: SECURITY_CODE,
        TPAY_MERCHANT_ID: MERCHANT_ID,
        TPAY_JWS_ROOT_CA_PEM: ca.root.pem,
        TPAY_JWS_CERT_HOSTS: '127.0.0.1',
        EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
        TPAY_TIMEOUT_MS: '300',
        ...env,
      },
    });
    return h;
  }
  beforeEach(() => {
    Object.assign(fake.behaviour, {
      tokenStatus: 200,
      tokenDelayMs: 0,
      createStatus: 200,
      createDelayMs: 0,
      certificatePem: ca.leaf.pem,
    });
  });
  afterEach(async () => {
    await h?.close();
  });

  async function createOrder(
    userId: string,
    status: number,
    body: Record<string, string> = { packageId: 'credits-100' },
  ) {
    return request(h.app)
      .post('/api/commerce/payment/create-order')
      .set('authorization', await bearer(userToken(userId)))
      .set('idempotency-key', randomUUID())
      .send(body)
      .expect(status);
  }

  function notification(fields: Record<string, string>) {
    const form: Record<string, string> = {
      id: MERCHANT_ID,
      tr_date: '2025-03-01 12:00:00',
      tr_desc: 'Kadr',
      tr_error: 'none',
      tr_email: 'buyer@example.com',
      tr_currency: 'PLN',
      test_mode: '1',
      ...fields,
    };
    const md5sum = tpayMd5(
      { id: form.id ?? '', tr_id: form.tr_id ?? '', tr_amount: form.tr_amount ?? '', tr_crc: form.tr_crc ?? '' },
      SECURITY_CODE,
    );
    return new URLSearchParams({ ...form, md5sum, ...(fields.md5sum ? { md5sum: fields.md5sum } : {}) }).toString();
  }

  function postNotification(body: string, signature = signDetached(body, ca.leaf.privateKey, fake.certificateUrl)) {
    return request(h.app)
      .post('/api/commerce/payment/tpay/notification')
      .set('content-type', 'application/x-www-form-urlencoded')
      .set('x-jws-signature', signature)
      .send(body);
  }

  const balance = async (userId: string) => (await h.adapters.accounts.get(userId))?.balance;

  async function paidOrder(userId: string) {
    await h.accounts.ensure(userId, 'c');
    const res = await createOrder(userId, 201);
    const orderId = res.body.data.orderId as string;
    const transaction = fake.transactions.find((t) => t.body.hiddenDescription === orderId)!;
    return { orderId, title: transaction.title, paymentUrl: res.body.data.paymentUrl as string };
  }

  describe('token and create-transaction', () => {
    it('creates a transaction with a cached token and returns Tpay’s payment URL', async () => {
      await harness();
      const before = fake.calls.token;
      const first = await paidOrder('u1');
      await paidOrder('u1');
      expect(fake.calls.token - before).toBe(1);
      expect(first.paymentUrl).toMatch(/^https:\/\/secure\.sandbox\.tpay\.com\/\?title=TR-/);
      const sent = fake.transactions.find((t) => t.body.hiddenDescription === first.orderId)!.body;
      expect(sent).toMatchObject({
        amount: 19,
        hiddenDescription: first.orderId,
        payer: { email: 'u1@example.com', name: 'Test User' },
        callbacks: {
          notification: { url: 'http://kadr.test/bff/platform/api/commerce/payment/tpay/notification' },
          payerUrls: { success: `http://kadr.test/payment/success?orderId=${first.orderId}` },
        },
      });
    });

    it('a token time-out answers 504 banking_timeout and is shown in the diagnostics', async () => {
      await harness();
      fake.behaviour.tokenDelayMs = 1_000;
      const res = await createOrder('u2', 504);
      expect(res.body).toMatchObject({ type: '/problems/banking_timeout', title: 'Payments timeout' });
      const diag = await request(h.app)
        .get('/api/commerce/payment/tpay/diag')
        .set('authorization', await bearer(userToken('u2')))
        .expect(200);
      expect(diag.body.data.tpay.lastError).toMatchObject({ reason: 'timeout' });
    });

    it('a create-transaction time-out is not retried (Tpay may have created it) and answers banking_timeout', async () => {
      await harness();
      fake.behaviour.createDelayMs = 1_000;
      const before = fake.calls.create;
      await createOrder('u3', 504);
      expect(fake.calls.create - before).toBe(1);
    });

    it('Tpay 5xx answers 502 banking_http', async () => {
      await harness();
      fake.behaviour.createStatus = 500;
      expect((await createOrder('u4', 502)).body.type).toBe('/problems/banking_http');
      fake.behaviour.createStatus = 200;
      fake.behaviour.tokenStatus = 503;
      await h.close();
      await harness();
      expect((await createOrder('u4', 502)).body.type).toBe('/problems/banking_http');
    });

    it('an unreachable Tpay answers 503 banking_unavailable', async () => {
      await harness({ TPAY_BASE_URL: 'http://127.0.0.1:1' });
      const res = await createOrder('u5', 503);
      expect(res.body).toMatchObject({ type: '/problems/banking_unavailable', title: 'Payments unavailable' });
    });

    it('diagnostics: token obtainable, configuration only for the administrator, never secrets', async () => {
      await harness();
      const user = await request(h.app)
        .get('/api/commerce/payment/tpay/diag')
        .set('authorization', await bearer(userToken('u6')))
        .expect(200);
      expect(TpayDiagnosticsResponseSchema.parse(user.body).data).toEqual({
        provider: 'tpay',
        tpay: { configured: true, environment: 'sandbox', tokenObtainable: true, lastError: null },
      });
      const admin = await request(h.app)
        .get('/api/commerce/payment/tpay/diag')
        .set('authorization', await bearer(userToken('root', ['user', 'admin'])))
        .expect(200);
      expect(admin.body.data.config).toMatchObject({
        baseUrl: fake.url,
        clientIdSet: true,
        clientSecretSet: true,
        securityCodeSet: true,
      });
      const text = JSON.stringify(admin.body);
      for (const secret of ['client-secret', SECURITY_CODE, 'BEGIN CERTIFICATE']) expect(text).not.toContain(secret);
    });

    it('refuses mock-process while Tpay is active', async () => {
      await harness();
      const { orderId } = await paidOrder('u7');
      await request(h.app)
        .post('/api/commerce/payment/mock-process')
        .set('authorization', await bearer(userToken('u7')))
        .send({ orderId, outcome: 'success' })
        .expect(403);
    });
  });

  describe('notifications', () => {
    it('a verified notification pays the order; delivered twice, the credits are granted once', async () => {
      await harness();
      const userId = randomUUID();
      const { orderId, title } = await paidOrder(userId);
      const body = notification({
        tr_id: title,
        tr_crc: orderId,
        tr_amount: '19.00',
        tr_paid: '19.00',
        tr_status: 'TRUE',
      });
      expect((await postNotification(body).expect(200)).text).toBe('TRUE');
      expect((await postNotification(body).expect(200)).text).toBe('TRUE');
      await eventually(async () => expect(await balance(userId)).toBe(150));
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await balance(userId)).toBe(150);
      expect((await h.adapters.orders.get(orderId))?.status).toBe('paid');
      const payments = (outcome: string) =>
        metricValue(h.metrics.registry, 'payments_total', { provider: 'tpay', outcome });
      expect([await payments('started'), await payments('completed')]).toEqual([1, 1]);
    });

    it('out of order: PAID after TRUE changes nothing; a chargeback before payment cancels, so TRUE then grants nothing', async () => {
      await harness();
      const userId = randomUUID();
      const first = await paidOrder(userId);
      const second = await paidOrder(userId);
      const paid = (o: { orderId: string; title: string }, status: string) =>
        notification({ tr_id: o.title, tr_crc: o.orderId, tr_amount: '19.00', tr_paid: '19.00', tr_status: status });
      await postNotification(paid(first, 'TRUE')).expect(200);
      await postNotification(paid(first, 'PAID')).expect(200);
      await postNotification(paid(second, 'CHARGEBACK')).expect(200);
      await postNotification(paid(second, 'TRUE')).expect(200);
      await eventually(async () => expect(await balance(userId)).toBe(150));
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await balance(userId)).toBe(150);
      expect((await h.adapters.orders.get(second.orderId))?.status).toBe('cancelled');
      expect(await metricValue(h.metrics.registry, 'payments_total', { provider: 'tpay', outcome: 'cancelled' })).toBe(
        1,
      );
    });

    it('a bad signature, an untrusted certificate, a missing signature or a bad md5 grant nothing (400 FALSE) and are logged', async () => {
      await harness();
      const errors = jest.spyOn(h.logger, 'error');
      const userId = randomUUID();
      const { orderId, title } = await paidOrder(userId);
      const body = notification({
        tr_id: title,
        tr_crc: orderId,
        tr_amount: '19.00',
        tr_paid: '19.00',
        tr_status: 'TRUE',
      });
      const tampered = body.replace('tr_amount=19.00', 'tr_amount=19.01');
      await postNotification(tampered, signDetached(body, ca.leaf.privateKey, fake.certificateUrl)).expect(400);
      await postNotification(body, signDetached(body, rogue.leaf.privateKey, fake.certificateUrl)).expect(400);
      await postNotification(body, signDetached(body, ca.leaf.privateKey, 'https://evil.example/cert.pem')).expect(400);
      await request(h.app).post('/api/commerce/payment/tpay/notification').type('form').send(body).expect(400);
      const badMd5 = notification({
        tr_id: title,
        tr_crc: orderId,
        tr_amount: '19.00',
        tr_status: 'TRUE',
        md5sum: '0'.repeat(32),
      });
      expect((await postNotification(badMd5).expect(400)).text).toBe('FALSE');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await balance(userId)).toBe(50);
      expect((await h.adapters.orders.get(orderId))?.status).toBe('pending');
      expect(errors.mock.calls.map((c) => (c[0] as { rejection?: string }).rejection)).toEqual(
        expect.arrayContaining([
          'jws_bad_signature',
          'jws_untrusted_certificate_url',
          'jws_missing_signature',
          'bad_md5',
        ]),
      );
      const rejections = (reason: string) =>
        metricValue(h.metrics.registry, 'payment_notification_rejections_total', { provider: 'tpay', reason });
      expect({
        jws_bad_signature: await rejections('jws_bad_signature'),
        jws_untrusted_certificate_url: await rejections('jws_untrusted_certificate_url'),
        jws_missing_signature: await rejections('jws_missing_signature'),
        bad_md5: await rejections('bad_md5'),
      }).toEqual({ jws_bad_signature: 2, jws_untrusted_certificate_url: 1, jws_missing_signature: 1, bad_md5: 1 });
    });

    it('a certificate that does not chain to the configured root is refused, even at the trusted URL', async () => {
      fake.behaviour.certificatePem = rogue.leaf.pem;
      await harness();
      const errors = jest.spyOn(h.logger, 'error');
      const userId = randomUUID();
      const { orderId, title } = await paidOrder(userId);
      const body = notification({
        tr_id: title,
        tr_crc: orderId,
        tr_amount: '19.00',
        tr_paid: '19.00',
        tr_status: 'TRUE',
      });
      await postNotification(body, signDetached(body, rogue.leaf.privateKey, fake.certificateUrl)).expect(400);
      expect((await h.adapters.orders.get(orderId))?.status).toBe('pending');
      expect(errors.mock.calls.map((c) => (c[0] as { rejection?: string }).rejection)).toContain(
        'jws_untrusted_certificate',
      );
    });

    it('a wrong amount, a wrong currency or an unknown order grant nothing and are logged (TRUE: Tpay need not retry)', async () => {
      await harness();
      const errors = jest.spyOn(h.logger, 'error');
      const userId = randomUUID();
      const { orderId, title } = await paidOrder(userId);
      const base = { tr_id: title, tr_crc: orderId, tr_status: 'TRUE' };
      await postNotification(notification({ ...base, tr_amount: '1.00', tr_paid: '1.00' })).expect(200);
      await postNotification(
        notification({ ...base, tr_amount: '19.00', tr_paid: '19.00', tr_currency: 'EUR' }),
      ).expect(200);
      await postNotification(
        notification({ ...base, tr_crc: randomUUID(), tr_amount: '19.00', tr_paid: '19.00' }),
      ).expect(200);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await balance(userId)).toBe(50);
      expect((await h.adapters.orders.get(orderId))?.status).toBe('pending');
      expect(errors.mock.calls.map((c) => (c[0] as { result?: string }).result)).toEqual(
        expect.arrayContaining(['wrong_amount', 'wrong_currency', 'unknown_order']),
      );
    });
  });
});

describe('Tpay helpers', () => {
  it('parses amounts into grosze without floats', () => {
    expect(parseAmountMinor('19.00')).toBe(1900);
    expect(parseAmountMinor('0.1')).toBe(10);
    expect(parseAmountMinor('149')).toBe(14900);
    expect(parseAmountMinor('1e3')).toBeNull();
    expect(parseAmountMinor('-1.00')).toBeNull();
    expect(parseAmountMinor('1.001')).toBeNull();
  });

  it('computes the md5sum as Tpay documents it', () => {
    expect(tpayMd5({ id: '1010', tr_id: 'TR-1', tr_amount: '19.00', tr_crc: 'o' }, 'code')).toBe(
      createHash('md5').update('1010TR-119.00ocode').digest('hex'),
    );
  });

  it('egress refuses hosts off the allowlist and private addresses unless allowed', async () => {
    const egress = createEgressClient({
      allowedHosts: ['127.0.0.1', 'localhost'],
      allowLoopbackForTests: false,
      timeoutMs: 500,
    });
    await expect(egress({ method: 'GET', url: 'https://example.com/' })).rejects.toMatchObject({
      failure: 'egress_host_not_allowlisted',
    });
    await expect(egress({ method: 'GET', url: 'https://127.0.0.1/' })).rejects.toMatchObject({
      failure: 'ssrf_blocked',
    });
    await expect(egress({ method: 'GET', url: 'https://localhost:1/' })).rejects.toMatchObject({
      failure: 'ssrf_blocked',
    });
  });
});
