import { apiRequest } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { observeApiExchanges } from '../api/http-exchange';
import { METRICS_FLUSH_INTERVAL_MS } from '../config/constants';
import { currentConsent, followConsentAcrossTabs, useConsent } from '../consent/consent-store';
import { sendBatchOnPageHide } from './page-hide-transport';
import type { ErrorContext, LooseProps } from './report-shaping';
import type { AnalyticsEventName, TelemetryAccepted, TelemetryBatch } from '@kadr/contracts/values';
import { TelemetryClient, type TelemetryUser } from './telemetry-client';

/**
 * The app's telemetry (spec §9; ARCHITECTURE §6 `POST /bff/telemetry`). What needs which consent:
 * - analytics events (`track`) and metrics (web vitals, API latencies) — the analytics consent
 *   (default on): metrics describe how the person uses the product just as events do;
 * - client errors (`logClientError`) — the remote-logs consent (default off); they always go to
 *   the console.
 * Batches go out every 60 s and when the page is hidden, only while someone is signed in and only
 * when something is queued.
 */

/** A regular flush: one plain request, no retries, no 429 queue (a telemetry 429 must not raise the red banner). */
function postBatch(batch: TelemetryBatch): Promise<TelemetryAccepted> {
  return apiRequest<TelemetryAccepted>('POST', '/bff/telemetry', { body: batch, retry: 'none', resilience: 'bypass' });
}

/** 4xx answers other than 408 and 429 would come again for the same items: those are dropped. */
function isPermanentFailure(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

const client = new TelemetryClient({
  send: postBatch,
  sendOnPageHide: sendBatchOnPageHide,
  consent: currentConsent,
  isPermanentFailure,
});

// A withdrawn consent drops that kind's queue at once, started or not.
useConsent.subscribe(() => client.applyConsent());

/** An analytics event (dropped without analytics consent). Props: at most 10 scalars, strings cut to 100 characters. */
export function track(name: AnalyticsEventName, props?: LooseProps): void {
  client.track(name, props);
}

/** Logs to the console, and queues a report for the server with remote-logs consent. */
export function logClientError(error: unknown, context?: ErrorContext): void {
  client.logClientError(error, context);
}

/** One API call's duration (`endpoint`: `GET /bff/platform/jobs/:id` or a path; status 0 = no answer). */
export function recordApiLatency(endpoint: string, ms: number, status: number): void {
  client.recordApiLatency(endpoint, ms, status);
}

/**
 * The signed-in user whose session the batches go out under; `{ userId: null }` or `null` at
 * sign-out. A different user (or none) drops whatever was queued.
 */
export function setTelemetryUser(user: TelemetryUser | null): void {
  client.setUser(user);
}

/** Sends what is queued now (e.g. before signing out, while the session still exists). */
export function flushTelemetry(): Promise<void> {
  return client.flush();
}

/** Items waiting, per kind (diagnostics and tests). */
export function pendingTelemetry(): ReturnType<TelemetryClient['pending']> {
  return client.pending();
}

let webVitalsObserved = false;
let stopRunning: (() => void) | null = null;

/**
 * Starts the flushes (every METRICS_FLUSH_INTERVAL_MS, and on `pagehide` / `visibilitychange` to
 * hidden), the API latency hook, the web vitals (once per page) and the cross-tab consent sync.
 * Returns the function that stops them (web vitals keep observing; they cannot be unregistered).
 */
export function startTelemetry(): () => void {
  if (stopRunning) return stopRunning;
  if (!webVitalsObserved) {
    webVitalsObserved = true;
    // Loaded after start-up (outside the initial-JS budget); its observers are buffered, so the
    // paint metrics that happened before are still reported.
    import('./web-vitals')
      .then(({ observeWebVitals }) =>
        observeWebVitals((name, value, rating) => client.recordWebVital(name, value, rating)),
      )
      .catch((error: unknown) => console.warn('web vitals unavailable', error));
  }
  const stopObservingApi = observeApiExchanges((exchange) =>
    client.recordApiLatency(exchange.endpoint, exchange.durationMs, exchange.status),
  );
  const stopConsentSync = followConsentAcrossTabs();
  const timer = setInterval(() => void client.flush(), METRICS_FLUSH_INTERVAL_MS);
  const onPageHide = () => client.flushOnPageHide();
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') client.flushOnPageHide();
  };
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onVisibilityChange);

  const stop = () => {
    if (stopRunning !== stop) return;
    stopRunning = null;
    clearInterval(timer);
    window.removeEventListener('pagehide', onPageHide);
    document.removeEventListener('visibilitychange', onVisibilityChange);
    stopObservingApi();
    stopConsentSync();
  };
  stopRunning = stop;
  return stop;
}
