import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BlobStore } from '@kadr/blob-store';
import type { JobOutput } from '@kadr/contracts';
import type { Logger } from '@kadr/telemetry';
import type { JobChange, JobCondition, JobRepository } from '../../data-access/jobs/job.repository';
import type { Job } from '../jobs/job';
import { createdStep, progressStep } from '../jobs/job-events';
import { checkOutput, type VideoInspector } from './output-check';
import type { ProviderRegistry } from './provider-registry';
import { fairOrder } from './fair-queue';
import { jobTimeoutMs } from './job-timeout';
import { GenerationError, generationErrorOf, type GenerationRequest } from './video-provider';

export interface JobRunnerOptions {
  jobs: JobRepository;
  providers: ProviderRegistry;
  blobs: BlobStore;
  inspector: VideoInspector;
  logger: Logger;
  /** This worker's id (lease owner; the actor in the job's history). */
  workerId: string;
  concurrency: number;
  leaseMs: number;
  timeoutFactor: number;
  timeoutBaseMs: number;
  fps: number;
  /** Retries of a transient failure within one attempt (with backoff from `retryBaseMs`). */
  transientRetries?: number;
  retryBaseMs?: number;
  /** How long a delivery waits for a free render slot before handing the message back. */
  slotWaitMs?: number;
  /**
   * A worker with a free slot looks at the queue this often by itself. `job.created` goes to
   * one partition by job id, so its wake-up can land on a busy worker while another one idles;
   * the poll lets the idle one take the job (0: never poll). Default 2 000 ms.
   */
  idleClaimMs?: number;
  onOutboxWritten(): void;
}

/** No render slot came free in time: the bus delivers the message again after a backoff. */
export class WorkerBusyError extends Error {
  constructor() {
    super('every render slot of this worker is busy');
    this.name = 'WorkerBusyError';
  }
}

/** The worker is shutting down: it claims nothing more (the message stays uncommitted). */
export class WorkerStoppingError extends Error {
  constructor() {
    super('this worker is stopping and claims no more jobs');
    this.name = 'WorkerStoppingError';
  }
}

export const videoKeyOf = (job: Pick<Job, 'userId' | 'id'>) => `users/${job.userId}/jobs/${job.id}/video.mp4`;
export const thumbnailKeyOf = (job: Pick<Job, 'userId' | 'id'>) => `users/${job.userId}/jobs/${job.id}/thumbnail.jpg`;

type StopReason = 'timeout' | 'lost' | 'shutdown';

/** How often a worker with a free slot looks at the queue by itself (JOB_IDLE_CLAIM_MS). */
export const DEFAULT_IDLE_CLAIM_MS = 2_000;

/** Users looked at per claim: far more than the users a worker could serve before looking again. */
const QUEUE_HEADS_READ = 50;

class StopSignal extends Error {
  constructor(readonly why: StopReason) {
    super(`stopped: ${why}`);
    this.name = 'StopSignal';
  }
}

/**
 * The worker's use case. A `job.created` delivery only wakes the worker: with a render slot free
 * it claims the next job of the **fair queue** (`fairOrder`: fewest running jobs, user served
 * longest ago, oldest job) — not necessarily the message's job — in one conditional write
 * (PENDING → PROCESSING), and renders it in the background, so a long render never holds up the
 * consumer. When a render ends, the worker claims the next job itself. Every PENDING job has
 * had at least one `job.created` (creation, requeue, lease sweep, the dispatcher), so the
 * messages and the jobs balance; a message for a job that is no longer PENDING still wakes the
 * worker for whatever is queued, and does nothing when nothing is.
 * At least once without double effects: the claim, every progress step, completion and failure
 * are conditional on this worker's lease and attempt. A worker that dies stops renewing its
 * lease; the sweeper puts the job back to PENDING (`job.created` again) until its attempts run
 * out, then fails it. A worker that is stopped claims nothing more (`stopClaiming`) and hands
 * its running jobs back to the queue at once (PENDING, the attempt given back).
 */
export class JobRunner {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  /** Deliveries waiting for a slot; each is handed a slot (resolve) or refused (reject). */
  private readonly waiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  /** Slots taken: claiming or rendering (≤ concurrency). */
  private taken = 0;
  private claiming = true;
  private sweepTimer: NodeJS.Timeout | undefined;
  private idleClaimTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;
  private stopping = false;

  constructor(private readonly options: JobRunnerOptions) {}

  /**
   * Handles one `job.created` delivery: waits for a render slot (WorkerBusyError after
   * `slotWaitMs`; the bus retries), then claims the next job of the fair queue. Throws
   * WorkerStoppingError once the worker stops claiming, so the message is not committed.
   */
  async onJobCreated(jobId: string): Promise<'claimed' | 'ignored'> {
    if (!this.claiming) throw new WorkerStoppingError();
    await this.takeSlot();
    const claimed = await this.claimNextInSlot().catch((error: unknown) => {
      this.giveSlotBack();
      throw error;
    });
    this.options.logger.debug({ jobId, claimed: claimed?.id }, 'woken by job.created');
    return claimed ? 'claimed' : 'ignored';
  }

  /** Claims the next job of the fair queue if a slot is free (after a render, and in tests). */
  async claimNext(): Promise<Job | null> {
    if (!this.claiming || this.taken >= this.options.concurrency) return null;
    this.taken += 1;
    return this.claimNextInSlot().catch((error: unknown) => {
      this.giveSlotBack();
      throw error;
    });
  }

  /** Starts the lease sweeper (every half lease). */
  start(): void {
    this.stopping = false;
    this.claiming = true;
    this.sweepTimer ??= setInterval(
      () => {
        this.sweeping ??= this.sweepExpiredLeases().finally(() => (this.sweeping = undefined));
      },
      Math.max(200, Math.floor(this.options.leaseMs / 2)),
    );
    this.sweepTimer.unref();
    const idleClaimMs = this.options.idleClaimMs ?? DEFAULT_IDLE_CLAIM_MS;
    if (idleClaimMs > 0) {
      this.idleClaimTimer ??= setInterval(() => this.claimWhileIdle(), idleClaimMs);
      this.idleClaimTimer.unref();
    }
  }

  /** The idle poll: a free slot and no delivery waiting for one → claim the queue's next job, if any. */
  private claimWhileIdle(): void {
    if (this.waiters.length > 0 || this.taken >= this.options.concurrency) return;
    this.claimNext().catch((error: unknown) => this.options.logger.warn({ err: error }, 'idle claim failed'));
  }

  /**
   * The first step of every shutdown: no delivery claims anything from now on (waiting ones are
   * refused, so their messages stay uncommitted). Running renders go on until `stop`.
   */
  stopClaiming(): void {
    this.claiming = false;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new WorkerStoppingError());
  }

  /** Stops: claims first, then running renders are aborted and their jobs handed back (PENDING, `job.created`). */
  async stop(): Promise<void> {
    this.stopClaiming();
    this.stopping = true;
    clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
    clearInterval(this.idleClaimTimer);
    this.idleClaimTimer = undefined;
    for (const { controller } of this.running.values()) controller.abort(new StopSignal('shutdown'));
    await Promise.all([...this.running.values()].map((r) => r.done));
    await this.sweeping;
  }

  /** Resolves when nothing is rendering (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /** PROCESSING jobs whose worker stopped renewing its lease: back to PENDING, or FAILED when out of attempts. */
  async sweepExpiredLeases(now = new Date()): Promise<number> {
    let swept = 0;
    const expired = await this.options.jobs.findExpiredLeases(now, 50).catch((error: unknown) => {
      this.options.logger.warn({ err: error }, 'lease sweeper could not read jobs');
      return [];
    });
    for (const job of expired) {
      if (this.running.has(job.id)) continue;
      const condition: JobCondition = { status: ['PROCESSING'], attempt: job.attempt, leaseExpiredBefore: now };
      const actor = `worker:${this.options.workerId}`;
      let change: JobChange;
      if (job.attempt >= job.attemptLimit) {
        change = this.failure(job, now, actor, 'timeout', `The job was abandoned by its worker ${job.attempt} times.`);
      } else {
        const queued: Job = { ...job, status: 'PENDING', progress: 0, updatedAt: now };
        const step = createdStep(queued, now, actor, 'Its worker stopped; waiting for another');
        change = {
          set: { status: 'PENDING', progress: 0, leaseOwner: null, leaseUntil: null, updatedAt: now },
          outbox: step.entries,
          history: step.history,
        };
      }
      if (await this.options.jobs.update(job.id, condition, change)) {
        swept += 1;
        this.options.onOutboxWritten();
        this.options.logger.warn({ jobId: job.id, attempt: job.attempt }, 'job lease expired');
      }
    }
    return swept;
  }

  /** A slot for one claim: at once when free, else the next one a render gives back (or WorkerBusyError). */
  private takeSlot(): Promise<void> {
    if (this.taken < this.options.concurrency) {
      this.taken += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(new WorkerBusyError());
      }, this.options.slotWaitMs ?? 10_000);
      this.waiters.push(waiter);
    });
  }

  /** A slot comes free: handed straight to a waiting delivery, else given back. */
  private giveSlotBack(): void {
    const next = this.claiming ? this.waiters.shift() : undefined;
    if (next) next.resolve();
    else this.taken -= 1;
  }

  /** Within a taken slot: claims the fair queue's next job and renders it, or gives the slot back. */
  private async claimNextInSlot(): Promise<Job | null> {
    const claimed = this.claiming ? await this.claimFairly() : null;
    if (!claimed) {
      this.giveSlotBack();
      return null;
    }
    const controller = new AbortController();
    const done = this.execute(claimed, controller).finally(() => {
      this.running.delete(claimed.id);
      this.giveSlotBack();
      // Keep going while work is queued: the worker does not wait for another message.
      if (this.claiming && !this.stopping) {
        this.claimNext().catch((error: unknown) =>
          this.options.logger.warn({ err: error }, 'could not claim the next job'),
        );
      }
    });
    this.running.set(claimed.id, { controller, done });
    return claimed;
  }

  /** The first job of the fair queue this worker wins (another worker may win a head first). */
  private async claimFairly(): Promise<Job | null> {
    for (let look = 0; look < 3; look += 1) {
      const heads = fairOrder(await this.options.jobs.queueHeads(QUEUE_HEADS_READ));
      if (heads.length === 0) return null;
      for (const { job } of heads) {
        if (!this.claiming) return null;
        const claimed = await this.claim(job, new Date());
        if (claimed) return claimed;
      }
    }
    return null;
  }

  private async claim(job: Job, now: Date): Promise<Job | null> {
    const actor = `worker:${this.options.workerId}`;
    const condition: JobCondition = { status: ['PENDING'], attempt: job.attempt };
    const attempt = job.attempt + 1;
    if (attempt > job.attemptLimit) {
      const failed = await this.options.jobs.update(
        job.id,
        condition,
        this.failure(job, now, actor, 'timeout', `The job did not finish in ${job.attempt} attempts.`),
      );
      if (failed) this.options.onOutboxWritten();
      return null;
    }
    const started: Job = { ...job, status: 'PROCESSING', progress: 0, attempt, updatedAt: now };
    const step = progressStep(started, 'started', now, actor, { message: 'Rendering started' });
    const claimed = await this.options.jobs.update(job.id, condition, {
      set: {
        status: 'PROCESSING',
        progress: 0,
        attempt,
        leaseOwner: this.options.workerId,
        leaseUntil: new Date(now.getTime() + this.options.leaseMs),
        startedAt: now,
        errorCode: null,
        errorMessage: null,
        updatedAt: now,
      },
      outbox: step.entries,
      history: step.history,
    });
    if (claimed) this.options.onOutboxWritten();
    return claimed;
  }

  /**
   * Shutdown: the job goes back to PENDING at once with `job.created` (no waiting for the lease),
   * and the attempt is given back — a worker that was stopped is not the job's fault.
   */
  private handBack(job: Job): Promise<Job | null> {
    return this.ownWrite(job, (now) => {
      const queued: Job = { ...job, status: 'PENDING', progress: 0, attempt: job.attempt - 1, updatedAt: now };
      const step = createdStep(
        queued,
        now,
        `worker:${this.options.workerId}`,
        'Its worker stopped; waiting for another',
      );
      return {
        set: {
          status: 'PENDING',
          progress: 0,
          attempt: job.attempt - 1,
          leaseOwner: null,
          leaseUntil: null,
          updatedAt: now,
        },
        outbox: step.entries,
        history: step.history,
      };
    });
  }

  private failure(job: Job, now: Date, actor: string, reason: string, message: string): JobChange {
    const failed: Job = { ...job, status: 'FAILED', errorCode: reason, errorMessage: message, updatedAt: now };
    const step = progressStep(failed, 'failed', now, actor, { message, errorCode: reason });
    return {
      set: {
        status: 'FAILED',
        errorCode: reason,
        errorMessage: message,
        leaseOwner: null,
        leaseUntil: null,
        updatedAt: now,
      },
      outbox: step.entries,
      history: step.history,
    };
  }

  /** A write conditional on this worker still owning this attempt; null means the job was taken away. */
  private async ownWrite(job: Job, change: (now: Date) => JobChange): Promise<Job | null> {
    const updated = await this.options.jobs.update(
      job.id,
      { status: ['PROCESSING'], attempt: job.attempt, leaseOwner: this.options.workerId },
      change(new Date()),
    );
    if (updated) this.options.onOutboxWritten();
    return updated;
  }

  private async execute(job: Job, controller: AbortController): Promise<void> {
    const { options } = this;
    const log = options.logger.child({ jobId: job.id, attempt: job.attempt });
    const actor = `worker:${options.workerId}`;
    const timeoutMs = jobTimeoutMs(job, options.fps, options.timeoutFactor, options.timeoutBaseMs);
    const timeout = setTimeout(() => controller.abort(new StopSignal('timeout')), timeoutMs);
    const lease = () => new Date(Date.now() + options.leaseMs);
    // Writes of one job go one after another, so progress never goes backwards.
    let writes: Promise<unknown> = Promise.resolve();
    const enqueue = (write: () => Promise<Job | null>) => {
      writes = writes
        .then(write)
        .then((updated) => {
          if (!updated && !controller.signal.aborted) controller.abort(new StopSignal('lost'));
        })
        .catch((error: unknown) => log.warn({ err: error }, 'could not record progress'));
      return writes;
    };
    const heartbeat = setInterval(
      () => void enqueue(() => this.ownWrite(job, () => ({ set: { leaseUntil: lease() } }))),
      Math.max(100, Math.floor(options.leaseMs / 3)),
    );
    let reported = 0;
    const onProgress = (percent: number) => {
      const step = Math.floor(Math.min(99, percent) / 10) * 10;
      if (step <= reported || controller.signal.aborted) return;
      reported = step;
      void enqueue(() =>
        this.ownWrite(job, (now) => {
          const progressed = progressStep({ ...job, progress: step, updatedAt: now }, 'progress', now, actor, {
            message: 'Rendering',
          });
          return {
            set: { progress: step, leaseUntil: lease(), updatedAt: now },
            outbox: progressed.entries,
            history: progressed.history,
          };
        }),
      );
    };

    const workDir = await mkdtemp(path.join(os.tmpdir(), `kadr-job-${job.id.slice(0, 8)}-`));
    try {
      const output = await this.render(job, workDir, onProgress, controller.signal);
      await writes;
      if (controller.signal.aborted) throw controller.signal.reason;
      const completed = await this.ownWrite(job, (now) => {
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
      });
      if (completed) log.info({ sizeBytes: output.sizeBytes }, 'job completed');
      else log.warn('job was taken away before it completed (deleted, marked failed or requeued)');
    } catch (error) {
      await writes;
      const why = controller.signal.aborted ? (controller.signal.reason as StopSignal | undefined)?.why : undefined;
      if (why === 'shutdown' || (this.stopping && why !== 'lost' && why !== 'timeout')) {
        await this.handBack(job).then(
          (back) => log.info({ handedBack: back !== null }, 'render stopped by shutdown; the job is queued again'),
          (writeError: unknown) => log.warn({ err: writeError }, 'could not hand the job back; its lease will expire'),
        );
        return;
      }
      if (why === 'lost') {
        log.info('render stopped; the job was taken away');
        return;
      }
      const failure =
        why === 'timeout'
          ? new GenerationError('timeout', `The render did not finish within ${Math.round(timeoutMs / 1000)} s.`)
          : generationErrorOf(error);
      log.warn({ err: error, reason: failure.reason }, 'job failed');
      await this.ownWrite(job, (now) => this.failure(job, now, actor, failure.reason, failure.message)).catch(
        (writeError: unknown) => log.error({ err: writeError }, 'could not record the failure; the lease will expire'),
      );
    } finally {
      clearTimeout(timeout);
      clearInterval(heartbeat);
      await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  private async render(
    job: Job,
    workDir: string,
    onProgress: (percent: number) => void,
    signal: AbortSignal,
  ): Promise<JobOutput> {
    const provider = this.options.providers.get(job.provider);
    if (!provider) throw new GenerationError('aiproxy_error', `The provider ${job.provider} is not available.`);
    const request: GenerationRequest = {
      jobId: job.id,
      prompt: job.prompt,
      seed: job.seed,
      modelId: job.modelId,
      durationSeconds: job.durationSeconds,
      width: job.width,
      height: job.height,
      quality: job.quality,
      speed: job.speed,
    };
    const { videoPath } = await this.withRetries(signal, () =>
      provider.generate(request, { workDir, onProgress, signal }),
    );
    const facts = await this.options.inspector.inspect(videoPath, signal);
    checkOutput(facts, job);
    const thumbnailPath = path.join(workDir, 'thumbnail.jpg');
    await this.options.inspector.thumbnail(videoPath, thumbnailPath, Math.min(1.5, facts.durationSeconds / 2), signal);
    const videoKey = videoKeyOf(job);
    const thumbnailKey = thumbnailKeyOf(job);
    await this.withRetries(signal, () =>
      this.options.blobs.put(videoKey, createReadStream(videoPath), { contentType: 'video/mp4' }),
    );
    await this.withRetries(signal, () =>
      this.options.blobs.put(thumbnailKey, createReadStream(thumbnailPath), { contentType: 'image/jpeg' }),
    );
    return {
      videoKey,
      thumbnailKey,
      contentType: 'video/mp4',
      durationSeconds: Math.round(facts.durationSeconds * 1000) / 1000,
      width: facts.width,
      height: facts.height,
      sizeBytes: facts.sizeBytes,
    };
  }

  /** Transient failures (provider 5xx/429, storage time-outs) are retried with exponential backoff. */
  private async withRetries<T>(signal: AbortSignal, operation: () => Promise<T>): Promise<T> {
    const retries = this.options.transientRetries ?? 3;
    const base = this.options.retryBaseMs ?? 1_000;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await operation();
      } catch (error) {
        if (signal.aborted) throw error;
        const failure = generationErrorOf(error);
        if (!failure.transient || attempt >= retries) throw failure;
        this.options.logger.warn({ err: error, attempt: attempt + 1 }, 'transient failure; retrying');
        await sleep(base * 2 ** attempt, undefined, { signal });
      }
    }
  }
}
