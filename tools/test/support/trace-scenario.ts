/**
 * One trace across every hop (issue 17), checked on the spans `npm start`'s process really
 * exports over OTLP: a person with a live stream open generates a video and pays for credits.
 *
 * - `POST /bff/platform/jobs` (auth-gateway) → jobs → commerce hold → `job.created` (jobs' outbox,
 *   the bus) → the worker's delivery → `render` → `job.progress` → commerce, media and the
 *   gateway's live consumer → one `live fan-out` span to the person's streams.
 * - `POST …/payment/mock-process` (auth-gateway) → commerce → `payment.completed` (commerce's
 *   outbox) → the grant → `credits.changed` → the gateway → `live fan-out`.
 *
 * Parent/child links and service names are checked, not only that spans exist.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { until } from '@kadr/tooling/test-helpers';
import { ApiClient } from './api-client';
import { EmbeddedProcess, embeddedTestEnv } from './embedded-process';
import { STREAM_OPEN_SPAN } from '../../../services/auth-gateway/src/entry-points/http/07-live/stream-open-span';
import { startOtlpReceiver, type ReceivedSpan } from './otlp-receiver';

const SERVER = 2;

class Trace {
  private readonly byId: Map<string, ReceivedSpan>;

  constructor(
    readonly traceId: string,
    private readonly spans: ReceivedSpan[],
  ) {
    this.byId = new Map(spans.map((span) => [span.spanId, span]));
  }

  parentOf(span: ReceivedSpan): ReceivedSpan | undefined {
    return span.parentSpanId ? this.byId.get(span.parentSpanId) : undefined;
  }

  /** Whether `ancestor` is above `span` in this trace. */
  descends(span: ReceivedSpan, ancestor: ReceivedSpan): boolean {
    for (let at = this.parentOf(span); at; at = this.parentOf(at)) if (at.spanId === ancestor.spanId) return true;
    return false;
  }

  /** The spans matching, in this trace; fails naming what the trace holds when there is none. */
  all(what: string, match: (span: ReceivedSpan) => boolean): ReceivedSpan[] {
    const found = this.spans.filter((span) => span.traceId === this.traceId && match(span));
    if (found.length === 0) {
      const held = this.spans
        .filter((span) => span.traceId === this.traceId)
        .map((span) => `${span.service}: ${span.name}`)
        .join('\n  ');
      throw new Error(`trace ${this.traceId} has no ${what}; it holds:\n  ${held}`);
    }
    return found;
  }

  one(what: string, match: (span: ReceivedSpan) => boolean): ReceivedSpan {
    return this.all(what, match)[0]!;
  }
}

const pathOf = (span: ReceivedSpan) => String(span.attributes['url.path'] ?? span.attributes['http.target'] ?? '');
const methodOf = (span: ReceivedSpan) =>
  String(span.attributes['http.request.method'] ?? span.attributes['http.method'] ?? '');

/** The server span of a public request to the gateway. */
function gatewayRequest(spans: ReceivedSpan[], method: string, urlPath: string): Trace {
  const span = spans.find(
    (s) => s.service === 'auth-gateway' && s.kind === SERVER && methodOf(s) === method && pathOf(s) === urlPath,
  );
  if (!span) throw new Error(`no auth-gateway server span for ${method} ${urlPath}`);
  return new Trace(span.traceId, spans);
}

export interface TraceScenarioOptions {
  /** Keep the real-server variables of this process's environment (the real-server stage sets them). */
  realServers: boolean;
}

export async function runTraceScenario({ realServers }: TraceScenarioOptions): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-traces-'));
  const receiver = await startOtlpReceiver();
  const { env, base } = await embeddedTestEnv(workDir, {
    realServers,
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_SERVICE_NAME: 'kadr', OTEL_BSP_SCHEDULE_DELAY: '100' },
  });
  const embedded = new EmbeddedProcess(env, workDir);
  const stream = new AbortController();
  try {
    await embedded.start();
    const person = await ApiClient.signIn(base, `traces-${Date.now()}@example.test`);

    // The live stream, open before anything happens: the fan-out must have a stream to reach.
    const live = await person.browser.request(`${base}/bff/sse/jobs`, {
      headers: { accept: 'text/event-stream' },
      signal: stream.signal,
    });
    if (live.status !== 200) throw new Error(`the live stream answered ${live.status}`);
    const events: string[] = [];
    void (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of live.body as AsyncIterable<Uint8Array>) events.push(decoder.decode(chunk));
    })().catch(() => undefined);

    const created = await person.request('POST', '/bff/platform/jobs', {
      body: {
        prompt: 'a lighthouse at dusk',
        modelId: 'kadr-motion-v1',
        duration: 5,
        quality: 'Lite',
        speed: 'Ultra Fast',
      },
    });
    if (created.status !== 202)
      throw new Error(`POST /jobs answered ${created.status}: ${JSON.stringify(created.body)}`);
    const jobId = (created.body as { id: string }).id;
    await until(
      async () => {
        const { status } = ((await person.get(`/bff/platform/jobs/${jobId}`)).body as { data: { status: string } })
          .data;
        if (status === 'FAILED') throw new Error(`job ${jobId} failed`);
        return status === 'COMPLETED';
      },
      { timeoutMs: 60_000, what: `job ${jobId} completed` },
    );

    const order = await person.post('/bff/platform/api/commerce/payment/create-order', { packageId: 'credits-100' });
    const orderId = (order.body as { data: { orderId: string } }).data.orderId;
    const settled = await person.post('/bff/platform/api/commerce/payment/mock-process', {
      orderId,
      outcome: 'success',
    });
    if (settled.status !== 200) throw new Error(`mock-process answered ${settled.status}`);

    // Spans are exported every 100 ms; wait for both fan-outs.
    await until(() => receiver.spans.filter((span) => span.name === 'live fan-out').length >= 2, {
      timeoutMs: 30_000,
      what: 'the live fan-out spans',
    });
    await until(() => events.join('').includes('credits'), { timeoutMs: 10_000, what: 'the credits event' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const jobTrace = gatewayRequest(receiver.spans, 'POST', '/bff/platform/jobs');
    checkJobTrace(jobTrace);
    // On Kafka the kafkajs instrumentation's own spans sit between a publish and its deliveries.
    if (realServers) jobTrace.one('a kafkajs span', (span) => span.scope.includes('instrumentation-kafkajs'));
    checkPaymentTrace(gatewayRequest(receiver.spans, 'POST', '/bff/platform/api/commerce/payment/mock-process'));
    checkNoLayerSpans(receiver.spans);
    checkLiveStreamOpening(receiver.spans);
  } finally {
    stream.abort();
    await embedded.stop();
    await receiver.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * No span per express middleware or router layer (issue 19: ~20 of them per proxied call, a fifth
 * of its CPU) — only request handlers get one — yet the server spans still carry their route.
 */
function checkNoLayerSpans(spans: ReceivedSpan[]): void {
  const layers = spans.filter((span) => ['middleware', 'router'].includes(String(span.attributes['express.type'])));
  if (layers.length > 0) {
    throw new Error(`spans per express layer: ${layers.map((span) => `${span.service}: ${span.name}`).join(', ')}`);
  }
  const unrouted = spans.filter(
    (span) =>
      span.kind === SERVER &&
      span.service === 'jobs' &&
      pathOf(span).startsWith('/jobs') &&
      !span.attributes['http.route'],
  );
  if (unrouted.length > 0) throw new Error(`jobs server spans without http.route: ${unrouted.map(pathOf).join(', ')}`);
}

/**
 * The live stream (still open here) has a short span for its opening, already exported, and no HTTP
 * server span open for its life (issue 19: that span held half of a stream's heap).
 */
function checkLiveStreamOpening(spans: ReceivedSpan[]): void {
  const opened = spans.filter((span) => span.service === 'auth-gateway' && span.name === STREAM_OPEN_SPAN);
  if (opened.length !== 1 || opened[0]!.attributes['http.response.status_code'] !== 200) {
    throw new Error(`expected one "${STREAM_OPEN_SPAN}" span with status 200, got ${JSON.stringify(opened)}`);
  }
  const streamServerSpans = spans.filter((span) => span.kind === SERVER && pathOf(span) === '/bff/sse/jobs');
  if (streamServerSpans.length > 0) throw new Error('the live stream has an HTTP server span');
}

/** A server span of `service` whose parent is `caller`'s and which descends from `above`. */
function calledBy(trace: Trace, service: string, caller: string, above: ReceivedSpan): ReceivedSpan {
  return trace.one(`${service} server span called by ${caller}`, (s) => {
    const parent = trace.parentOf(s);
    return s.service === service && s.kind === SERVER && parent?.service === caller && trace.descends(s, above);
  });
}

/** A consumer span of `service` for `topic` under one of `publishes`. */
function consumed(trace: Trace, service: string, topic: string, publishes: ReceivedSpan[]): ReceivedSpan {
  return trace.one(`${service}'s process ${topic}`, (s) => {
    return s.service === service && s.name === `process ${topic}` && publishes.some((p) => trace.descends(s, p));
  });
}

function published(trace: Trace, service: string | string[], topic: string, above: ReceivedSpan): ReceivedSpan[] {
  const services = [service].flat();
  return trace.all(`${services.join(' or ')}'s publish ${topic}`, (s) => {
    return services.includes(s.service) && s.name === `publish ${topic}` && trace.descends(s, above);
  });
}

function fanOut(trace: Trace, above: ReceivedSpan): ReceivedSpan {
  return trace.one(
    'the live fan-out',
    (s) => s.service === 'auth-gateway' && s.name === 'live fan-out' && trace.descends(s, above),
  );
}

function checkJobTrace(trace: Trace): void {
  const request = trace.one('the gateway request', (s) => s.service === 'auth-gateway' && s.kind === SERVER);
  const jobs = calledBy(trace, 'jobs', 'auth-gateway', request);
  calledBy(trace, 'commerce', 'jobs', jobs);
  const [jobCreated] = published(trace, 'jobs', 'job.created', jobs);
  consumed(trace, 'jobs-worker', 'job.created', [jobCreated!]);
  const render = trace.one(
    'the render',
    (s) => s.service === 'jobs-worker' && s.name === 'render' && trace.descends(s, jobs),
  );
  // Published by the relay of the worker's process: the API's in the embedded mode (one job store, one relay).
  const progress = published(trace, ['jobs', 'jobs-worker'], 'job.progress', render);
  consumed(trace, 'commerce', 'job.progress', progress);
  consumed(trace, 'media', 'job.progress', progress);
  const recorded = consumed(trace, 'auth-gateway', 'job.progress', progress);
  fanOut(trace, recorded);
}

function checkPaymentTrace(trace: Trace): void {
  const request = trace.one('the gateway request', (s) => s.service === 'auth-gateway' && s.kind === SERVER);
  const commerce = calledBy(trace, 'commerce', 'auth-gateway', request);
  const paymentCompleted = published(trace, 'commerce', 'payment.completed', commerce);
  const grant = consumed(trace, 'commerce', 'payment.completed', paymentCompleted);
  const creditsChanged = published(trace, 'commerce', 'credits.changed', grant);
  const recorded = consumed(trace, 'auth-gateway', 'credits.changed', creditsChanged);
  fanOut(trace, recorded);
}
