import { REQUEST_TIMEOUT_MS } from '../config/constants';
import { ApiError } from './api-error';
import { classifyProblem, localProblem } from './problem-catalogue';

/** One HTTP request as `apiRequest` prepared it. */
export interface PreparedRequest {
  method: string;
  url: string;
  /** Breaker and telemetry key, e.g. `GET /bff/platform/jobs/:id`. */
  endpoint: string;
  headers: Record<string, string>;
  body?: string;
  /** `no-store` for the direct (bypass) requests: they must not be answered from the HTTP cache. */
  cache?: RequestCache;
}

/** What every exchange reports (telemetry records latency from it; the api module does not know telemetry). */
export interface ApiExchange {
  endpoint: string;
  method: string;
  /** 0 when no answer arrived. */
  status: number;
  durationMs: number;
  reason?: string;
}

const observers = new Set<(exchange: ApiExchange) => void>();

/** Subscribes to every request's outcome; returns the unsubscribe function. */
export function observeApiExchanges(observer: (exchange: ApiExchange) => void): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

function report(exchange: ApiExchange): void {
  for (const observer of observers) {
    try {
      observer(exchange);
    } catch {
      // an observer's failure must not fail the request
    }
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Sends one request and reads its answer within the 30 s time-out (spec §7), combined with the
 * caller's signal. Resolves with the parsed JSON (undefined for 204 or an empty body); rejects with
 * an `ApiError`: the classified problem for a non-2xx answer, `timeout` when our timer fired,
 * `cancelled` when the caller aborted, `network_error` when no answer came.
 */
export async function exchange(request: PreparedRequest, callerSignal?: AbortSignal): Promise<unknown> {
  if (callerSignal?.aborted) throw localProblem('cancelled');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const started = Date.now();
  let status = 0;

  const noAnswer = (): ApiError => {
    if (timedOut) return localProblem('timeout');
    if (callerSignal?.aborted) return localProblem('cancelled');
    return localProblem('network_error');
  };

  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        credentials: 'same-origin',
        cache: request.cache,
        signal: controller.signal,
      });
      status = response.status;
      text = status === 204 ? '' : await response.text();
    } catch {
      throw noAnswer();
    }

    if (status >= 200 && status < 300) {
      const parsed = text.trim() === '' ? { ok: true as const, value: undefined } : parseJson(text);
      if (parsed.ok) {
        report({ endpoint: request.endpoint, method: request.method, status, durationMs: Date.now() - started });
        return parsed.value;
      }
      // e.g. the SPA's index.html for a path no router claimed: an answer, but not the one asked for
      throw classifyProblem(status, undefined, response.headers);
    }
    const parsed = text.trim() === '' ? undefined : parseJson(text);
    throw classifyProblem(status, parsed?.ok ? parsed.value : undefined, response.headers);
  } catch (error) {
    const apiError = error instanceof ApiError ? error : noAnswer();
    report({
      endpoint: request.endpoint,
      method: request.method,
      status: apiError.status,
      durationMs: Date.now() - started,
      reason: apiError.reason,
    });
    throw apiError;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}
