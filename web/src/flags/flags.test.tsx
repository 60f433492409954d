import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { getFlags } from '../api/endpoints';
import { BROWSER_ID_STORAGE_KEY, getBrowserId } from './browser-id';
import { decideFlag, FLAG_KEYS, useFlag, type FeatureFlag } from './flags';
import { isInRollout } from './rollout';

jest.mock('../api/endpoints', () => ({ getFlags: jest.fn() }));
const getFlagsMock = jest.mocked(getFlags);

function wrapper() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

const flag = (overrides: Partial<FeatureFlag>): FeatureFlag => ({
  key: 'f',
  enabled: true,
  variant: null,
  rollout: 100,
  ...overrides,
});

/** A browser id that the rollout puts inside (or outside) `percent` of `key`. */
function browserIdFor(key: string, percent: number, inside: boolean): string {
  for (let n = 0; ; n += 1) {
    const id = `browser-${n}`;
    if (isInRollout(key, id, percent) === inside) return id;
  }
}

beforeEach(() => {
  localStorage.clear();
  getFlagsMock.mockReset();
});

describe('getBrowserId', () => {
  it('creates a random id once and keeps it in localStorage under kadr.browserId', () => {
    const id = getBrowserId();
    expect(id).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(localStorage.getItem(BROWSER_ID_STORAGE_KEY)).toBe(id);
    expect(getBrowserId()).toBe(id);
  });

  it('reuses the stored id', () => {
    localStorage.setItem(BROWSER_ID_STORAGE_KEY, 'stored-id');
    expect(getBrowserId()).toBe('stored-id');
  });
});

describe('decideFlag', () => {
  it('is off for an unknown or disabled flag, whatever the rollout', () => {
    expect(decideFlag(undefined, 'b')).toEqual({ enabled: false, variant: null });
    expect(decideFlag(flag({ enabled: false, variant: 'x' }), 'b')).toEqual({ enabled: false, variant: null });
  });

  it('is on with the variant inside the rollout, off outside it', () => {
    const inside = browserIdFor('f', 30, true);
    const outside = browserIdFor('f', 30, false);
    expect(decideFlag(flag({ rollout: 30, variant: 'b' }), inside)).toEqual({ enabled: true, variant: 'b' });
    expect(decideFlag(flag({ rollout: 30, variant: 'b' }), outside)).toEqual({ enabled: false, variant: null });
  });
});

describe('useFlag', () => {
  it('is off while the flags load, then follows the served flag', async () => {
    let resolve!: (flags: FeatureFlag[]) => void;
    getFlagsMock.mockReturnValue(new Promise((r) => (resolve = r)));
    const { result } = renderHook(() => useFlag(FLAG_KEYS.galleryDebugIds), { wrapper: wrapper() });
    expect(result.current).toEqual({ enabled: false, variant: null });
    resolve([flag({ key: 'gallery.debugIds', variant: 'list' })]);
    await waitFor(() => expect(result.current).toEqual({ enabled: true, variant: 'list' }));
  });

  it('decides the rollout with this browser’s id', async () => {
    localStorage.setItem(BROWSER_ID_STORAGE_KEY, browserIdFor('beta', 50, false));
    getFlagsMock.mockResolvedValue([flag({ key: 'beta', rollout: 50 }), flag({ key: 'other', rollout: 100 })]);
    const { result } = renderHook(() => [useFlag('beta'), useFlag('other')], { wrapper: wrapper() });
    await waitFor(() => expect(result.current[1]).toEqual({ enabled: true, variant: null }));
    expect(result.current[0]).toEqual({ enabled: false, variant: null });
  });

  it('is off for a key the server does not know, and when the flags cannot be loaded', async () => {
    getFlagsMock.mockResolvedValue([flag({ key: 'known' })]);
    const known = renderHook(() => useFlag('unknown'), { wrapper: wrapper() });
    await waitFor(() => expect(getFlagsMock).toHaveBeenCalled());
    expect(known.result.current.enabled).toBe(false);

    getFlagsMock.mockRejectedValue(new Error('offline'));
    const failed = renderHook(() => useFlag('known'), { wrapper: wrapper() });
    await waitFor(() => expect(getFlagsMock).toHaveBeenCalledTimes(2));
    expect(failed.result.current.enabled).toBe(false);
  });

  it('asks the server once for every flag of the page', async () => {
    getFlagsMock.mockResolvedValue([flag({ key: 'a' }), flag({ key: 'b' })]);
    const { result } = renderHook(() => [useFlag('a'), useFlag('b'), useFlag('a')], { wrapper: wrapper() });
    await waitFor(() => expect(result.current.every((decision) => decision.enabled)).toBe(true));
    expect(getFlagsMock).toHaveBeenCalledTimes(1);
  });
});
