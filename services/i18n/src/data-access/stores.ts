import type { StoreFactories } from '@kadr/documents';
import { MemoryPreferenceRepository } from './memory-preference.repository';
import { MongoosePreferenceRepository } from './mongoose-preference.repository';
import type { PreferenceRepository } from './preference.repository';

/** The collections i18n keeps: each user's language preference. */
export interface I18nStores {
  preferences: PreferenceRepository;
}

/** Each collection on MongoDB or in memory (`openStores` of @kadr/documents picks one). */
export const I18N_STORES: StoreFactories<I18nStores> = {
  preferences: {
    mongo: (c) => new MongoosePreferenceRepository(c),
    memory: (p) => MemoryPreferenceRepository.create(p),
  },
};
