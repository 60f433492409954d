import { describeRepositoryContract } from '@kadr/documents/testing';
import { MemoryProviderSettingsRepository } from './memory-provider-settings.repository';
import { MongooseProviderSettingsRepository } from './mongoose-provider-settings.repository';
import type { ProviderSettingsRepository } from './provider-settings.repository';

describeRepositoryContract<ProviderSettingsRepository>(
  'provider-settings',
  {
    memory: async () => {
      const repo = await MemoryProviderSettingsRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongooseProviderSettingsRepository(connection), cleanup: () => Promise.resolve() }),
  },
  (getRepo) => {
    it('stores, replaces and deletes a user’s provider', async () => {
      expect(await getRepo().get('u1')).toBeNull();
      await getRepo().set('u1', 'local');
      expect((await getRepo().set('u1', 'fal')).provider).toBe('fal');
      expect(await getRepo().get('u1')).toMatchObject({ userId: 'u1', provider: 'fal' });
      expect(await getRepo().get('u2')).toBeNull();
      expect(await getRepo().delete('u1')).toBe(true);
      expect(await getRepo().delete('u1')).toBe(false);
      expect(await getRepo().get('u1')).toBeNull();
    });
  },
);
