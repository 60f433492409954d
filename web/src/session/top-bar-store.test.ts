import { ApiError } from '../api/api-error';
import { getUserSummary } from '../api/endpoints';
import type { ProblemReason } from '../api/problem-catalogue';
import { TOP_BAR_REFRESH_DEBOUNCE_MS } from '../config/constants';
import { currentLanguage, initI18n, setLanguage } from '../i18n/i18n';
import { logClientError } from '../telemetry/telemetry';
import { clearTopBar, readSummary, refreshTopBar, setCredits, useTopBar } from './top-bar-store';

jest.mock('../api/endpoints', () => ({ getUserSummary: jest.fn() }));
jest.mock('../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));

const summaryMock = jest.mocked(getUserSummary);

function summary(data: Record<string, unknown> = {}) {
  return {
    data: {
      id: 'user-1',
      tenantId: 'tenant-1',
      tier: 'PRO',
      plan: 'starter',
      preferredLanguage: 'en',
      maxResolution: '720p',
      allowance: { limit: 50, used: 3, periodEnd: '2030-01-01T00:00:00.000Z' },
      credits: { balance: 120, currency: 'credits', heldCredits: 10 },
      ...data,
    },
  } as unknown as Awaited<ReturnType<typeof getUserSummary>>;
}

function apiError(status: number, reason: ProblemReason): ApiError {
  return new ApiError({ reason, status, title: 'Problem', message: 'Problem' });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeAll(() => initI18n('pl'));

beforeEach(async () => {
  jest.useFakeTimers();
  summaryMock.mockReset();
  jest.mocked(logClientError).mockReset();
  clearTopBar();
  await setLanguage('pl');
});
afterEach(() => jest.useRealTimers());

describe('refreshTopBar', () => {
  it('loads tier, plan, credits and the preferred language, and switches the UI language', async () => {
    summaryMock.mockResolvedValue(summary());
    await expect(refreshTopBar()).resolves.toMatchObject({ tenantId: 'tenant-1', tier: 'PRO' });
    expect(useTopBar.getState()).toMatchObject({
      tier: 'PRO',
      plan: 'starter',
      language: 'en',
      credits: { balance: 120, currency: 'credits', heldCredits: 10 },
      maxResolution: '720p',
      tenantId: 'tenant-1',
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(currentLanguage()).toBe('en');
  });

  it('ignores a repeat call within 800 ms, and loads again after', async () => {
    summaryMock.mockResolvedValue(summary());
    const first = refreshTopBar();
    await first;
    await jest.advanceTimersByTimeAsync(TOP_BAR_REFRESH_DEBOUNCE_MS - 1);
    expect(refreshTopBar()).toBe(first);
    expect(summaryMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    await refreshTopBar();
    expect(summaryMock).toHaveBeenCalledTimes(2);
  });

  it('merges concurrent calls into one request', async () => {
    const answer = deferred<Awaited<ReturnType<typeof getUserSummary>>>();
    summaryMock.mockReturnValue(answer.promise);
    const calls = [refreshTopBar(), refreshTopBar(), refreshTopBar()];
    // Even after the debounce window, a call while the request is still open joins it.
    await jest.advanceTimersByTimeAsync(TOP_BAR_REFRESH_DEBOUNCE_MS * 2);
    calls.push(refreshTopBar());
    answer.resolve(summary());
    await Promise.all(calls);
    expect(summaryMock).toHaveBeenCalledTimes(1);
    expect(new Set(calls).size).toBe(1);
  });

  it('fails quietly when the request was cancelled', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    summaryMock.mockRejectedValueOnce(apiError(0, 'cancelled'));
    await expect(refreshTopBar()).resolves.toBeUndefined();
    await jest.advanceTimersByTimeAsync(TOP_BAR_REFRESH_DEBOUNCE_MS);
    summaryMock.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(refreshTopBar()).resolves.toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    expect(logClientError).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('warns and fails quietly on 401 or the unauthorized reason', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    summaryMock.mockRejectedValueOnce(apiError(401, 'unauthorized'));
    await expect(refreshTopBar()).resolves.toBeUndefined();
    await jest.advanceTimersByTimeAsync(TOP_BAR_REFRESH_DEBOUNCE_MS);
    summaryMock.mockRejectedValueOnce(apiError(0, 'unauthorized'));
    await expect(refreshTopBar()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(logClientError).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('logs and rethrows any other error', async () => {
    const error = apiError(503, 'service_unavailable');
    summaryMock.mockRejectedValueOnce(error);
    await expect(refreshTopBar()).rejects.toBe(error);
    expect(logClientError).toHaveBeenCalledWith(error, expect.anything());
  });

  it('throws away an answer that arrives after the top bar was cleared (sign-out, other user)', async () => {
    const answer = deferred<Awaited<ReturnType<typeof getUserSummary>>>();
    summaryMock.mockReturnValueOnce(answer.promise);
    const pending = refreshTopBar();
    clearTopBar();
    answer.resolve(summary());
    await expect(pending).resolves.toBeUndefined();
    expect(useTopBar.getState().tier).toBe('FREE');
    expect(useTopBar.getState().credits).toBeNull();
    // and the next refresh is not swallowed by the debounce
    summaryMock.mockResolvedValueOnce(summary());
    await refreshTopBar();
    expect(useTopBar.getState().tier).toBe('PRO');
  });
});

describe('validation (spec §5)', () => {
  it('defaults the tier to FREE and accepts only FREE, PRO or ENTERPRISE', async () => {
    expect(useTopBar.getState().tier).toBe('FREE');
    summaryMock.mockResolvedValueOnce(summary({ tier: 'GOLD' }));
    await refreshTopBar();
    expect(useTopBar.getState().tier).toBe('FREE');
    for (const tier of ['PRO', 'ENTERPRISE', 'FREE'] as const) {
      expect(readSummary(summary({ tier })).tier).toBe(tier);
    }
    expect(readSummary(summary({ tier: 'pro' })).tier).toBeNull();
  });

  it('accepts credits only with a numeric balance', () => {
    expect(
      readSummary(summary({ credits: { balance: '120', currency: 'credits', heldCredits: 0 } })).credits,
    ).toBeNull();
    expect(readSummary(summary({ credits: { balance: Number.NaN } })).credits).toBeNull();
    expect(readSummary(summary({ credits: null })).credits).toBeNull();
    expect(readSummary(summary({ credits: { balance: 0, currency: 'credits', heldCredits: 0 } })).credits).toEqual({
      balance: 0,
      currency: 'credits',
      heldCredits: 0,
    });
  });

  it('keeps a known balance when the summary could not tell it (partial answer)', async () => {
    setCredits({ balance: 7, currency: 'credits', heldCredits: 0 });
    summaryMock.mockResolvedValueOnce(summary({ credits: null }));
    await refreshTopBar();
    expect(useTopBar.getState().credits?.balance).toBe(7);
  });

  it('setCredits (live stream) ignores a balance that is not a number', () => {
    setCredits({ balance: 42, currency: 'credits', heldCredits: 2 });
    setCredits({ balance: 'lots', currency: 'credits', heldCredits: 2 });
    setCredits(null);
    expect(useTopBar.getState().credits).toEqual({ balance: 42, currency: 'credits', heldCredits: 2 });
  });

  it('ignores a preferred language other than en or pl', () => {
    expect(readSummary(summary({ preferredLanguage: 'de' })).preferredLanguage).toBeNull();
  });
});
