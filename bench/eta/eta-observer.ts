/**
 * Watches each submitted job as its owner's browser would: the job read right after submitting (asked
 * again until it carries a forecast: the forecast is one snapshot reused for 1 s, which may predate the
 * job), the job read on the first progress event at or past 50 % (the web app reads again on each of a
 * job's events), and the job's start and finish as the store recorded them.
 */
import { decodeEvent, JobProgressKind, type JobView } from '@kadr/contracts';
import type { JobsStack } from '../jobs-stack';

/** Half-way: the first progress event at or past this reads the midpoint estimate. */
const MIDPOINT_PERCENT = 50;
/** How often the read after submitting is repeated until it carries a forecast. */
const SUBMISSION_POLL_MS = 100;

/** One read of a job's estimate: when it was read and what it promised (ms since the epoch). */
export interface EstimateRead {
  readAt: number;
  /** The forecast's estimated finish; null when the read said there was no estimate. */
  estimatedFinishAt: number | null;
  /** The job's progress and queue position in that read. */
  progress: number;
  position: number | null;
}

export interface JobObservation {
  id: string;
  userId: string;
  /** Model, quality, length and speed: the history the estimate is taken from. */
  shape: string;
  /** POST /jobs sent. */
  submittedAt: number;
  /** The first read after submitting that carried a forecast (none if the job finished first). */
  atSubmission?: EstimateRead;
  /** The read on the first progress event at or past 50 %. */
  atMidpoint?: EstimateRead;
  /** From the store: the claim of the render that completed, and its completion. */
  startedAt?: number;
  completedAt?: number;
  /** The progress steps the store recorded for that render (ms since the epoch). */
  steps?: Array<{ progress: number; at: number }>;
  failed?: string;
}

export class EtaObserver {
  private readonly jobs = new Map<string, JobObservation>();
  private readonly reads: Array<Promise<void>> = [];
  private readonly failures: Error[] = [];

  private constructor(private readonly stack: JobsStack) {}

  static async start(stack: JobsStack): Promise<EtaObserver> {
    const observer = new EtaObserver(stack);
    await stack.bus.subscribe({
      group: 'bench-eta-observer',
      topics: ['job.progress'],
      handler: (message) => {
        const envelope = decodeEvent(message.value);
        if (envelope.payload.case === 'jobProgress') observer.onEvent(envelope.payload.value);
        return Promise.resolve();
      },
    });
    return observer;
  }

  /** Submits a job and starts watching it. */
  async submit(userId: string, shape: string, request: Parameters<JobsStack['submit']>[1]): Promise<JobObservation> {
    const submittedAt = Date.now();
    const id = await this.stack.submit(userId, request);
    const job: JobObservation = { id, userId, shape, submittedAt };
    this.jobs.set(id, job);
    this.watch(this.readAtSubmission(job));
    return job;
  }

  /** Resolves when every job submitted so far has completed or failed (and every read has answered). */
  async settled(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ([...this.jobs.values()].some((job) => job.completedAt === undefined && !job.failed)) {
      if (this.failures.length > 0) throw this.failures[0]!;
      if (Date.now() > deadline) throw new Error(`jobs still running after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(this.reads);
    if (this.failures.length > 0) throw this.failures[0]!;
  }

  private watch(read: Promise<void>): void {
    this.reads.push(read.catch((error: unknown) => void this.failures.push(error as Error)));
  }

  private async readAtSubmission(job: JobObservation): Promise<void> {
    for (;;) {
      const readAt = Date.now();
      const view = await this.stack.read(job.userId, job.id);
      if (view.queue) {
        job.atSubmission = estimateRead(readAt, view);
        return;
      }
      if (view.status !== 'PENDING' && view.status !== 'PROCESSING') return;
      await new Promise((resolve) => setTimeout(resolve, SUBMISSION_POLL_MS));
    }
  }

  private onEvent(event: { jobId: string; kind: JobProgressKind; progress: number }): void {
    const job = this.jobs.get(event.jobId);
    if (!job) return;
    if (event.kind === JobProgressKind.PROGRESS && event.progress >= MIDPOINT_PERCENT && !job.atMidpoint) {
      // Marked at once: the next progress events must not read again.
      job.atMidpoint = { readAt: Date.now(), estimatedFinishAt: null, progress: event.progress, position: null };
      this.watch(this.readAtMidpoint(job));
    }
    if (event.kind === JobProgressKind.COMPLETED) this.watch(this.finished(job));
    if (event.kind === JobProgressKind.FAILED) job.failed = 'failed';
  }

  private async readAtMidpoint(job: JobObservation): Promise<void> {
    const readAt = Date.now();
    const view = await this.stack.read(job.userId, job.id);
    // Completed before the read answered: no midpoint estimate was seen.
    job.atMidpoint = view.status === 'PROCESSING' ? estimateRead(readAt, view) : undefined;
  }

  private async finished(job: JobObservation): Promise<void> {
    const stored = await this.stack.api.adapters.jobs.findById(job.id);
    if (!stored?.completedAt || !stored.startedAt) throw new Error(`job ${job.id} completed without its times`);
    job.startedAt = stored.startedAt.getTime();
    job.completedAt = stored.completedAt.getTime();
    job.steps = stored.history
      .filter((entry) => entry.kind === 'progress' && entry.attempt === stored.attempt)
      .map((entry) => ({ progress: entry.progress, at: entry.at.getTime() }));
  }
}

function estimateRead(readAt: number, view: JobView): EstimateRead {
  const finish = view.queue?.estimatedFinishAt;
  return {
    readAt,
    estimatedFinishAt: finish ? Date.parse(finish) : null,
    progress: view.progress,
    position: view.queue?.position ?? null,
  };
}
