import { HEALTH_CHECK_INTERVAL_MS, HEALTH_STREAM_PROBE_ABORT_MS } from '../config/constants';
import { apiRequest } from './api-client';
import { queuedOfflineActions, startHealthMonitor, useNetworkStatus } from './network-status';
import { setUpFakeApi } from './testing/fake-api';
import { answer, setBrowserOnline, type FakeAnswer } from './testing/fake-server';

const server = setUpFakeApi();
beforeEach(() => setBrowserOnline(true));
afterEach(() => setBrowserOnline(true));

const online = () => useNetworkStatus.getState().online;
const paths = () => server.requests.map((request) => `${request.method} ${request.path}`);

describe('online / offline from the browser', () => {
  it('follows navigator.onLine through the offline and online events', () => {
    expect(online()).toBe(true);
    setBrowserOnline(false);
    expect(online()).toBe(false);
    setBrowserOnline(true);
    expect(online()).toBe(true);
  });

  it('while offline, reads and unqueued actions fail at once with network_error, sending nothing', async () => {
    setBrowserOnline(false);
    await expect(apiRequest('GET', '/bff/platform/jobs/active')).rejects.toMatchObject({
      reason: 'network_error',
      message: 'Please check your connection and try again.',
    });
    await expect(apiRequest('POST', '/bff/platform/jobs', { body: {} })).rejects.toMatchObject({
      reason: 'network_error',
    });
    await expect(apiRequest('GET', '/bff/platform/x', { resilience: 'bypass' })).rejects.toMatchObject({
      reason: 'network_error',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('queues actions marked queueWhenOffline and sends them in order, one after the other, when the connection returns', async () => {
    server.handle((request) =>
      request.path.endsWith('/first') ? answer.delayed(200, answer.json(200, 'first')) : answer.json(200, 'second'),
    );
    setBrowserOnline(false);
    let settled = 0;
    const first = apiRequest('PUT', '/bff/platform/first', { body: { n: 1 }, queueWhenOffline: true }).finally(
      () => settled++,
    );
    const second = apiRequest('PUT', '/bff/platform/second', { body: { n: 2 }, queueWhenOffline: true }).finally(
      () => settled++,
    );
    await jest.advanceTimersByTimeAsync(5_000);
    expect(server.requests).toHaveLength(0);
    expect(settled).toBe(0); // still pending
    expect(queuedOfflineActions()).toBe(2);

    setBrowserOnline(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(paths()).toEqual(['PUT /bff/platform/first']);
    await jest.advanceTimersByTimeAsync(200);
    await expect(first).resolves.toBe('first');
    await expect(second).resolves.toBe('second');
    expect(paths()).toEqual(['PUT /bff/platform/first', 'PUT /bff/platform/second']);
    expect(server.requests[1]?.body).toEqual({ n: 2 });
    expect(queuedOfflineActions()).toBe(0);
  });

  it('a queued action the caller aborts is dropped with cancelled and never sent', async () => {
    setBrowserOnline(false);
    const controller = new AbortController();
    const pending = apiRequest('POST', '/bff/platform/dropped', { queueWhenOffline: true, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ reason: 'cancelled' });
    setBrowserOnline(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(0);
  });

  it('queueWhenOffline does not hold reads', async () => {
    setBrowserOnline(false);
    await expect(apiRequest('GET', '/bff/platform/read', { queueWhenOffline: true })).rejects.toMatchObject({
      reason: 'network_error',
    });
  });
});

describe('health monitor', () => {
  /** /health and the stream probe answer as scripted. */
  function healthServer(health: () => FakeAnswer, stream: () => FakeAnswer = () => answer.text(200, ': connected')) {
    server.handle((request) => {
      if (request.path === '/health') return health();
      if (request.path === '/bff/sse/jobs') return stream();
      return answer.json(200, { ok: true });
    });
  }

  it('checks GET /health and probes the event stream at once and every 60 s', async () => {
    healthServer(() => answer.json(200, { status: 'ok' }));
    const stop = startHealthMonitor();
    await jest.advanceTimersByTimeAsync(0);
    expect(paths()).toEqual(['GET /health', 'GET /bff/sse/jobs']);
    expect(server.requests[1]?.headers.accept).toBe('text/event-stream');
    expect(server.requests[1]?.signal?.aborted).toBe(true); // the probe closes the stream once it answered
    expect(useNetworkStatus.getState().streamReachable).toBe(true);

    await jest.advanceTimersByTimeAsync(HEALTH_CHECK_INTERVAL_MS - 1);
    expect(server.requests).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(4);
    stop();
    await jest.advanceTimersByTimeAsync(HEALTH_CHECK_INTERVAL_MS * 3);
    expect(server.requests).toHaveLength(4);
  });

  it('probes the event stream only while probeStream says so (nobody signed in: /health alone)', async () => {
    healthServer(() => answer.json(200, {}));
    let signedIn = false;
    const stop = startHealthMonitor({ probeStream: () => signedIn });
    await jest.advanceTimersByTimeAsync(0);
    expect(paths()).toEqual(['GET /health']);
    expect(useNetworkStatus.getState().streamReachable).toBeNull();

    signedIn = true;
    await jest.advanceTimersByTimeAsync(HEALTH_CHECK_INTERVAL_MS);
    expect(paths()).toEqual(['GET /health', 'GET /health', 'GET /bff/sse/jobs']);
    expect(useNetworkStatus.getState().streamReachable).toBe(true);
    stop();
  });

  it('aborts the stream probe after 800 ms and reports the stream unreachable', async () => {
    healthServer(
      () => answer.json(200, {}),
      () => answer.hang(),
    );
    const stop = startHealthMonitor();
    await jest.advanceTimersByTimeAsync(HEALTH_STREAM_PROBE_ABORT_MS - 1);
    expect(server.requests[1]?.signal?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(server.requests[1]?.signal?.aborted).toBe(true);
    expect(useNetworkStatus.getState().streamReachable).toBe(false);
    expect(online()).toBe(true); // the stream alone does not decide connectivity
    stop();
  });

  it('a failed /health while the browser says online marks the app offline until the next successful check', async () => {
    let healthy = true;
    healthServer(() => (healthy ? answer.json(200, {}) : answer.networkError()));
    const stop = startHealthMonitor();
    await jest.advanceTimersByTimeAsync(0);
    expect(online()).toBe(true);

    healthy = false;
    await jest.advanceTimersByTimeAsync(HEALTH_CHECK_INTERVAL_MS);
    expect(online()).toBe(false);
    const queued = apiRequest('PUT', '/bff/platform/api/settings/ai-provider', {
      body: { provider: 'local' },
      queueWhenOffline: true,
    });
    await expect(apiRequest('GET', '/bff/platform/ai-models')).rejects.toMatchObject({ reason: 'network_error' });

    healthy = true;
    await jest.advanceTimersByTimeAsync(HEALTH_CHECK_INTERVAL_MS);
    expect(online()).toBe(true);
    await expect(queued).resolves.toEqual({ ok: true });
    expect(paths()).toContain('PUT /bff/platform/api/settings/ai-provider');
    stop();
  });

  it.each<[string, boolean, FakeAnswer]>([
    ['a 503', false, answer.problem(503, 'service_unavailable')],
    ['a proxy’s HTML 502', false, answer.text(502, '<html>Bad Gateway</html>')],
    ['no answer within 30 s', false, answer.hang()],
    ['a 404 (the gateway is there)', true, answer.text(404, 'Not Found')],
  ])('/health answering %s → online: %p', async (_name, expected, health) => {
    healthServer(() => health);
    const stop = startHealthMonitor();
    await jest.advanceTimersByTimeAsync(30_000);
    expect(online()).toBe(expected);
    stop();
    expect(online()).toBe(true); // stopping forgets the monitor's verdict
  });

  it('an online event re-checks at once instead of waiting for the next interval', async () => {
    let healthy = false;
    healthServer(() => (healthy ? answer.json(200, {}) : answer.networkError()));
    const stop = startHealthMonitor();
    await jest.advanceTimersByTimeAsync(0);
    expect(online()).toBe(false);
    const before = server.requests.length;

    healthy = true;
    setBrowserOnline(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(server.requests.length).toBe(before + 2);
    expect(online()).toBe(true);
    stop();
  });

  it('does not ask while the browser is offline', async () => {
    healthServer(() => answer.json(200, {}));
    setBrowserOnline(false);
    const stop = startHealthMonitor();
    await jest.advanceTimersByTimeAsync(HEALTH_CHECK_INTERVAL_MS * 2);
    expect(server.requests).toHaveLength(0);
    expect(online()).toBe(false);
    stop();
  });
});
