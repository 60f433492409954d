import { ApiError } from '../api/api-error';
import { getSession, getUserSummary, logout } from '../api/endpoints';
import type { ProblemReason } from '../api/problem-catalogue';
import { SESSION_ACTIVITY_RECHECK_MS, SESSION_POLL_INTERVAL_MS } from '../config/constants';
import { initI18n } from '../i18n/i18n';
import { clearPersistedCache, QUERY_CACHE_STORAGE_KEY } from '../query/persistence';
import { flushTelemetry, setTelemetryUser } from '../telemetry/telemetry';
import { navigateFullPage } from './full-page-navigation';
import { useLocalStore } from './local-store';
import {
  checkSession,
  hasAccess,
  INITIAL_SESSION_STATE,
  leaveDeletedAccount,
  loginUrl,
  signOut,
  startSessionWatch,
  useSession,
} from './session-store';
import { clearTopBar, setCredits, useTopBar } from './top-bar-store';

jest.mock('../api/endpoints', () => ({ getSession: jest.fn(), logout: jest.fn(), getUserSummary: jest.fn() }));
jest.mock('../telemetry/telemetry', () => ({
  logClientError: jest.fn(),
  setTelemetryUser: jest.fn(),
  flushTelemetry: jest.fn(() => Promise.resolve()),
}));
jest.mock('./full-page-navigation', () => ({ navigateFullPage: jest.fn() }));

const sessionMock = jest.mocked(getSession);
const summaryMock = jest.mocked(getUserSummary);

type SessionAnswer = Awaited<ReturnType<typeof getSession>>;

function signedIn(id = 'user-a', roles: string[] = ['user']): SessionAnswer {
  return {
    authenticated: true,
    user: { id, email: `${id}@example.com`, name: id, roles, permissions: [] },
    expiresAt: '2030-01-01T00:00:00.000Z',
  };
}
const signedOut = { authenticated: false } as unknown as SessionAnswer;

function apiError(status: number, reason: ProblemReason): ApiError {
  return new ApiError({ reason, status, title: 'Problem', message: 'Problem' });
}

beforeAll(() => initI18n('pl'));

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  summaryMock.mockResolvedValue({
    data: { id: 'user-a', tenantId: 'tenant-a', tier: 'PRO', preferredLanguage: 'pl', credits: null },
  } as unknown as Awaited<ReturnType<typeof getUserSummary>>);
  jest.mocked(logout).mockResolvedValue(undefined as never);
  useSession.setState({ ...INITIAL_SESSION_STATE }, true);
  useLocalStore.getState().clearUser();
  clearTopBar();
  clearPersistedCache();
  localStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('checkSession: the state machine (spec §4)', () => {
  it('starts unknown and becomes authenticated with the user, remembered locally', async () => {
    expect(useSession.getState().status).toBe('unknown');
    sessionMock.mockResolvedValue(signedIn());
    await expect(checkSession()).resolves.toBe('authenticated');
    expect(useSession.getState()).toMatchObject({
      status: 'authenticated',
      user: { id: 'user-a', email: 'user-a@example.com', roles: ['user'], permissions: [] },
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
    expect(useLocalStore.getState()).toMatchObject({
      userId: 'user-a',
      email: 'user-a@example.com',
      name: 'user-a',
      expiresAt: '2030-01-01T00:00:00.000Z',
      authenticated: true,
    });
  });

  it('loads the top bar and sets the telemetry user with the tenant from the summary', async () => {
    sessionMock.mockResolvedValue(signedIn());
    await checkSession();
    await jest.advanceTimersByTimeAsync(0);
    expect(summaryMock).toHaveBeenCalledTimes(1);
    expect(useTopBar.getState().tier).toBe('PRO');
    expect(setTelemetryUser).toHaveBeenLastCalledWith({ userId: 'user-a', tenantId: 'tenant-a' });
  });

  it.each([401, 403])('a %i marks the user unauthenticated', async (status) => {
    sessionMock.mockResolvedValueOnce(signedIn());
    await checkSession();
    sessionMock.mockRejectedValueOnce(apiError(status, status === 401 ? 'unauthorized' : 'forbidden'));
    await expect(checkSession()).resolves.toBe('unauthenticated');
    expect(useSession.getState().user).toBeUndefined();
  });

  it('{ authenticated: false } marks the user unauthenticated', async () => {
    sessionMock.mockResolvedValueOnce(signedOut);
    await expect(checkSession()).resolves.toBe('unauthenticated');
  });

  it.each([
    ['a 500', apiError(500, 'backend_http')],
    ['a 503', apiError(503, 'service_unavailable')],
    ['a network error', apiError(0, 'network_error')],
    ['a time-out', apiError(0, 'timeout')],
    ['a non-API error', new TypeError('Failed to fetch')],
  ])('%s keeps the previous state', async (_label, error) => {
    sessionMock.mockRejectedValueOnce(error);
    await expect(checkSession()).resolves.toBe('unknown');
    expect(useSession.getState()).toMatchObject({ status: 'unknown', checkFailed: true });

    sessionMock.mockResolvedValueOnce(signedIn());
    await checkSession();
    sessionMock.mockRejectedValueOnce(error);
    await expect(checkSession()).resolves.toBe('authenticated');
    expect(useSession.getState().user?.id).toBe('user-a');
    expect(useLocalStore.getState().userId).toBe('user-a');
  });

  it('when unauthenticated clears credits, the local user and the stored data cache', async () => {
    sessionMock.mockResolvedValueOnce(signedIn());
    await checkSession();
    setCredits({ balance: 12, currency: 'credits', heldCredits: 0 });
    localStorage.setItem(QUERY_CACHE_STORAGE_KEY, JSON.stringify({ owner: 'user-a', buster: 'v1', timestamp: 1 }));
    sessionMock.mockResolvedValueOnce(signedOut);
    await checkSession();
    expect(useTopBar.getState()).toMatchObject({ credits: null, tier: 'FREE' });
    expect(useLocalStore.getState()).toMatchObject({ userId: null, email: null, authenticated: false });
    expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
    expect(setTelemetryUser).toHaveBeenLastCalledWith(null);
  });

  it('when another user signs in, clears what the previous one left', async () => {
    useLocalStore.getState().setUser({ userId: 'user-a', email: 'a@example.com', name: 'A', expiresAt: null });
    localStorage.setItem(QUERY_CACHE_STORAGE_KEY, JSON.stringify({ owner: 'user-a', buster: 'v1', timestamp: 1 }));
    setCredits({ balance: 12, currency: 'credits', heldCredits: 0 });
    let resolveSummary!: (value: unknown) => void;
    summaryMock.mockReturnValueOnce(new Promise((resolve) => (resolveSummary = resolve)) as never);
    sessionMock.mockResolvedValueOnce(signedIn('user-b'));
    await checkSession();
    expect(useTopBar.getState().credits).toBeNull();
    expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
    expect(useLocalStore.getState().userId).toBe('user-b');
    resolveSummary({ data: { tenantId: null, tier: 'FREE' } });
  });

  it('a re-check that changes nothing keeps the same user object, and does not reload the top bar', async () => {
    sessionMock.mockResolvedValue(signedIn());
    await checkSession();
    const user = useSession.getState().user;
    await checkSession();
    expect(useSession.getState().user).toBe(user);
    expect(summaryMock).toHaveBeenCalledTimes(1);
  });

  it('merges concurrent checks into one request', async () => {
    sessionMock.mockResolvedValue(signedIn());
    await Promise.all([checkSession(), checkSession(), checkSession()]);
    expect(sessionMock).toHaveBeenCalledTimes(1);
  });

  it('reads roles and permissions defensively', async () => {
    sessionMock.mockResolvedValueOnce({
      authenticated: true,
      user: { id: 'x', roles: ['admin', 3], permissions: 'admin:logs' },
    } as unknown as SessionAnswer);
    await checkSession();
    expect(useSession.getState().user).toEqual({ id: 'x', email: '', name: '', roles: ['admin'], permissions: [] });
  });
});

describe('startSessionWatch', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  it('checks at once, and never polls unless asked', async () => {
    sessionMock.mockResolvedValue(signedIn());
    stop = startSessionWatch();
    await jest.advanceTimersByTimeAsync(0);
    expect(sessionMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(SESSION_POLL_INTERVAL_MS * 3);
    expect(sessionMock).toHaveBeenCalledTimes(1);
  });

  it('polls every 60 s when enabled', async () => {
    sessionMock.mockResolvedValue(signedIn());
    stop = startSessionWatch({ poll: true });
    await jest.advanceTimersByTimeAsync(SESSION_POLL_INTERVAL_MS - 1);
    expect(sessionMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(sessionMock).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(SESSION_POLL_INTERVAL_MS);
    expect(sessionMock).toHaveBeenCalledTimes(3);
    stop();
    await jest.advanceTimersByTimeAsync(SESSION_POLL_INTERVAL_MS * 2);
    expect(sessionMock).toHaveBeenCalledTimes(3);
  });

  it('re-checks after activity only once 120 s have passed since the last check', async () => {
    sessionMock.mockResolvedValue(signedIn());
    stop = startSessionWatch();
    await jest.advanceTimersByTimeAsync(0);
    expect(sessionMock).toHaveBeenCalledTimes(1);

    await jest.advanceTimersByTimeAsync(SESSION_ACTIVITY_RECHECK_MS - 1);
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(sessionMock).toHaveBeenCalledTimes(1);

    await jest.advanceTimersByTimeAsync(1);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(sessionMock).toHaveBeenCalledTimes(2);

    // the page becoming visible counts as activity too
    await jest.advanceTimersByTimeAsync(SESSION_ACTIVITY_RECHECK_MS);
    document.dispatchEvent(new Event('visibilitychange'));
    await jest.advanceTimersByTimeAsync(0);
    expect(sessionMock).toHaveBeenCalledTimes(3);
    expect(useLocalStore.getState().lastActivity).toBe(Date.now());
  });

  it('stops listening for activity when stopped', async () => {
    sessionMock.mockResolvedValue(signedIn());
    stop = startSessionWatch();
    await jest.advanceTimersByTimeAsync(0);
    stop();
    await jest.advanceTimersByTimeAsync(SESSION_ACTIVITY_RECHECK_MS);
    window.dispatchEvent(new Event('pointerdown'));
    await jest.advanceTimersByTimeAsync(0);
    expect(sessionMock).toHaveBeenCalledTimes(1);
  });
});

describe('signOut', () => {
  it('posts the logout, clears everything and loads the home page', async () => {
    sessionMock.mockResolvedValueOnce(signedIn());
    await checkSession();
    setCredits({ balance: 12, currency: 'credits', heldCredits: 0 });
    await signOut();
    expect(flushTelemetry).toHaveBeenCalled();
    expect(logout).toHaveBeenCalledTimes(1);
    expect(useSession.getState()).toMatchObject({ status: 'unauthenticated', user: undefined });
    expect(useTopBar.getState().credits).toBeNull();
    expect(useLocalStore.getState().userId).toBeNull();
    expect(navigateFullPage).toHaveBeenCalledWith('/');
  });

  it('still signs out locally when the POST fails', async () => {
    sessionMock.mockResolvedValueOnce(signedIn());
    await checkSession();
    jest.mocked(logout).mockRejectedValueOnce(apiError(0, 'network_error'));
    await signOut();
    expect(useLocalStore.getState().userId).toBeNull();
    expect(navigateFullPage).toHaveBeenCalledWith('/');
  });
});

describe('leaveDeletedAccount', () => {
  it('forgets everything local and loads the home page without asking the server to sign out', async () => {
    sessionMock.mockResolvedValueOnce(signedIn());
    await checkSession();
    setCredits({ balance: 12, currency: 'credits', heldCredits: 0 });
    localStorage.setItem(QUERY_CACHE_STORAGE_KEY, '{"clientState":{}}');
    leaveDeletedAccount();
    expect(logout).not.toHaveBeenCalled();
    expect(useSession.getState()).toMatchObject({ status: 'unauthenticated', user: undefined, signingOut: true });
    expect(useTopBar.getState().credits).toBeNull();
    expect(useLocalStore.getState().userId).toBeNull();
    expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
    expect(setTelemetryUser).toHaveBeenLastCalledWith(null);
    expect(navigateFullPage).toHaveBeenCalledWith('/');
  });
});

describe('loginUrl and hasAccess', () => {
  it('sends the path and query as returnTo', () => {
    expect(loginUrl('/gallery?page=2&sort=new')).toBe('/auth/login?returnTo=%2Fgallery%3Fpage%3D2%26sort%3Dnew');
  });

  it('refuses a returnTo that leaves the site', () => {
    for (const unsafe of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '']) {
      expect(loginUrl(unsafe)).toBe('/auth/login?returnTo=%2Fdashboard');
    }
  });

  it('needs every role and permission asked for', () => {
    const user = { id: 'u', email: '', name: '', roles: ['user', 'admin'], permissions: ['admin:logs'] };
    expect(hasAccess(user, {})).toBe(true);
    expect(hasAccess(user, { roles: ['admin'], permissions: ['admin:logs'] })).toBe(true);
    expect(hasAccess(user, { permissions: ['admin:users'] })).toBe(false);
    expect(hasAccess(undefined, {})).toBe(false);
  });
});
