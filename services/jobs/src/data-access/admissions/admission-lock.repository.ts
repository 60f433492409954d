/**
 * One lease per user, taken around admitting a new job (store it, count the user's jobs in progress,
 * keep or undo it) so that parallel creates of one user are admitted one after another: exactly up
 * to the tier's cap pass, whatever the interleaving. A lease, not a plain lock: a process that dies
 * while holding it blocks that user's creates only until `until`.
 */
export interface AdmissionLockRepository {
  /**
   * Takes the user's lease for `holder` until `until`, unless another holder's lease still runs at
   * `now`. True when taken (or renewed by the same holder).
   */
  tryAcquire(userId: string, holder: string, now: Date, until: Date): Promise<boolean>;
  /** Gives the lease up if `holder` still has it (an expired lease another holder took is left alone). */
  release(userId: string, holder: string): Promise<void>;
}
