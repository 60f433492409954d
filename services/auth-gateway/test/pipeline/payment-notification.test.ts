import type { Request } from 'express';
import { gatewayConfigSchema } from '../../src/config';
import { startAuthGateway, type RunningGateway } from '../../src/service';
import { startFakeUpstream, TEST_SECRET, type FakeUpstream } from './helpers/fake-upstream';

function rawBody(req: Request): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Tpay's notifications come from Tpay's servers: no session, no CSRF token, no Idempotency-Key.
 * Through the whole composed gateway (every guard in place) they must still reach commerce with
 * the body and the signature header exactly as sent, since the signature covers the raw bytes.
 */
describe('Tpay payment notifications through the gateway', () => {
  let commerce: FakeUpstream;
  let gateway: RunningGateway;
  const seen: { body: string; signature?: string; contentType?: string }[] = [];

  beforeAll(async () => {
    commerce = await startFakeUpstream('commerce', async (req, res) => {
      seen.push({
        body: await rawBody(req),
        signature: req.get('x-jws-signature'),
        contentType: req.get('content-type'),
      });
      res.type('text/plain').send('TRUE');
    });
    const config = gatewayConfigSchema.parse({
      NODE_ENV: 'test',
      INTERNAL_TOKEN_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      PORT: '0',
      COMMERCE_URL: commerce.url,
    });
    gateway = await startAuthGateway(
      { ...config, REDIS_URL: undefined, MONGODB_URI: undefined, KAFKA_BROKERS: undefined },
      { defaultMetrics: false },
    );
  });
  afterAll(async () => {
    await gateway.stop();
    await commerce.close();
  });

  it('passes the form body and the JWS header to commerce byte for byte, as the gateway service', async () => {
    const body = 'id=1010&tr_id=TR-X&tr_amount=19.00&tr_crc=order-1&tr_status=TRUE&md5sum=abc%2Bdef';
    const res = await fetch(`${gateway.url}/bff/platform/api/commerce/payment/tpay/notification`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-jws-signature': 'eyJhbGciOiJSUzI1NiJ9..sig' },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('TRUE');
    expect(seen.at(-1)).toEqual({
      body,
      signature: 'eyJhbGciOiJSUzI1NiJ9..sig',
      contentType: 'application/x-www-form-urlencoded',
    });
    const received = commerce.received.at(-1)!;
    expect(received.url).toBe('/api/commerce/payment/tpay/notification');
    expect(received.caller).toEqual({ kind: 'service', service: 'auth-gateway', roles: [] });
    expect(received.headers.cookie).toBeUndefined();
  });

  it('keeps every other state-changing commerce route behind the session', async () => {
    const res = await fetch(`${gateway.url}/bff/platform/api/commerce/payment/mock-process`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
  });
});
