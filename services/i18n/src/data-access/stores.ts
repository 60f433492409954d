import type { StoreFactories } from '@kadr/documents';
import { MemoryPreferenceRepository } from './memory-preference.repository';
import type * as MongoosePreferenceRepositoryModule from './mongoose-preference.repository';
import type { PreferenceRepository } from './preference.repository';

/* eslint-disable @typescript-eslint/no-require-imports -- The mongoose repositories are required on
   first use, not imported: mongoose (about 400 modules) then loads only when MONGODB_URI is set, never
   in the embedded mode (issue 19, start-up time). */
const mongoosePreferenceRepository = () =>
  (require('./mongoose-preference.repository') as typeof MongoosePreferenceRepositoryModule)
    .MongoosePreferenceRepository;
/* eslint-enable @typescript-eslint/no-require-imports */

/** The collections i18n keeps: each user's language preference. */
export interface I18nStores {
  preferences: PreferenceRepository;
}

/** Each collection on MongoDB or in memory (`openStores` of @kadr/documents picks one). */
export const I18N_STORES: StoreFactories<I18nStores> = {
  preferences: {
    mongo: (c) => new (mongoosePreferenceRepository())(c),
    memory: (p) => MemoryPreferenceRepository.create(p),
  },
};
