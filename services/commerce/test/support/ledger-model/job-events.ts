import { encodeEvent, JobProgressKind, JobStatus, timestampFromDate, type EncodedEvent } from '@kadr/contracts';

const meta = { producer: 'jobs', correlationId: 'ledger-model' };

/** The jobs service's `job.progress` COMPLETED or FAILED for a job, as it publishes them. */
export function jobFinished(jobId: string, userId: string, outcome: 'COMPLETED' | 'FAILED', at: Date): EncodedEvent {
  const completed = outcome === 'COMPLETED';
  return encodeEvent(
    {
      case: 'jobProgress',
      value: {
        jobId,
        userId,
        kind: completed ? JobProgressKind.COMPLETED : JobProgressKind.FAILED,
        status: completed ? JobStatus.COMPLETED : JobStatus.FAILED,
        progress: completed ? 100 : 0,
        errorCode: completed ? '' : 'aiproxy_error',
        occurredAt: timestampFromDate(at),
      },
    },
    meta,
  );
}

/** The jobs service's `job.deleted`. */
export function jobDeleted(jobId: string, userId: string, at: Date): EncodedEvent {
  return encodeEvent(
    {
      case: 'jobDeleted',
      value: { jobId, userId, reason: 'user request', deletedBy: userId, deletedAt: timestampFromDate(at) },
    },
    meta,
  );
}
