import type { OutboxStats } from '@kadr/outbox';
import type { OutboxEntry, User } from '../../domain/identity/user';
import type { Role } from '../../domain/identity/roles';

/** The fields a sign-in refreshes on an existing user. */
export interface SignInUpdate {
  email: string;
  emailVerified: boolean;
  name: string;
  roles: Role[];
  lastLoginAt: Date;
}

export interface PendingOutbox {
  userId: string;
  entries: OutboxEntry[];
}

/**
 * The users collection. Every change is one single-document write (no transactions anywhere):
 * a new user and its `user.registered` event are inserted together; the outbox relay reads
 * pending entries and pulls them off once published.
 */
export interface UserRepository {
  findById(id: string): Promise<User | null>;
  findByIdentity(issuer: string, subject: string): Promise<User | null>;
  /**
   * Inserts the user (with its outbox) unless a user with the same issuer + subject exists:
   * then nothing is written and that user comes back with `created: false`. Under concurrent
   * first sign-ins of one person exactly one call creates.
   */
  insertIfAbsent(user: User): Promise<{ user: User; created: boolean }>;
  /** Refreshes e-mail, name, roles and last sign-in time; null when there is no such user. */
  recordSignIn(id: string, update: SignInUpdate): Promise<User | null>;
  /** True when a user was deleted. */
  delete(id: string): Promise<boolean>;
  /** Users with unpublished events (at most `limit` users), oldest writes first is not guaranteed. */
  takeOutbox(limit: number): Promise<PendingOutbox[]>;
  /** Removes the published entries (by event id); entries added meanwhile stay. Idempotent. */
  removeFromOutbox(userId: string, entryIds: readonly string[]): Promise<void>;
  /** Entries not yet published, over all users, and when the oldest was written (its `createdAt`). */
  outboxStats(): Promise<OutboxStats>;
}
