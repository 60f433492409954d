import type { JobOutput } from '@kadr/contracts';
import type { JobChange } from '../../data-access/jobs/job.repository';
import type { Job } from '../jobs/job';
import { createdStep, progressStep } from '../jobs/job-events';

/*
 * What each write of a worker changes on a job, with the events and history of the step in the same
 * change (one conditional single-document update). Pure: the parts that write decide when and on
 * which condition.
 */

/** The worker's name in a job's history and events. */
export const workerActor = (workerId: string) => `worker:${workerId}`;

/** A lease that runs `leaseMs` from now. */
export const leaseFromNow = (leaseMs: number) => new Date(Date.now() + leaseMs);

/** PENDING → PROCESSING for the next attempt, leased to the worker. */
export function startedChange(job: Job, attempt: number, now: Date, workerId: string, leaseMs: number): JobChange {
  const started: Job = { ...job, status: 'PROCESSING', progress: 0, attempt, updatedAt: now };
  const step = progressStep(started, 'started', now, workerActor(workerId), { message: 'Rendering started' });
  return {
    set: {
      status: 'PROCESSING',
      progress: 0,
      attempt,
      leaseOwner: workerId,
      leaseUntil: new Date(now.getTime() + leaseMs),
      startedAt: now,
      errorCode: null,
      errorMessage: null,
      updatedAt: now,
    },
    outbox: step.entries,
    history: step.history,
  };
}

/** A new progress step (a multiple of 10 below 100), renewing the lease. */
export function progressedChange(job: Job, progress: number, now: Date, actor: string, leaseMs: number): JobChange {
  const step = progressStep({ ...job, progress, updatedAt: now }, 'progress', now, actor, { message: 'Rendering' });
  return {
    set: { progress, leaseUntil: leaseFromNow(leaseMs), updatedAt: now },
    outbox: step.entries,
    history: step.history,
  };
}

/** → COMPLETED with the stored output (commerce captures the hold on this event). */
export function completedChange(job: Job, output: JobOutput, now: Date, actor: string): JobChange {
  const done: Job = { ...job, status: 'COMPLETED', progress: 100, output, updatedAt: now };
  const step = progressStep(done, 'completed', now, actor, { message: 'Video ready' });
  return {
    set: {
      status: 'COMPLETED',
      progress: 100,
      output,
      completedAt: now,
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: now,
    },
    outbox: step.entries,
    history: step.history,
  };
}

/**
 * → PENDING with `job.created` again, after its worker stopped (its lease expired, or it was handed
 * back at shutdown). `attempt`, when given, is stored too: a hand-back gives the attempt back.
 */
export function requeuedChange(job: Job, now: Date, actor: string, attempt?: number): JobChange {
  const attemptField = attempt === undefined ? {} : { attempt };
  const queued: Job = { ...job, status: 'PENDING', progress: 0, ...attemptField, updatedAt: now };
  const step = createdStep(queued, now, actor, 'Its worker stopped; waiting for another');
  return {
    set: { status: 'PENDING', progress: 0, ...attemptField, leaseOwner: null, leaseUntil: null, updatedAt: now },
    outbox: step.entries,
    history: step.history,
  };
}
