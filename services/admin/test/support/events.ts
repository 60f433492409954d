import { encodeEvent, JobProgressKind, JobStatus, timestampFromDate, type EncodedEvent } from '@kadr/contracts';

const BASE = Date.parse('2026-03-01T10:00:00.000Z');
export const minute = (n: number): Date => new Date(BASE + n * 60_000);

const meta = (producer: string) => ({ producer, correlationId: `corr-${producer}` });

export const registered = (userId: string, email: string, name: string, at = minute(0)): EncodedEvent =>
  encodeEvent(
    {
      case: 'userRegistered',
      value: { userId, email, name, preferredLanguage: 'pl', registeredAt: timestampFromDate(at) },
    },
    meta('auth-gateway'),
  );

export const jobCreated = (jobId: string, userId: string, at: Date): EncodedEvent =>
  encodeEvent({ case: 'jobCreated', value: { jobId, userId, createdAt: timestampFromDate(at) } }, meta('jobs'));

const KIND_OF = {
  PROCESSING: [JobProgressKind.STARTED, JobStatus.PROCESSING],
  COMPLETED: [JobProgressKind.COMPLETED, JobStatus.COMPLETED],
  FAILED: [JobProgressKind.FAILED, JobStatus.FAILED],
} as const;

export const jobProgress = (jobId: string, userId: string, step: keyof typeof KIND_OF, at: Date): EncodedEvent => {
  const [kind, status] = KIND_OF[step];
  return encodeEvent(
    {
      case: 'jobProgress',
      value: {
        jobId,
        userId,
        kind,
        status,
        errorCode: step === 'FAILED' ? 'aiproxy_error' : '',
        occurredAt: timestampFromDate(at),
      },
    },
    meta('jobs'),
  );
};

export const jobDeleted = (jobId: string, userId: string, at: Date): EncodedEvent =>
  encodeEvent(
    {
      case: 'jobDeleted',
      value: { jobId, userId, reason: 'user request', deletedBy: userId, deletedAt: timestampFromDate(at) },
    },
    meta('jobs'),
  );

export const creditsChanged = (userId: string, balance: number, at: Date): EncodedEvent =>
  encodeEvent(
    {
      case: 'creditsChanged',
      value: { userId, balance, heldCredits: 0, currency: 'credits', changedAt: timestampFromDate(at) },
    },
    meta('commerce'),
  );

export const planPaid = (orderId: string, userId: string, planId: string, at: Date): EncodedEvent =>
  encodeEvent(
    {
      case: 'paymentCompleted',
      value: {
        orderId,
        userId,
        provider: 'mock',
        product: { case: 'planId', value: planId },
        credits: 0,
        amountMinor: 4900n,
        currency: 'PLN',
        paidAt: timestampFromDate(at),
      },
    },
    meta('commerce'),
  );

export const purged = (userId: string, service: string): EncodedEvent =>
  encodeEvent(
    { case: 'userPurged', value: { userId, service, purgedAt: timestampFromDate(new Date()) } },
    { producer: service, correlationId: 'corr-purge' },
  );
