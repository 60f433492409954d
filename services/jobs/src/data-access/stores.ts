import type { StoreFactories } from '@kadr/documents';
import type { AdmissionLockRepository } from './admissions/admission-lock.repository';
import { MemoryAdmissionLockRepository } from './admissions/memory-admission-lock.repository';
import type * as MongooseAdmissionLockRepositoryModule from './admissions/mongoose-admission-lock.repository';
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
const mongooseAdmissionLockRepository = () =>
  (require('./admissions/mongoose-admission-lock.repository') as typeof MongooseAdmissionLockRepositoryModule)
    .MongooseAdmissionLockRepository;
/* eslint-enable @typescript-eslint/no-require-imports */

/** The collections jobs keeps: jobs (with their outbox), admission leases and the administrator's provider settings. */
export interface JobsStores {
  jobs: JobRepository;
  admissions: AdmissionLockRepository;
  settings: ProviderSettingsRepository;
}

/** Each collection on MongoDB or in memory (`openStores` of @kadr/documents picks one). */
export const JOBS_STORES: StoreFactories<JobsStores> = {
  jobs: { mongo: (c) => new (mongooseJobRepository())(c), memory: (p) => MemoryJobRepository.create(p) },
  admissions: {
    mongo: (c) => new (mongooseAdmissionLockRepository())(c),
    memory: (p) => MemoryAdmissionLockRepository.create(p),
  },
  settings: {
    mongo: (c) => new (mongooseProviderSettingsRepository())(c),
    memory: (p) => MemoryProviderSettingsRepository.create(p),
  },
};
