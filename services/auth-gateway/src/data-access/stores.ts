import type { StoreFactories } from '@kadr/documents';
import { MemoryUserRepository } from './users/memory-user.repository';
import { MongooseUserRepository } from './users/mongoose-user.repository';
import type { UserRepository } from './users/user.repository';

/** The collections the gateway keeps: users (with their outbox of `user.registered`). */
export interface GatewayStores {
  users: UserRepository;
}

/** Each collection on MongoDB or in memory (`openStores` of @kadr/documents picks one). */
export const GATEWAY_STORES: StoreFactories<GatewayStores> = {
  users: { mongo: (c) => new MongooseUserRepository(c), memory: (p) => MemoryUserRepository.create(p) },
};
