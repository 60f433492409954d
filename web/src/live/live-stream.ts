import { getActiveJobs, getRecentJobs } from '../api/endpoints';
import { EVENT_RECONNECT_DELAY_MS, JOB_SEED_TAKE } from '../config/constants';
import { setCredits } from '../session/top-bar-store';
import {
  applyLiveEvent,
  JOB_EVENT_NAMES,
  liveRevision,
  rememberLastEventId,
  seedJobs,
  setLiveConnected,
  useJobStore,
  type JobEventName,
} from './job-store';
import { publishNotificationsEvent } from './notification-events';
import { setQueueForecasts } from './queue-forecasts';
import { EVENT_SILENCE_LIMIT_MS, HIDDEN_STREAM_LINGER_MS, LIVE_STREAM_PATH } from './live-constants';

/**
 * The live channel (spec §4 "Live job status", gateway README "Live updates"): one
 * EventSource on `/bff/sse/jobs` feeding the job store, the top bar's credits and the inbox.
 *
 * - connects when started and whenever the page becomes visible again; disconnects when hidden —
 *   unless one of the user's videos is under way: then it stays until a minute after the last one
 *   ended, so its notification reaches the hidden tab (issue 20: the browser notification, the
 *   count in the title);
 * - on open, and on the server's `reset`, re-seeds the job list from the server (20 newest);
 * - on error closes the EventSource (no browser-driven retry), refreshes the job list, and
 *   connects again 2 s after the error — never before the refresh has finished;
 * - a connection silent for 45 s (three missed heartbeats: it died without an error) is
 *   treated as an error;
 * - resumes with `?lastEventId=<id>` (a new EventSource cannot set the Last-Event-ID header),
 *   so events missed while disconnected are replayed;
 * - one connection at most, however often it is started (StrictMode runs effects twice).
 */

/** What the stream needs of an EventSource (the browser's, or a test's fake). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}
export type EventSourceConstructor = new (url: string) => EventSourceLike;

/** What the stream needs of the document: its visibility. */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface LiveStreamOptions {
  /** Default: the browser's `EventSource` (without one, the stream stays off). */
  EventSource?: EventSourceConstructor;
  /** Default: `document`. */
  document?: VisibilitySource;
  /** Default: `/bff/sse/jobs`. */
  url?: string;
}

/**
 * `reconnect`: the server is shutting down or this replica fell behind, and the stream ends.
 * `notifications`: the inbox's (issue 20), handed to `notification-events.ts`.
 */
const STREAM_EVENTS = ['credits', 'reset', 'reconnect', 'notifications'] as const;

type SeedOutcome = 'seeded' | 'failed' | 'signed_out';

let shared: { stop: () => void; users: number } | undefined;

/**
 * Starts the live stream (or joins the running one) and returns its stop function. The stream
 * ends when every starter has stopped, so a component effect may start and stop it freely.
 * The first starter's options apply.
 */
export function startLiveStream(options: LiveStreamOptions = {}): () => void {
  if (!shared) shared = { stop: openLiveStream(options), users: 0 };
  const current = shared;
  current.users += 1;
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    current.users -= 1;
    if (current.users === 0 && shared === current) {
      shared = undefined;
      current.stop();
    }
  };
}

function openLiveStream(options: LiveStreamOptions): () => void {
  const Source: EventSourceConstructor | undefined =
    options.EventSource ?? (typeof EventSource === 'undefined' ? undefined : EventSource);
  const givenPage: VisibilitySource | undefined =
    options.document ?? (typeof document === 'undefined' ? undefined : document);
  const url = options.url ?? LIVE_STREAM_PATH;
  // No EventSource (a very old browser, jsdom): the stream stays off and `connected` false.
  if (!Source || !givenPage) return () => undefined;
  const EventSourceClass: EventSourceConstructor = Source;
  const page: VisibilitySource = givenPage;

  let source: EventSourceLike | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Fires when the open connection has been silent too long (see `armWatchdog`). */
  let watchdogTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  /** Bumped on every connect and disconnect: a callback of an earlier round does nothing. */
  let round = 0;
  let seeding: Promise<SeedOutcome> | undefined;
  /** Runs while a hidden page keeps its stream after the last active job ended (see `wantedWhileHidden`). */
  let lingerTimer: ReturnType<typeof setTimeout> | undefined;

  function clearRetry(): void {
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
  }

  function closeSource(): void {
    clearWatchdog();
    source?.close();
    source = undefined;
  }

  /**
   * (Re)starts the silence watchdog: a connection that dies without a close or an error (a proxy
   * dropping the flow) sends nothing more, not even the gateway's heartbeat. Nothing for
   * `EVENT_SILENCE_LIMIT_MS` → the usual error path. Armed only while a source is open (so
   * while visible, or hidden with a video under way); `closeSource` — error, reconnect, hide, stop —
   * cancels it.
   */
  function armWatchdog(): void {
    clearWatchdog();
    if (!source) return;
    watchdogTimer = setTimeout(() => {
      watchdogTimer = undefined;
      if (source) onError();
    }, EVENT_SILENCE_LIMIT_MS);
  }

  function clearWatchdog(): void {
    if (watchdogTimer !== undefined) clearTimeout(watchdogTimer);
    watchdogTimer = undefined;
  }

  /** One re-seed at a time: a request already under way answers for all who ask meanwhile. */
  function reseed(): Promise<SeedOutcome> {
    seeding ??= seedFromServer().finally(() => {
      seeding = undefined;
    });
    return seeding;
  }

  async function seedFromServer(): Promise<SeedOutcome> {
    const since = liveRevision();
    let items;
    try {
      ({ items } = await getActiveJobs(JOB_SEED_TAKE));
    } catch (error) {
      return isSignedOut(error) ? 'signed_out' : 'failed';
    }
    // After stop (sign-out) the store belongs to nobody: an answer arriving now must not refill it.
    if (stopped) return 'seeded';
    const left = seedJobs(items, { since });
    // The read carries each job's queue place and time estimates (the events do not).
    setQueueForecasts(items);
    if (left.length > 0) await settleLeftJobs(left);
    return 'seeded';
  }

  /**
   * Jobs that left the active list without an event (it was lost to a `reset`): the recent
   * list says how they ended, so a completion still reaches the recent-completed list and the
   * gallery. Only asked when some job left, and best effort.
   */
  async function settleLeftJobs(ids: readonly string[]): Promise<void> {
    try {
      const { items } = await getRecentJobs(JOB_SEED_TAKE);
      if (stopped) return;
      for (const item of items) {
        if (!ids.includes(item.id)) continue;
        if (item.status === 'COMPLETED') applyLiveEvent('completed', item);
        else if (item.status === 'FAILED') applyLiveEvent('failed', item);
        else if (item.status === 'CANCELLED') applyLiveEvent('cancelled', item);
      }
    } catch {
      // The next re-seed tries again; the jobs are out of the active list either way.
    }
  }

  /**
   * A hidden page keeps (and re-opens) its stream while one of the user's videos is under way — its
   * end is what the browser notification and the title's count are for — and for
   * `HIDDEN_STREAM_LINGER_MS` after the last one ended: the `notifications` frame of that job comes
   * from another service, a moment after the job's own event. Otherwise hidden means closed (spec §4).
   */
  function wantedWhileHidden(): boolean {
    return useJobStore.getState().activeIds.length > 0 || lingerTimer !== undefined;
  }

  function clearLinger(): void {
    if (lingerTimer !== undefined) clearTimeout(lingerTimer);
    lingerTimer = undefined;
  }

  function onActiveJobsChanged(now: readonly string[], before: readonly string[]): void {
    if (now.length > 0) {
      clearLinger();
      return;
    }
    if (before.length === 0 || page.visibilityState !== 'hidden') return;
    clearLinger();
    lingerTimer = setTimeout(() => {
      lingerTimer = undefined;
      if (page.visibilityState === 'hidden' && !wantedWhileHidden()) disconnect();
    }, HIDDEN_STREAM_LINGER_MS);
  }

  function connect(): void {
    if (stopped || source || (page.visibilityState === 'hidden' && !wantedWhileHidden())) return;
    clearRetry();
    round += 1;
    const resumeFrom = useJobStore.getState().lastEventId;
    const opened = new EventSourceClass(resumeFrom ? `${url}?lastEventId=${encodeURIComponent(resumeFrom)}` : url);
    source = opened;
    armWatchdog();
    // Events of a source already closed (a late frame, a late error) are not ours any more.
    const whileCurrent =
      (handler: (event: Event) => void) =>
      (event: Event): void => {
        if (source === opened) handler(event);
      };
    opened.addEventListener(
      'open',
      whileCurrent(() => {
        armWatchdog();
        setLiveConnected(true);
        void reseed();
      }),
    );
    opened.addEventListener('error', whileCurrent(onError));
    for (const name of [...JOB_EVENT_NAMES, ...STREAM_EVENTS]) {
      opened.addEventListener(
        name,
        whileCurrent((event) => onFrame(name, event as MessageEvent)),
      );
    }
  }

  function onFrame(name: JobEventName | (typeof STREAM_EVENTS)[number], event: MessageEvent): void {
    armWatchdog();
    rememberLastEventId(typeof event.lastEventId === 'string' ? event.lastEventId : '');
    const data = parseData(event.data);
    switch (name) {
      case 'credits': {
        const credits = creditsOf(data);
        if (credits) setCredits(credits);
        return;
      }
      case 'reset':
        // The resume id could not be honoured: events were lost, the server's list has the truth.
        void reseed();
        return;
      case 'reconnect':
        // The stream ends on purpose; the resume id replays what comes meanwhile, no refresh needed.
        closeSource();
        setLiveConnected(false);
        scheduleConnect(false);
        return;
      case 'notifications':
        publishNotificationsEvent(data);
        return;
      default:
        applyLiveEvent(name, data);
    }
  }

  function onError(): void {
    closeSource();
    setLiveConnected(false);
    scheduleConnect(true);
  }

  /**
   * Connects again `EVENT_RECONNECT_DELAY_MS` after now, and not before the refresh (when asked
   * for) has finished. A refresh answered 401 means the session is gone: no retry then — the
   * session watch signs the page out; showing the page again tries once more.
   */
  function scheduleConnect(refreshFirst: boolean): void {
    clearRetry();
    const ticket = round;
    const refreshed = refreshFirst ? reseed() : Promise.resolve<SeedOutcome>('seeded');
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void refreshed.then((outcome) => {
        if (stopped || ticket !== round || outcome === 'signed_out') return;
        connect();
      });
    }, EVENT_RECONNECT_DELAY_MS);
  }

  function disconnect(): void {
    round += 1;
    clearRetry();
    closeSource();
    setLiveConnected(false);
  }

  function onVisibilityChange(): void {
    if (page.visibilityState !== 'hidden') {
      clearLinger();
      connect();
    } else if (!wantedWhileHidden()) {
      disconnect();
    }
  }

  page.addEventListener('visibilitychange', onVisibilityChange);
  const stopFollowingJobs = useJobStore.subscribe((state, previous) => {
    if (state.activeIds !== previous.activeIds) onActiveJobsChanged(state.activeIds, previous.activeIds);
  });
  connect();

  return () => {
    stopped = true;
    stopFollowingJobs();
    clearLinger();
    disconnect();
    page.removeEventListener('visibilitychange', onVisibilityChange);
  };
}

function parseData(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function creditsOf(data: unknown): { balance: number; currency: string; heldCredits: number } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { balance, currency, heldCredits } = data as Record<string, unknown>;
  if (typeof balance !== 'number' || typeof heldCredits !== 'number' || typeof currency !== 'string') return undefined;
  return { balance, currency, heldCredits };
}

/** The API client's errors carry the HTTP status; read it without depending on the error class. */
function isSignedOut(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;
}
