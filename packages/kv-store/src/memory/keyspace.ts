import type { CappedLog } from './capped-log';

export type StoredValue = { kind: 'string'; value: string } | { kind: 'log'; log: CappedLog };

export interface Slot {
  stored: StoredValue;
  /** Epoch ms at which the key stops existing; null when it never expires. */
  expiresAt: number | null;
}

/** Receives a channel's messages; the keyspace calls it asynchronously, after `publish` returned. */
export interface ChannelSubscriber {
  deliver(message: string): void;
}

export interface MemoryKeyspaceOptions {
  /** The clock (epoch ms); tests may pass a fake one. */
  now?: () => number;
  /** How often at most a write also drops every expired key (default 10 s). */
  sweepIntervalMs?: number;
}

const DEFAULT_SWEEP_INTERVAL_MS = 10_000;

/**
 * The shared state behind memory stores: what a Redis server is to its connections. Several
 * `MemoryKeyValueStore`s on one keyspace see the same keys and channels (that is how the embedded
 * mode runs several gateway replicas in one process).
 *
 * Expiry uses no timers, so it never keeps a process alive: an expired key is dropped when it is
 * next touched, and a write sweeps all expired keys at most once per `sweepIntervalMs`, which
 * bounds the memory held by keys nobody reads again (idempotency records, rate-limit counters).
 */
export class MemoryKeyspace {
  readonly now: () => number;
  readonly #sweepIntervalMs: number;
  readonly #slots = new Map<string, Slot>();
  readonly #channels = new Map<string, Set<ChannelSubscriber>>();
  #lastSweepAt: number;

  constructor(options: MemoryKeyspaceOptions = {}) {
    this.now = options.now ?? Date.now;
    this.#sweepIntervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
    this.#lastSweepAt = this.now();
  }

  /** Number of keys held, expired ones not yet dropped included (for tests and diagnostics). */
  get heldKeyCount(): number {
    return this.#slots.size;
  }

  /** The live slot of a key; an expired one is dropped and reported missing. */
  read(key: string): Slot | undefined {
    const slot = this.#slots.get(key);
    if (!slot) return undefined;
    if (this.#isExpired(slot, this.now())) {
      this.#slots.delete(key);
      return undefined;
    }
    return slot;
  }

  write(key: string, slot: Slot): void {
    this.#sweepIfDue();
    this.#slots.set(key, slot);
  }

  /** True when a live key was removed. */
  remove(key: string): boolean {
    return this.read(key) !== undefined && this.#slots.delete(key);
  }

  publish(channel: string, message: string): void {
    const subscribers = this.#channels.get(channel);
    if (!subscribers?.size) return;
    // Snapshot now: who was subscribed at publish time receives it, like Redis. One setImmediate
    // per publish keeps delivery asynchronous and in publish order (the queue is FIFO).
    const recipients = [...subscribers];
    setImmediate(() => {
      for (const recipient of recipients) recipient.deliver(message);
    });
  }

  addSubscriber(channel: string, subscriber: ChannelSubscriber): void {
    const subscribers = this.#channels.get(channel) ?? new Set<ChannelSubscriber>();
    subscribers.add(subscriber);
    this.#channels.set(channel, subscribers);
  }

  removeSubscriber(channel: string, subscriber: ChannelSubscriber): void {
    const subscribers = this.#channels.get(channel);
    if (!subscribers) return;
    subscribers.delete(subscriber);
    if (subscribers.size === 0) this.#channels.delete(channel);
  }

  #isExpired(slot: Slot, now: number): boolean {
    return slot.expiresAt !== null && now >= slot.expiresAt;
  }

  #sweepIfDue(): void {
    const now = this.now();
    if (now - this.#lastSweepAt < this.#sweepIntervalMs) return;
    this.#lastSweepAt = now;
    for (const [key, slot] of this.#slots) {
      if (this.#isExpired(slot, now)) this.#slots.delete(key);
    }
  }
}
