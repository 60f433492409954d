import { Writable } from 'node:stream';
import { trace } from '@opentelemetry/api';
import { readUntil } from '@kadr/tooling/test-helpers';
import {
  acceptCorrelationId,
  createLogger,
  createMetrics,
  runWithCorrelationId,
  startTracing,
  stopTracing,
} from '../src';

function captureLines() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, destination };
}

describe('createLogger', () => {
  beforeAll(() => startTracing({ serviceName: 'telemetry-test' }));
  afterAll(() => stopTracing());

  it('stamps service, correlation id, trace id and span id', () => {
    const { lines, destination } = captureLines();
    const logger = createLogger({ service: 'commerce', destination });
    const tracer = trace.getTracer('test');
    tracer.startActiveSpan('work', (span) => {
      runWithCorrelationId('corr-12345678', () => logger.info('inside'));
      span.end();
    });
    logger.info('outside');
    expect(lines[0]).toMatchObject({
      service: 'commerce',
      correlationId: 'corr-12345678',
      msg: 'inside',
      level: 'info',
    });
    expect(lines[0]!.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(lines[0]!.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(lines[1]).not.toHaveProperty('traceId');
    expect(lines[1]).not.toHaveProperty('correlationId');
  });

  it('redacts cookies, authorization, tokens and passwords wherever they are logged', () => {
    const { lines, destination } = captureLines();
    const logger = createLogger({ service: 'auth-gateway', destination });
    logger.info(
      {
        password: 'hunter2',
        user: { email: 'a@example.com', accessToken: 'tok-1' },
        req: { headers: { cookie: 'kadr_sid=abc', authorization: 'Bearer xyz', accept: 'application/json' } },
        res: { headers: { 'set-cookie': 'kadr_sid=def' } },
        payment: { provider: { clientSecret: 'cs' } },
      },
      'request',
    );
    const text = JSON.stringify(lines[0]);
    for (const secret of ['hunter2', 'tok-1', 'kadr_sid=abc', 'Bearer xyz', 'kadr_sid=def', '"cs"']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('a@example.com');
    expect(text).toContain('application/json');
  });

  it('censors a copy: the logged objects stay as they were, errors stay errors', () => {
    const { lines, destination } = captureLines();
    const logger = createLogger({ service: 'auth-gateway', destination });
    const headers = { cookie: 'kadr_sid=abc', accept: 'text/html' };
    const err = Object.assign(new Error('upstream refused'), { token: 'tok-2' });
    logger.error({ req: { headers }, err, items: [{ password: 'p-1' }] }, 'failed');
    expect(headers.cookie).toBe('kadr_sid=abc');
    expect(err.token).toBe('tok-2');
    const text = JSON.stringify(lines[0]);
    for (const secret of ['kadr_sid=abc', 'tok-2', 'p-1']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({
      err: { message: 'upstream refused', type: 'Error' },
      items: [{ password: '[redacted]' }],
    });
  });
});

describe('acceptCorrelationId', () => {
  it('keeps a well-formed id and replaces anything else', () => {
    expect(acceptCorrelationId('abc-DEF_123.456:7')).toBe('abc-DEF_123.456:7');
    for (const bad of [undefined, '', 'short', 'has space in it', 'x'.repeat(200), 'line\nbreak-injected', ['a']]) {
      expect(acceptCorrelationId(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('createMetrics', () => {
  it('exposes default metrics and the HTTP histogram with the service label', async () => {
    const { registry, httpRequestDuration } = createMetrics({ service: 'jobs' });
    httpRequestDuration.observe({ method: 'GET', route: '/jobs/:id', status_code: '200' }, 0.02);
    const text = await registry.metrics();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.025",service="jobs",method="GET",route="\/jobs\/:id",status_code="200"\} 1/,
    );
  });

  it('collects the runtime metrics of the process (event-loop lag, heap, GC) with the service label', async () => {
    const { registry } = createMetrics({ service: 'jobs-worker' });
    const sampleOf = (name: string) => new RegExp(`^${name}\\{[^}]*service="jobs-worker"[^}]*\\} \\S+$`, 'm');
    // GC durations appear once the collector has run: garbage is made until a collection is reported.
    const text = await readUntil(
      () => {
        for (let i = 0; i < 100_000; i += 1) void new Array<number>(64).fill(i);
        return registry.metrics();
      },
      (exposition) => sampleOf('nodejs_gc_duration_seconds_count').test(exposition),
      { what: 'a garbage collection in nodejs_gc_duration_seconds' },
    );
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text).toMatch(sampleOf(name));
    }
  });
});
