import { Router } from 'express';
import { Writable } from 'node:stream';
import request from 'supertest';
import { z } from 'zod';
import { createLogger, createMetrics } from '@kadr/telemetry';
import { createHttpApp, HttpProblem, parseInput, startHttpServer } from '../src';

function silentLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _e, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger({ service: 'test', destination }), lines };
}

function buildApp(readinessOk = true) {
  const routes = Router();
  routes.get('/boom', () => {
    throw new Error('secret connection string mongodb://user:pw@db');
  });
  routes.get('/db-down', () => {
    const error = new Error('connect ECONNREFUSED');
    error.name = 'MongoNetworkError';
    throw error;
  });
  routes.get('/storage-slow', () => {
    throw Object.assign(new Error('socket timeout'), { problem: { status: 504, reason: 's3_timeout' } });
  });
  routes.get('/limited', () => {
    throw new HttpProblem('rate_limited', {
      detail: 'Please wait 7 seconds before trying again.',
      extensions: { retryAfterSeconds: 7 },
    });
  });
  routes.get('/items/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  routes.post('/items', (req, res) => {
    const body = parseInput(
      z.object({ name: z.string().min(1, 'Name is required'), count: z.number().int() }),
      req.body,
    );
    res.status(201).json(body);
  });
  const { logger, lines } = silentLogger();
  const metrics = createMetrics({ service: 'test', defaultMetrics: false });
  const { app, health } = createHttpApp({
    service: 'test',
    logger,
    metrics,
    routes,
    jsonLimit: '1kb',
    readinessChecks: [
      {
        name: 'database',
        check: async () => (readinessOk ? undefined : Promise.reject(new Error('down at 10.0.0.1'))),
      },
    ],
  });
  return { app, health, lines, metrics };
}

const PROBLEM_JSON = /application\/problem\+json/;

describe('createHttpApp', () => {
  it('answers an unknown route with a 404 problem carrying the correlation id', async () => {
    const { app } = buildApp();
    const res = await request(app).get('/nope').set('x-correlation-id', 'req-abcdef-123');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(res.headers['x-correlation-id']).toBe('req-abcdef-123');
    expect(res.body).toEqual({
      type: '/problems/not_found',
      title: 'Not found',
      status: 404,
      detail: 'There is nothing at GET /nope.',
      correlationId: 'req-abcdef-123',
    });
  });

  it('answers a thrown error with a 500 problem that leaks neither stack nor message, and logs it', async () => {
    const { app, lines } = buildApp();
    const res = await request(app).get('/boom');
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(res.body).toMatchObject({ type: '/problems/unknown', title: 'Unexpected error', status: 500 });
    expect(res.body.correlationId).toBe(res.headers['x-correlation-id']);
    expect(res.text).not.toMatch(/secret|mongodb:|at .*\.ts/);
    expect(lines.some((l) => l.includes('"request error"') && l.includes('"stack"'))).toBe(true);
  });

  it('replaces a malformed correlation id with a fresh one', async () => {
    const { app } = buildApp();
    const res = await request(app).get('/items/1').set('x-correlation-id', 'bad id\twith spaces');
    expect(res.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('maps validation failures to 400 with a field errors map', async () => {
    const { app } = buildApp();
    const res = await request(app).post('/items').send({ name: '', count: 1.5 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      type: '/problems/validation',
      detail: 'Please fix highlighted fields.',
      errors: { name: 'Name is required', count: expect.any(String) },
    });
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const { app } = buildApp();
    const malformed = await request(app).post('/items').set('content-type', 'application/json').send('{"name":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.type).toBe('/problems/validation');
    const large = await request(app)
      .post('/items')
      .send({ name: 'x'.repeat(5000), count: 1 });
    expect(large.status).toBe(413);
    expect(large.headers['content-type']).toMatch(PROBLEM_JSON);
  });

  it('maps known infrastructure failures to their catalogue reasons', async () => {
    const { app } = buildApp();
    const db = await request(app).get('/db-down');
    expect(db.status).toBe(503);
    expect(db.body).toMatchObject({ type: '/problems/db_transient', title: 'Temporary issue' });
    const storage = await request(app).get('/storage-slow');
    expect(storage.status).toBe(504);
    expect(storage.body).toMatchObject({ type: '/problems/s3_timeout', title: 'Storage timeout' });
    const limited = await request(app).get('/limited');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');
    expect(limited.body).toMatchObject({ type: '/problems/rate_limited', retryAfterSeconds: 7 });
  });

  it('reports liveness, readiness per dependency (without error details) and draining', async () => {
    const healthy = buildApp(true);
    expect((await request(healthy.app).get('/health/live')).body).toEqual({ status: 'ok', service: 'test' });
    expect((await request(healthy.app).get('/health')).status).toBe(200);
    const ready = await request(healthy.app).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: 'ok' });
    healthy.health.accepting = false;
    const draining = await request(healthy.app).get('/health/ready');
    expect(draining.status).toBe(503);
    expect(draining.body.status).toBe('draining');

    const sick = await request(buildApp(false).app).get('/health/ready');
    expect(sick.status).toBe(503);
    expect(sick.body).toMatchObject({ status: 'degraded', checks: { database: 'failing' } });
    expect(sick.text).not.toContain('10.0.0.1');
  });

  it('records request metrics labelled by route template (served on the metrics port, not here)', async () => {
    const { app, metrics: registry } = buildApp();
    await request(app).get('/items/42');
    expect((await request(app).get('/metrics')).status).toBe(404);
    const metrics = { text: await registry.registry.metrics() };
    expect(metrics.text).toMatch(
      /http_request_duration_seconds_count\{service="test",method="GET",route="\/items\/:id",status_code="200"\} 1/,
    );
  });

  it('sets security headers', async () => {
    const res = await request(buildApp().app).get('/items/1');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('createHttpApp with a service error mapping', () => {
  class SeatTakenError extends Error {
    constructor(readonly seat: string) {
      super(`Seat ${seat} is taken.`);
    }
  }

  function appWithMapping() {
    const routes = Router();
    routes.get('/seats/:seat', (req) => {
      throw new SeatTakenError(req.params.seat);
    });
    routes.get('/boom', () => {
      throw new Error('internal');
    });
    const { logger } = silentLogger();
    const metrics = createMetrics({ service: 'test', defaultMetrics: false });
    return createHttpApp({
      service: 'test',
      logger,
      metrics,
      routes,
      mapError: (error) =>
        error instanceof SeatTakenError
          ? new HttpProblem('conflict', { detail: error.message, extensions: { seat: error.seat } })
          : undefined,
    }).app;
  }

  it("answers the service's own error with the problem its mapping gives", async () => {
    const res = await request(appWithMapping()).get('/seats/12A').set('x-correlation-id', 'req-abcdef-123');
    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(res.text).toBe(
      JSON.stringify({
        seat: '12A',
        type: '/problems/conflict',
        title: 'Conflict',
        status: 409,
        detail: 'Seat 12A is taken.',
        correlationId: 'req-abcdef-123',
      }),
    );
  });

  it('leaves what the mapping does not know to the shared mapping', async () => {
    const res = await request(appWithMapping()).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ type: '/problems/unknown' });
  });
});

describe('startHttpServer', () => {
  it('lets an in-flight request finish on close, then refuses new connections', async () => {
    const routes = Router();
    routes.get('/slow', async (_req, res) => {
      await new Promise((r) => setTimeout(r, 200));
      res.json({ done: true });
    });
    const { logger } = silentLogger();
    const { app, health } = createHttpApp({
      service: 't',
      logger,
      metrics: createMetrics({ service: 't', defaultMetrics: false }),
      routes,
    });
    const running = await startHttpServer(app, { port: 0, health });
    const inFlight = fetch(`${running.url}/slow`).then((r) => r.json());
    await new Promise((r) => setTimeout(r, 50));
    const closed = running.close(5000);
    expect(health.accepting).toBe(false);
    await expect(inFlight).resolves.toEqual({ done: true });
    await closed;
    await expect(fetch(`${running.url}/slow`)).rejects.toThrow();
  });
});
