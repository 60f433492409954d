import {
  ChargedFrom,
  JobKind,
  JobProgressKind,
  JobStatus as ProtoJobStatus,
  encodeEvent,
  timestampFromDate,
  type EventPayloadInit,
} from '@kadr/contracts';
import { outboxEntryOf } from '@kadr/outbox';
import { PROTO_ASPECT_RATIO, PROTO_QUALITY, PROTO_SPEED } from '../catalogue/video-options';
import type { Job, JobEventKind, JobHistoryEntry, JobStatus, OutboxEntry } from './job';

export const PRODUCER = 'jobs';

/**
 * What a FAILED step's catalogue reason does not tell a person (`failure_kind`): the output check
 * refused the render, or the administrator marked the job failed.
 */
export type FailureKind = 'output_check' | 'marked_failed';

function entryOf(payload: EventPayloadInit, correlationId: string): OutboxEntry {
  return outboxEntryOf(encodeEvent(payload, { producer: PRODUCER, correlationId }));
}

const PROTO_STATUS: Record<Exclude<JobStatus, 'RESERVING'>, ProtoJobStatus> = {
  PENDING: ProtoJobStatus.PENDING,
  PROCESSING: ProtoJobStatus.PROCESSING,
  COMPLETED: ProtoJobStatus.COMPLETED,
  FAILED: ProtoJobStatus.FAILED,
  CANCELLED: ProtoJobStatus.CANCELLED,
};

const PROTO_KIND = {
  queued: JobProgressKind.QUEUED,
  started: JobProgressKind.STARTED,
  progress: JobProgressKind.PROGRESS,
  completed: JobProgressKind.COMPLETED,
  failed: JobProgressKind.FAILED,
  cancelled: JobProgressKind.CANCELLED,
} as const;

export interface JobStep {
  entries: OutboxEntry[];
  history: JobHistoryEntry[];
}

/** `job.created` alone: the dispatcher's wake-up for a PENDING job no worker claimed in time. */
export function jobCreatedEntry(job: Job): OutboxEntry {
  return entryOf(
    {
      case: 'jobCreated',
      value: {
        jobId: job.id,
        userId: job.userId,
        prompt: job.prompt,
        modelId: job.modelId,
        provider: job.provider,
        durationSeconds: job.durationSeconds,
        quality: PROTO_QUALITY[job.quality],
        speed: PROTO_SPEED[job.speed],
        width: job.width,
        height: job.height,
        costCredits: job.chargedFrom === 'allowance' ? 0 : job.cost,
        chargedFrom: job.chargedFrom === 'allowance' ? ChargedFrom.ALLOWANCE : ChargedFrom.CREDITS,
        createdAt: timestampFromDate(job.createdAt),
        aspectRatio: PROTO_ASPECT_RATIO[job.aspectRatio ?? '16:9'],
        seed: job.seed,
        negativePrompt: job.negativePrompt ?? '',
        startImageKey: job.startImageKey ?? '',
        kind: job.kind === 'upscale' ? JobKind.UPSCALE : JobKind.GENERATE,
        sourceJobId: job.sourceJobId ?? '',
      },
    },
    job.correlationId,
  );
}

/** `job.created` (+ `job.progress` QUEUED) for a job that just became PENDING (creation or requeue). */
export function createdStep(job: Job, at: Date, actor: string, message = 'Waiting for a worker'): JobStep {
  const created = jobCreatedEntry(job);
  const queued = progressStep({ ...job, status: 'PENDING', progress: 0 }, 'queued', at, actor, { message });
  return {
    entries: [created, ...queued.entries],
    history: [
      {
        at,
        kind: 'created',
        status: 'PENDING',
        progress: 0,
        attempt: job.attempt,
        message: 'Job created',
        errorCode: null,
        actor,
      },
      ...queued.history,
    ],
  };
}

/** One `job.progress` step; `job` is the job as it is after the step. */
export function progressStep(
  job: Job,
  kind: Exclude<JobEventKind, 'created' | 'deleted'>,
  at: Date,
  actor: string,
  details: { message?: string; errorCode?: string; failureKind?: FailureKind } = {},
): JobStep {
  if (job.status === 'RESERVING') throw new Error('a RESERVING job publishes nothing');
  const output = kind === 'completed' && job.output ? job.output : undefined;
  const entry = entryOf(
    {
      case: 'jobProgress',
      value: {
        jobId: job.id,
        userId: job.userId,
        kind: PROTO_KIND[kind],
        progress: Math.round(job.progress),
        status: PROTO_STATUS[job.status],
        message: details.message ?? '',
        errorCode: details.errorCode ?? '',
        failureKind: details.failureKind ?? '',
        attempt: job.attempt,
        output: output
          ? {
              videoKey: output.videoKey,
              thumbnailKey: output.thumbnailKey,
              contentType: output.contentType,
              durationSeconds: output.durationSeconds,
              width: output.width,
              height: output.height,
              sizeBytes: BigInt(output.sizeBytes),
            }
          : undefined,
        occurredAt: timestampFromDate(at),
      },
    },
    job.correlationId,
  );
  return {
    entries: [entry],
    history: [
      {
        at,
        kind,
        status: job.status,
        progress: Math.round(job.progress),
        attempt: job.attempt,
        message: details.message ?? '',
        errorCode: details.errorCode ?? null,
        actor,
      },
    ],
  };
}

/** `job.deleted`: media removes the blobs, commerce releases an open hold. */
export function deletedStep(job: Job, at: Date, actor: string, reason: string): JobStep {
  const entry = entryOf(
    {
      case: 'jobDeleted',
      value: {
        jobId: job.id,
        userId: job.userId,
        reason,
        deletedBy: actor,
        deletedAt: timestampFromDate(at),
      },
    },
    job.correlationId,
  );
  return {
    entries: [entry],
    history: [
      {
        at,
        kind: 'deleted',
        status: job.status,
        progress: job.progress,
        attempt: job.attempt,
        message: reason,
        errorCode: null,
        actor,
      },
    ],
  };
}
