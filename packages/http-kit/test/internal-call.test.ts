import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, propagation, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BrokenCircuitError } from 'cockatiel';
import { Registry } from 'prom-client';
import { createLogger, runWithCorrelationId } from '@kadr/telemetry';
import { histogramCount, metricValue } from '@kadr/tooling/test-helpers';
import {
  callInternal,
  internalCallBreaker,
  verifyInternalToken,
  type InternalCallIdentity,
  type InternalTokenKeys,
} from '../src';

const keys: InternalTokenKeys = { current: { kid: 'k1', secret: 'a-test-internal-secret-of-32-chars!!' } };
const identity: InternalCallIdentity = {
  caller: { kind: 'service', service: 'jobs', roles: [] },
  audience: 'commerce',
  keys,
};
const logger = createLogger({ service: 'internal-call-test', level: 'silent' });

/** A service that answers `status` and records what it was sent. */
async function fakeService(status: () => number) {
  const received: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    received.push(req.headers);
    res.writeHead(status(), { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('an internal call', () => {
  it('carries a token for the called service, the correlation id and the trace of the work calling', async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    const service = await fakeService(() => 200);
    const caller = {
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.SAMPLED,
    };
    try {
      const answer = await runWithCorrelationId('corr-internal-1', () =>
        context.with(trace.setSpanContext(context.active(), caller), () =>
          callInternal({
            method: 'POST',
            baseUrl: service.baseUrl,
            path: '/holds',
            body: { a: 1 },
            identity,
            timeoutMs: 5_000,
          }),
        ),
      );
      expect(answer.status).toBe(200);
      const headers = service.received[0]!;
      expect(headers['x-correlation-id']).toBe('corr-internal-1');
      expect(headers.traceparent).toBe(`00-${caller.traceId}-${caller.spanId}-01`);
      expect(headers['content-type']).toBe('application/json');
      const token = String(headers.authorization).replace(/^Bearer /, '');
      await expect(verifyInternalToken(token, { keys, audience: 'commerce' })).resolves.toMatchObject({
        service: 'jobs',
      });
    } finally {
      await service.close();
      context.disable();
      propagation.disable();
    }
  });

  it("opens the service's breaker after consecutive 502–504s, fails at once while open, and tests it again later", async () => {
    let status = 503;
    const service = await fakeService(() => status);
    const breaker = internalCallBreaker({ service: 'commerce', failureThreshold: 3, openMs: 200, logger });
    const call = () =>
      callInternal({ method: 'GET', baseUrl: service.baseUrl, path: '/x', identity, timeoutMs: 5_000, breaker });
    try {
      for (let i = 0; i < 3; i += 1) expect((await call()).status).toBe(503);
      await expect(call()).rejects.toBeInstanceOf(BrokenCircuitError);
      expect(service.received).toHaveLength(3);

      status = 200;
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      expect(service.received).toHaveLength(5);
    } finally {
      await service.close();
    }
  });

  it('does not count a 500 (one request hit a bug) or a 4xx against the service', async () => {
    const statuses = [500, 404, 500, 409, 500, 500];
    const service = await fakeService(() => statuses.shift() ?? 200);
    const breaker = internalCallBreaker({ service: 'commerce', failureThreshold: 2, openMs: 60_000, logger });
    try {
      for (let i = 0; i < 7; i += 1) {
        await callInternal({
          method: 'GET',
          baseUrl: service.baseUrl,
          path: '/x',
          identity,
          timeoutMs: 5_000,
          breaker,
        });
      }
      expect(service.received).toHaveLength(7);
    } finally {
      await service.close();
    }
  });

  it('counts a service that does not answer', async () => {
    const service = await fakeService(() => 200);
    await service.close();
    const breaker = internalCallBreaker({ service: 'commerce', failureThreshold: 2, openMs: 60_000, logger });
    const call = () =>
      callInternal({ method: 'GET', baseUrl: service.baseUrl, path: '/x', identity, timeoutMs: 1_000, breaker });
    await expect(call()).rejects.toThrow('fetch failed');
    await expect(call()).rejects.toThrow('fetch failed');
    await expect(call()).rejects.toBeInstanceOf(BrokenCircuitError);
  });

  it("shows its breaker's state and measures its calls by outcome in the caller's registry", async () => {
    let status = 200;
    const service = await fakeService(() => status);
    const silent = http.createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const registry = new Registry();
    const breaker = internalCallBreaker({ service: 'commerce', failureThreshold: 3, openMs: 60_000, logger, registry });
    const call = (baseUrl = service.baseUrl, timeoutMs = 5_000) =>
      callInternal({ method: 'GET', baseUrl, path: '/x', identity, timeoutMs, breaker });
    const state = () => metricValue(registry, 'internal_call_breaker_state', { upstream: 'commerce' });
    try {
      expect(await state()).toBe(0);
      expect((await call()).status).toBe(200);
      status = 503;
      expect((await call()).status).toBe(503);
      const { port } = silent.address() as AddressInfo;
      await expect(call(`http://127.0.0.1:${port}`, 100)).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(await state()).toBe(0);
      await expect(call('http://127.0.0.1:1')).rejects.toThrow('fetch failed');
      expect(await state()).toBe(1);
      await expect(call()).rejects.toBeInstanceOf(BrokenCircuitError);

      const calls = async (outcome: string) =>
        histogramCount(registry, 'internal_call_duration_seconds', { upstream: 'commerce', outcome });
      expect({
        ok: await calls('ok'),
        error_status: await calls('error_status'),
        timeout: await calls('timeout'),
        unavailable: await calls('unavailable'),
        breaker_open: await calls('breaker_open'),
      }).toEqual({ ok: 1, error_status: 1, timeout: 1, unavailable: 1, breaker_open: 1 });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      await service.close();
    }
  });
});
