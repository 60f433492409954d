import type { LiveMetrics } from './live-metrics';
import type { SseConnection } from './sse-connection';

export interface LiveConnectionsOptions {
  /** Open streams one user may hold on this replica. */
  maxPerUser: number;
  /** How often every stream gets a `heartbeat` (keeps proxies from closing an idle stream). */
  heartbeatMs: number;
  /** The `retry:` hint sent with `reconnect` on shutdown: a random wait up to this long, so clients do not all return at once. */
  drainRetryMaxMs: number;
  metrics: LiveMetrics;
}

/**
 * The streams open on this replica: the per-user limit, the heartbeat (one timer for all) and
 * the drain at shutdown. A slot is taken before the stream is set up, so a burst of connection
 * attempts cannot get past the limit while the first ones are still reading the log.
 */
export class LiveConnections {
  private readonly byUser = new Map<string, Set<SseConnection>>();
  private readonly reserved = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | undefined;
  private draining = false;

  constructor(private readonly options: LiveConnectionsOptions) {}

  get isDraining(): boolean {
    return this.draining;
  }

  get size(): number {
    let count = 0;
    for (const connections of this.byUser.values()) count += connections.size;
    return count;
  }

  /** Holds one of the user's slots; false at the limit. Pair with `add` or `release`. */
  reserve(userId: string): boolean {
    const held = (this.byUser.get(userId)?.size ?? 0) + (this.reserved.get(userId) ?? 0);
    if (held >= this.options.maxPerUser) return false;
    this.reserved.set(userId, (this.reserved.get(userId) ?? 0) + 1);
    return true;
  }

  release(userId: string): void {
    const left = (this.reserved.get(userId) ?? 1) - 1;
    if (left > 0) this.reserved.set(userId, left);
    else this.reserved.delete(userId);
  }

  /** Turns a reserved slot into an open stream; it leaves the set when it closes. */
  add(connection: SseConnection): void {
    this.release(connection.userId);
    let connections = this.byUser.get(connection.userId);
    if (!connections) this.byUser.set(connection.userId, (connections = new Set()));
    connections.add(connection);
    this.options.metrics.openConnections.inc();
    connection.onClose(() => {
      this.options.metrics.openConnections.dec();
      connections.delete(connection);
      if (connections.size === 0 && this.byUser.get(connection.userId) === connections) {
        this.byUser.delete(connection.userId);
      }
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
      for (const connections of this.byUser.values()) {
        for (const connection of connections) connection.control('heartbeat');
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
