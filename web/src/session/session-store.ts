import { create } from 'zustand';
import type { SessionUser } from '../api/answer-types';
import { isApiError } from '../api/api-error';
import { getSession, logout } from '../api/endpoints';
import { SESSION_ACTIVITY_RECHECK_MS, SESSION_POLL_INTERVAL_MS } from '../config/constants';
import { clearPersistedCache, switchCacheOwner } from '../query/persistence';
import { flushTelemetry, logClientError, setTelemetryUser } from '../telemetry/telemetry';
import { navigateFullPage } from './full-page-navigation';
import { useLocalStore } from './local-store';
import { clearTopBar, refreshTopBar } from './top-bar-store';

export { loginUrl } from './return-to';

export type SessionStatus = 'unknown' | 'authenticated' | 'unauthenticated';

export type { SessionUser };

export interface SessionState {
  status: SessionStatus;
  user?: SessionUser;
  /** Absolute session expiry (ISO 8601) from `GET /auth/session`. */
  expiresAt?: string;
  /** When the last check started (epoch ms): the activity re-check counts from here. */
  lastCheckAt: number | null;
  /** The last check failed for another reason than "signed out" (the status kept its value). */
  checkFailed: boolean;
  /** Sign-out is under way: guards render nothing instead of redirecting to the login page. */
  signingOut: boolean;
}

export const INITIAL_SESSION_STATE: SessionState = {
  status: 'unknown',
  lastCheckAt: null,
  checkFailed: false,
  signingOut: false,
};

/**
 * The authentication state machine (spec §4): unknown → authenticated | unauthenticated, from
 * `GET /auth/session`. 401/403 or `{ authenticated: false }` mean signed out; any other failure keeps
 * the previous state (a flaky network must not sign anyone out).
 */
export const useSession = create<SessionState>()(() => ({ ...INITIAL_SESSION_STATE }));

/** Local activity is written to the persisted store at most this often (it is informational). */
const ACTIVITY_RECORD_INTERVAL_MS = 5_000;

let inFlight: Promise<SessionStatus> | null = null;
/** Bumped by sign-out: the answer of a check that started before it is ignored. */
let epoch = 0;

/** Asks the gateway who is signed in; concurrent calls share one request. Resolves with the resulting status. */
export function checkSession(): Promise<SessionStatus> {
  if (inFlight) return inFlight;
  const promise = runCheck().finally(() => {
    if (inFlight === promise) inFlight = null;
  });
  inFlight = promise;
  return promise;
}

async function runCheck(): Promise<SessionStatus> {
  const startedIn = epoch;
  useSession.setState({ lastCheckAt: Date.now() });
  let answer: unknown;
  try {
    answer = await getSession();
  } catch (error) {
    if (startedIn !== epoch) return useSession.getState().status;
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      becomeUnauthenticated();
      return 'unauthenticated';
    }
    useSession.setState({ checkFailed: true });
    return useSession.getState().status;
  }
  if (startedIn !== epoch) return useSession.getState().status;
  const session = readSession(answer);
  if (!session) {
    becomeUnauthenticated();
    return 'unauthenticated';
  }
  becomeAuthenticated(session.user, session.expiresAt);
  return 'authenticated';
}

/** `{ authenticated: true, user: {...}, expiresAt }`; anything else counts as signed out. */
export function readSession(answer: unknown): { user: SessionUser; expiresAt?: string } | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const body = answer as Record<string, unknown>;
  if (body.authenticated !== true || typeof body.user !== 'object' || body.user === null) return null;
  const user = body.user as Record<string, unknown>;
  if (typeof user.id !== 'string' || user.id === '') return null;
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  return {
    user: {
      id: user.id,
      email: typeof user.email === 'string' ? user.email : '',
      name: typeof user.name === 'string' ? user.name : '',
      roles: strings(user.roles),
      permissions: strings(user.permissions),
    },
    ...(typeof body.expiresAt === 'string' ? { expiresAt: body.expiresAt } : {}),
  };
}

function becomeAuthenticated(user: SessionUser, expiresAt: string | undefined): void {
  const previous = useSession.getState();
  const lastKnownUserId = previous.user?.id ?? useLocalStore.getState().userId;
  const sameUserStillSignedIn = previous.status === 'authenticated' && previous.user?.id === user.id;
  // Another person on this browser: nothing of the previous one may show, not even for a moment.
  if (lastKnownUserId !== null && lastKnownUserId !== user.id) clearTopBar();
  switchCacheOwner(user.id);
  useLocalStore
    .getState()
    .setUser({ userId: user.id, email: user.email, name: user.name, expiresAt: expiresAt ?? null });
  // A re-check that changes nothing keeps the same user object, so screens do not re-render.
  const unchanged = sameUserStillSignedIn && previous.user !== undefined && sameUser(previous.user, user);
  useSession.setState({
    status: 'authenticated',
    user: unchanged ? previous.user : user,
    expiresAt,
    checkFailed: false,
  });
  if (sameUserStillSignedIn) return;
  setTelemetryUser({ userId: user.id, tenantId: null });
  refreshTopBar().then(
    (summary) => {
      if (summary && useSession.getState().user?.id === user.id) {
        setTelemetryUser({ userId: user.id, tenantId: summary.tenantId });
      }
    },
    () => undefined, // logged by the top bar; the session itself is fine
  );
}

function sameUser(a: SessionUser, b: SessionUser): boolean {
  const sameList = (x: string[], y: string[]) => x.length === y.length && x.every((item, i) => item === y[i]);
  return (
    a.id === b.id &&
    a.email === b.email &&
    a.name === b.name &&
    sameList(a.roles, b.roles) &&
    sameList(a.permissions, b.permissions)
  );
}

function becomeUnauthenticated(): void {
  const wasSignedIn = useSession.getState().status === 'authenticated';
  clearTopBar();
  useLocalStore.getState().clearUser();
  switchCacheOwner(null);
  if (wasSignedIn) setTelemetryUser(null);
  useSession.setState({ status: 'unauthenticated', user: undefined, expiresAt: undefined, checkFailed: false });
}

/**
 * Signs out on the server (POST /auth/logout), forgets everything local and loads the home page.
 * A failed POST is logged and the local sign-out still happens: the browser must not keep showing
 * the previous user's data (the server session then ends by its own expiry).
 */
export async function signOut(): Promise<void> {
  useSession.setState({ signingOut: true });
  // Telemetry goes out only with a session: send what is queued while it still exists (best effort).
  flushTelemetry().catch(() => undefined);
  try {
    await logout();
  } catch (error) {
    logClientError(error, { where: 'sign-out' });
  }
  forgetSessionAndGoHome();
}

/**
 * After the person deleted their own account: the gateway has already ended every session and
 * cleared the cookies, so nothing is sent; everything local is forgotten and the home page loads,
 * signed out, as after a sign-out.
 */
export function leaveDeletedAccount(): void {
  useSession.setState({ signingOut: true });
  forgetSessionAndGoHome();
}

function forgetSessionAndGoHome(): void {
  epoch += 1;
  clearTopBar();
  useLocalStore.getState().clearUser();
  clearPersistedCache();
  setTelemetryUser(null);
  useSession.setState({ status: 'unauthenticated', user: undefined, expiresAt: undefined, checkFailed: false });
  navigateFullPage('/');
}

export interface SessionWatchOptions {
  /** Check every 60 s as well (spec: optional, off unless enabled); see `startSessionPolling`. */
  poll?: boolean;
}

/**
 * Checks the session now, then again after user activity (pointer, key, the page becoming visible,
 * the network coming back) once 120 s have passed since the last check, and every 60 s when
 * polling is on. Returns a function that stops watching.
 */
export function startSessionWatch(options: SessionWatchOptions = {}): () => void {
  void checkSession();
  let lastRecordedActivity = 0;

  const onActivity = (): void => {
    const now = Date.now();
    if (now - lastRecordedActivity >= ACTIVITY_RECORD_INTERVAL_MS) {
      lastRecordedActivity = now;
      useLocalStore.getState().setLastActivity(now);
    }
    const { lastCheckAt } = useSession.getState();
    if (lastCheckAt === null || now - lastCheckAt >= SESSION_ACTIVITY_RECHECK_MS) void checkSession();
  };
  const onVisibilityChange = (): void => {
    if (document.visibilityState === 'visible') onActivity();
  };

  window.addEventListener('pointerdown', onActivity, { passive: true });
  window.addEventListener('keydown', onActivity);
  window.addEventListener('online', onActivity);
  document.addEventListener('visibilitychange', onVisibilityChange);
  const stopPolling = options.poll ? startSessionPolling() : undefined;

  return () => {
    window.removeEventListener('pointerdown', onActivity);
    window.removeEventListener('keydown', onActivity);
    window.removeEventListener('online', onActivity);
    document.removeEventListener('visibilitychange', onVisibilityChange);
    stopPolling?.();
  };
}

/**
 * The optional 60 s session poll, on its own so it can be switched on later (a feature flag that
 * arrives after start-up). Skipped while the page is hidden: becoming visible re-checks anyway.
 */
export function startSessionPolling(): () => void {
  const timer = setInterval(() => {
    if (document.visibilityState !== 'hidden') void checkSession();
  }, SESSION_POLL_INTERVAL_MS);
  return () => clearInterval(timer);
}

/** True when the user has every listed role and every listed permission. */
export function hasAccess(
  user: SessionUser | undefined,
  required: { roles?: readonly string[]; permissions?: readonly string[] },
): boolean {
  if (!user) return false;
  const roles = required.roles ?? [];
  const permissions = required.permissions ?? [];
  return roles.every((role) => user.roles.includes(role)) && permissions.every((p) => user.permissions.includes(p));
}
