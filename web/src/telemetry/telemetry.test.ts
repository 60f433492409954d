import { act } from '@testing-library/react';
import { apiRequest } from '../api/api-client';
import { observeApiExchanges, type ApiExchange } from '../api/http-exchange';
import { CONSENT_DEFAULTS, METRICS_FLUSH_INTERVAL_MS } from '../config/constants';
import { useConsent } from '../consent/consent-store';
import {
  flushTelemetry,
  logClientError,
  pendingTelemetry,
  recordApiLatency,
  setTelemetryUser,
  startTelemetry,
  track,
} from './telemetry';

jest.mock('../api/api-client', () => ({ apiRequest: jest.fn(), newIdempotencyKey: () => 'fresh-key' }));
jest.mock('../api/http-exchange', () => ({ observeApiExchanges: jest.fn() }));
const vitals: Record<string, (metric: { name: string; value: number; rating: string }) => void> = {};
jest.mock('web-vitals', () => {
  const on = (name: string) => (callback: never) => {
    vitals[name] = callback;
  };
  return { onLCP: on('LCP'), onCLS: on('CLS'), onINP: on('INP'), onFCP: on('FCP'), onTTFB: on('TTFB') };
});

const apiRequestMock = jest.mocked(apiRequest);
const observeMock = jest.mocked(observeApiExchanges);
const fetchMock = jest.fn();
const originalFetch = globalThis.fetch;
let stop: () => void = () => undefined;
let errorSpy: jest.SpyInstance;

const postedBatches = () => apiRequestMock.mock.calls.map((call) => (call[2] as { body: unknown }).body);

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  useConsent.setState({ ...CONSENT_DEFAULTS });
  setTelemetryUser(null);
  apiRequestMock.mockReset().mockResolvedValue({ accepted: { metrics: 0, analytics: 0, logs: 0 } });
  observeMock.mockReset().mockReturnValue(() => undefined);
  fetchMock.mockReset().mockResolvedValue({ ok: true, status: 202 });
  globalThis.fetch = fetchMock;
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  stop = startTelemetry();
  setTelemetryUser({ userId: 'u1', tenantId: 't1' });
});

afterEach(() => {
  stop();
  errorSpy.mockRestore();
  globalThis.fetch = originalFetch;
  jest.useRealTimers();
});

describe('telemetry flushes', () => {
  it('posts the queue every 60 s to /bff/telemetry with no retries, only when something is queued', async () => {
    await jest.advanceTimersByTimeAsync(METRICS_FLUSH_INTERVAL_MS);
    expect(apiRequestMock).not.toHaveBeenCalled();

    track('page_view', { route: '/dashboard' });
    await jest.advanceTimersByTimeAsync(METRICS_FLUSH_INTERVAL_MS - 1);
    expect(apiRequestMock).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(apiRequestMock).toHaveBeenCalledTimes(1);
    expect(apiRequestMock).toHaveBeenCalledWith('POST', '/bff/telemetry', {
      body: {
        context: { userId: 'u1', tenantId: 't1' },
        analytics: [{ name: 'page_view', props: { route: '/dashboard' }, at: expect.any(String) }],
      },
      retry: 'none',
      resilience: 'bypass',
    });

    await jest.advanceTimersByTimeAsync(METRICS_FLUSH_INTERVAL_MS);
    expect(apiRequestMock).toHaveBeenCalledTimes(1);
  });

  it('posts nothing while nobody is signed in', async () => {
    setTelemetryUser({ userId: null, tenantId: null });
    track('page_view');
    await jest.advanceTimersByTimeAsync(METRICS_FLUSH_INTERVAL_MS * 3);
    window.dispatchEvent(new Event('pagehide'));
    expect(apiRequestMock).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a batch whose post failed for the next tick', async () => {
    apiRequestMock.mockRejectedValueOnce(new Error('network'));
    track('page_view');
    await jest.advanceTimersByTimeAsync(METRICS_FLUSH_INTERVAL_MS);
    expect(pendingTelemetry().analytics).toBe(1);
    await jest.advanceTimersByTimeAsync(METRICS_FLUSH_INTERVAL_MS);
    expect(apiRequestMock).toHaveBeenCalledTimes(2);
    expect(pendingTelemetry().analytics).toBe(0);
  });

  it('sends with fetch keepalive, the CSRF token and an Idempotency-Key when the page is hidden', () => {
    document.cookie = 'kadr_csrf=csrf-token-value';
    track('video_played');
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/bff/telemetry');
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: {
        'X-CSRF-Token': 'csrf-token-value',
        'Idempotency-Key': 'fresh-key',
        'Content-Type': 'application/json',
      },
    });
    expect(JSON.parse(init.body as string)).toMatchObject({ analytics: [{ name: 'video_played' }] });

    track('page_view');
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('stops flushing once stopped', async () => {
    stop();
    track('page_view');
    await jest.advanceTimersByTimeAsync(METRICS_FLUSH_INTERVAL_MS * 2);
    window.dispatchEvent(new Event('pagehide'));
    expect(apiRequestMock).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    await flushTelemetry();
    expect(apiRequestMock).toHaveBeenCalledTimes(1);
  });
});

describe('telemetry consent', () => {
  it('posts nothing at all when both consents are off (errors still reach the console)', async () => {
    act(() => useConsent.getState().setAnalytics(false));
    track('page_view');
    recordApiLatency('GET /bff/platform/jobs/recent', 30, 200);
    vitals.LCP?.({ name: 'LCP', value: 900, rating: 'good' });
    logClientError(new Error('boom'));
    await jest.advanceTimersByTimeAsync(METRICS_FLUSH_INTERVAL_MS);
    window.dispatchEvent(new Event('pagehide'));
    expect(apiRequestMock).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(errorSpy).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
  });

  it('sends client errors only once remote logs are allowed (off by default)', async () => {
    logClientError(new Error('before consent'));
    expect(pendingTelemetry().logs).toBe(0);
    act(() => useConsent.getState().setRemoteLogs(true));
    logClientError(new Error('after consent'), { where: 'test' });
    await jest.advanceTimersByTimeAsync(METRICS_FLUSH_INTERVAL_MS);
    expect(postedBatches()).toEqual([
      expect.objectContaining({ logs: [expect.objectContaining({ message: 'Error: after consent' })] }),
    ]);
  });

  it('drops the queued metrics and events the moment analytics consent is withdrawn, logs with remote logs', async () => {
    act(() => useConsent.getState().setRemoteLogs(true));
    track('page_view');
    recordApiLatency('GET /bff/platform/jobs/recent', 30, 200);
    logClientError(new Error('boom'));
    expect(pendingTelemetry()).toEqual({ metrics: 1, analytics: 1, logs: 1 });
    act(() => useConsent.getState().setAnalytics(false));
    expect(pendingTelemetry()).toEqual({ metrics: 0, analytics: 0, logs: 1 });
    act(() => useConsent.getState().setRemoteLogs(false));
    expect(pendingTelemetry()).toEqual({ metrics: 0, analytics: 0, logs: 0 });
    await jest.advanceTimersByTimeAsync(METRICS_FLUSH_INTERVAL_MS);
    expect(apiRequestMock).not.toHaveBeenCalled();
  });
});

describe('telemetry sources', () => {
  it('records web vitals and every API exchange as metrics', async () => {
    expect(Object.keys(vitals).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    vitals.LCP?.({ name: 'LCP', value: 1500.25, rating: 'needs-improvement' });
    vitals.CLS?.({ name: 'CLS', value: 0.12, rating: 'needs-improvement' });
    const observer = observeMock.mock.calls[0]?.[0] as (exchange: ApiExchange) => void;
    observer({ endpoint: 'GET /bff/platform/jobs/:id', method: 'GET', status: 404, durationMs: 42 });
    await jest.advanceTimersByTimeAsync(METRICS_FLUSH_INTERVAL_MS);
    expect(postedBatches()[0]).toEqual({
      context: { userId: 'u1', tenantId: 't1' },
      metrics: [
        { type: 'web_vital', name: 'LCP', value: 1500.25, rating: 'needs-improvement' },
        { type: 'web_vital', name: 'CLS', value: 0.12, rating: 'needs-improvement' },
        { type: 'api_latency', method: 'GET', endpoint: '/bff/platform/jobs/:id', status: 404, ms: 42 },
      ],
    });
  });
});
