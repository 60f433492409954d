import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import type { OutboxEntry, User } from '../../domain/identity/user';
import { MemoryUserRepository } from './memory-user.repository';
import { MongooseUserRepository } from './mongoose-user.repository';
import type { UserRepository } from './user.repository';

const ISSUER = 'https://issuer.example';

function outboxEntry(userId: string, at: Date): OutboxEntry {
  return {
    id: randomUUID(),
    topic: 'user.registered',
    key: userId,
    value: Buffer.from(`event of ${userId}`).toString('base64'),
    correlationId: 'corr-1',
    createdAt: at,
  };
}

function newUser(subject: string, overrides: Partial<User> = {}): User {
  const id = randomUUID();
  const at = new Date('2025-01-02T03:04:05.000Z');
  return {
    id,
    issuer: ISSUER,
    subject,
    email: `${subject}@example.com`,
    emailVerified: true,
    name: `Person ${subject}`,
    tenantId: null,
    roles: ['user'],
    createdAt: at,
    lastLoginAt: at,
    outbox: [outboxEntry(id, at)],
    ...overrides,
  };
}

describeRepositoryContract<UserRepository>(
  'users',
  {
    memory: async () => {
      const repo = await MemoryUserRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongooseUserRepository(connection), cleanup: async () => {} }),
  },
  (getRepo) => {
    it('inserts a user and finds it by id and by identity, with every field', async () => {
      const user = newUser('alice');
      const result = await getRepo().insertIfAbsent(user);
      expect(result).toEqual({ user, created: true });
      expect(await getRepo().findById(user.id)).toEqual(user);
      expect(await getRepo().findByIdentity(ISSUER, 'alice')).toEqual(user);
      expect(await getRepo().findByIdentity('https://other.example', 'alice')).toBeNull();
      expect(await getRepo().findById(randomUUID())).toBeNull();
    });

    it('keeps issuer + subject unique: a second insert returns the first user and writes nothing', async () => {
      const first = newUser('bob');
      await getRepo().insertIfAbsent(first);
      const second = newUser('bob', { email: 'other@example.com' });
      const result = await getRepo().insertIfAbsent(second);
      expect(result.created).toBe(false);
      expect(result.user.id).toBe(first.id);
      expect(await getRepo().findById(second.id)).toBeNull();
      // The same subject at another issuer is another person.
      expect((await getRepo().insertIfAbsent(newUser('bob', { issuer: 'https://other.example' }))).created).toBe(true);
    });

    it('creates exactly one user when ten first sign-ins of one person race', async () => {
      const attempts = Array.from({ length: 10 }, () => newUser('carol'));
      const results = await Promise.all(attempts.map((user) => getRepo().insertIfAbsent(user)));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      const winner = results.find((r) => r.created)!.user;
      expect(new Set(results.map((r) => r.user.id))).toEqual(new Set([winner.id]));
      expect((await getRepo().takeOutbox(100)).filter((p) => p.userId === winner.id)).toHaveLength(1);
      expect(await getRepo().takeOutbox(100)).toHaveLength(1);
    });

    it('records a sign-in: e-mail, name, roles and time change, nothing else', async () => {
      const user = newUser('dave');
      await getRepo().insertIfAbsent(user);
      const at = new Date('2025-02-03T04:05:06.000Z');
      const updated = await getRepo().recordSignIn(user.id, {
        email: 'dave@new.example',
        emailVerified: false,
        name: 'Dave',
        roles: ['user', 'admin'],
        lastLoginAt: at,
      });
      const expected = {
        ...user,
        email: 'dave@new.example',
        emailVerified: false,
        name: 'Dave',
        roles: ['user', 'admin'],
        lastLoginAt: at,
      };
      expect(updated).toEqual(expected);
      expect(await getRepo().findById(user.id)).toEqual(expected);
      expect(await getRepo().recordSignIn(randomUUID(), { ...expected, lastLoginAt: at, roles: ['user'] })).toBeNull();
    });

    it('deletes a user', async () => {
      const user = newUser('erin');
      await getRepo().insertIfAbsent(user);
      expect(await getRepo().delete(user.id)).toBe(true);
      expect(await getRepo().delete(user.id)).toBe(false);
      expect(await getRepo().findById(user.id)).toBeNull();
      // The identity is free again: a later sign-in is a new registration.
      expect((await getRepo().insertIfAbsent(newUser('erin'))).created).toBe(true);
    });

    it('lists pending outbox entries and removes exactly the published ones, idempotently', async () => {
      const withEvent = newUser('frank');
      const withTwo = newUser('grace');
      const second = outboxEntry(withTwo.id, new Date('2025-01-03T00:00:00.000Z'));
      withTwo.outbox.push(second);
      const without = newUser('heidi', { outbox: [] });
      await getRepo().insertIfAbsent(withEvent);
      await getRepo().insertIfAbsent(withTwo);
      await getRepo().insertIfAbsent(without);

      const pending = await getRepo().takeOutbox(10);
      expect(pending.map((p) => p.userId).sort()).toEqual([withEvent.id, withTwo.id].sort());
      expect(pending.find((p) => p.userId === withTwo.id)!.entries).toEqual(withTwo.outbox);
      expect(await getRepo().takeOutbox(1)).toHaveLength(1);

      await getRepo().removeFromOutbox(withTwo.id, [withTwo.outbox[0]!.id]);
      await getRepo().removeFromOutbox(withTwo.id, [withTwo.outbox[0]!.id]);
      expect((await getRepo().findById(withTwo.id))!.outbox).toEqual([second]);
      await getRepo().removeFromOutbox(withEvent.id, [withEvent.outbox[0]!.id, 'not-an-entry']);
      await getRepo().removeFromOutbox(randomUUID(), ['nothing']);
      expect(await getRepo().takeOutbox(10)).toEqual([{ userId: withTwo.id, entries: [second] }]);
    });

    it('counts the outbox entries not yet published and finds when the oldest was written', async () => {
      expect(await getRepo().outboxStats()).toEqual({ pending: 0, oldestAt: null });
      const oldest = new Date('2025-01-01T00:00:00.000Z');
      const one = newUser('judy'); // written 2025-01-02T03:04:05Z
      const two = newUser('ken');
      two.outbox = [outboxEntry(two.id, new Date('2025-03-01T00:00:00.000Z')), outboxEntry(two.id, oldest)];
      for (const user of [one, two, newUser('leo', { outbox: [] })]) await getRepo().insertIfAbsent(user);
      expect(await getRepo().outboxStats()).toEqual({ pending: 3, oldestAt: oldest });

      await getRepo().removeFromOutbox(two.id, [two.outbox[1]!.id]);
      expect(await getRepo().outboxStats()).toEqual({ pending: 2, oldestAt: one.createdAt });
      await getRepo().removeFromOutbox(one.id, [one.outbox[0]!.id]);
      await getRepo().removeFromOutbox(two.id, [two.outbox[0]!.id]);
      expect(await getRepo().outboxStats()).toEqual({ pending: 0, oldestAt: null });
    });

    it('keeps an optional trace context on an outbox entry', async () => {
      const user = newUser('ivan');
      user.outbox[0]!.traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      await getRepo().insertIfAbsent(user);
      expect((await getRepo().takeOutbox(10))[0]!.entries[0]).toEqual(user.outbox[0]);
    });
  },
);
