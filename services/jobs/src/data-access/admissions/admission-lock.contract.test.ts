import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import type { AdmissionLockRepository } from './admission-lock.repository';
import { MemoryAdmissionLockRepository } from './memory-admission-lock.repository';
import { MongooseAdmissionLockRepository } from './mongoose-admission-lock.repository';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 28, 3, 0, 0, ms));

describeRepositoryContract<AdmissionLockRepository>(
  'job-admissions',
  {
    memory: async () => {
      const repo = await MemoryAdmissionLockRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongooseAdmissionLockRepository(connection), cleanup: () => Promise.resolve() }),
  },
  (getRepo) => {
    const user = () => `u-${randomUUID()}`;

    it('one holder at a time per user; other users are independent', async () => {
      const [alice, bob] = [user(), user()];
      expect(await getRepo().tryAcquire(alice, 'h1', at(0), at(2000))).toBe(true);
      expect(await getRepo().tryAcquire(alice, 'h2', at(10), at(2010))).toBe(false);
      expect(await getRepo().tryAcquire(bob, 'h2', at(10), at(2010))).toBe(true);
      // The holder renews its own lease.
      expect(await getRepo().tryAcquire(alice, 'h1', at(20), at(2020))).toBe(true);
    });

    it('a released lease is free at once; releasing another holder’s lease changes nothing', async () => {
      const alice = user();
      expect(await getRepo().tryAcquire(alice, 'h1', at(0), at(2000))).toBe(true);
      await getRepo().release(alice, 'h2');
      expect(await getRepo().tryAcquire(alice, 'h2', at(10), at(2010))).toBe(false);
      await getRepo().release(alice, 'h1');
      expect(await getRepo().tryAcquire(alice, 'h2', at(20), at(2020))).toBe(true);
    });

    it('a lease whose holder died runs out, and then another holder takes it (the dead one cannot release it)', async () => {
      const alice = user();
      expect(await getRepo().tryAcquire(alice, 'dead', at(0), at(2000))).toBe(true);
      expect(await getRepo().tryAcquire(alice, 'next', at(1999), at(3999))).toBe(false);
      expect(await getRepo().tryAcquire(alice, 'next', at(2000), at(4000))).toBe(true);
      await getRepo().release(alice, 'dead');
      expect(await getRepo().tryAcquire(alice, 'third', at(2500), at(4500))).toBe(false);
    });

    it('of many parallel attempts on a free lease exactly one wins', async () => {
      const alice = user();
      const won = await Promise.all(
        Array.from({ length: 16 }, (_v, i) => getRepo().tryAcquire(alice, `h${i}`, at(0), at(2000))),
      );
      expect(won.filter(Boolean)).toHaveLength(1);
    });
  },
);
