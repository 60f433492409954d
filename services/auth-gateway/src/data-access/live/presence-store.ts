import type { KeyValueStore } from '@kadr/kv-store';

const presenceKey = (userId: string) => `presence:${userId}`;
/** Kept a day: "left more than 2 minutes ago" needs only recent history; older is "long gone". */
const PRESENCE_TTL_MS = 24 * 60 * 60_000;

/**
 * When each user last had a live stream open, on the shared key-value store so every replica's
 * streams count: written when a stream opens, on every heartbeat while it is open, and when it
 * closes (then saying whether another of the user's streams is still open there). The notifications service asks it (through `GET /internal/users/:id/presence`) before
 * e-mailing someone about a finished video.
 */
export class PresenceStore {
  constructor(private readonly kv: KeyValueStore) {}

  /** `open`: the user still has a stream open on the replica that writes (false when its last one closed). */
  async seen(userId: string, at: Date, open: boolean): Promise<void> {
    await this.kv.set(presenceKey(userId), `${at.getTime()}:${open ? 'open' : 'closed'}`, PRESENCE_TTL_MS);
  }

  /**
   * The last write: when, and whether a stream was open then. With streams on several replicas, one
   * replica's "closed" is overwritten by another's next heartbeat "open" within a heartbeat period.
   */
  async lastSeen(userId: string): Promise<{ at: Date; open: boolean } | null> {
    const value = await this.kv.get(presenceKey(userId));
    const match = value === null ? null : /^(\d+):(open|closed)$/.exec(value);
    return match ? { at: new Date(Number(match[1])), open: match[2] === 'open' } : null;
  }

  /** The user's record goes with the user (purge). */
  async forget(userId: string): Promise<void> {
    await this.kv.delete(presenceKey(userId));
  }
}
