import type { JobRepository } from '../../data-access/job.repository';
import type { LogRepository } from '../../data-access/log.repository';
import type { PurgeRepository } from '../../data-access/purge.repository';
import type { UserRepository } from '../../data-access/user.repository';
import { isFullyAcknowledged, type PurgeRecord } from './purge-record';

/** The events a purge publishes (implemented over the event bus in entry-points/messaging). */
export interface PurgeEvents {
  userDeleted(deletion: {
    userId: string;
    requestedBy: string;
    requestedAt: Date;
    correlationId: string;
  }): Promise<void>;
  userPurged(userId: string, correlationId: string): Promise<void>;
}

export interface UserPurgesDeps {
  purges: PurgeRepository;
  users: UserRepository;
  jobs: JobRepository;
  logs: LogRepository;
  events: PurgeEvents;
  /** The services whose acknowledgement completes a purge. */
  services: string[];
  now?: () => Date;
}

/**
 * Deleting a user with purge: the purge record is written first (it is also the tombstone that
 * keeps later events from bringing the user back), then `user.deleted` is published; every
 * service, admin included, answers with `user.purged`, and the purge is complete when all of
 * `services` have.
 */
export class UserPurges {
  private readonly now: () => Date;

  constructor(private readonly deps: UserPurgesDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Starts (or, when one exists, repeats) the user's purge. Publishing again is harmless — every
   * service's purge is idempotent — and lets an administrator retry after a publish failed.
   */
  async request(userId: string, requestedBy: string, correlationId: string): Promise<PurgeRecord> {
    const { purge } = await this.deps.purges.start({
      id: userId,
      requestedBy,
      requestedAt: this.now(),
      correlationId,
      services: [...this.deps.services],
      acknowledgements: {},
      completedAt: null,
    });
    await this.deps.events.userDeleted({ userId, requestedBy, requestedAt: purge.requestedAt, correlationId });
    return purge;
  }

  /** A service's `user.purged`; null when admin never asked for this purge. */
  async acknowledge(userId: string, service: string, at: Date): Promise<PurgeRecord | null> {
    const purge = await this.deps.purges.acknowledge(userId, service, at);
    if (!purge || purge.completedAt !== null || !isFullyAcknowledged(purge)) return purge;
    return this.deps.purges.complete(userId, this.now());
  }

  /** Admin's own part of `user.deleted`: the read model and the user's system events go. */
  async eraseOwnData(userId: string, purge: boolean, correlationId: string): Promise<void> {
    await this.deps.users.delete(userId);
    await this.deps.jobs.deleteByUser(userId);
    await this.deps.logs.deleteSystemEventsOf(userId);
    if (purge) await this.deps.events.userPurged(userId, correlationId);
  }
}
