import type { Logger } from '@kadr/telemetry';
import type { JobRepository } from '../../data-access/jobs/job.repository';
import type { Job } from '../jobs/job';
import type { JobsWorkerMetrics } from '../jobs/job-metrics';
import { claimFairly } from './job-claim';
import { executeJob, type ExecutionDeps } from './job-execution';
import { LeaseSweeper } from './lease-sweeper';
import type { VideoInspector } from './output-check';
import type { VideoUpscaler } from './video-upscaler';
import type { ProviderRegistry } from './provider-registry';
import { RenderSlots } from './render-slots';
import type { RenderWorkspaces } from './render-workspace';
import { StopSignal } from './stop-signal';

/** The limits and waits the configuration sets for a worker (see config.ts for each variable). */
export interface WorkerPolicy {
  /** Renders at once (WORKER_CONCURRENCY). */
  concurrency: number;
  /** A job's lease, renewed while it renders (JOB_LEASE_MS). */
  leaseMs: number;
  /**
   * A worker with a free slot looks at the queue this often by itself (JOB_IDLE_CLAIM_MS).
   * `job.created` goes to one partition by job id, so its wake-up can land on a busy worker while
   * another one idles; the poll lets the idle one take the job (0: never poll). Default 2 000 ms.
   */
  idleClaimMs?: number;
  /** A render's time-out: its estimate × factor + base (JOB_TIMEOUT_FACTOR, JOB_TIMEOUT_BASE_MS). */
  timeoutFactor: number;
  timeoutBaseMs: number;
}

export interface JobRunnerOptions extends WorkerPolicy {
  jobs: JobRepository;
  providers: ProviderRegistry;
  /** Where each attempt renders, and how its files reach the blob store. */
  workspaces: RenderWorkspaces;
  inspector: VideoInspector;
  /** Scales an upscale job's source video (issue 21). */
  upscaler: VideoUpscaler;
  logger: Logger;
  /** This worker's id (lease owner; the actor in the job's history). */
  workerId: string;
  fps: number;
  /** Retries of a transient failure within one attempt (with backoff from `retryBaseMs`). */
  transientRetries?: number;
  retryBaseMs?: number;
  /** How long a delivery waits for a free render slot before handing the message back. */
  slotWaitMs?: number;
  onOutboxWritten(): void;
  metrics: JobsWorkerMetrics;
}

/** The worker is shutting down: it claims nothing more (the message stays uncommitted). */
export class WorkerStoppingError extends Error {
  constructor() {
    super('this worker is stopping and claims no more jobs');
    this.name = 'WorkerStoppingError';
  }
}

/** How often a worker with a free slot looks at the queue by itself (JOB_IDLE_CLAIM_MS). */
export const DEFAULT_IDLE_CLAIM_MS = 2_000;

/**
 * The worker's use case. A `job.created` delivery only wakes the worker: with a render slot free
 * (`RenderSlots`) it claims the next job of the **fair queue** (`claimFairly`: fewest running
 * jobs, user served longest ago, oldest job) — not necessarily the message's job — and renders it
 * in the background (`executeJob`), so a long render never holds up the consumer. When a render
 * ends, the worker claims the next job itself. Every PENDING job has had at least one
 * `job.created` (creation, requeue, lease sweep, the dispatcher), so the messages and the jobs
 * balance; a message for a job that is no longer PENDING still wakes the worker for whatever is
 * queued, and does nothing when nothing is.
 * At least once without double effects: the claim, every progress step, completion and failure
 * are conditional on this worker's lease and attempt. A worker that dies stops renewing its
 * lease; the sweeper (`LeaseSweeper`) puts the job back to PENDING (`job.created` again) until its
 * attempts run out, then fails it. A worker that is stopped claims nothing more (`stopClaiming`)
 * and hands its running jobs back to the queue at once (PENDING, the attempt given back).
 */
export class JobRunner {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private readonly slots: RenderSlots;
  private readonly sweeper: LeaseSweeper;
  private readonly execution: ExecutionDeps;
  private claiming = true;
  private idleClaimTimer: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(private readonly options: JobRunnerOptions) {
    this.slots = new RenderSlots(options.concurrency, options.slotWaitMs ?? 10_000);
    options.metrics.renderSlots(options.concurrency);
    this.sweeper = new LeaseSweeper(options, (jobId) => this.running.has(jobId));
    const retries = {
      retries: options.transientRetries ?? 3,
      baseMs: options.retryBaseMs ?? 1_000,
      logger: options.logger,
    };
    this.execution = { ...options, retries };
  }

  /**
   * Handles one `job.created` delivery: waits for a render slot (WorkerBusyError after
   * `slotWaitMs`; the bus retries), then claims the next job of the fair queue. Throws
   * WorkerStoppingError once the worker stops claiming, so the message is not committed.
   */
  async onJobCreated(jobId: string): Promise<'claimed' | 'ignored'> {
    if (!this.claiming) throw new WorkerStoppingError();
    await this.slots.take();
    const claimed = await this.claimNextInSlot().catch((error: unknown) => {
      this.giveSlotBack();
      throw error;
    });
    this.options.logger.debug({ jobId, claimed: claimed?.id }, 'woken by job.created');
    return claimed ? 'claimed' : 'ignored';
  }

  /** Claims the next job of the fair queue if a slot is free (after a render, and in tests). */
  async claimNext(): Promise<Job | null> {
    if (!this.claiming || !this.slots.tryTake()) return null;
    return this.claimNextInSlot().catch((error: unknown) => {
      this.giveSlotBack();
      throw error;
    });
  }

  /** Takes whatever is queued already, a claim per render slot, without waiting for a message (start-up). */
  claimQueued(): void {
    for (let slot = 0; slot < this.options.concurrency; slot += 1) {
      this.claimNext().catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'could not claim a queued job'),
      );
    }
  }

  /** Starts the lease sweeper (every half lease) and the idle poll. */
  start(): void {
    this.stopping = false;
    this.claiming = true;
    this.sweeper.start();
    const idleClaimMs = this.options.idleClaimMs ?? DEFAULT_IDLE_CLAIM_MS;
    if (idleClaimMs > 0) {
      this.idleClaimTimer ??= setInterval(() => this.claimWhileIdle(), idleClaimMs);
      this.idleClaimTimer.unref();
    }
  }

  /** The idle poll: a free slot and no delivery waiting for one → claim the queue's next job, if any. */
  private claimWhileIdle(): void {
    if (!this.slots.hasIdleSlot()) return;
    this.claimNext().catch((error: unknown) => this.options.logger.warn({ err: error }, 'idle claim failed'));
  }

  /**
   * The first step of every shutdown: no delivery claims anything from now on (waiting ones are
   * refused, so their messages stay uncommitted). Running renders go on until `stop`.
   */
  stopClaiming(): void {
    this.claiming = false;
    this.slots.refuseWaiting(() => new WorkerStoppingError());
  }

  /** Stops: claims first, then running renders are aborted and their jobs handed back (PENDING, `job.created`). */
  async stop(): Promise<void> {
    this.stopClaiming();
    this.stopping = true;
    this.sweeper.stop();
    clearInterval(this.idleClaimTimer);
    this.idleClaimTimer = undefined;
    for (const { controller } of this.running.values()) controller.abort(new StopSignal('shutdown'));
    await Promise.all([...this.running.values()].map((r) => r.done));
    await this.sweeper.finished();
  }

  /** Resolves when nothing is rendering (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /** PROCESSING jobs whose worker stopped renewing its lease: back to PENDING, or FAILED when out of attempts. */
  sweepExpiredLeases(now = new Date()): Promise<number> {
    return this.sweeper.sweep(now);
  }

  /** A slot comes free: handed straight to a waiting delivery while claiming, else given back. */
  private giveSlotBack(): void {
    this.slots.giveBack(this.claiming);
  }

  /** Within a taken slot: claims the fair queue's next job and renders it, or gives the slot back. */
  private async claimNextInSlot(): Promise<Job | null> {
    const claimed = this.claiming ? await claimFairly(this.options, () => this.claiming) : null;
    if (!claimed) {
      this.giveSlotBack();
      return null;
    }
    const controller = new AbortController();
    this.options.metrics.rendering(1);
    const done = executeJob(this.execution, claimed, controller, () => this.stopping).finally(() => {
      this.options.metrics.rendering(-1);
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
}
