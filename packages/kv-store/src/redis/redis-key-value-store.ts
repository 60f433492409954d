import { Redis, type RedisOptions } from 'ioredis';
import { checkMaxLength, checkTtlMs } from '../argument-checks';
import { closedError, warnUnhandled, wrongTypeError } from '../errors';
import { hasGap } from '../log-gap';
import { parseLogId } from '../log-id';
import type { KeyValueStore, LogRead, Unsubscribe } from '../port';
import { RedisSubscriptions } from './redis-subscriptions';
import { kvScripts, type KvScriptCommands } from './scripts';
import { parseStreamHistory, toLogEntries } from './stream-info';

export interface RedisKeyValueStoreOptions {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS). */
  url: string;
  /** Prepended to every key and channel (namespacing per service). */
  keyPrefix?: string;
  /** Receives errors nobody awaits: connection errors and subscriber handlers that threw. Default: a process warning for handlers, ioredis' own logging for connections. */
  onError?: (error: unknown) => void;
  /** Further ioredis options (timeouts, retry strategy, TLS); the URL's host, port and credentials win. */
  redisOptions?: RedisOptions;
}

/**
 * The Redis adapter (ioredis): a command connection, plus a subscriber connection created on the
 * first `subscribe` because a connection in subscriber mode cannot run other commands.
 * Requires Redis 7.0 or newer (capped logs use XSETID … MAXDELETEDID and XINFO's max-deleted-entry-id).
 */
export class RedisKeyValueStore implements KeyValueStore {
  readonly #commands: Redis & KvScriptCommands;
  readonly #keyPrefix: string;
  readonly #onError: ((error: unknown) => void) | undefined;
  #subscriptions: RedisSubscriptions | undefined;
  #subscriber: Redis | undefined;
  #closed = false;

  constructor(options: RedisKeyValueStoreOptions) {
    this.#keyPrefix = options.keyPrefix ?? '';
    this.#onError = options.onError;
    // Our own prefixing (not ioredis' keyPrefix, which leaves pub/sub channels alone) so keys and
    // channels are namespaced alike, as in the memory adapter.
    this.#commands = new Redis(options.url, { ...options.redisOptions, scripts: kvScripts }) as Redis &
      KvScriptCommands;
    this.#listenForErrors(this.#commands);
  }

  async ping(): Promise<void> {
    this.#assertOpen();
    await this.#commands.ping();
  }

  async get(key: string): Promise<string | null> {
    this.#assertOpen();
    return this.#commands.get(this.#key(key));
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.#assertOpen();
    if (ttlMs === undefined) await this.#commands.set(this.#key(key), value);
    else await this.#commands.set(this.#key(key), value, 'PX', checkTtlMs(ttlMs));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    this.#assertOpen();
    const reply = await this.#commands.set(this.#key(key), value, 'PX', checkTtlMs(ttlMs), 'NX');
    return reply === 'OK';
  }

  async delete(key: string): Promise<boolean> {
    this.#assertOpen();
    return (await this.#commands.del(this.#key(key))) > 0;
  }

  async compareAndDelete(key: string, expected: string): Promise<boolean> {
    this.#assertOpen();
    return (await this.#commands.kvCompareAndDelete(this.#key(key), expected)) > 0;
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    this.#assertOpen();
    return this.#commands.kvIncrementWithTtl(this.#key(key), checkTtlMs(ttlMs));
  }

  async ttl(key: string): Promise<number | null> {
    this.#assertOpen();
    const remaining = await this.#commands.pttl(this.#key(key));
    // -2: no such key, -1: no expiry.
    return remaining < 0 ? null : remaining;
  }

  async appendToLog(key: string, value: string, options: { maxLength: number; ttlMs?: number }): Promise<string> {
    this.#assertOpen();
    const maxLength = checkMaxLength(options.maxLength);
    const ttlMs = options.ttlMs === undefined ? '' : checkTtlMs(options.ttlMs);
    return this.#commands.kvAppendToCappedLog(this.#key(key), value, maxLength, ttlMs);
  }

  async readLogAfter(key: string, afterId?: string): Promise<LogRead> {
    this.#assertOpen();
    const after = afterId === undefined ? undefined : parseLogId(afterId);
    const fullKey = this.#key(key);
    // One MULTI so the history and the entries describe the same moment: an append trimming in
    // between could otherwise drop entries we then report without a gap.
    const replies = await this.#commands
      .multi()
      .type(fullKey)
      .xinfo('STREAM', fullKey)
      .xrange(fullKey, afterId === undefined ? '-' : `(${afterId}`, '+')
      .exec();
    if (!replies) throw new Error('readLogAfter: the transaction was aborted');
    const [type, info, range] = replies.map(([error, result]) => ({ error, result }));
    if (type?.error) throw type.error;
    if (type?.result === 'none') return { entries: [], gap: hasGap(after, null) };
    if (type?.result !== 'stream') throw wrongTypeError();
    if (info?.error) throw info.error;
    if (range?.error) throw range.error;
    return {
      entries: toLogEntries(range?.result as [string, string[]][]),
      gap: hasGap(after, parseStreamHistory(info?.result)),
    };
  }

  async lastLogId(key: string): Promise<string | null> {
    this.#assertOpen();
    // XREVRANGE answers WRONGTYPE for a string key by itself, and [] for a missing one.
    const newest = await this.#commands.xrevrange(this.#key(key), '+', '-', 'COUNT', 1);
    return newest[0]?.[0] ?? null;
  }

  async publish(channel: string, message: string): Promise<void> {
    this.#assertOpen();
    await this.#commands.publish(this.#key(channel), message);
  }

  async subscribe(channel: string, onMessage: (message: string) => void): Promise<Unsubscribe> {
    this.#assertOpen();
    const unsubscribe = await this.#subscriberConnection().add(this.#key(channel), onMessage);
    // After close() the subscriber connection is gone and every subscription with it.
    return () => (this.#closed ? Promise.resolve() : unsubscribe());
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const connections = [this.#commands, this.#subscriber].filter((c): c is Redis => c !== undefined);
    await Promise.all(connections.map((connection) => quit(connection)));
  }

  #subscriberConnection(): RedisSubscriptions {
    if (!this.#subscriptions) {
      const subscriber = this.#commands.duplicate();
      this.#listenForErrors(subscriber);
      this.#subscriber = subscriber;
      this.#subscriptions = new RedisSubscriptions(subscriber, this.#onError ?? warnUnhandled);
    }
    return this.#subscriptions;
  }

  #listenForErrors(connection: Redis): void {
    // Without a listener ioredis logs connection errors itself; with one, the caller decides.
    const onError = this.#onError;
    if (onError) connection.on('error', (error: unknown) => onError(error));
  }

  #assertOpen(): void {
    if (this.#closed) throw closedError();
  }

  #key(key: string): string {
    return this.#keyPrefix + key;
  }
}

/** QUIT lets pending replies arrive; a connection that cannot say goodbye is simply dropped. */
async function quit(connection: Redis): Promise<void> {
  try {
    await connection.quit();
  } catch {
    connection.disconnect();
  }
}
