import type { LedgerEntry } from '../../domain/credits/account';

/** The append-only ledger: one entry per account change, copied from the account's outbox by the relay. */
export interface LedgerRepository {
  /** Appends entries; an entry whose id is already there is skipped (the relay may copy twice). */
  append(entries: readonly LedgerEntry[]): Promise<void>;
  /** A user's entries, oldest first. */
  listByUser(userId: string): Promise<LedgerEntry[]>;
  /** A user's entries about one reference (a job id, an order id), oldest first. */
  listByReference(userId: string, reference: string): Promise<LedgerEntry[]>;
  /** Purge: deletes a user's entries; answers how many. */
  deleteByUser(userId: string): Promise<number>;
}
