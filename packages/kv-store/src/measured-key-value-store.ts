import { metricOnce, STORE_CALL_BUCKETS } from '@kadr/telemetry';
import { Histogram, type Registry } from 'prom-client';
import type { KeyValueStore, LogRead, Unsubscribe } from './port';

/** The adapter behind a measured store: the `backend` label. */
export type KeyValueBackend = 'redis' | 'memory';

/** A call the decorator times: every port method but `close`, which ends the connection and asks nothing of the store. */
type Operation = Exclude<keyof KeyValueStore, 'close'>;

export const KV_STORE_OPERATION_DURATION = 'kv_store_operation_duration_seconds';

/** One histogram per registry: every store measured in it (a service's, a test rig's second one) adds to the same. */
function operationDuration(registry: Registry): Histogram<'backend' | 'operation' | 'outcome'> {
  return metricOnce(
    registry,
    KV_STORE_OPERATION_DURATION,
    () =>
      new Histogram({
        name: KV_STORE_OPERATION_DURATION,
        help: 'Seconds one KeyValueStore call took, by backend (redis | memory), operation (the port method) and outcome (ok | error)',
        labelNames: ['backend', 'operation', 'outcome'] as const,
        buckets: STORE_CALL_BUCKETS,
        registers: [registry],
      }),
  );
}

/**
 * The key-value store it wraps, with every call timed in `kv_store_operation_duration_seconds` of
 * `registry`; a call that rejects counts as `error`. A subscription counts the subscribe call only,
 * until the subscription is active: the messages it delivers later are not calls to the store.
 */
export class MeasuredKeyValueStore implements KeyValueStore {
  readonly #duration: Histogram<'backend' | 'operation' | 'outcome'>;

  constructor(
    private readonly store: KeyValueStore,
    private readonly backend: KeyValueBackend,
    registry: Registry,
  ) {
    this.#duration = operationDuration(registry);
  }

  get(key: string): Promise<string | null> {
    return this.#timed('get', () => this.store.get(key));
  }

  set(key: string, value: string, ttlMs?: number): Promise<void> {
    return this.#timed('set', () => this.store.set(key, value, ttlMs));
  }

  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return this.#timed('setIfAbsent', () => this.store.setIfAbsent(key, value, ttlMs));
  }

  delete(key: string): Promise<boolean> {
    return this.#timed('delete', () => this.store.delete(key));
  }

  compareAndDelete(key: string, expected: string): Promise<boolean> {
    return this.#timed('compareAndDelete', () => this.store.compareAndDelete(key, expected));
  }

  increment(key: string, ttlMs: number): Promise<number> {
    return this.#timed('increment', () => this.store.increment(key, ttlMs));
  }

  ttl(key: string): Promise<number | null> {
    return this.#timed('ttl', () => this.store.ttl(key));
  }

  appendToLog(key: string, value: string, options: { maxLength: number; ttlMs?: number }): Promise<string> {
    return this.#timed('appendToLog', () => this.store.appendToLog(key, value, options));
  }

  readLogAfter(key: string, afterId?: string): Promise<LogRead> {
    return this.#timed('readLogAfter', () => this.store.readLogAfter(key, afterId));
  }

  lastLogId(key: string): Promise<string | null> {
    return this.#timed('lastLogId', () => this.store.lastLogId(key));
  }

  publish(channel: string, message: string): Promise<void> {
    return this.#timed('publish', () => this.store.publish(channel, message));
  }

  subscribe(channel: string, onMessage: (message: string) => void): Promise<Unsubscribe> {
    return this.#timed('subscribe', () => this.store.subscribe(channel, onMessage));
  }

  ping(): Promise<void> {
    return this.#timed('ping', () => this.store.ping());
  }

  close(): Promise<void> {
    return this.store.close();
  }

  async #timed<T>(operation: Operation, call: () => Promise<T>): Promise<T> {
    const end = this.#duration.startTimer({ backend: this.backend, operation });
    try {
      const result = await call();
      end({ outcome: 'ok' });
      return result;
    } catch (error) {
      end({ outcome: 'error' });
      throw error;
    }
  }
}
