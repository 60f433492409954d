/**
 * Key-value + pub/sub port: sessions, idempotency records, rate-limit counters, locks,
 * SSE fan-out (pub/sub) and SSE replay buffers (capped logs). Values are strings; callers
 * serialise. Every TTL is in milliseconds and must be a positive integer.
 *
 * One key holds one kind of value: a string (get/set/increment…) or a log (appendToLog/readLogAfter).
 * Using a key with the other kind's operations rejects with an error whose message starts with WRONGTYPE.
 * Once `close()` was called, every operation rejects.
 */

export interface LogEntry {
  /**
   * `<ms>-<seq>` (a Redis stream id), increasing within one key. Callers treat it as opaque
   * except for ordering (`compareLogIds`) and passing it back to `readLogAfter`.
   */
  id: string;
  value: string;
}

export interface LogRead {
  entries: LogEntry[];
  /**
   * True when entries after `afterId` may be missing, so the reader must re-seed from the source
   * of truth: `afterId` was given and either the log does not exist (expired or deleted), or an
   * entry newer than `afterId` was trimmed away, or nothing was ever trimmed and `afterId` is older
   * than the log's first entry (it belongs to an earlier, expired log under the same key).
   * Always false without `afterId`.
   */
  gap: boolean;
}

/** Stops delivery to this handler; calling it again does nothing. */
export type Unsubscribe = () => Promise<void>;

export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /** Sets the value; with `ttlMs` it expires after that long, without it any previous expiry is removed. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Sets only when the key does not exist (atomic); true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** True when a key was deleted. */
  delete(key: string): Promise<boolean>;
  /** Deletes only when the current value equals `expected` (atomic): releasing a lock you own. */
  compareAndDelete(key: string, expected: string): Promise<boolean>;
  /**
   * Adds 1 atomically and returns the new value. A counter without an expiry gets `ttlMs` (so the
   * TTL starts with the first increment); later increments do not extend it.
   */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Remaining time to live in ms; null when the key is missing or has no expiry. */
  ttl(key: string): Promise<number | null>;

  /**
   * Appends to a capped log keeping exactly the newest `maxLength` entries (a positive integer) and
   * returns the new entry's id; `ttlMs` refreshes the log's expiry, without it the expiry is unchanged.
   */
  appendToLog(key: string, value: string, options: { maxLength: number; ttlMs?: number }): Promise<string>;
  /**
   * Entries strictly after `afterId` (all entries when omitted), oldest first. A malformed `afterId`
   * (not `<ms>-<seq>`) rejects with a RangeError; check untrusted input with `isLogId` first.
   */
  readLogAfter(key: string, afterId?: string): Promise<LogRead>;
  /**
   * The newest entry's id, null when the log is missing or empty: where a reader that wants only
   * what comes next starts, without reading the entries themselves.
   */
  lastLogId(key: string): Promise<string | null>;

  /** Delivers to every subscriber of the channel at that moment, on any connection; fire and forget. */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Resolves once the subscription is active: a message published after that reaches `onMessage`,
   * asynchronously and in publish order. A handler that throws is reported through the adapter's
   * `onError` option and does not affect other handlers.
   */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<Unsubscribe>;

  /** Resolves when the store answers (a readiness check); rejects once closed or while the server is gone. */
  ping(): Promise<void>;

  /** Ends this connection: its subscriptions stop, later calls reject. The stored data stays. */
  close(): Promise<void>;
}
