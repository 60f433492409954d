import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

export interface FakeTpayBehaviour {
  tokenStatus: number;
  tokenDelayMs: number;
  createStatus: number;
  createDelayMs: number;
  /** Served at /x509/notifications-jws.pem. */
  certificatePem: string;
}

export interface FakeTpay {
  url: string;
  certificateUrl: string;
  behaviour: FakeTpayBehaviour;
  calls: { token: number; create: number; certificate: number };
  transactions: Array<{ transactionId: string; title: string; body: Record<string, unknown>; authorization?: string }>;
  close(): Promise<void>;
}

/**
 * A local stand-in for Tpay's OpenAPI, shaped after its documented examples: `POST /oauth/auth`
 * (client credentials → access_token, expires_in), `POST /transactions` (→ transactionId,
 * title, transactionPaymentUrl) and the notification certificate. Behaviour is switchable per
 * test (status codes, delays for time-outs).
 */
export async function startFakeTpay(
  certificatePem: string,
  credentials = { id: 'client-id', secret: 'client-secret' },
) {
  const behaviour: FakeTpayBehaviour = {
    tokenStatus: 200,
    tokenDelayMs: 0,
    createStatus: 200,
    createDelayMs: 0,
    certificatePem,
  };
  const calls = { token: 0, create: 0, certificate: 0 };
  const transactions: FakeTpay['transactions'] = [];
  const issuedTokens = new Set<string>();
  const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const json = (status: number, value: unknown) => {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
        };
        if (req.method === 'POST' && req.url === '/oauth/auth') {
          calls.token += 1;
          await delay(behaviour.tokenDelayMs);
          if (behaviour.tokenStatus !== 200) return json(behaviour.tokenStatus, { result: 'failed' });
          const form = new URLSearchParams(body);
          if (form.get('client_id') !== credentials.id || form.get('client_secret') !== credentials.secret) {
            return json(401, { error: 'invalid_client' });
          }
          const token = `token-${randomUUID()}`;
          issuedTokens.add(token);
          return json(200, {
            issued_at: Math.floor(Date.now() / 1000),
            scope: 'read',
            token_type: 'Bearer',
            expires_in: 7200,
            access_token: token,
          });
        }
        if (req.method === 'POST' && req.url === '/transactions') {
          calls.create += 1;
          await delay(behaviour.createDelayMs);
          const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
          if (!issuedTokens.has(token)) return json(401, { result: 'failed' });
          if (behaviour.createStatus !== 200) return json(behaviour.createStatus, { result: 'failed' });
          const parsed = JSON.parse(body) as Record<string, unknown>;
          const transactionId = `01${randomUUID().replace(/-/g, '').slice(0, 24).toUpperCase()}`;
          const title = `TR-${randomUUID().slice(0, 4).toUpperCase()}-${randomUUID().slice(0, 6).toUpperCase()}`;
          transactions.push({ transactionId, title, body: parsed, authorization: req.headers.authorization });
          return json(200, {
            result: 'success',
            requestId: randomUUID(),
            transactionId,
            title,
            posId: 'ps_test',
            status: 'pending',
            amount: parsed.amount,
            currency: 'PLN',
            description: parsed.description,
            hiddenDescription: parsed.hiddenDescription,
            transactionPaymentUrl: `https://secure.sandbox.tpay.com/?title=${title}`,
          });
        }
        if (req.method === 'GET' && req.url === '/x509/notifications-jws.pem') {
          calls.certificate += 1;
          res.writeHead(200, { 'content-type': 'application/x-pem-file' }).end(behaviour.certificatePem);
          return;
        }
        json(404, { result: 'failed' });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const fake: FakeTpay = {
    url,
    certificateUrl: `${url}/x509/notifications-jws.pem`,
    behaviour,
    calls,
    transactions,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
