import type { StoreFactories } from '@kadr/documents';
import type { JobRepository } from './jobs/job.repository';
import { MemoryJobRepository } from './jobs/memory-job.repository';
import type * as MongooseJobRepositoryModule from './jobs/mongoose-job.repository';
import { MemoryProviderSettingsRepository } from './settings/memory-provider-settings.repository';
import type * as MongooseProviderSettingsRepositoryModule from './settings/mongoose-provider-settings.repository';
import type { ProviderSettingsRepository } from './settings/provider-settings.repository';

/* eslint-disable @typescript-eslint/no-require-imports -- The mongoose repositories are required on
   first use, not imported: mongoose (about 400 modules) then loads only when MONGODB_URI is set, never
   in the embedded mode (issue 19, start-up time). */
const mongooseJobRepository = () =>
  (require('./jobs/mongoose-job.repository') as typeof MongooseJobRepositoryModule).MongooseJobRepository;
const mongooseProviderSettingsRepository = () =>
  (require('./settings/mongoose-provider-settings.repository') as typeof MongooseProviderSettingsRepositoryModule)
    .MongooseProviderSettingsRepository;
/* eslint-enable @typescript-eslint/no-require-imports */

/** The collections jobs keeps: jobs (with their outbox) and the administrator's provider settings. */
export interface JobsStores {
  jobs: JobRepository;
  settings: ProviderSettingsRepository;
}

/** Each collection on MongoDB or in memory (`openStores` of @kadr/documents picks one). */
export const JOBS_STORES: StoreFactories<JobsStores> = {
  jobs: { mongo: (c) => new (mongooseJobRepository())(c), memory: (p) => MemoryJobRepository.create(p) },
  settings: {
    mongo: (c) => new (mongooseProviderSettingsRepository())(c),
    memory: (p) => MemoryProviderSettingsRepository.create(p),
  },
};
