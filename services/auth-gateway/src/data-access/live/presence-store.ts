import type { KeyValueStore } from '@kadr/kv-store';

const presenceKey = (userId: string) => `presence:${userId}`;
/** Kept a day: "left more than 2 minutes ago" needs only recent history; older is "long gone". */
const PRESENCE_TTL_MS = 24 * 60 * 60_000;

/**
 * When each user last had a live stream open, on the shared key-value store so every replica's
 * streams count: written when a stream opens, on every heartbeat while it is open, and when it
 * closes. The notifications service asks it (through `GET /internal/users/:id/presence`) before
 * e-mailing someone about a finished video.
 */
export class PresenceStore {
  constructor(private readonly kv: KeyValueStore) {}

  async seen(userId: string, at: Date): Promise<void> {
    await this.kv.set(presenceKey(userId), String(at.getTime()), PRESENCE_TTL_MS);
  }

  async lastSeen(userId: string): Promise<Date | null> {
    const value = await this.kv.get(presenceKey(userId));
    const ms = value === null ? NaN : Number(value);
    return Number.isFinite(ms) ? new Date(ms) : null;
  }

  /** The user's record goes with the user (purge). */
  async forget(userId: string): Promise<void> {
    await this.kv.delete(presenceKey(userId));
  }
}
