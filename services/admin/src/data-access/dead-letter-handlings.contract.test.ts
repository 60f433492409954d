import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import type { DeadLetterHandlingRecord } from '../domain/dead-letters/dead-letter-handling';
import type { DeadLetterHandlingRepository } from './dead-letter-handling.repository';
import { MemoryDeadLetterHandlingRepository } from './memory-dead-letter-handling.repository';
import { MongooseDeadLetterHandlingRepository } from './mongoose-dead-letter-handling.repository';

const at = (minute: number) => new Date(Date.parse('2026-03-01T10:00:00.000Z') + minute * 60_000);

const record = (id: string, patch: Partial<DeadLetterHandlingRecord> = {}): DeadLetterHandlingRecord => ({
  id,
  topic: 'job.progress',
  letterId: '1-7',
  action: 'replaying',
  by: 'admin-1',
  at: at(0),
  reason: null,
  eventId: 'e-1',
  ...patch,
});

describeRepositoryContract<DeadLetterHandlingRepository>(
  'admin-dead-letters',
  {
    memory: async () => {
      const repo = await MemoryDeadLetterHandlingRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({
        repo: new MongooseDeadLetterHandlingRepository(connection),
        cleanup: () => Promise.resolve(),
      }),
  },
  (getRepo) => {
    it('claims a letter once: of concurrent claims one is created, every caller gets that one', async () => {
      const id = randomUUID();
      const claims = await Promise.all(
        ['admin-1', 'admin-2', 'admin-3'].map((by) => getRepo().claim(record(id, { by }))),
      );
      expect(claims.filter((claim) => claim.created)).toHaveLength(1);
      const winner = claims.find((claim) => claim.created)!.record;
      for (const claim of claims) expect(claim.record).toEqual(winner);
      expect(await getRepo().findMany([id])).toEqual([winner]);
    });

    it('finishes a replay once and leaves a discard as it is', async () => {
      const replay = randomUUID();
      await getRepo().claim(record(replay));
      expect(await getRepo().finishReplay(replay)).toEqual(record(replay, { action: 'replayed' }));
      expect(await getRepo().finishReplay(replay)).toEqual(record(replay, { action: 'replayed' }));
      const discard = randomUUID();
      await getRepo().claim(record(discard, { action: 'discarded', reason: 'poison' }));
      expect(await getRepo().finishReplay(discard)).toEqual(record(discard, { action: 'discarded', reason: 'poison' }));
      expect(await getRepo().finishReplay(randomUUID())).toBeNull();
    });

    it('takes over a replay claim only while it is the one that was seen', async () => {
      const id = randomUUID();
      await getRepo().claim(record(id));
      const next = record(id, { by: 'admin-2', at: at(5) });
      expect(await getRepo().takeOver(id, at(1), next)).toBeNull(); // another claim time
      expect(await getRepo().takeOver(id, at(0), next)).toEqual(next);
      expect(await getRepo().takeOver(id, at(0), record(id, { by: 'admin-3', at: at(6) }))).toBeNull();
      await getRepo().finishReplay(id);
      expect(await getRepo().takeOver(id, at(5), record(id, { at: at(7) }))).toBeNull();
      expect(await getRepo().findMany([id])).toEqual([{ ...next, action: 'replayed' }]);
    });

    it('releases only the replay claim made at the given time', async () => {
      const id = randomUUID();
      await getRepo().claim(record(id));
      await getRepo().release(id, at(1));
      expect(await getRepo().findMany([id])).toHaveLength(1);
      await getRepo().release(id, at(0));
      expect(await getRepo().findMany([id])).toEqual([]);
      // A finished replay is never released.
      await getRepo().claim(record(id));
      await getRepo().finishReplay(id);
      await getRepo().release(id, at(0));
      expect(await getRepo().findMany([id])).toEqual([record(id, { action: 'replayed' })]);
    });

    it('finds the records of the ids asked for', async () => {
      const ids = [randomUUID(), randomUUID()];
      for (const id of ids) await getRepo().claim(record(id));
      const found = await getRepo().findMany([...ids, randomUUID()]);
      expect(found.map((r) => r.id).sort()).toEqual([...ids].sort());
      expect(await getRepo().findMany([])).toEqual([]);
    });
  },
);
