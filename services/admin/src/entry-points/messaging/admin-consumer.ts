import {
  ALL_TOPICS,
  decodeEvent,
  decodeEventOn,
  JobProgressKind,
  JobStatus,
  PLAN_IDS,
  timestampDate,
  type PlanId,
  type PublicJobStatus,
  type Timestamp,
  type Topic,
} from '@kadr/contracts';
import {
  DLQ_HEADERS,
  dlqTopicOf,
  EVENT_HEADERS,
  type ConsumerHandle,
  type DeliveredMessage,
  type EventBus,
} from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import type { AdminReadModel } from '../../domain/read-model/admin-read-model';
import type { UserPurges } from '../../domain/purge/user-purges';
import { SERVICE } from './purge-events.publisher';

export const CONSUMED_TOPICS = [
  'user.registered',
  'user.deleted',
  'user.purged',
  'job.created',
  'job.progress',
  'job.deleted',
  'credits.changed',
  'payment.completed',
] as const satisfies readonly Topic[];
type ConsumedTopic = (typeof CONSUMED_TOPICS)[number];

/** Every topic's dead letters: the Logs screen lists them as system events. */
export const DEAD_LETTER_TOPICS = ALL_TOPICS.map(dlqTopicOf);

const STATUS: Partial<Record<JobStatus, PublicJobStatus>> = {
  [JobStatus.PENDING]: 'PENDING',
  [JobStatus.PROCESSING]: 'PROCESSING',
  [JobStatus.COMPLETED]: 'COMPLETED',
  [JobStatus.FAILED]: 'FAILED',
};

const dateOr = (timestamp: Timestamp | undefined, fallback: Date | undefined): Date =>
  timestamp ? timestampDate(timestamp) : (fallback ?? new Date(0));
const isPlanId = (value: string | undefined): value is PlanId =>
  value !== undefined && (PLAN_IDS as readonly string[]).includes(value);

export interface AdminConsumerDeps {
  bus: EventBus;
  readModel: AdminReadModel;
  purges: UserPurges;
  logger: Logger;
}

/**
 * One member of the `admin` group for every topic it reads, dead-letter topics included (one
 * subscription: members of a Kafka group with different subscriptions may get partitions they
 * do not handle). Every handler is idempotent (see AdminReadModel and UserPurges).
 */
export async function subscribeAdmin({ bus, readModel, purges, logger }: AdminConsumerDeps): Promise<ConsumerHandle> {
  const handlers: Record<ConsumedTopic, (message: DeliveredMessage) => Promise<void>> = {
    'user.registered': async ({ value }) => {
      const envelope = decodeEventOn('user.registered', value);
      const { userId, email, name, registeredAt } = envelope.payload.value;
      await readModel.userRegistered({
        userId,
        email,
        name,
        registeredAt: dateOr(registeredAt, envelope.occurredAt && timestampDate(envelope.occurredAt)),
      });
    },
    'job.created': async ({ value }) => {
      const envelope = decodeEventOn('job.created', value);
      const { jobId, userId, createdAt } = envelope.payload.value;
      const at = dateOr(createdAt, envelope.occurredAt && timestampDate(envelope.occurredAt));
      // The original creation time even when published again (requeue, re-dispatch, hand-back):
      // the first step of the job's history, never one that moves it back.
      await readModel.jobStepped({ jobId, userId, status: 'PENDING', at }, envelope);
    },
    'job.progress': async ({ value }) => {
      const envelope = decodeEventOn('job.progress', value);
      const { jobId, userId, status, kind, errorCode, occurredAt } = envelope.payload.value;
      const mapped = STATUS[status] ?? (kind === JobProgressKind.FAILED ? 'FAILED' : undefined);
      if (!mapped) {
        logger.warn({ jobId, status, kind }, 'job.progress without a known status: ignored');
        return;
      }
      const at = dateOr(occurredAt, envelope.occurredAt && timestampDate(envelope.occurredAt));
      await readModel.jobStepped({ jobId, userId, status: mapped, at, errorCode }, envelope);
    },
    'job.deleted': async ({ value }) => {
      const envelope = decodeEventOn('job.deleted', value);
      const { jobId, userId, deletedAt } = envelope.payload.value;
      await readModel.jobDeleted({
        jobId,
        userId,
        at: dateOr(deletedAt, envelope.occurredAt && timestampDate(envelope.occurredAt)),
      });
    },
    'credits.changed': async ({ value }) => {
      const envelope = decodeEventOn('credits.changed', value);
      const { userId, balance, heldCredits, changedAt } = envelope.payload.value;
      await readModel.creditsChanged({
        userId,
        balance,
        heldCredits,
        at: dateOr(changedAt, envelope.occurredAt && timestampDate(envelope.occurredAt)),
      });
    },
    'payment.completed': async ({ value }) => {
      const envelope = decodeEventOn('payment.completed', value);
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
          paidAt: dateOr(payment.paidAt, envelope.occurredAt && timestampDate(envelope.occurredAt)),
        },
        envelope,
      );
    },
    'user.deleted': async ({ value }) => {
      const envelope = decodeEventOn('user.deleted', value);
      const { userId, purge } = envelope.payload.value;
      await purges.eraseOwnData(userId, purge, envelope.correlationId || envelope.eventId);
      logger.info({ userId, purge, eventId: envelope.eventId }, 'user deleted: read model entry removed');
    },
    'user.purged': async ({ value }) => {
      const { userId, service, purgedAt } = decodeEventOn('user.purged', value).payload.value;
      const purge = await purges.acknowledge(userId, service, dateOr(purgedAt, new Date()));
      if (!purge) logger.warn({ userId, service }, 'user.purged for a purge admin did not request: ignored');
      else if (purge.completedAt) logger.info({ userId, service }, 'purge acknowledged; complete');
    },
  };

  const deadLettered = async (message: DeliveredMessage) => {
    let eventId: string | null = message.headers[EVENT_HEADERS.eventId] ?? null;
    try {
      eventId = decodeEvent(message.value).eventId || eventId;
    } catch {
      // Whatever was dead-lettered may not even decode; the headers say enough.
    }
    const failedAt = Date.parse(message.headers[DLQ_HEADERS.failedAt] ?? '');
    await readModel.deadLettered({
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
    });
  };

  const topics = [...CONSUMED_TOPICS, ...DEAD_LETTER_TOPICS];
  await bus.ensureTopics([...CONSUMED_TOPICS]);
  return bus.subscribe({
    group: SERVICE,
    topics,
    handler: async (message) => {
      if (message.topic.endsWith('.dlq')) return deadLettered(message);
      const handle = handlers[message.topic as ConsumedTopic];
      if (!handle) throw new Error(`no handler for topic ${message.topic}`);
      await handle(message);
    },
  });
}
