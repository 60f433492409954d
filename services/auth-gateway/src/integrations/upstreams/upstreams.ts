import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import { Gauge, Histogram } from 'prom-client';
import {
  internalCallHeaders,
  internalTokenKeys,
  type InternalCaller,
  type InternalTokenKeyConfig,
  type InternalTokenKeys,
} from '@kadr/http-kit';
import type { Logger, ServiceMetrics } from '@kadr/telemetry';
import type { GatewayConfig } from '../../config';
import { readBody, sendRequest } from './http-exchange';
import {
  UpstreamAnswerError,
  UpstreamCallCancelledError,
  UpstreamCircuitOpenError,
  UpstreamError,
  UpstreamFailure,
  UpstreamNotConfiguredError,
  UpstreamRequestFailedError,
  UpstreamServerError,
  UpstreamTimeoutError,
  UpstreamUnreachableError,
  isSicknessStatus,
} from './upstream-errors';
import { UPSTREAM_NAMES, upstreamBaseUrls, type UpstreamName } from './upstream-names';

export type UpstreamsConfig = Pick<
  GatewayConfig,
  | 'COMMERCE_URL'
  | 'JOBS_URL'
  | 'MEDIA_URL'
  | 'I18N_URL'
  | 'ADMIN_URL'
  | 'NOTIFICATIONS_URL'
  | 'UPSTREAM_TIMEOUT_MS'
  | 'BREAKER_FAILURE_THRESHOLD'
  | 'BREAKER_OPEN_MS'
  | keyof InternalTokenKeyConfig
>;

export interface UpstreamRequest {
  method: string;
  /** Path and query below the upstream's base URL, forwarded as is: `/jobs/active?take=20`. */
  path: string;
  /** Who the call is made for: the signed-in user, or the gateway itself. */
  caller: InternalCaller;
  /** Further request headers (the proxy's allowlisted browser headers); identity headers win. */
  headers?: Record<string, string>;
  body?: Buffer;
  /** Default: UPSTREAM_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Aborts the call when whoever asked for it has gone (the browser disconnected). */
  signal?: AbortSignal;
  /** Default: the correlation id of the request being handled. */
  correlationId?: string;
}

export interface BufferedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

type BreakerStateName = 'closed' | 'open' | 'half_open' | 'isolated';

const BREAKER_STATE_NAMES: Record<CircuitState, BreakerStateName> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half_open',
  [CircuitState.Isolated]: 'isolated',
};

/** Answers read into memory are for the gateway's own clients (small JSON); more is off-contract. */
const MAX_BUFFERED_ANSWER_BYTES = 1024 * 1024;

const TIMED_OUT = Symbol('timed out');
const CANCELLED = Symbol('cancelled');

interface Upstream {
  name: UpstreamName;
  baseUrl: string;
  agent: http.Agent;
  breaker: CircuitBreakerPolicy;
}

export interface UpstreamsOptions {
  config: UpstreamsConfig;
  logger: Logger;
  metrics: ServiceMetrics;
}

/**
 * The services behind the gateway: one keep-alive agent and one circuit breaker per upstream,
 * shared by the proxy and the internal clients, so a service that fails for one of them is
 * avoided by both. Every call mints the caller's internal token for that upstream, carries the
 * correlation id and trace context, and is bounded by a time-out.
 *
 * Breaker (cockatiel 3): opens after BREAKER_FAILURE_THRESHOLD consecutive failures that mean the
 * upstream is sick (time-outs, connection errors, 502/503/504 and other 5xx answers); while open,
 * calls fail at once with `UpstreamCircuitOpenError`; after BREAKER_OPEN_MS the next call is let
 * through as a test (half-open) — success closes it, failure opens it again. 4xx answers count as
 * successes; a 500/501 (`UpstreamRequestFailedError`: the service is up, one request hit a bug)
 * counts neither way — so nothing one user sends can open it (issue 13, docs/decisions.md).
 */
export class Upstreams {
  readonly #upstreams = new Map<UpstreamName, Upstream>();
  readonly #timeoutMs: number;
  readonly #keys: InternalTokenKeys;
  readonly #logger: Logger;
  readonly #duration: Histogram<'upstream' | 'method' | 'outcome'>;

  constructor({ config, logger, metrics }: UpstreamsOptions) {
    this.#timeoutMs = config.UPSTREAM_TIMEOUT_MS;
    this.#keys = internalTokenKeys(config);
    this.#logger = logger;
    this.#duration = new Histogram({
      name: 'gateway_upstream_request_duration_seconds',
      help: 'Time from sending a request to an upstream until its response headers (or failure), in seconds',
      labelNames: ['upstream', 'method', 'outcome'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [metrics.registry],
    });
    const breakerState = new Gauge({
      name: 'gateway_upstream_breaker_state',
      help: 'Circuit breaker state per upstream: 0 closed, 1 open, 2 half-open, 3 isolated',
      labelNames: ['upstream'] as const,
      registers: [metrics.registry],
    });

    const baseUrls = upstreamBaseUrls(config);
    for (const name of UPSTREAM_NAMES) {
      const baseUrl = baseUrls[name];
      if (!baseUrl) continue;
      const breaker = circuitBreaker(
        handleWhen((error) => error instanceof UpstreamFailure),
        {
          halfOpenAfter: config.BREAKER_OPEN_MS,
          breaker: new ConsecutiveBreaker(config.BREAKER_FAILURE_THRESHOLD),
        },
      );
      breakerState.set({ upstream: name }, CircuitState.Closed);
      breaker.onStateChange((state) => {
        breakerState.set({ upstream: name }, state);
        logger.warn({ upstream: name, breaker: BREAKER_STATE_NAMES[state] }, 'upstream circuit breaker changed state');
      });
      const agent = baseUrl.startsWith('https:')
        ? new https.Agent({ keepAlive: true })
        : new http.Agent({ keepAlive: true });
      this.#upstreams.set(name, { name, baseUrl: baseUrl.replace(/\/+$/, ''), agent, breaker });
    }
  }

  isConfigured(name: UpstreamName): boolean {
    return this.#upstreams.has(name);
  }

  /**
   * Sends the request and resolves once the response headers are in, status < 500, with the body
   * still to be read (streams, SSE). The time-out covers the wait for the headers only.
   */
  open(name: UpstreamName, request: UpstreamRequest): Promise<IncomingMessage> {
    return this.#call(name, request, (response) => Promise.resolve(response));
  }

  /**
   * Sends the request and reads the whole answer (at most 1 MiB) within the time-out. Any status
   * below 500 is an answer; the caller decides what a 4xx means.
   */
  fetch(name: UpstreamName, request: UpstreamRequest): Promise<BufferedAnswer> {
    return this.#call(name, request, async (response) => {
      const status = response.statusCode ?? 0;
      const body = await readBody(response, MAX_BUFFERED_ANSWER_BYTES);
      if (!body) throw new UpstreamAnswerError(name, status, 'the answer is larger than 1 MiB');
      return { status, headers: response.headers, body };
    });
  }

  /** Closes idle keep-alive connections (shutdown). */
  close(): void {
    for (const upstream of this.#upstreams.values()) upstream.agent.destroy();
  }

  async #call<T>(
    name: UpstreamName,
    request: UpstreamRequest,
    consume: (response: IncomingMessage) => Promise<T>,
  ): Promise<T> {
    const upstream = this.#upstreams.get(name);
    if (!upstream) throw new UpstreamNotConfiguredError(name);
    const started = process.hrtime.bigint();
    let outcome = 'error';
    try {
      const result = await upstream.breaker.execute(async () => {
        const { response, value } = await this.#attempt(upstream, request, consume);
        outcome = String(response.statusCode);
        return value;
      });
      return result;
    } catch (error) {
      outcome = outcomeOf(error, outcome);
      if (error instanceof BrokenCircuitError) throw new UpstreamCircuitOpenError(name);
      if (error instanceof UpstreamFailure || error instanceof UpstreamRequestFailedError) {
        this.#logger.warn({ upstream: name, method: request.method, err: error.message }, 'upstream call failed');
      }
      throw error;
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.#duration.observe({ upstream: name, method: request.method, outcome }, seconds);
    }
  }

  async #attempt<T>(
    upstream: Upstream,
    request: UpstreamRequest,
    consume: (response: IncomingMessage) => Promise<T>,
  ): Promise<{ response: IncomingMessage; value: T }> {
    const timeoutMs = request.timeoutMs ?? this.#timeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(TIMED_OUT), timeoutMs);
    const cancel = () => controller.abort(CANCELLED);
    if (request.signal?.aborted) cancel();
    request.signal?.addEventListener('abort', cancel, { once: true });
    try {
      const identity = await internalCallHeaders({
        caller: request.caller,
        audience: upstream.name,
        keys: this.#keys,
        correlationId: request.correlationId,
      });
      const headers: Record<string, string> = { ...request.headers, ...identity };
      if (request.body) headers['content-length'] = String(request.body.length);
      const response = await sendRequest(new URL(upstream.baseUrl + request.path), {
        method: request.method,
        headers,
        agent: upstream.agent,
        signal: controller.signal,
        body: request.body,
      });
      const status = response.statusCode ?? 0;
      if (status >= 500) {
        // The body is not passed on (the gateway answers its own problem); drain it so the
        // connection can be reused.
        response.resume();
        if (!isSicknessStatus(status)) throw new UpstreamRequestFailedError(upstream.name, status);
        throw new UpstreamServerError(upstream.name, status);
      }
      return { response, value: await consume(response) };
    } catch (error) {
      if (controller.signal.aborted) {
        if (controller.signal.reason === TIMED_OUT) throw new UpstreamTimeoutError(upstream.name, timeoutMs);
        throw new UpstreamCallCancelledError(upstream.name);
      }
      if (error instanceof UpstreamError) throw error;
      throw new UpstreamUnreachableError(upstream.name, error);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', cancel);
    }
  }
}

function outcomeOf(error: unknown, fallback: string): string {
  if (error instanceof BrokenCircuitError) return 'circuit_open';
  if (error instanceof UpstreamTimeoutError) return 'timeout';
  if (error instanceof UpstreamUnreachableError) return 'unreachable';
  if (error instanceof UpstreamCallCancelledError) return 'cancelled';
  if (error instanceof UpstreamServerError || error instanceof UpstreamRequestFailedError) return String(error.status);
  return fallback;
}

export function createUpstreams(options: UpstreamsOptions): Upstreams {
  return new Upstreams(options);
}
