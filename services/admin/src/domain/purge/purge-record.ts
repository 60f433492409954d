import type { AdminPurgeStatus } from '@kadr/contracts';

/**
 * A user purge in progress or done: who asked, which services must acknowledge, and which did.
 * It holds no personal data besides the user id; it stays after the purge as the receipt of the
 * deletion and as a tombstone (events about the user arriving later are ignored).
 */
export interface PurgeRecord {
  /** The purged user's id. */
  id: string;
  requestedBy: string;
  requestedAt: Date;
  correlationId: string;
  /** The services expected to acknowledge (PURGE_SERVICES when requested). */
  services: string[];
  /** Service → when its `user.purged` arrived (the first one counts). */
  acknowledgements: Record<string, Date>;
  completedAt: Date | null;
}

export const isFullyAcknowledged = (purge: PurgeRecord): boolean =>
  purge.services.every((service) => purge.acknowledgements[service] !== undefined);

export function purgeStatusView(purge: PurgeRecord): AdminPurgeStatus {
  return {
    requestedAt: purge.requestedAt.toISOString(),
    requestedBy: purge.requestedBy,
    services: purge.services.map((service) => {
      const at = purge.acknowledgements[service];
      return { service, acknowledged: at !== undefined, acknowledgedAt: at ? at.toISOString() : null };
    }),
    complete: purge.completedAt !== null,
    completedAt: purge.completedAt ? purge.completedAt.toISOString() : null,
  };
}
