import { decodeEventOn } from '@kadr/contracts';
import { MemoryEventBus, type DeliveredMessage, type EventBus, type OutgoingMessage } from '@kadr/event-bus';
import { createLogger } from '@kadr/telemetry';
import { until } from '@kadr/tooling/test-helpers';
import { Registry } from 'prom-client';
import { createSignIn } from '../../domain/identity/sign-in';
import { MemoryUserRepository } from '../users/memory-user.repository';
import { usersOutboxRelay } from './users-outbox';

const logger = createLogger({ service: 'auth-gateway', level: 'silent' });

/** A bus whose publish fails while `down` is true (the process "crashes" before publishing). */
class FlakyBus implements EventBus {
  down = true;
  constructor(private readonly inner: MemoryEventBus) {}
  ensureTopics(topics: string[]) {
    return this.inner.ensureTopics(topics);
  }
  publish(topic: string, messages: OutgoingMessage[]) {
    return this.down ? Promise.reject(new Error('broker unreachable')) : this.inner.publish(topic, messages);
  }
  subscribe(...args: Parameters<EventBus['subscribe']>) {
    return this.inner.subscribe(...args);
  }
  readDeadLetters(topics: string[]) {
    return this.inner.readDeadLetters(topics);
  }
  close() {
    return this.inner.close();
  }
}

async function collect(bus: MemoryEventBus): Promise<DeliveredMessage[]> {
  const received: DeliveredMessage[] = [];
  await bus.subscribe({
    group: 'test',
    topics: ['user.registered'],
    handler: (message) => {
      received.push(message);
      return Promise.resolve();
    },
  });
  return received;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('outbox relay', () => {
  let users: MemoryUserRepository;
  let bus: MemoryEventBus;
  beforeEach(async () => {
    users = await MemoryUserRepository.create();
    bus = new MemoryEventBus();
  });
  afterEach(async () => {
    await bus.close();
    await users.close();
  });

  const register = (subject: string) =>
    createSignIn({ users, adminEmail: 'admin@kadr.local' })(
      {
        issuer: 'https://issuer.example',
        subject,
        email: `${subject}@example.com`,
        emailVerified: true,
        name: subject,
      },
      { correlationId: `corr-${subject}` },
    );

  it('publishes a pending event with its stored id and headers, then pulls it off the outbox', async () => {
    const received = await collect(bus);
    const user = await register('alice');
    const relay = usersOutboxRelay({ users, bus, logger });
    expect(await relay.runOnce()).toBe(1);
    await settle();
    expect(received).toHaveLength(1);
    const message = received[0]!;
    expect(message.key).toBe(user.id);
    expect(message.headers).toMatchObject({
      'event-id': user.outbox[0]!.id,
      'event-type': 'user.registered',
      'correlation-id': 'corr-alice',
    });
    expect(decodeEventOn('user.registered', message.value).eventId).toBe(user.outbox[0]!.id);
    expect((await users.findById(user.id))!.outbox).toEqual([]);
  });

  it('publishes later what a crash between the write and the publish left behind', async () => {
    const received = await collect(bus);
    const flaky = new FlakyBus(bus);
    const user = await register('bob');
    const crashed = usersOutboxRelay({ users, bus: flaky, logger });
    expect(await crashed.runOnce()).toBe(0);
    expect((await users.findById(user.id))!.outbox).toHaveLength(1);

    // A new process (or the next interval) finds it and publishes it.
    flaky.down = false;
    const restarted = usersOutboxRelay({ users, bus: flaky, logger });
    expect(await restarted.runOnce()).toBe(1);
    await settle();
    expect(received.map((m) => m.headers['event-id'])).toEqual([user.outbox[0]!.id]);
  });

  it('does not publish twice when passes overlap or run again', async () => {
    const received = await collect(bus);
    await register('carol');
    const relay = usersOutboxRelay({ users, bus, logger });
    relay.nudge();
    expect((await Promise.all([relay.runOnce(), relay.runOnce()])).reduce((a, b) => a + b)).toBeLessThanOrEqual(1);
    expect(await relay.runOnce()).toBe(0);
    expect(await relay.runOnce()).toBe(0);
    await settle();
    expect(received).toHaveLength(1);
  });

  it('keeps the event id when the removal fails after publishing (at least once, deduplicable)', async () => {
    const received = await collect(bus);
    const user = await register('dave');
    const failingRemoval = {
      takeOutbox: (limit: number) => users.takeOutbox(limit),
      removeFromOutbox: () => Promise.reject(new Error('database went away')),
      outboxStats: () => users.outboxStats(),
    };
    expect(await usersOutboxRelay({ users: failingRemoval, bus, logger }).runOnce()).toBe(0);
    expect(await usersOutboxRelay({ users, bus, logger }).runOnce()).toBe(1);
    await settle();
    expect(received.map((m) => m.headers['event-id'])).toEqual([user.outbox[0]!.id, user.outbox[0]!.id]);
  });

  it('runs after each write (nudge) and on its interval', async () => {
    const received = await collect(bus);
    const relay = usersOutboxRelay({ users, bus, logger, intervalMs: 50 });
    const signIn = createSignIn({ users, adminEmail: 'admin@kadr.local', onOutboxWritten: () => relay.nudge() });
    relay.start();
    try {
      await signIn(
        {
          issuer: 'https://issuer.example',
          subject: 'erin',
          email: 'erin@example.com',
          emailVerified: true,
          name: 'Erin',
        },
        { correlationId: 'corr-erin' },
      );
      // Written behind the relay's back (no nudge): the interval picks it up.
      await register('frank');
      const deadline = Date.now() + 2_000;
      while (received.length < 2 && Date.now() < deadline) await settle();
      expect(received).toHaveLength(2);
    } finally {
      await relay.stop();
    }
  });

  it('reports the users outbox in the registry it is given: what waits, how old, what was published or failed', async () => {
    const registry = new Registry();
    const flaky = new FlakyBus(bus);
    const user = await register('heidi');
    const relay = usersOutboxRelay({ users, bus: flaky, logger, registry, intervalMs: 60_000 });
    relay.start();
    try {
      const scrape = async (name: string) =>
        (await registry.getSingleMetric(name)?.get())?.values.map(({ labels, value }) => [labels.outbox, value]);
      await until(async () => ((await scrape('outbox_publish_failures_total')) ?? []).length > 0);
      expect(await scrape('outbox_pending_entries')).toEqual([['users', 1]]);
      const [[, age]] = (await scrape('outbox_oldest_entry_age_seconds')) as [[string, number]];
      expect(age).toBeCloseTo((Date.now() - user.outbox[0]!.createdAt.getTime()) / 1000, 0);

      flaky.down = false;
      await relay.drain();
      expect(await scrape('outbox_entries_published_total')).toEqual([['users', 1]]);
      expect(await scrape('outbox_pending_entries')).toEqual([['users', 0]]);
      expect(await scrape('outbox_oldest_entry_age_seconds')).toEqual([['users', 0]]);
    } finally {
      await relay.stop();
    }
  });

  it('gives up on a publish that hangs and retries it on the next pass', async () => {
    const hanging: EventBus = {
      ensureTopics: () => Promise.resolve(),
      publish: () => new Promise<void>(() => undefined),
      subscribe: (options) => bus.subscribe(options),
      readDeadLetters: (topics) => bus.readDeadLetters(topics),
      close: () => Promise.resolve(),
    };
    const user = await register('grace');
    const relay = usersOutboxRelay({ users, bus: hanging, logger, deliveryTimeoutMs: 50 });
    expect(await relay.runOnce()).toBe(0);
    expect((await users.findById(user.id))!.outbox).toHaveLength(1);
  });
});
