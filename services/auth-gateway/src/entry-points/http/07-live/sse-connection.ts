import type { Response } from 'express';
import type { LiveEntry } from '../../../data-access/live/live-feed-store';
import { StreamPosition } from '../../../domain/live/stream-position';
import type { LiveMetrics } from './live-metrics';
import { entryFrame, sseFrame } from './sse-frame';

export interface BackPressureLimits {
  /** Events written while the socket is not draining, beyond which the connection is closed. */
  maxBufferedEvents: number;
  /** Bytes waiting in the response and socket buffers, beyond which the connection is closed. */
  maxBufferedBytes: number;
}

export type CloseReason = 'client' | 'slow_client' | 'drain' | 'forgotten' | 'fell_behind' | 'session_ended';

/**
 * One open event stream. Writes never wait: a client that does not read lets data pile up in
 * its own buffers only, up to the limits, and then its connection is closed (it reconnects with
 * Last-Event-ID and gets what it missed from the log), so one slow client never holds up the
 * replica's other clients or the feed.
 */
export class SseConnection {
  readonly position = new StreamPosition<LiveEntry>();
  private eventsSinceBlocked = 0;
  private blocked = false;
  private closed = false;
  private readonly closeListeners: Array<(reason: CloseReason) => void> = [];

  constructor(
    readonly userId: string,
    /** `sessionTagOf` the session that opened it: the stream lives no longer than that session. */
    readonly sessionTag: string,
    private readonly res: Response,
    private readonly limits: BackPressureLimits,
    private readonly metrics: LiveMetrics,
    private readonly now: () => number = Date.now,
  ) {
    res.on('close', () => this.finish('client'));
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** The id a heartbeat or a control event carries: where the client stands. */
  get lastId(): string {
    return this.position.current ?? '0-0';
  }

  onClose(listener: (reason: CloseReason) => void): void {
    this.closeListeners.push(listener);
  }

  /** Feed entries (in order, already deduplicated by `position`); each one's frame is shared with the user's other connections. */
  deliver(entries: readonly LiveEntry[]): void {
    for (const entry of entries) {
      if (!this.write(entryFrame(entry))) return;
      this.metrics.eventsDelivered.inc({ event: entry.event.name });
      this.metrics.deliveryLag.observe(Math.max(0, this.now() - entry.event.occurredAt) / 1000);
    }
  }

  /** A control event (connected, heartbeat, reset, reconnect), by default at the current position. */
  control(event: string, data: unknown = {}, options: { id?: string; retryMs?: number } = {}): void {
    this.write(sseFrame({ id: options.id ?? this.lastId, event, data, retryMs: options.retryMs }));
  }

  /** Ends the response normally (what was written is flushed first). */
  end(reason: CloseReason): void {
    if (this.closed) return;
    this.res.end();
    this.finish(reason);
  }

  private write(frame: string | Buffer): boolean {
    if (this.closed) return false;
    const flushed = this.res.write(frame);
    if (this.blocked) this.eventsSinceBlocked += 1;
    else if (!flushed) {
      this.blocked = true;
      this.res.once('drain', () => {
        this.blocked = false;
        this.eventsSinceBlocked = 0;
      });
    }
    // Only a socket that stopped taking data counts: a burst to a client that reads is
    // momentarily buffered too, and must not cost it its connection.
    const overflowing =
      this.blocked &&
      (this.eventsSinceBlocked > this.limits.maxBufferedEvents ||
        this.res.writableLength > this.limits.maxBufferedBytes);
    if (overflowing) {
      this.metrics.slowClientsClosed.inc();
      // Destroyed, not ended: ending would wait for the very client that does not read.
      this.res.destroy();
      this.finish('slow_client');
      return false;
    }
    return true;
  }

  private finish(reason: CloseReason): void {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.closeListeners) listener(reason);
  }
}
