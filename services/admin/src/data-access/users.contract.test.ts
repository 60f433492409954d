import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import { MemoryUserRepository } from './memory-user.repository';
import { MongooseUserRepository } from './mongoose-user.repository';
import type { UserRepository } from './user.repository';

const at = (minute: number) => new Date(Date.parse('2026-03-01T10:00:00.000Z') + minute * 60_000);

describeRepositoryContract<UserRepository>(
  'admin-users',
  {
    memory: async () => {
      const repo = await MemoryUserRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongooseUserRepository(connection), cleanup: () => Promise.resolve() }),
  },
  (getRepo) => {
    const register = (userId: string, email: string, name: string, minute: number) =>
      getRepo().recordRegistration({ userId, email, name, registeredAt: at(minute) });

    it('records a registration with every field, and finds nothing for an unknown user', async () => {
      const id = randomUUID();
      await register(id, 'Ala@Example.com', 'Ala Kot', 1);
      expect(await getRepo().find(id)).toEqual({
        id,
        email: 'Ala@Example.com',
        name: 'Ala Kot',
        emailLower: 'ala@example.com',
        nameLower: 'ala kot',
        createdAt: at(1),
        lastSeenAt: at(1),
        registered: true,
        plan: null,
        tier: 'FREE',
        planAt: null,
        balance: 0,
        heldCredits: 0,
        balanceAt: null,
      });
      expect(await getRepo().find(randomUUID())).toBeNull();
    });

    it('creates a user seen first through activity, then fills the registration in', async () => {
      const id = randomUUID();
      await getRepo().recordActivity(id, at(5));
      expect(await getRepo().find(id)).toMatchObject({ registered: false, email: '', createdAt: at(5) });
      await register(id, 'late@example.com', 'Late', 2);
      expect(await getRepo().find(id)).toMatchObject({
        registered: true,
        email: 'late@example.com',
        createdAt: at(2),
        lastSeenAt: at(5),
      });
    });

    it('moves lastSeenAt only forward, also under concurrency', async () => {
      const id = randomUUID();
      await Promise.all([3, 9, 1, 7, 9, 2].map((m) => getRepo().recordActivity(id, at(m))));
      expect((await getRepo().find(id))?.lastSeenAt).toEqual(at(9));
      await getRepo().recordActivity(id, at(4));
      expect((await getRepo().find(id))?.lastSeenAt).toEqual(at(9));
    });

    it('keeps the newest balance and plan, whatever the order they arrive in', async () => {
      const id = randomUUID();
      await getRepo().recordBalance(id, { balance: 30, heldCredits: 5 }, at(3));
      await getRepo().recordBalance(id, { balance: 10, heldCredits: 0 }, at(1));
      await getRepo().recordPlan(id, 'enterprise', at(4));
      await getRepo().recordPlan(id, 'starter', at(2));
      await getRepo().recordBalance(id, { balance: 30, heldCredits: 5 }, at(3)); // redelivered
      expect(await getRepo().find(id)).toMatchObject({
        balance: 30,
        heldCredits: 5,
        balanceAt: at(3),
        plan: 'enterprise',
        tier: 'ENTERPRISE',
        planAt: at(4),
      });
      await getRepo().recordPlan(id, 'pro', at(6));
      expect(await getRepo().find(id)).toMatchObject({ plan: 'pro', tier: 'PRO' });
    });

    it('searches e-mail and name case-insensitively, regex characters literally, newest first', async () => {
      const tag = randomUUID().slice(0, 8);
      await register(`${tag}-1`, `anna.${tag}@example.com`, 'Anna Nowak', 1);
      await register(`${tag}-2`, `bob+${tag}@example.com`, 'Bob (Admin)', 2);
      await register(`${tag}-3`, `carl${tag}@exampleXcom`, 'CARL', 3);
      const ids = async (q: string) => (await getRepo().search({ q, skip: 0, take: 50 })).items.map((u) => u.id);
      expect(await ids(tag.toUpperCase())).toEqual([`${tag}-3`, `${tag}-2`, `${tag}-1`]);
      expect(await ids('ANNA NOW')).toEqual([`${tag}-1`]);
      // The dot is a dot: `exampleXcom` does not match.
      expect(await ids(`${tag}@example.com`)).toEqual([`${tag}-2`, `${tag}-1`]);
      expect(await ids(`+${tag}@example.`)).toEqual([`${tag}-2`]);
      expect(await ids('(admin)')).toEqual([`${tag}-2`]);
      expect(await ids(`.${tag}`)).toEqual([`${tag}-1`]);
      expect(await ids('.*')).toEqual([]);
      expect(await ids('[')).toEqual([]);
    });

    it('pages with skip and take and counts every match', async () => {
      const tag = randomUUID().slice(0, 8);
      for (let i = 0; i < 5; i++) await register(`${tag}-${i}`, `${tag}-${i}@example.com`, `User ${i}`, i);
      const first = await getRepo().search({ q: tag, skip: 0, take: 2 });
      const last = await getRepo().search({ q: tag, skip: 4, take: 2 });
      const past = await getRepo().search({ q: tag, skip: 10, take: 2 });
      expect(first.items.map((u) => u.id)).toEqual([`${tag}-4`, `${tag}-3`]);
      expect(last.items.map((u) => u.id)).toEqual([`${tag}-0`]);
      expect(past.items).toEqual([]);
      expect([first.total, last.total, past.total]).toEqual([5, 5, 5]);
      expect((await getRepo().search({ skip: 0, take: 200 })).total).toBeGreaterThanOrEqual(5);
    });

    it('deletes a user once', async () => {
      const id = randomUUID();
      await register(id, 'gone@example.com', 'Gone', 1);
      expect(await getRepo().delete(id)).toBe(true);
      expect(await getRepo().delete(id)).toBe(false);
      expect(await getRepo().find(id)).toBeNull();
    });
  },
);
