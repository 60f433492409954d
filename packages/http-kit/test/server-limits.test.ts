import { Router } from 'express';
import net from 'node:net';
import { createLogger, createMetrics } from '@kadr/telemetry';
import { createHttpApp, DEFAULT_SERVER_LIMITS, startHttpServer, type RunningServer } from '../src';

/**
 * Issue 13, "limits a real server has": a client that sends its headers or its body slowly is cut
 * off (408) instead of holding a socket for Node's default 300 s, and oversized headers get a
 * 431; all three answer problem+json like the rest of the kit. The limits are small here
 * (configurable); production uses DEFAULT_SERVER_LIMITS (30 s request, 10 s headers).
 */
const TEST_LIMITS = { headersTimeoutMs: 300, requestTimeoutMs: 600, timeoutCheckIntervalMs: 50 };

function buildApp() {
  const routes = Router();
  routes.get('/ping', (_req, res) => {
    res.json({ pong: true });
  });
  routes.post('/echo', (req, res) => {
    res.json(req.body);
  });
  return createHttpApp({
    service: 'limits',
    logger: createLogger({ service: 'limits', level: 'silent' }),
    metrics: createMetrics({ service: 'limits', defaultMetrics: false }),
    routes,
  }).app;
}

/**
 * A raw client: writes `head` at once, then one `drip` chunk every 100 ms for as long as the
 * server keeps the connection open; resolves with everything the server sent once it closes.
 */
function slowClient(server: RunningServer, head: string, drip: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (socket.writable) socket.write(drip);
      }, 100);
    });
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset while we are still dripping; what it answered first is what counts.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearInterval(timer);
      resolve(received);
    });
  });
}

function parseRaw(raw: string): { status: number; headers: string; body: Record<string, unknown> } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return {
    status: Number(head.split(' ')[1]),
    headers: head.toLowerCase(),
    body: JSON.parse(body) as Record<string, unknown>,
  };
}

describe('startHttpServer limits', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpServer(buildApp(), { port: 0, limits: TEST_LIMITS });
  });
  afterAll(() => server.close(0));

  it('defaults to a 30 s request time-out and a 10 s headers time-out, checked every second', () => {
    expect(DEFAULT_SERVER_LIMITS).toMatchObject({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      timeoutCheckIntervalMs: 1_000,
    });
    expect(DEFAULT_SERVER_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(DEFAULT_SERVER_LIMITS.requestTimeoutMs);
  });

  it('applies the limits to the node server', () => {
    expect(server.server.requestTimeout).toBe(600);
    expect(server.server.headersTimeout).toBe(300);
  });

  it('answers 408 problem+json to a client that never finishes its headers', async () => {
    const raw = await slowClient(server, 'GET /ping HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: 1\r\n');
    const answer = parseRaw(raw);
    expect(answer.status).toBe(408);
    expect(answer.headers).toContain('content-type: application/problem+json');
    expect(answer.headers).toMatch(/x-correlation-id: \S+/);
    expect(answer.body).toMatchObject({ type: '/problems/request_timeout', status: 408 });
  });

  it('answers 408 problem+json to a client that sends its body a byte at a time', async () => {
    const raw = await slowClient(
      server,
      'POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      ' ',
    );
    const answer = parseRaw(raw);
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ type: '/problems/request_timeout', status: 408 });
  });

  it('answers 431 problem+json to headers larger than Node accepts', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, '127.0.0.1', () => {
        socket.write(`GET /ping HTTP/1.1\r\nHost: localhost\r\nX-Huge: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
      });
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('utf8')));
      socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
      socket.on('close', () => resolve(received));
    });
    const answer = parseRaw(raw);
    expect(answer.status).toBe(431);
    expect(answer.body).toMatchObject({ type: '/problems/headers_too_large', status: 431 });
  });

  // Node 20 counts the headers time-out from a request's first byte, not from when a keep-alive
  // connection went idle: a connection idle for longer than it is still usable (keep-alive 65 s).
  it('keeps an idle keep-alive connection usable past the headers time-out', async () => {
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const ping = 'GET /ping HTTP/1.1\r\nHost: localhost\r\n\r\n';
    const answer = () =>
      new Promise<string>((resolve) => {
        let received = '';
        const onData = (chunk: Buffer) => {
          received += chunk.toString('utf8');
          if (received.includes('{"pong":true}')) {
            socket.off('data', onData);
            resolve(received);
          }
        };
        socket.on('data', onData);
      });
    socket.write(ping);
    expect(await answer()).toMatch(/^HTTP\/1\.1 200/);
    // Idle for twice the headers time-out (plus checks), then a second request on the same socket.
    await new Promise((resolve) => setTimeout(resolve, TEST_LIMITS.headersTimeoutMs * 2 + 100));
    expect(socket.destroyed).toBe(false);
    socket.write(ping);
    expect(await answer()).toMatch(/^HTTP\/1\.1 200/);
    socket.destroy();
  });

  it('still serves a prompt client on the same server', async () => {
    const response = await fetch(`${server.url}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hello: 'world' });
  });
});
