import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AdmissionLockRepository } from '../../data-access/admissions/admission-lock.repository';
import { JobsDomainError } from '../errors';

/** How long one admission may hold a user's lease: storing and counting take milliseconds. */
export const ADMISSION_LEASE_MS = 2_000;
/** How long a create waits for the user's lease: longer than a lease, so a dead holder's lease runs out first. */
export const ADMISSION_WAIT_MS = 3_000;

/**
 * Runs `admit` while holding the user's admission lease, so one user's parallel creates are
 * admitted one after another and the count of jobs in progress each one reads is exact. Different
 * users never wait for each other. While it waits, `alreadyAdmitted` is asked first each time: a
 * retried request whose job was admitted meanwhile (the same Idempotency-Key) answers that at once
 * instead of queueing behind its own duplicates.
 */
export async function underAdmissionLease<T>(
  leases: AdmissionLockRepository,
  userId: string,
  admit: () => Promise<T>,
  alreadyAdmitted: () => Promise<T | null> = () => Promise.resolve(null),
): Promise<T> {
  const holder = randomUUID();
  const giveUpAt = Date.now() + ADMISSION_WAIT_MS;
  for (;;) {
    const admitted = await alreadyAdmitted();
    if (admitted !== null) return admitted;
    const now = new Date();
    if (await leases.tryAcquire(userId, holder, now, new Date(now.getTime() + ADMISSION_LEASE_MS))) break;
    if (Date.now() >= giveUpAt) {
      throw new JobsDomainError(
        'conflict',
        'Another of your videos is being started right now. Try again in a moment.',
      );
    }
    await sleep(5 + randomInt(0, 20));
  }
  try {
    return await admit();
  } finally {
    await leases.release(userId, holder);
  }
}
