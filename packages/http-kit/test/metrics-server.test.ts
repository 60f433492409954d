import { Router } from 'express';
import request from 'supertest';
import { createLogger, createMetrics } from '@kadr/telemetry';
import { createHttpApp, mergeExpositions, startMetricsServer, type RunningServer } from '../src';

/**
 * Issue 13: `/metrics` was public on every app port (the gateway's included). It now has a port
 * of its own (METRICS_PORT, 9464) that the ingress never routes; the embedded mode serves every
 * service's registry from one listener, as one valid exposition.
 */
describe('metrics on a port of their own', () => {
  const logger = createLogger({ service: 'test', level: 'silent' });
  const gateway = createMetrics({ service: 'auth-gateway', defaultMetrics: false });
  const jobs = createMetrics({ service: 'jobs', defaultMetrics: false });
  let metricsServer: RunningServer;

  beforeAll(async () => {
    metricsServer = await startMetricsServer({ port: 0, registries: [gateway.registry, jobs.registry] });
  });
  afterAll(() => metricsServer.close(0));

  it('answers 404 at /metrics on the app port', async () => {
    const { app } = createHttpApp({ service: 'auth-gateway', logger, metrics: gateway, routes: Router() });
    const res = await request(app).get('/metrics');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('serves every registry of the process on the metrics port, each family declared once', async () => {
    gateway.httpRequestDuration.observe({ method: 'GET', route: '/bff', status_code: '200' }, 0.01);
    jobs.httpRequestDuration.observe({ method: 'POST', route: '/jobs', status_code: '201' }, 0.02);
    const res = await fetch(`${metricsServer.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text.match(/^# TYPE http_request_duration_seconds histogram$/gm)).toHaveLength(1);
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*service="auth-gateway"[^}]*\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*service="jobs"[^}]*\} 1/);
  });

  it('answers the liveness probe of a process without a public port (the jobs worker)', async () => {
    const res = await fetch(`${metricsServer.url}/health/live`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', service: 'metrics' });
  });

  it('answers anything else on the metrics port with a 404', async () => {
    expect((await fetch(`${metricsServer.url}/health`)).status).toBe(404);
    expect((await fetch(`${metricsServer.url}/health/ready`)).status).toBe(404);
  });

  it('merges families in first-seen order, keeping samples under their family', () => {
    const merged = mergeExpositions([
      '# HELP a A\n# TYPE a counter\na{service="x"} 1\n# HELP b B\n# TYPE b gauge\nb{service="x"} 2\n',
      '# HELP a A\n# TYPE a counter\na{service="y"} 3\n',
    ]);
    expect(merged).toBe(
      '# HELP a A\n# TYPE a counter\na{service="x"} 1\na{service="y"} 3\n# HELP b B\n# TYPE b gauge\nb{service="x"} 2\n',
    );
  });
});
