import type { StoreFactories } from '@kadr/documents';
import { MemoryUserRepository } from './users/memory-user.repository';
import type * as MongooseUserRepositoryModule from './users/mongoose-user.repository';
import type { UserRepository } from './users/user.repository';

/* eslint-disable @typescript-eslint/no-require-imports -- The mongoose repositories are required on
   first use, not imported: mongoose (about 400 modules) then loads only when MONGODB_URI is set, never
   in the embedded mode (issue 19, start-up time). */
const mongooseUserRepository = () =>
  (require('./users/mongoose-user.repository') as typeof MongooseUserRepositoryModule).MongooseUserRepository;
/* eslint-enable @typescript-eslint/no-require-imports */

/** The collections the gateway keeps: users (with their outbox of `user.registered`). */
export interface GatewayStores {
  users: UserRepository;
}

/** Each collection on MongoDB or in memory (`openStores` of @kadr/documents picks one). */
export const GATEWAY_STORES: StoreFactories<GatewayStores> = {
  users: { mongo: (c) => new (mongooseUserRepository())(c), memory: (p) => MemoryUserRepository.create(p) },
};
