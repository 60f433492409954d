import { ApiError } from '../api/api-error';
import type { ProblemReason } from '../api/problem-catalogue';
import { QUERY_GC_TIME_MS, QUERY_RETRY_MAX_DELAY_MS, QUERY_STALE_TIME_MS } from '../config/constants';
import { createQueryClient, retryDelay, shouldRetryMutation, shouldRetryQuery } from './query-client';

function apiError(status: number, reason: ProblemReason = 'unknown'): ApiError {
  return new ApiError({ reason, status, title: 'Problem', message: 'Problem' });
}

describe('createQueryClient defaults (spec §9)', () => {
  it('keeps data fresh 5 min and in memory 10 min, refetches on reconnect and mount but not on focus', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(QUERY_STALE_TIME_MS);
    expect(queries?.gcTime).toBe(QUERY_GC_TIME_MS);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchOnReconnect).toBe(true);
    expect(queries?.refetchOnMount).toBe(true);
  });
});

describe('retry rules (spec §8)', () => {
  it.each([404, 401, 403])('never retries a query that failed with %i', (status) => {
    expect(shouldRetryQuery(0, apiError(status))).toBe(false);
  });

  it('retries other failures up to 3 times', () => {
    const error = apiError(503, 'service_unavailable');
    expect([0, 1, 2, 3].map((count) => shouldRetryQuery(count, error))).toEqual([true, true, true, false]);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('retries a mutation once, and never one refused with 401/403/404', () => {
    expect([0, 1].map((count) => shouldRetryMutation(count, apiError(500)))).toEqual([true, false]);
    expect(shouldRetryMutation(0, apiError(403))).toBe(false);
  });

  it('waits 1 s doubling, plus up to 250 ms of jitter, at most 30 s', () => {
    expect([0, 1, 2, 3].map((count) => retryDelay(count, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(0, () => 0.999)).toBeCloseTo(1249.75);
    expect(retryDelay(5, () => 1)).toBe(QUERY_RETRY_MAX_DELAY_MS);
    expect(retryDelay(20, () => 0)).toBe(QUERY_RETRY_MAX_DELAY_MS);
  });
});

describe('the client applies the rules', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  async function failingQuery(error: unknown): Promise<number> {
    const client = createQueryClient();
    const queryFn = jest.fn().mockRejectedValue(error);
    const done = client.fetchQuery({ queryKey: ['thing'], queryFn }).catch(() => undefined);
    await jest.advanceTimersByTimeAsync(QUERY_RETRY_MAX_DELAY_MS * 4);
    await done;
    client.clear();
    return queryFn.mock.calls.length;
  }

  it('asks once for a 404, 401 or 403', async () => {
    expect(await failingQuery(apiError(404, 'not_found'))).toBe(1);
    expect(await failingQuery(apiError(401, 'unauthorized'))).toBe(1);
    expect(await failingQuery(apiError(403, 'forbidden'))).toBe(1);
  });

  it('asks 4 times in all for a 500, spaced by the backoff', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0);
    const client = createQueryClient();
    const queryFn = jest.fn().mockRejectedValue(apiError(500, 'backend_http'));
    const done = client.fetchQuery({ queryKey: ['thing'], queryFn }).catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(2000);
    expect(queryFn).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(4000);
    expect(queryFn).toHaveBeenCalledTimes(4);
    await expect(done).resolves.toBeInstanceOf(ApiError);
    client.clear();
    jest.mocked(Math.random).mockRestore();
  });

  it('runs a failing mutation twice', async () => {
    const client = createQueryClient();
    const mutationFn = jest.fn().mockRejectedValue(apiError(503, 'service_unavailable'));
    const done = client
      .getMutationCache()
      .build(client, { mutationFn })
      .execute(undefined)
      .catch(() => undefined);
    await jest.advanceTimersByTimeAsync(QUERY_RETRY_MAX_DELAY_MS);
    await done;
    expect(mutationFn).toHaveBeenCalledTimes(2);
  });
});
