import type { StoreFactories } from '@kadr/documents';
import type { DeadLetterHandlingRepository } from './dead-letter-handling.repository';
import type { JobRepository } from './job.repository';
import type { LogRepository } from './log.repository';
import { MemoryDeadLetterHandlingRepository } from './memory-dead-letter-handling.repository';
import { MemoryJobRepository } from './memory-job.repository';
import { MemoryLogRepository } from './memory-log.repository';
import { MemoryPurgeRepository } from './memory-purge.repository';
import { MemoryUserRepository } from './memory-user.repository';
import type * as MongooseDeadLetterHandlingRepositoryModule from './mongoose-dead-letter-handling.repository';
import type * as MongooseJobRepositoryModule from './mongoose-job.repository';
import type * as MongooseLogRepositoryModule from './mongoose-log.repository';
import type * as MongoosePurgeRepositoryModule from './mongoose-purge.repository';
import type * as MongooseUserRepositoryModule from './mongoose-user.repository';
import type { PurgeRepository } from './purge.repository';
import type { UserRepository } from './user.repository';

/* eslint-disable @typescript-eslint/no-require-imports -- The mongoose repositories are required on
   first use, not imported: mongoose (about 400 modules) then loads only when MONGODB_URI is set, never
   in the embedded mode (issue 19, start-up time). */
const mongooseDeadLetterHandlingRepository = () =>
  (require('./mongoose-dead-letter-handling.repository') as typeof MongooseDeadLetterHandlingRepositoryModule)
    .MongooseDeadLetterHandlingRepository;
const mongooseJobRepository = () =>
  (require('./mongoose-job.repository') as typeof MongooseJobRepositoryModule).MongooseJobRepository;
const mongooseLogRepository = () =>
  (require('./mongoose-log.repository') as typeof MongooseLogRepositoryModule).MongooseLogRepository;
const mongoosePurgeRepository = () =>
  (require('./mongoose-purge.repository') as typeof MongoosePurgeRepositoryModule).MongoosePurgeRepository;
const mongooseUserRepository = () =>
  (require('./mongoose-user.repository') as typeof MongooseUserRepositoryModule).MongooseUserRepository;
/* eslint-enable @typescript-eslint/no-require-imports */

/** The collections admin keeps: the read model's users and jobs, purges, the audit log, and handled dead letters. */
export interface AdminStores {
  users: UserRepository;
  jobs: JobRepository;
  purges: PurgeRepository;
  logs: LogRepository;
  deadLetters: DeadLetterHandlingRepository;
}

/** Each collection on MongoDB or in memory (`openStores` of @kadr/documents picks one). */
export const ADMIN_STORES: StoreFactories<AdminStores> = {
  users: { mongo: (c) => new (mongooseUserRepository())(c), memory: (p) => MemoryUserRepository.create(p) },
  jobs: { mongo: (c) => new (mongooseJobRepository())(c), memory: (p) => MemoryJobRepository.create(p) },
  purges: { mongo: (c) => new (mongoosePurgeRepository())(c), memory: (p) => MemoryPurgeRepository.create(p) },
  logs: { mongo: (c) => new (mongooseLogRepository())(c), memory: (p) => MemoryLogRepository.create(p) },
  deadLetters: {
    mongo: (c) => new (mongooseDeadLetterHandlingRepository())(c),
    memory: (p) => MemoryDeadLetterHandlingRepository.create(p),
  },
};
