import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import type { PurgeRecord } from '../domain/purge/purge-record';
import { MemoryPurgeRepository } from './memory-purge.repository';
import { MongoosePurgeRepository } from './mongoose-purge.repository';
import type { PurgeRepository } from './purge.repository';

const at = (minute: number) => new Date(Date.parse('2026-03-01T10:00:00.000Z') + minute * 60_000);

const purge = (id: string): PurgeRecord => ({
  id,
  requestedBy: 'admin-1',
  requestedAt: at(0),
  correlationId: 'corr-1',
  services: ['auth-gateway', 'media', 'admin'],
  acknowledgements: {},
  completedAt: null,
});

describeRepositoryContract<PurgeRepository>(
  'admin-purges',
  {
    memory: async () => {
      const repo = await MemoryPurgeRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongoosePurgeRepository(connection), cleanup: () => Promise.resolve() }),
  },
  (getRepo) => {
    it('starts a purge once; a second start returns the first', async () => {
      const id = randomUUID();
      expect(await getRepo().start(purge(id))).toEqual({ purge: purge(id), created: true });
      const again = await getRepo().start({ ...purge(id), requestedBy: 'someone-else' });
      expect(again).toEqual({ purge: purge(id), created: false });
      expect(await getRepo().find(id)).toEqual(purge(id));
      expect(await getRepo().find(randomUUID())).toBeNull();
    });

    it('records each acknowledgement once (the first time counts), also under concurrency', async () => {
      const id = randomUUID();
      await getRepo().start(purge(id));
      await Promise.all([3, 1, 2].map((m) => getRepo().acknowledge(id, 'media', at(m))));
      const first = (await getRepo().find(id))?.acknowledgements.media;
      expect([at(1), at(2), at(3)]).toContainEqual(first);
      await getRepo().acknowledge(id, 'media', at(9));
      const after = await getRepo().acknowledge(id, 'auth-gateway', at(4));
      expect(after?.acknowledgements).toEqual({ media: first, 'auth-gateway': at(4) });
      expect(await getRepo().acknowledge(randomUUID(), 'media', at(1))).toBeNull();
    });

    it('refuses a service name that is not kebab-case', async () => {
      const id = randomUUID();
      await getRepo().start(purge(id));
      await expect(getRepo().acknowledge(id, '$where.x', at(1))).rejects.toThrow(/service name/);
    });

    it('completes once', async () => {
      const id = randomUUID();
      await getRepo().start(purge(id));
      expect((await getRepo().complete(id, at(5)))?.completedAt).toEqual(at(5));
      expect((await getRepo().complete(id, at(6)))?.completedAt).toEqual(at(5));
      expect(await getRepo().complete(randomUUID(), at(5))).toBeNull();
    });

    it('finds several purges at once', async () => {
      const ids = [randomUUID(), randomUUID()];
      for (const id of ids) await getRepo().start(purge(id));
      const found = await getRepo().findMany([...ids, randomUUID()]);
      expect(found.map((p) => p.id).sort()).toEqual([...ids].sort());
      expect(await getRepo().findMany([])).toEqual([]);
    });
  },
);
