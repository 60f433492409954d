import type { KeyValueStore } from '@kadr/kv-store';
import type { SessionUser } from '../../entry-points/http/03-session/request-context';
import type { SessionEndNotices } from './session-end-notices';
import {
  isWellFormedSessionId,
  newCsrfToken,
  newSessionId,
  remainingLifetimeMs,
  type Session,
  type SessionPolicy,
} from '../../domain/sessions/session';

export interface SessionStoreOptions extends SessionPolicy {
  now?: () => number;
  /** Told when a session is destroyed, so every replica ends that session's live streams. */
  endNotices?: Pick<SessionEndNotices, 'announce'>;
}

/**
 * How many of a user's sessions the per-user index remembers (the newest). Sessions beyond
 * that many sign-ins within one absolute lifetime are not reached by `destroyAllForUser`.
 */
export const MAX_INDEXED_SESSIONS_PER_USER = 1000;

const sessionKey = (id: string) => `session:${id}`;
const revokedKey = (id: string) => `session-revoked:${id}`;
const userIndexKey = (userId: string) => `user-sessions:${userId}`;

function parseSession(raw: string | null): Session | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session>;
    const wellFormed =
      typeof value.id === 'string' &&
      typeof value.csrfToken === 'string' &&
      typeof value.user?.id === 'string' &&
      typeof value.createdAt === 'number' &&
      typeof value.lastSeenAt === 'number' &&
      typeof value.absoluteExpiresAt === 'number';
    return wellFormed ? (value as Session) : null;
  } catch {
    return null;
  }
}

/**
 * Server-side sessions on the key-value port (Redis in distributed mode, memory in embedded).
 *
 * - `session:<id>` holds the session JSON; its TTL is the idle timeout, capped at the absolute
 *   expiry, and `touch` rewrites it with a fresh TTL (sliding expiry).
 * - `user-sessions:<userId>` is a capped log of the user's session ids (the per-user index),
 *   so `destroyAllForUser` (on `user.deleted`) can find them; it lives as long as the newest
 *   session can.
 * - `session-revoked:<id>` is a short tombstone written before a session is deleted. A touch
 *   is a read-then-write, so a request that loaded the session just before a sign-out could
 *   otherwise write it back; `touch` checks the tombstone after writing and deletes again.
 */
export class SessionStore {
  private readonly now: () => number;

  constructor(
    private readonly kv: KeyValueStore,
    private readonly options: SessionStoreOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  get policy(): SessionPolicy {
    return { idleTtlMs: this.options.idleTtlMs, absoluteTtlMs: this.options.absoluteTtlMs };
  }

  /** A new session with a new id and CSRF token (never reuses an id: rotation at sign-in). */
  async create(user: SessionUser): Promise<Session> {
    const now = this.now();
    const session: Session = {
      id: newSessionId(),
      user,
      csrfToken: newCsrfToken(),
      createdAt: now,
      lastSeenAt: now,
      absoluteExpiresAt: now + this.options.absoluteTtlMs,
    };
    await this.kv.set(sessionKey(session.id), JSON.stringify(session), this.options.idleTtlMs);
    await this.kv.appendToLog(userIndexKey(user.id), session.id, {
      maxLength: MAX_INDEXED_SESSIONS_PER_USER,
      ttlMs: this.options.absoluteTtlMs,
    });
    return session;
  }

  /** The live session with this id, or null (unknown, idle-expired, past its absolute expiry, malformed id). */
  async get(id: string): Promise<Session | null> {
    if (!isWellFormedSessionId(id)) return null;
    const session = parseSession(await this.kv.get(sessionKey(id)));
    if (!session || session.id !== id) return null;
    if (remainingLifetimeMs(session, this.policy, this.now()) <= 0) {
      await this.kv.delete(sessionKey(id));
      return null;
    }
    return session;
  }

  /**
   * Records activity: the idle timeout starts again, never beyond the absolute expiry. Returns
   * the refreshed session, or null when it has ended (absolute expiry reached, or destroyed).
   */
  async touch(session: Session): Promise<Session | null> {
    const now = this.now();
    const ttlMs = remainingLifetimeMs(session, this.policy, now);
    if (ttlMs <= 0) {
      await this.kv.delete(sessionKey(session.id));
      return null;
    }
    const touched: Session = { ...session, lastSeenAt: now };
    await this.kv.set(sessionKey(session.id), JSON.stringify(touched), ttlMs);
    if ((await this.kv.get(revokedKey(session.id))) !== null) {
      await this.kv.delete(sessionKey(session.id));
      return null;
    }
    return touched;
  }

  /** Ends a session (sign-out, rotation, account deleted) and tells every replica (its live streams end). Idempotent. */
  async destroy(id: string): Promise<void> {
    if (!isWellFormedSessionId(id)) return;
    // The tombstone outlives any write-back a concurrent touch could still make (that write's TTL ≤ idle timeout).
    await this.kv.set(revokedKey(id), '1', this.options.idleTtlMs);
    await this.kv.delete(sessionKey(id));
    // After the delete: a replica that hears the notice and checks the store finds the session gone.
    await this.options.endNotices?.announce(id);
  }

  /** Ends every session of a user (account deleted); returns how many were still alive. */
  async destroyAllForUser(userId: string): Promise<number> {
    const { entries } = await this.kv.readLogAfter(userIndexKey(userId));
    let destroyed = 0;
    for (const { value: id } of entries) {
      if ((await this.kv.get(sessionKey(id))) !== null) destroyed += 1;
      await this.destroy(id);
    }
    await this.kv.delete(userIndexKey(userId));
    return destroyed;
  }
}
