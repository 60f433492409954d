import { create } from 'zustand';
import { HEALTH_CHECK_INTERVAL_MS, HEALTH_STREAM_PROBE_ABORT_MS, REQUEST_TIMEOUT_MS } from '../config/constants';
import { localProblem } from './problem-catalogue';

/**
 * Connectivity as the app sees it, for the offline (purple) and rate-limit (red) banners.
 *
 * - `online`: the browser says it is online (`navigator.onLine`, `online`/`offline` events) AND the
 *   last `GET /health` of the monitor did not fail. Decision: a failed health check while the browser
 *   claims to be online marks the app offline until the next successful check (60 s later, or at once
 *   on the next `online` event): the gateway cannot be reached, so requests would only fail slowly
 *   (or time out after 30 s) — better to say so and queue actions. "Failed" = no answer (network
 *   error or time-out) or a 5xx (a proxy in front of a dead gateway); any other answer is healthy.
 * - `rateLimitedUntil`: epoch ms until which queued requests wait after a 429; null when nothing waits.
 * - `streamReachable`: whether `/bff/sse/jobs` answered the monitor's probe (null before the first probe, and
 *   while nobody is signed in: the stream is a signed-in user's, so it is not probed then).
 */
export interface NetworkStatus {
  online: boolean;
  rateLimitedUntil: number | null;
  streamReachable: boolean | null;
}

function browserSaysOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export const useNetworkStatus = create<NetworkStatus>(() => ({
  online: browserSaysOnline(),
  rateLimitedUntil: null,
  streamReachable: null,
}));

export function isOnline(): boolean {
  return useNetworkStatus.getState().online;
}

/** Set by the monitor: the last `GET /health` failed although the browser said it was online. */
let healthFailing = false;

function updateOnline(): void {
  const online = browserSaysOnline() && !healthFailing;
  if (useNetworkStatus.getState().online !== online) useNetworkStatus.setState({ online });
}

// ---------------------------------------------------------------- rate-limit banner (written by the 429 queue)

export function showRateLimitedUntil(until: number): void {
  useNetworkStatus.setState({ rateLimitedUntil: until });
}

export function clearRateLimited(): void {
  if (useNetworkStatus.getState().rateLimitedUntil !== null) useNetworkStatus.setState({ rateLimitedUntil: null });
}

// ---------------------------------------------------------------- offline action queue

interface QueuedAction {
  send: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const offlineQueue: QueuedAction[] = [];
let flushing = false;

/**
 * Holds a state-changing request until the connection returns, then sends it (in the order queued,
 * one after the other). The promise stays pending meanwhile; the caller's abort removes it with `cancelled`.
 */
export function queueUntilOnline<T>(send: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(localProblem('cancelled'));
      return;
    }
    const action: QueuedAction = { send, resolve: resolve as (value: unknown) => void, reject };
    offlineQueue.push(action);
    signal?.addEventListener(
      'abort',
      () => {
        const index = offlineQueue.indexOf(action);
        if (index === -1) return; // already sent: the request itself sees the abort
        offlineQueue.splice(index, 1);
        reject(localProblem('cancelled'));
      },
      { once: true },
    );
    if (isOnline()) void flushOfflineQueue();
  });
}

/** How many actions wait for the connection. */
export function queuedOfflineActions(): number {
  return offlineQueue.length;
}

async function flushOfflineQueue(): Promise<void> {
  if (flushing) return;
  flushing = true;
  try {
    while (isOnline()) {
      const action = offlineQueue.shift();
      if (!action) break;
      try {
        action.resolve(await action.send());
      } catch (error) {
        action.reject(error);
      }
    }
  } finally {
    flushing = false;
  }
}

useNetworkStatus.subscribe((state, previous) => {
  if (state.online && !previous.online) void flushOfflineQueue();
});

// ---------------------------------------------------------------- browser events

/** The running monitor's "check now" (an `online` event re-checks at once instead of waiting up to 60 s). */
let checkNow: (() => void) | null = null;

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    healthFailing = false; // the browser just regained a network: give the gateway a fresh chance
    updateOnline();
    checkNow?.();
  });
  window.addEventListener('offline', updateOnline);
}

// ---------------------------------------------------------------- health monitor

/** Any answer below 500 means the gateway is there. */
async function probeHealth(signal: AbortSignal): Promise<boolean> {
  try {
    const response = await fetch('/health', {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal,
    });
    return response.status < 500;
  } catch {
    return false;
  }
}

/** The live stream's endpoint answers (headers within 800 ms); the stream is closed at once. */
async function probeEventStream(outer: AbortSignal): Promise<boolean> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  outer.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(stop, HEALTH_STREAM_PROBE_ABORT_MS);
  try {
    const response = await fetch('/bff/sse/jobs', {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'text/event-stream' },
      signal: controller.signal,
    });
    return response.status < 500;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    outer.removeEventListener('abort', stop);
    controller.abort(); // only the headers were wanted: close the stream
  }
}

export interface HealthMonitorOptions {
  /**
   * Whether the event stream is probed at this check: only while someone is signed in (issue 19: a signed-out
   * page, the landing page above all, opens no event stream — the probe would only earn a 401). Default: always.
   */
  probeStream?: () => boolean;
}

/**
 * Checks `GET /health` (and probes the event stream when `probeStream` says so) at once and every 60 s;
 * returns the stop function. Uses `fetch` directly, not `apiRequest`: the monitor must keep asking while
 * the app believes it is offline (requests are refused then), or it could never notice the way back.
 */
export function startHealthMonitor(options: HealthMonitorOptions = {}): () => void {
  const probeStream = options.probeStream ?? (() => true);
  let stopped = false;
  let running: AbortController | null = null;

  const check = async (): Promise<void> => {
    if (stopped || running || !browserSaysOnline()) return;
    const controller = new AbortController();
    running = controller;
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const [healthy, streamReachable] = await Promise.all([
        probeHealth(controller.signal),
        probeStream() ? probeEventStream(controller.signal) : null,
      ]);
      if (stopped) return;
      healthFailing = !healthy && browserSaysOnline();
      useNetworkStatus.setState({ streamReachable });
      updateOnline();
    } finally {
      clearTimeout(timer);
      running = null;
    }
  };

  const runCheck = () => void check();
  checkNow = runCheck;
  runCheck();
  const interval = setInterval(runCheck, HEALTH_CHECK_INTERVAL_MS);

  return () => {
    stopped = true;
    clearInterval(interval);
    running?.abort();
    if (checkNow === runCheck) checkNow = null;
    healthFailing = false;
    updateOnline();
  };
}
