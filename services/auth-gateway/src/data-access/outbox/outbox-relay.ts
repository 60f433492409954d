import { EVENT_HEADER } from '@kadr/contracts';
import type { EventBus, OutgoingMessage } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { OutboxEntry } from '../../domain/identity/user';
import type { UserRepository } from '../users/user.repository';

export interface OutboxRelayOptions {
  users: Pick<UserRepository, 'takeOutbox' | 'removeFromOutbox'>;
  bus: EventBus;
  logger: Logger;
  /** How often pending entries are looked for besides the nudge after each write. Default 1 s. */
  intervalMs?: number;
  /** Users read per pass. Default 50. */
  batchSize?: number;
  /** A publish that takes longer counts as failed (Kafka's producer retries for a long time). Default 10 s. */
  publishTimeoutMs?: number;
}

function toMessage(entry: OutboxEntry): OutgoingMessage {
  return {
    key: entry.key,
    value: Buffer.from(entry.value, 'base64'),
    headers: {
      [EVENT_HEADER.eventId]: entry.id,
      [EVENT_HEADER.eventType]: entry.topic,
      [EVENT_HEADER.correlationId]: entry.correlationId,
      ...(entry.traceparent ? { [EVENT_HEADER.traceparent]: entry.traceparent } : {}),
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Publishes the events waiting in users' outboxes, then pulls them off (ARCHITECTURE §2).
 * Runs soon after each write (`nudge`) and on an interval, so an event whose publish a crash
 * interrupted is published by the next pass — of this process or of any other replica.
 * Delivery is at least once: a crash between publish and removal publishes the entry again,
 * with the same event id, which consumers dedupe on.
 */
export class OutboxRelay {
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly publishTimeoutMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** Passes of this process run one after the other, so two never publish the same entries. */
  private passes: Promise<unknown> = Promise.resolve();
  private again = false;
  private stopped = false;

  constructor(private readonly options: OutboxRelayOptions) {
    this.intervalMs = options.intervalMs ?? 1_000;
    this.batchSize = options.batchSize ?? 50;
    this.publishTimeoutMs = options.publishTimeoutMs ?? 10_000;
  }

  start(): void {
    this.stopped = false;
    this.timer ??= setInterval(() => this.nudge(), this.intervalMs);
    this.timer.unref();
    this.nudge();
  }

  /** Ask for a pass soon (after a write); passes never overlap within one process. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drainUntilQuiet().finally(() => {
      this.running = undefined;
    });
  }

  /** Stops the interval and waits for a pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass (after any pass in progress): publishes what is pending; resolves with how many were published. Errors are logged. */
  runOnce(): Promise<number> {
    const pass = this.passes.then(() => this.pass());
    this.passes = pass.catch(() => undefined);
    return pass;
  }

  private async pass(): Promise<number> {
    let published = 0;
    let pending;
    try {
      pending = await this.options.users.takeOutbox(this.batchSize);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'outbox relay could not read pending events');
      return 0;
    }
    for (const { userId, entries } of pending) {
      const done: string[] = [];
      try {
        for (const entry of entries) {
          await withTimeout(
            this.options.bus.publish(entry.topic, [toMessage(entry)]),
            this.publishTimeoutMs,
            `publishing ${entry.topic}`,
          );
          done.push(entry.id);
        }
      } catch (error) {
        this.options.logger.warn({ err: error, userId }, 'outbox relay could not publish; will retry');
      }
      if (done.length === 0) continue;
      try {
        await this.options.users.removeFromOutbox(userId, done);
        published += done.length;
      } catch (error) {
        // Published but still in the outbox: the next pass publishes it again (same event id).
        this.options.logger.warn({ err: error, userId }, 'outbox relay could not remove published events');
      }
    }
    return published;
  }

  private async drainUntilQuiet(): Promise<void> {
    do {
      this.again = false;
      const published = await this.runOnce();
      // A full batch may have left more users waiting.
      if (published >= this.batchSize) this.again = true;
    } while (this.again && !this.stopped);
  }
}
