import type { SessionStore } from '../../../data-access/sessions/session-store';
import { sessionEndsAt } from '../../../domain/sessions/session';

/** After the expected end, a little slack for the store's own expiry (Redis expires keys to the millisecond, lazily on read). */
const EXPIRY_SLACK_MS = 25;
/** The soonest a still-live session is checked again (its expected end passed, e.g. clocks of two replicas differ). */
const MIN_RECHECK_MS = 250;
/** When the store did not answer: looked at again after this long (not sooner: every stream of the replica does it). */
const ERROR_RECHECK_MS = 5_000;
/** setTimeout's longest delay (about 24.8 days); a longer wait is taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SessionEndWatchDeps {
  sessions: Pick<SessionStore, 'get' | 'policy'>;
  now?: () => number;
  onError: (error: unknown) => void;
}

/**
 * Ends a live stream when its session expires (idle or absolute) — expiry is a key's time-out
 * in the store, which tells nobody. The session is read once now (which also catches a sign-out
 * that happened while the stream was being set up, before it could hear the notice), then again
 * when it is due to end: gone → `onEnded`; still there (used meanwhile, on any replica) → wait
 * for its new end. One timer per stream, nothing in between.
 *
 * Returns the function that stops watching (when the stream closes for another reason).
 */
export function watchSessionEnd(
  sessionId: string,
  onEnded: () => void,
  { sessions, now = () => Date.now(), onError }: SessionEndWatchDeps,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const check = async () => {
    timer = undefined;
    let session;
    try {
      session = await sessions.get(sessionId);
    } catch (error) {
      // The store is unreachable: keep the stream (the requests around it fail anyway) and look again soon.
      onError(error);
      schedule(now() + ERROR_RECHECK_MS);
      return;
    }
    if (stopped) return;
    if (!session) {
      stopped = true;
      onEnded();
      return;
    }
    schedule(sessionEndsAt(session, sessions.policy) + EXPIRY_SLACK_MS);
  };

  function schedule(at: number): void {
    if (stopped) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(MIN_RECHECK_MS, at - now()));
    timer = setTimeout(() => void check(), delay);
    // A watch alone must not keep a process (or a test) alive.
    timer.unref();
  }

  void check();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * One watch per session on this replica, shared by its streams (a user's tabs share the
 * session): one timer and one store read per session rather than per stream. The watch starts
 * with the session's first stream — reading the session at once, as each stream's own watch
 * did — and stops with its last. When the session ends, `onEnded` gets its id.
 */
export class SessionEndWatches {
  private readonly watches = new Map<string, { streams: number; stop: () => void }>();

  constructor(
    private readonly onEnded: (sessionId: string) => void,
    private readonly deps: SessionEndWatchDeps,
  ) {}

  /** A stream of the session opened; returns what to call when it closes. */
  join(sessionId: string): () => void {
    let watch = this.watches.get(sessionId);
    if (!watch) {
      const started = { streams: 0, stop: () => undefined as void };
      this.watches.set(sessionId, started);
      started.stop = watchSessionEnd(sessionId, () => this.onEnded(sessionId), this.deps);
      watch = started;
    }
    watch.streams += 1;
    const joined = watch;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      joined.streams -= 1;
      if (joined.streams > 0 || this.watches.get(sessionId) !== joined) return;
      this.watches.delete(sessionId);
      joined.stop();
    };
  }
}
