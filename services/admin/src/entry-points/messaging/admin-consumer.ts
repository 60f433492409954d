import {
  ALL_TOPICS,
  decodeEvent,
  JobProgressKind,
  JobStatus,
  PLAN_IDS,
  timestampDate,
  type PlanId,
  type PublicJobStatus,
  type Timestamp,
} from '@kadr/contracts';
import {
  DLQ_HEADERS,
  EVENT_HEADERS,
  subscribeTopics,
  type ConsumerHandle,
  type DeliveredMessage,
  type EventBus,
} from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { AdminReadModel } from '../../domain/read-model/admin-read-model';
import type { UserPurges } from '../../domain/purge/user-purges';
import { SERVICE } from './purge-events.publisher';

const STATUS: Partial<Record<JobStatus, PublicJobStatus>> = {
  [JobStatus.PENDING]: 'PENDING',
  [JobStatus.PROCESSING]: 'PROCESSING',
  [JobStatus.COMPLETED]: 'COMPLETED',
  [JobStatus.FAILED]: 'FAILED',
  [JobStatus.CANCELLED]: 'CANCELLED',
};

const dateOr = (timestamp: Timestamp | undefined, fallback: Date | undefined): Date =>
  timestamp ? timestampDate(timestamp) : (fallback ?? new Date(0));
/** When the envelope says the event happened: the fallback for a payload without its own time. */
const envelopeTime = (envelope: { occurredAt?: Timestamp }): Date | undefined =>
  envelope.occurredAt && timestampDate(envelope.occurredAt);
const isPlanId = (value: string | undefined): value is PlanId =>
  value !== undefined && (PLAN_IDS as readonly string[]).includes(value);

/** A dead letter as the read model records it: its place, why it failed and what it carried. */
function deadLetterOf(message: DeliveredMessage): Parameters<AdminReadModel['deadLettered']>[0] {
  let eventId: string | null = message.headers[EVENT_HEADERS.eventId] ?? null;
  try {
    eventId = decodeEvent(message.value).eventId || eventId;
  } catch {
    // Whatever was dead-lettered may not even decode; the headers say enough.
  }
  const failedAt = Date.parse(message.headers[DLQ_HEADERS.failedAt] ?? '');
  return {
    topic: message.topic,
    partition: message.partition,
    offset: message.offset,
    originalTopic: message.headers[DLQ_HEADERS.originalTopic] ?? message.topic.replace(/\.dlq$/, ''),
    key: message.key,
    error: message.headers[DLQ_HEADERS.error] ?? '',
    attempts: message.headers[DLQ_HEADERS.attempts] ?? '',
    at: Number.isNaN(failedAt) ? new Date() : new Date(failedAt),
    eventId,
    correlationId: message.headers[EVENT_HEADERS.correlationId] ?? null,
  };
}

export interface AdminConsumerDeps {
  bus: EventBus;
  readModel: AdminReadModel;
  purges: UserPurges;
  logger: Logger;
}

/**
 * One member of the `admin` group for every topic it reads, dead-letter topics included. Every
 * handler is idempotent (see AdminReadModel and UserPurges).
 */
export function subscribeAdmin({ bus, readModel, purges, logger }: AdminConsumerDeps): Promise<ConsumerHandle> {
  return subscribeTopics(bus, {
    group: SERVICE,
    handlers: {
      'user.registered': async (envelope) => {
        const { userId, email, name, registeredAt } = envelope.payload.value;
        const at = dateOr(registeredAt, envelopeTime(envelope));
        await readModel.userRegistered({ userId, email, name, registeredAt: at });
      },
      'job.created': async (envelope) => {
        const { jobId, userId, createdAt } = envelope.payload.value;
        const at = dateOr(createdAt, envelopeTime(envelope));
        // The original creation time even when published again (requeue, re-dispatch, hand-back):
        // the first step of the job's history, never one that moves it back.
        await readModel.jobStepped({ jobId, userId, status: 'PENDING', at }, envelope);
      },
      'job.progress': async (envelope) => {
        const { jobId, userId, status, kind, errorCode, occurredAt } = envelope.payload.value;
        const mapped = STATUS[status] ?? (kind === JobProgressKind.FAILED ? 'FAILED' : undefined);
        if (!mapped) {
          logger.warn({ jobId, status, kind }, 'job.progress without a known status: ignored');
          return;
        }
        const at = dateOr(occurredAt, envelopeTime(envelope));
        await readModel.jobStepped({ jobId, userId, status: mapped, at, errorCode }, envelope);
      },
      'job.deleted': async (envelope) => {
        const { jobId, userId, deletedAt } = envelope.payload.value;
        await readModel.jobDeleted({ jobId, userId, at: dateOr(deletedAt, envelopeTime(envelope)) });
      },
      'credits.changed': async (envelope) => {
        const { userId, balance, heldCredits, changedAt } = envelope.payload.value;
        const at = dateOr(changedAt, envelopeTime(envelope));
        await readModel.creditsChanged({ userId, balance, heldCredits, at });
      },
      'payment.completed': async (envelope) => {
        const payment = envelope.payload.value;
        const planId = payment.product.case === 'planId' ? payment.product.value : undefined;
        await readModel.paymentCompleted(
          {
            orderId: payment.orderId,
            userId: payment.userId,
            planId: isPlanId(planId) ? planId : null,
            packageId: payment.product.case === 'packageId' ? payment.product.value : null,
            credits: payment.credits,
            amountMinor: Number(payment.amountMinor),
            currency: payment.currency,
            provider: payment.provider,
            paidAt: dateOr(payment.paidAt, envelopeTime(envelope)),
          },
          envelope,
        );
      },
      'user.deleted': async (envelope) => {
        const { userId, purge } = envelope.payload.value;
        await purges.eraseOwnData(userId, purge, envelope.correlationId || envelope.eventId);
        logger.info({ userId, purge, eventId: envelope.eventId }, 'user deleted: read model entry removed');
      },
      'user.purged': async ({ payload }) => {
        const { userId, service, purgedAt } = payload.value;
        const purge = await purges.acknowledge(userId, service, dateOr(purgedAt, new Date()));
        if (!purge) logger.warn({ userId, service }, 'user.purged for a purge admin did not request: ignored');
        else if (purge.completedAt) logger.info({ userId, service }, 'purge acknowledged; complete');
      },
    },
    // Every topic's dead letters: the Logs screen lists them as system events.
    deadLetters: { of: ALL_TOPICS, handler: (message) => readModel.deadLettered(deadLetterOf(message)) },
  });
}
