import type { KeyValueStore, Unsubscribe } from '@kadr/kv-store';
import { sessionTagOf } from '../../domain/sessions/session';

/** The one channel every gateway replica listens to (prefixed `auth-gateway:` by the store). */
export const SESSION_ENDED_CHANNEL = 'session-ended';

/** A session ended (sign-out, rotation, account deleted); `sessionTag` = `sessionTagOf(id)`. */
export interface SessionEndedNotice {
  sessionTag: string;
}

function parseNotice(text: string): SessionEndedNotice | undefined {
  try {
    const value = JSON.parse(text) as Partial<SessionEndedNotice> | null;
    if (typeof value?.sessionTag === 'string' && value.sessionTag.length > 0) return { sessionTag: value.sessionTag };
  } catch {
    // not ours: ignored
  }
  return undefined;
}

/**
 * "This session ended", told to every replica over the key-value store's pub/sub (Redis in
 * distributed mode, memory embedded), so each ends the live streams it holds for that session.
 * Pub/sub is at most once: a lost notice is covered by each stream's own expiry check
 * (`session-end-watch.ts`), at the latest when the session would have expired.
 */
export class SessionEndNotices {
  constructor(private readonly kv: KeyValueStore) {}

  announce(sessionId: string): Promise<void> {
    const notice: SessionEndedNotice = { sessionTag: sessionTagOf(sessionId) };
    return this.kv.publish(SESSION_ENDED_CHANNEL, JSON.stringify(notice));
  }

  /** Resolves once notices published from now on reach `onNotice`. */
  listen(onNotice: (notice: SessionEndedNotice) => void): Promise<Unsubscribe> {
    return this.kv.subscribe(SESSION_ENDED_CHANNEL, (text) => {
      const notice = parseNotice(text);
      if (notice) onNotice(notice);
    });
  }
}
