import type { AdminUser, AdminUserDetailResponse, PlanId, PublicJobStatus } from '@kadr/contracts';
import type { JobRepository } from '../../data-access/job.repository';
import type { LogRepository } from '../../data-access/log.repository';
import type { PurgeRepository } from '../../data-access/purge.repository';
import type { UserRepository, UserSearch } from '../../data-access/user.repository';
import { purgeStatusView } from '../purge/purge-record';
import { jobStepOrder } from './job-record';
import { userView } from './user-view';

export interface ReadModelStores {
  users: UserRepository;
  jobs: JobRepository;
  purges: PurgeRepository;
  logs: LogRepository;
}

/** Where an event came from, for the system-event lines of the Logs screen. */
export interface EventOrigin {
  eventId: string;
  correlationId: string;
}

/**
 * The admin read model: what the events say about users and their jobs, and the recent system
 * events (failed jobs, payments, dead letters). Every change is idempotent — newest-wins fields,
 * log lines keyed by their event — so the consumer may deliver each event any number of times.
 * A user with a purge record is gone: later events about them change nothing.
 */
export class AdminReadModel {
  constructor(private readonly stores: ReadModelStores) {}

  private async isPurged(userId: string): Promise<boolean> {
    return (await this.stores.purges.find(userId)) !== null;
  }

  async userRegistered(registration: { userId: string; email: string; name: string; registeredAt: Date }) {
    if (await this.isPurged(registration.userId)) return;
    await this.stores.users.recordRegistration(registration);
  }

  /**
   * A job's status as one of its events reports it; its time and status place the step in the
   * job's history, so duplicated, reordered and late events cannot move the job backwards
   * (see jobStepOrder).
   */
  async jobStepped(
    step: { jobId: string; userId: string; status: PublicJobStatus; at: Date; errorCode?: string },
    origin: EventOrigin,
  ): Promise<void> {
    if (await this.isPurged(step.userId)) return;
    await this.stores.jobs.recordStatus(step, { status: step.status, at: step.at, order: jobStepOrder(step) });
    await this.stores.users.recordActivity(step.userId, step.at);
    if (step.status === 'FAILED') {
      await this.stores.logs.append({
        id: `job.failed:${origin.eventId}`,
        kind: 'system_event',
        action: 'job.failed',
        actorId: null,
        targetId: step.jobId,
        userId: step.userId,
        at: step.at,
        outcome: 'failure',
        correlationId: origin.correlationId || null,
        detail: { errorCode: step.errorCode || null },
      });
    }
  }

  async jobDeleted(deletion: { jobId: string; userId: string; at: Date }): Promise<void> {
    if (await this.isPurged(deletion.userId)) return;
    await this.stores.jobs.recordDeletion(deletion, deletion.at);
  }

  async creditsChanged(change: { userId: string; balance: number; heldCredits: number; at: Date }): Promise<void> {
    if (await this.isPurged(change.userId)) return;
    await this.stores.users.recordBalance(change.userId, change, change.at);
  }

  async paymentCompleted(
    payment: {
      orderId: string;
      userId: string;
      planId: PlanId | null;
      packageId: string | null;
      credits: number;
      amountMinor: number;
      currency: string;
      provider: string;
      paidAt: Date;
    },
    origin: EventOrigin,
  ): Promise<void> {
    if (await this.isPurged(payment.userId)) return;
    if (payment.planId) await this.stores.users.recordPlan(payment.userId, payment.planId, payment.paidAt);
    await this.stores.users.recordActivity(payment.userId, payment.paidAt);
    await this.stores.logs.append({
      // One line per order, however often its event is delivered.
      id: `payment.completed:${payment.orderId}`,
      kind: 'system_event',
      action: 'payment.completed',
      actorId: null,
      targetId: payment.orderId,
      userId: payment.userId,
      at: payment.paidAt,
      outcome: 'success',
      correlationId: origin.correlationId || null,
      detail: {
        provider: payment.provider,
        planId: payment.planId,
        packageId: payment.packageId,
        credits: payment.credits,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
      },
    });
  }

  async deadLettered(letter: {
    topic: string;
    partition: number;
    offset: string;
    originalTopic: string;
    key: string;
    error: string;
    attempts: string;
    at: Date;
    eventId: string | null;
    correlationId: string | null;
  }): Promise<void> {
    await this.stores.logs.append({
      id: `dlq:${letter.topic}:${letter.partition}:${letter.offset}`,
      kind: 'system_event',
      action: 'message.dead_lettered',
      actorId: null,
      targetId: letter.key || null,
      userId: null,
      at: letter.at,
      outcome: 'failure',
      correlationId: letter.correlationId,
      detail: {
        topic: letter.originalTopic,
        eventId: letter.eventId,
        attempts: letter.attempts,
        // The bus's error text names the error, never the message body.
        error: letter.error.slice(0, 500),
      },
    });
  }

  /** One page of the Users screen: the users, their job counts and any purge under way. */
  async page(search: UserSearch): Promise<{ items: AdminUser[]; total: number }> {
    const { items, total } = await this.stores.users.search(search);
    const ids = items.map((u) => u.id);
    const [counts, purges] = await Promise.all([this.stores.jobs.countsByUser(ids), this.stores.purges.findMany(ids)]);
    const purgeOf = new Map(purges.map((p) => [p.id, p]));
    return { items: items.map((u) => userView(u, counts.get(u.id), purgeOf.get(u.id))), total };
  }

  /** One user, or only their purge status once the read model dropped them; null when neither exists. */
  async detail(userId: string): Promise<AdminUserDetailResponse['data'] | null> {
    const [user, purge] = await Promise.all([this.stores.users.find(userId), this.stores.purges.find(userId)]);
    if (!user && !purge) return null;
    const counts = user ? (await this.stores.jobs.countsByUser([userId])).get(userId) : undefined;
    return {
      id: userId,
      deleted: user === null,
      user: user ? userView(user, counts, purge) : null,
      purge: purge ? purgeStatusView(purge) : null,
    };
  }
}
