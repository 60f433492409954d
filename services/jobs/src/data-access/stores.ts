import type { StoreFactories } from '@kadr/documents';
import type { JobRepository } from './jobs/job.repository';
import { MemoryJobRepository } from './jobs/memory-job.repository';
import { MongooseJobRepository } from './jobs/mongoose-job.repository';
import { MemoryProviderSettingsRepository } from './settings/memory-provider-settings.repository';
import { MongooseProviderSettingsRepository } from './settings/mongoose-provider-settings.repository';
import type { ProviderSettingsRepository } from './settings/provider-settings.repository';

/** The collections jobs keeps: jobs (with their outbox) and the administrator's provider settings. */
export interface JobsStores {
  jobs: JobRepository;
  settings: ProviderSettingsRepository;
}

/** Each collection on MongoDB or in memory (`openStores` of @kadr/documents picks one). */
export const JOBS_STORES: StoreFactories<JobsStores> = {
  jobs: { mongo: (c) => new MongooseJobRepository(c), memory: (p) => MemoryJobRepository.create(p) },
  settings: {
    mongo: (c) => new MongooseProviderSettingsRepository(c),
    memory: (p) => MemoryProviderSettingsRepository.create(p),
  },
};
