import { act, renderHook } from '@testing-library/react';
import { applyLiveEvent, resetJobs, setLiveConnected } from './job-store';
import { useActiveJobs, useLiveConnected, useLiveJob, useLiveJobs, useRecentCompletedIds } from './use-live-jobs';

const T0 = '2030-01-01T10:00:00.000Z';
const T1 = '2030-01-01T10:01:00.000Z';

beforeEach(() => resetJobs());

describe('live job hooks', () => {
  it('useActiveJobs: the active jobs newest first, following the events', () => {
    const { result } = renderHook(() => useActiveJobs());
    expect(result.current).toEqual([]);
    act(() => {
      applyLiveEvent('created', { id: 'old', progress: 0, createdAt: T0 });
      applyLiveEvent('created', { id: 'new', progress: 0, createdAt: T1 });
    });
    expect(result.current.map((job) => job.id)).toEqual(['new', 'old']);
    act(() => applyLiveEvent('completed', { id: 'new', progress: 100, createdAt: null }));
    expect(result.current.map((job) => job.id)).toEqual(['old']);
  });

  it('useActiveJobs: the same array while the jobs do not change', () => {
    const { result } = renderHook(() => useActiveJobs());
    act(() => applyLiveEvent('created', { id: 'a', progress: 0, createdAt: T0 }));
    const before = result.current;
    act(() => setLiveConnected(true));
    expect(result.current).toBe(before);
  });

  it('useRecentCompletedIds, useLiveConnected, useLiveJob and useLiveJobs', () => {
    const { result } = renderHook(() => ({
      recent: useRecentCompletedIds(),
      connected: useLiveConnected(),
      one: useLiveJob('a'),
      none: useLiveJob(undefined),
      all: useLiveJobs(),
    }));
    expect(result.current.connected).toBe(false);
    act(() => {
      applyLiveEvent('connected', {});
      applyLiveEvent('progress', { id: 'a', progress: 30, createdAt: null });
      applyLiveEvent('completed', { id: 'b', progress: 100, createdAt: null });
    });
    expect(result.current.recent).toEqual(['b']);
    expect(result.current.connected).toBe(true);
    expect(result.current.one).toEqual({ id: 'a', status: 'PROCESSING', progress: 30, createdAt: null });
    expect(result.current.none).toBeUndefined();
    expect(result.current.all).toEqual({
      activeJobs: [result.current.one],
      recentCompletedIds: ['b'],
      connected: true,
    });
  });
});
