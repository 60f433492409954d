import type { PurgeRecord } from '../domain/purge/purge-record';

/** User purges (one record per user). Every write is one single-document operation. */
export interface PurgeRepository {
  /** Stores a new purge; when the user already has one, that one is kept and returned. */
  start(purge: PurgeRecord): Promise<{ purge: PurgeRecord; created: boolean }>;
  /**
   * Records the service's acknowledgement (the first one's time counts); null when the user has
   * no purge. `service` must be a kebab-case name.
   */
  acknowledge(userId: string, service: string, at: Date): Promise<PurgeRecord | null>;
  /** Sets `completedAt` once; returns the record (null when the user has no purge). */
  complete(userId: string, at: Date): Promise<PurgeRecord | null>;
  find(userId: string): Promise<PurgeRecord | null>;
  findMany(userIds: string[]): Promise<PurgeRecord[]>;
  close(): Promise<void>;
}

/** Acknowledging services become field names in MongoDB: nothing but kebab-case gets there. */
export const SERVICE_NAME = /^[a-z][a-z0-9-]{0,62}$/;
