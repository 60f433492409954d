import { encodeEvent, JobProgressKind, JobStatus, timestampFromDate, type EncodedEvent } from '@kadr/contracts';

export const videoKeyOf = (userId: string, jobId: string) => `users/${userId}/jobs/${jobId}/video.mp4`;
export const thumbnailKeyOf = (userId: string, jobId: string) => `users/${userId}/jobs/${jobId}/thumbnail.jpg`;

export interface CompletionInput {
  userId: string;
  jobId: string;
  at?: Date;
  sizeBytes?: number;
  videoKey?: string;
  thumbnailKey?: string;
}

/** `job.progress` COMPLETED as the worker publishes it. */
export function completedEvent(input: CompletionInput): EncodedEvent {
  return encodeEvent(
    {
      case: 'jobProgress',
      value: {
        jobId: input.jobId,
        userId: input.userId,
        kind: JobProgressKind.COMPLETED,
        progress: 100,
        status: JobStatus.COMPLETED,
        attempt: 1,
        output: {
          videoKey: input.videoKey ?? videoKeyOf(input.userId, input.jobId),
          thumbnailKey: input.thumbnailKey ?? thumbnailKeyOf(input.userId, input.jobId),
          contentType: 'video/mp4',
          durationSeconds: 1,
          width: 320,
          height: 180,
          sizeBytes: BigInt(input.sizeBytes ?? 0),
        },
        occurredAt: timestampFromDate(input.at ?? new Date()),
      },
    },
    { producer: 'jobs', correlationId: `corr-${input.jobId}` },
  );
}

export function progressEvent(userId: string, jobId: string, kind: JobProgressKind): EncodedEvent {
  return encodeEvent(
    {
      case: 'jobProgress',
      value: { jobId, userId, kind, progress: 50, status: JobStatus.PROCESSING, attempt: 1 },
    },
    { producer: 'jobs', correlationId: `corr-${jobId}` },
  );
}

export function jobDeletedEvent(userId: string, jobId: string): EncodedEvent {
  return encodeEvent(
    {
      case: 'jobDeleted',
      value: { jobId, userId, reason: 'user request', deletedBy: userId, deletedAt: timestampFromDate(new Date()) },
    },
    { producer: 'jobs', correlationId: `corr-delete-${jobId}` },
  );
}

export function userDeletedEvent(userId: string, purge: boolean): EncodedEvent {
  return encodeEvent(
    {
      case: 'userDeleted',
      value: { userId, requestedBy: 'admin-1', purge, requestedAt: timestampFromDate(new Date()) },
    },
    { producer: 'admin', correlationId: `corr-user-${userId}` },
  );
}
