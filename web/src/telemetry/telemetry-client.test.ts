import { TelemetryClient, type TelemetryClientDeps, type TelemetryConsent } from './telemetry-client';
import type { TelemetryBatch } from '@kadr/contracts/values';
import { TELEMETRY_MAX_BATCH_BYTES } from './telemetry-batch';
import { jsonBytes } from './batch-size';

const NOW = new Date('2025-03-04T05:06:07.000Z');

class PermanentError extends Error {}

function setup(consent: TelemetryConsent = { analytics: true, remoteLogs: true }) {
  const state = { consent };
  const sent: TelemetryBatch[] = [];
  const hidden: TelemetryBatch[] = [];
  const deps: TelemetryClientDeps & { send: jest.Mock; console: { error: jest.Mock } } = {
    send: jest.fn((batch: TelemetryBatch) => {
      sent.push(batch);
      return Promise.resolve({ accepted: {} });
    }),
    sendOnPageHide: (batch) => hidden.push(batch),
    consent: () => state.consent,
    isPermanentFailure: (error) => error instanceof PermanentError,
    now: () => NOW,
    console: { error: jest.fn() },
  };
  const client = new TelemetryClient(deps);
  client.setUser({ userId: 'u1', tenantId: null });
  const recordOneOfEach = () => {
    client.track('page_view', { route: '/gallery' });
    client.recordWebVital('LCP', 1200, 'good');
    client.recordApiLatency('GET /bff/platform/jobs/:id', 87.5, 200);
    client.logClientError(new Error('boom'));
  };
  return { client, deps, state, sent, hidden, recordOneOfEach };
}

describe('TelemetryClient consent', () => {
  it('sends nothing without consent, but still writes errors to the console', async () => {
    const { client, deps, recordOneOfEach } = setup({ analytics: false, remoteLogs: false });
    recordOneOfEach();
    expect(client.pending()).toEqual({ metrics: 0, analytics: 0, logs: 0 });
    await client.flush();
    client.flushOnPageHide();
    expect(deps.send).not.toHaveBeenCalled();
    expect(deps.console.error).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
  });

  it('sends metrics and analytics with analytics consent only, and no errors', async () => {
    const { client, sent, recordOneOfEach } = setup({ analytics: true, remoteLogs: false });
    recordOneOfEach();
    await client.flush();
    expect(sent).toEqual([
      {
        context: { userId: 'u1', tenantId: null },
        metrics: [
          { type: 'web_vital', name: 'LCP', value: 1200, rating: 'good' },
          { type: 'api_latency', method: 'GET', endpoint: '/bff/platform/jobs/:id', status: 200, ms: 87.5 },
        ],
        analytics: [{ name: 'page_view', props: { route: '/gallery' }, at: NOW.toISOString() }],
      },
    ]);
  });

  it('sends errors with remote-logs consent only, and no metrics or events', async () => {
    const { client, sent, recordOneOfEach } = setup({ analytics: false, remoteLogs: true });
    recordOneOfEach();
    await client.flush();
    expect(sent).toHaveLength(1);
    expect(Object.keys(sent[0]!)).toEqual(['context', 'logs']);
    expect(sent[0]!.logs).toEqual([expect.objectContaining({ message: 'Error: boom', at: NOW.toISOString() })]);
  });

  it('drops what is queued of a kind when its consent is withdrawn', async () => {
    const { client, state, sent, recordOneOfEach } = setup();
    recordOneOfEach();
    state.consent = { analytics: false, remoteLogs: true };
    client.applyConsent();
    expect(client.pending()).toEqual({ metrics: 0, analytics: 0, logs: 1 });
    state.consent = { analytics: false, remoteLogs: false };
    // Checked again at send time, even when nobody called applyConsent.
    await client.flush();
    expect(sent).toEqual([]);
    expect(client.pending()).toEqual({ metrics: 0, analytics: 0, logs: 0 });
  });

  it('does not put back a failed batch of a kind whose consent went away meanwhile', async () => {
    const { client, deps, state, recordOneOfEach } = setup();
    recordOneOfEach();
    deps.send.mockImplementationOnce(() => {
      state.consent = { analytics: true, remoteLogs: false };
      return Promise.reject(new Error('network'));
    });
    await client.flush();
    expect(client.pending()).toEqual({ metrics: 2, analytics: 1, logs: 0 });
  });
});

describe('TelemetryClient user', () => {
  it('sends only while someone is signed in', async () => {
    const { client, deps, recordOneOfEach } = setup();
    client.setUser(null);
    recordOneOfEach();
    await client.flush();
    client.flushOnPageHide();
    expect(deps.send).not.toHaveBeenCalled();
    expect(client.pending().analytics).toBe(1);
  });

  it('drops everything queued at sign-out and for another user, keeps it when only the tenant arrives', async () => {
    const { client, sent, recordOneOfEach } = setup();
    recordOneOfEach();
    client.setUser({ userId: 'u1', tenantId: 't1' });
    expect(client.pending()).toEqual({ metrics: 2, analytics: 1, logs: 1 });
    client.setUser({ userId: null, tenantId: null });
    expect(client.pending()).toEqual({ metrics: 0, analytics: 0, logs: 0 });

    client.setUser({ userId: 'u1', tenantId: 't1' });
    client.track('page_view');
    client.setUser({ userId: 'u2', tenantId: null });
    expect(client.pending().analytics).toBe(0);
    client.track('signed_out');
    await client.flush();
    expect(sent).toEqual([
      { context: { userId: 'u2', tenantId: null }, analytics: [{ name: 'signed_out', at: NOW.toISOString() }] },
    ]);
  });
});

describe('TelemetryClient queues and batches', () => {
  it('keeps at most 100 items per kind, dropping the oldest', async () => {
    const { client, sent } = setup();
    for (let n = 0; n < 150; n += 1) client.track('gallery_paged', { page: n });
    expect(client.pending().analytics).toBe(100);
    await client.flush();
    const pages = sent[0]!.analytics!.map((event) => event.props?.page);
    expect(pages).toEqual(Array.from({ length: 100 }, (_, i) => i + 50));
  });

  it('keeps each batch under 60 kB; the rest goes with the next flush', async () => {
    const { client, sent } = setup();
    const longError = () => Object.assign(new Error('x'.repeat(600)), { stack: 'ą'.repeat(3000) });
    for (let n = 0; n < 100; n += 1) client.logClientError(longError());
    for (let n = 0; n < 100; n += 1) client.recordWebVital('CLS', 0.01, 'good');
    await client.flush();
    expect(jsonBytes(sent[0])).toBeLessThanOrEqual(TELEMETRY_MAX_BATCH_BYTES);
    expect(sent[0]!.logs!.length).toBeGreaterThan(5);
    expect(sent[0]!.metrics!.length).toBeGreaterThan(5);
    const left = client.pending();
    expect(left.logs).toBeGreaterThan(0);
    while (client.pending().logs + client.pending().metrics > 0) await client.flush();
    expect(sent.flatMap((batch) => batch.logs ?? [])).toHaveLength(100);
    expect(sent.flatMap((batch) => batch.metrics ?? [])).toHaveLength(100);
    for (const batch of sent) expect(jsonBytes(batch)).toBeLessThanOrEqual(TELEMETRY_MAX_BATCH_BYTES);
  });

  it('puts a failed batch back for the next flush (no retries of its own), older than what came meanwhile', async () => {
    const { client, deps, sent } = setup();
    client.track('page_view', { n: 1 });
    deps.send.mockImplementationOnce(() => {
      client.track('page_view', { n: 2 });
      return Promise.reject(new Error('network'));
    });
    await client.flush();
    expect(deps.send).toHaveBeenCalledTimes(1);
    await client.flush();
    expect(sent[0]!.analytics!.map((event) => event.props?.n)).toEqual([1, 2]);
  });

  it('drops a batch the gateway refused for good (a 4xx) and one queued for a user who left meanwhile', async () => {
    const { client, deps } = setup();
    client.track('page_view');
    deps.send.mockRejectedValueOnce(new PermanentError('400'));
    await client.flush();
    expect(client.pending().analytics).toBe(0);

    client.track('page_view');
    deps.send.mockImplementationOnce(() => {
      client.setUser({ userId: 'u2', tenantId: null });
      return Promise.reject(new Error('network'));
    });
    await client.flush();
    expect(client.pending().analytics).toBe(0);
  });

  it('runs one regular flush at a time', async () => {
    const { client, deps } = setup();
    let release!: () => void;
    deps.send.mockImplementationOnce(() => new Promise<void>((resolve) => (release = resolve)));
    client.track('page_view');
    const first = client.flush();
    client.track('video_played');
    await client.flush();
    expect(deps.send).toHaveBeenCalledTimes(1);
    release();
    await first;
    await client.flush();
    expect(deps.send).toHaveBeenCalledTimes(2);
  });

  it('hands the page-hide flush one batch to send with keepalive, and sends nothing when nothing waits', () => {
    const { client, hidden } = setup();
    client.flushOnPageHide();
    expect(hidden).toEqual([]);
    client.track('page_view');
    client.flushOnPageHide();
    expect(hidden).toEqual([{ context: { userId: 'u1', tenantId: null }, analytics: [expect.any(Object)] }]);
    expect(client.pending().analytics).toBe(0);
  });
});

describe('TelemetryClient reports', () => {
  it('records API latency by method and path, never the telemetry call itself or a query', async () => {
    const { client, sent } = setup();
    client.recordApiLatency('POST /bff/platform/jobs', 120, 201);
    client.recordApiLatency('/bff/platform/jobs/recent?take=20', 40, 0);
    client.recordApiLatency('POST /bff/telemetry', 10, 202);
    client.recordApiLatency('GET /bff/x', 10, 42);
    client.recordApiLatency('GET /bff/x', Number.NaN, 200);
    client.recordApiLatency('GET /bff/x', 10_000_000, 504);
    await client.flush();
    expect(sent[0]!.metrics).toEqual([
      { type: 'api_latency', method: 'POST', endpoint: '/bff/platform/jobs', status: 201, ms: 120 },
      { type: 'api_latency', endpoint: '/bff/platform/jobs/recent', status: 0, ms: 40 },
      { type: 'api_latency', method: 'GET', endpoint: '/bff/x', status: 504, ms: 600_000 },
    ]);
  });

  it('shapes event properties to what the gateway accepts', async () => {
    const { client, sent } = setup();
    client.track('job_created', {
      durationSeconds: 5,
      quality: 'Standard',
      note: 'n'.repeat(150),
      'bad key': 'x',
      missing: undefined,
      infinite: Number.POSITIVE_INFINITY,
    });
    await client.flush();
    expect(sent[0]!.analytics![0]!.props).toEqual({
      durationSeconds: 5,
      quality: 'Standard',
      note: `${'n'.repeat(99)}…`,
    });
  });

  it('reports an API error with its correlation id, reason and status; the page path without its query', async () => {
    window.history.pushState({}, '', '/gallery?page=2#top');
    const { client, sent } = setup();
    const apiError = Object.assign(new Error('Nie udało się'), {
      name: 'ApiError',
      reason: 'backend_http',
      status: 502,
      correlationId: 'corr-123',
    });
    client.logClientError(apiError, { where: 'gallery', componentStack: '\n    at Gallery' });
    client.logClientError('a string');
    client.logClientError({ email: 'secret@example.com' });
    await client.flush();
    const [first, second, third] = sent[0]!.logs!;
    expect(first).toEqual({
      message: 'ApiError: Nie udało się',
      stack: expect.stringContaining('Component stack:\n    at Gallery'),
      correlationId: 'corr-123',
      path: '/gallery',
      context: { reason: 'backend_http', status: 502, where: 'gallery' },
      at: NOW.toISOString(),
    });
    expect(second).toMatchObject({ message: 'a string' });
    expect(third).toMatchObject({ message: 'Non-error value thrown (object)' });
    expect(JSON.stringify(third)).not.toContain('secret@example.com');
    window.history.pushState({}, '', '/');
  });
});
