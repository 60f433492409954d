import type { LiveMetrics } from './live-metrics';
import type { SseConnection } from './sse-connection';

export interface LiveConnectionsOptions {
  /** Open streams one user may hold on this replica. */
  maxPerUser: number;
  /** Open streams this replica holds in all (the memory and sockets one process can afford). */
  maxTotal: number;
  /** How often every stream gets a `heartbeat` (keeps proxies from closing an idle stream). */
  heartbeatMs: number;
  /** The `retry:` hint sent with `reconnect` on shutdown: a random wait up to this long, so clients do not all return at once. */
  drainRetryMaxMs: number;
  metrics: LiveMetrics;
  /**
   * Presence (when the user was last on the site): called when a stream opens and on every
   * heartbeat while any is open (`open` true), and when one closes (`open`: others still are).
   */
  onPresent?: (userId: string, open: boolean) => void;
}

/** Why a stream could not have a slot. */
export type ReserveRefusal = 'user_limit' | 'replica_full';

/**
 * The streams open on this replica: the per-user and the replica-wide limit, the index by
 * session (a session that ends takes its streams with it), the heartbeat (one timer for all)
 * and the drain at shutdown. A slot is taken before the stream is set up, so a burst of connection
 * attempts cannot get past the limit while the first ones are still reading the log.
 */
export class LiveConnections {
  private readonly byUser = new Map<string, Set<SseConnection>>();
  private readonly reserved = new Map<string, number>();
  private readonly bySession = new Map<string, Set<SseConnection>>();
  private open = 0;
  private reservedTotal = 0;
  private heartbeat: NodeJS.Timeout | undefined;
  private draining = false;

  constructor(private readonly options: LiveConnectionsOptions) {}

  get isDraining(): boolean {
    return this.draining;
  }

  get size(): number {
    return this.open;
  }

  /** Holds one of the user's slots and one of the replica's; the refusal at a limit. Pair with `add` or `release`. */
  reserve(userId: string): ReserveRefusal | undefined {
    if (this.open + this.reservedTotal >= this.options.maxTotal) return 'replica_full';
    const held = (this.byUser.get(userId)?.size ?? 0) + (this.reserved.get(userId) ?? 0);
    if (held >= this.options.maxPerUser) return 'user_limit';
    this.reserved.set(userId, (this.reserved.get(userId) ?? 0) + 1);
    this.reservedTotal += 1;
    return undefined;
  }

  release(userId: string): void {
    if (!this.reserved.has(userId)) return;
    this.reservedTotal -= 1;
    const left = this.reserved.get(userId)! - 1;
    if (left > 0) this.reserved.set(userId, left);
    else this.reserved.delete(userId);
  }

  /** The session ended (sign-out, expiry, account deleted): its streams here end now. */
  endSession(sessionTag: string): void {
    for (const connection of [...(this.bySession.get(sessionTag) ?? [])]) connection.end('session_ended');
  }

  /** Turns a reserved slot into an open stream; it leaves the set when it closes. */
  add(connection: SseConnection): void {
    this.release(connection.userId);
    const connections = addTo(this.byUser, connection.userId, connection);
    const ofSession = addTo(this.bySession, connection.sessionTag, connection);
    this.open += 1;
    this.options.metrics.openConnections.inc();
    this.options.onPresent?.(connection.userId, true);
    connection.onClose(() => {
      this.open -= 1;
      this.options.metrics.openConnections.dec();
      connections.delete(connection);
      if (connections.size === 0 && this.byUser.get(connection.userId) === connections) {
        this.byUser.delete(connection.userId);
      }
      ofSession.delete(connection);
      if (ofSession.size === 0 && this.bySession.get(connection.sessionTag) === ofSession) {
        this.bySession.delete(connection.sessionTag);
      }
      this.options.onPresent?.(connection.userId, this.byUser.has(connection.userId));
    });
    this.startHeartbeat();
  }

  /**
   * Shutdown: refuse new streams, tell every open one to reconnect (to another replica, after a
   * random short wait) and end it, so the HTTP server can close without waiting for them.
   */
  drain(): void {
    this.draining = true;
    this.stopHeartbeat();
    for (const connections of [...this.byUser.values()]) {
      for (const connection of [...connections]) {
        connection.control('reconnect', {}, { retryMs: Math.round(Math.random() * this.options.drainRetryMaxMs) });
        connection.end('drain');
      }
    }
  }

  private startHeartbeat(): void {
    if (this.heartbeat || this.draining) return;
    this.heartbeat = setInterval(() => {
      if (this.byUser.size === 0) {
        this.stopHeartbeat();
        return;
      }
      for (const [userId, connections] of this.byUser) {
        for (const connection of connections) connection.control('heartbeat');
        this.options.onPresent?.(userId, true);
      }
    }, this.options.heartbeatMs);
    // The heartbeat alone must not keep a process (or a test) alive.
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

function addTo<T>(index: Map<string, Set<T>>, key: string, item: T): Set<T> {
  let items = index.get(key);
  if (!items) index.set(key, (items = new Set()));
  items.add(item);
  return items;
}
