import { checkMaxLength, checkTtlMs } from '../argument-checks';
import { closedError, notAnIntegerError, warnUnhandled, wrongTypeError } from '../errors';
import { hasGap } from '../log-gap';
import { parseLogId } from '../log-id';
import type { KeyValueStore, LogRead, Unsubscribe } from '../port';
import { CappedLog } from './capped-log';
import { MemoryKeyspace, type ChannelSubscriber, type Slot } from './keyspace';

export interface MemoryKeyValueStoreOptions {
  /** The shared state to connect to; a new, private one when omitted. */
  keyspace?: MemoryKeyspace;
  /** Prepended to every key and channel (namespacing per service), as in the Redis adapter. */
  keyPrefix?: string;
  /** Receives errors nobody awaits: a subscriber handler that threw. Default: a process warning. */
  onError?: (error: unknown) => void;
}

/** Redis' INCR accepts only canonical base-10 integers; we also stay within exact JS numbers. */
const INTEGER_PATTERN = /^(0|-?[1-9]\d*)$/;

function parseCounter(value: string): number {
  const parsed = INTEGER_PATTERN.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(parsed)) throw notAnIntegerError();
  return parsed;
}

class MemorySubscription implements ChannelSubscriber {
  #active = true;

  constructor(
    readonly channel: string,
    private readonly onMessage: (message: string) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  deliver(message: string): void {
    // Checked at delivery time: once unsubscribe resolved, nothing more arrives, even messages
    // published before it that were still queued.
    if (!this.#active) return;
    try {
      this.onMessage(message);
    } catch (error) {
      this.onError(error);
    }
  }

  deactivate(): void {
    this.#active = false;
  }
}

/**
 * The in-process adapter: one "connection" to a `MemoryKeyspace`. Every operation runs
 * synchronously inside the returned promise's executor, with no await in between, so each
 * read-modify-write (setIfAbsent, compareAndDelete, increment, appendToLog) is atomic.
 */
export class MemoryKeyValueStore implements KeyValueStore {
  readonly keyspace: MemoryKeyspace;
  readonly #keyPrefix: string;
  readonly #onError: (error: unknown) => void;
  readonly #subscriptions = new Set<MemorySubscription>();
  #closed = false;

  constructor(options: MemoryKeyValueStoreOptions = {}) {
    this.keyspace = options.keyspace ?? new MemoryKeyspace();
    this.#keyPrefix = options.keyPrefix ?? '';
    this.#onError = options.onError ?? warnUnhandled;
  }

  /** Another connection to the same keyspace (same prefix unless given), with its own subscriptions and `close()`. */
  connect(options: { keyPrefix?: string } = {}): MemoryKeyValueStore {
    return new MemoryKeyValueStore({
      keyspace: this.keyspace,
      keyPrefix: options.keyPrefix ?? this.#keyPrefix,
      onError: this.#onError,
    });
  }

  ping(): Promise<void> {
    return this.#run(() => undefined);
  }

  get(key: string): Promise<string | null> {
    return this.#run(() => {
      const slot = this.keyspace.read(this.#key(key));
      return slot ? this.#stringOf(slot) : null;
    });
  }

  set(key: string, value: string, ttlMs?: number): Promise<void> {
    return this.#run(() => {
      const expiresAt = ttlMs === undefined ? null : this.keyspace.now() + checkTtlMs(ttlMs);
      this.keyspace.write(this.#key(key), { stored: { kind: 'string', value }, expiresAt });
    });
  }

  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return this.#run(() => {
      checkTtlMs(ttlMs);
      const fullKey = this.#key(key);
      if (this.keyspace.read(fullKey)) return false;
      this.keyspace.write(fullKey, { stored: { kind: 'string', value }, expiresAt: this.keyspace.now() + ttlMs });
      return true;
    });
  }

  delete(key: string): Promise<boolean> {
    return this.#run(() => this.keyspace.remove(this.#key(key)));
  }

  compareAndDelete(key: string, expected: string): Promise<boolean> {
    return this.#run(() => {
      const fullKey = this.#key(key);
      const slot = this.keyspace.read(fullKey);
      if (!slot || this.#stringOf(slot) !== expected) return false;
      return this.keyspace.remove(fullKey);
    });
  }

  increment(key: string, ttlMs: number): Promise<number> {
    return this.#run(() => {
      checkTtlMs(ttlMs);
      const fullKey = this.#key(key);
      const slot = this.keyspace.read(fullKey);
      const next = (slot ? parseCounter(this.#stringOf(slot)) : 0) + 1;
      if (!Number.isSafeInteger(next)) throw notAnIntegerError();
      const expiresAt = slot?.expiresAt ?? this.keyspace.now() + ttlMs;
      this.keyspace.write(fullKey, { stored: { kind: 'string', value: String(next) }, expiresAt });
      return next;
    });
  }

  ttl(key: string): Promise<number | null> {
    return this.#run(() => {
      const slot = this.keyspace.read(this.#key(key));
      if (!slot || slot.expiresAt === null) return null;
      return slot.expiresAt - this.keyspace.now();
    });
  }

  appendToLog(key: string, value: string, options: { maxLength: number; ttlMs?: number }): Promise<string> {
    return this.#run(() => {
      const maxLength = checkMaxLength(options.maxLength);
      const ttlMs = options.ttlMs === undefined ? undefined : checkTtlMs(options.ttlMs);
      const fullKey = this.#key(key);
      const slot = this.keyspace.read(fullKey);
      const log = slot ? this.#logOf(slot) : new CappedLog();
      const now = this.keyspace.now();
      const id = log.append(value, maxLength, now);
      const expiresAt = ttlMs === undefined ? (slot?.expiresAt ?? null) : now + ttlMs;
      this.keyspace.write(fullKey, { stored: { kind: 'log', log }, expiresAt });
      return id;
    });
  }

  readLogAfter(key: string, afterId?: string): Promise<LogRead> {
    return this.#run(() => {
      const after = afterId === undefined ? undefined : parseLogId(afterId);
      const slot = this.keyspace.read(this.#key(key));
      if (!slot) return { entries: [], gap: hasGap(after, null) };
      return this.#logOf(slot).readAfter(after);
    });
  }

  lastLogId(key: string): Promise<string | null> {
    return this.#run(() => {
      const slot = this.keyspace.read(this.#key(key));
      return slot ? this.#logOf(slot).lastId : null;
    });
  }

  publish(channel: string, message: string): Promise<void> {
    return this.#run(() => this.keyspace.publish(this.#key(channel), message));
  }

  subscribe(channel: string, onMessage: (message: string) => void): Promise<Unsubscribe> {
    return this.#run(() => {
      const subscription = new MemorySubscription(this.#key(channel), onMessage, this.#onError);
      this.keyspace.addSubscriber(subscription.channel, subscription);
      this.#subscriptions.add(subscription);
      return () => {
        this.#drop(subscription);
        return Promise.resolve();
      };
    });
  }

  close(): Promise<void> {
    this.#closed = true;
    for (const subscription of this.#subscriptions) this.#drop(subscription);
    return Promise.resolve();
  }

  #drop(subscription: MemorySubscription): void {
    subscription.deactivate();
    this.keyspace.removeSubscriber(subscription.channel, subscription);
    this.#subscriptions.delete(subscription);
  }

  /** Runs an operation synchronously (hence atomically) and turns its result or throw into a promise. */
  #run<T>(operation: () => T): Promise<T> {
    try {
      if (this.#closed) throw closedError();
      return Promise.resolve(operation());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #key(key: string): string {
    return this.#keyPrefix + key;
  }

  #stringOf(slot: Slot): string {
    if (slot.stored.kind !== 'string') throw wrongTypeError();
    return slot.stored.value;
  }

  #logOf(slot: Slot): CappedLog {
    if (slot.stored.kind !== 'log') throw wrongTypeError();
    return slot.stored.log;
  }
}
