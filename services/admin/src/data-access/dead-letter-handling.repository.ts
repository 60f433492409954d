import type { DeadLetterHandlingRecord } from '../domain/dead-letters/dead-letter-handling';

/** The `dead_letters` collection: one record per handled dead letter. Every write is one single-document operation. */
export interface DeadLetterHandlingRepository {
  /** Stores the record unless the letter has one; answers the record that stands and whether it is this one. */
  claim(record: DeadLetterHandlingRecord): Promise<{ record: DeadLetterHandlingRecord; created: boolean }>;
  /** `replaying` → `replayed` once its publish is done; the record as it is (null when there is none). */
  finishReplay(id: string): Promise<DeadLetterHandlingRecord | null>;
  /**
   * Replaces a `replaying` claim still dated `claimedAt` (its replay died) with `next`, in one step;
   * null when it changed meanwhile (someone else took it over, or it was finished).
   */
  takeOver(id: string, claimedAt: Date, next: DeadLetterHandlingRecord): Promise<DeadLetterHandlingRecord | null>;
  /** Removes a `replaying` claim dated `claimedAt` (its publish failed), so the letter can be replayed again. */
  release(id: string, claimedAt: Date): Promise<void>;
  findMany(ids: string[]): Promise<DeadLetterHandlingRecord[]>;
  close(): Promise<void>;
}
