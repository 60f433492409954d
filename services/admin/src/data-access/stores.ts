import type { StoreFactories } from '@kadr/documents';
import type { DeadLetterHandlingRepository } from './dead-letter-handling.repository';
import type { JobRepository } from './job.repository';
import type { LogRepository } from './log.repository';
import { MemoryDeadLetterHandlingRepository } from './memory-dead-letter-handling.repository';
import { MemoryJobRepository } from './memory-job.repository';
import { MemoryLogRepository } from './memory-log.repository';
import { MemoryPurgeRepository } from './memory-purge.repository';
import { MemoryUserRepository } from './memory-user.repository';
import { MongooseDeadLetterHandlingRepository } from './mongoose-dead-letter-handling.repository';
import { MongooseJobRepository } from './mongoose-job.repository';
import { MongooseLogRepository } from './mongoose-log.repository';
import { MongoosePurgeRepository } from './mongoose-purge.repository';
import { MongooseUserRepository } from './mongoose-user.repository';
import type { PurgeRepository } from './purge.repository';
import type { UserRepository } from './user.repository';

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
  users: { mongo: (c) => new MongooseUserRepository(c), memory: (p) => MemoryUserRepository.create(p) },
  jobs: { mongo: (c) => new MongooseJobRepository(c), memory: (p) => MemoryJobRepository.create(p) },
  purges: { mongo: (c) => new MongoosePurgeRepository(c), memory: (p) => MemoryPurgeRepository.create(p) },
  logs: { mongo: (c) => new MongooseLogRepository(c), memory: (p) => MemoryLogRepository.create(p) },
  deadLetters: {
    mongo: (c) => new MongooseDeadLetterHandlingRepository(c),
    memory: (p) => MemoryDeadLetterHandlingRepository.create(p),
  },
};
