import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import { MemoryPreferenceRepository } from './memory-preference.repository';
import { MongoosePreferenceRepository } from './mongoose-preference.repository';
import type { PreferenceRepository } from './preference.repository';

const at = (iso: string) => new Date(iso);

describeRepositoryContract<PreferenceRepository>(
  'preferences',
  {
    memory: async () => {
      const repo = await MemoryPreferenceRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongoosePreferenceRepository(connection), cleanup: () => Promise.resolve() }),
  },
  (getRepo) => {
    it('finds nothing for a user who never chose', async () => {
      expect(await getRepo().find(randomUUID())).toBeNull();
    });

    it('stores a choice and replaces it with the next one', async () => {
      const userId = randomUUID();
      await getRepo().setLanguage(userId, 'en', at('2026-01-01T00:00:00.000Z'));
      const changed = await getRepo().setLanguage(userId, 'pl', at('2026-01-02T00:00:00.000Z'));
      expect(changed).toEqual({ id: userId, language: 'pl', updatedAt: at('2026-01-02T00:00:00.000Z') });
      expect(await getRepo().find(userId)).toEqual(changed);
    });

    it('createIfAbsent never overrides a choice, and creates exactly one record under concurrency', async () => {
      const chosen = randomUUID();
      await getRepo().setLanguage(chosen, 'en', at('2026-01-01T00:00:00.000Z'));
      expect((await getRepo().createIfAbsent(chosen, 'pl', at('2026-01-03T00:00:00.000Z'))).language).toBe('en');

      const fresh = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 10 }, () => getRepo().createIfAbsent(fresh, 'pl', at('2026-01-03T00:00:00.000Z'))),
      );
      expect(new Set(results.map((r) => r.language))).toEqual(new Set(['pl']));
      expect(await getRepo().find(fresh)).toMatchObject({ id: fresh, language: 'pl' });
    });

    it('deletes a record once', async () => {
      const userId = randomUUID();
      await getRepo().setLanguage(userId, 'en', at('2026-01-01T00:00:00.000Z'));
      expect(await getRepo().delete(userId)).toBe(true);
      expect(await getRepo().delete(userId)).toBe(false);
      expect(await getRepo().find(userId)).toBeNull();
    });
  },
);
