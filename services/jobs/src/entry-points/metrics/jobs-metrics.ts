import { JOB_DURATIONS, JOB_QUALITIES } from '@kadr/contracts';
import { metricOnce, type Logger } from '@kadr/telemetry';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { JobRepository } from '../../data-access/jobs/job.repository';
import { findModel } from '../../domain/catalogue/models';
import { finishedWithinObjective } from '../../domain/generation/job-timeout';
import type { Job } from '../../domain/jobs/job';
import {
  CLAIM_OUTCOMES,
  FAILURE_KINDS,
  type FinishedJobMetrics,
  type JobsApiMetrics,
  type JobsWorkerMetrics,
} from '../../domain/jobs/job-metrics';
import { LOCAL_FPS } from '../../integrations/providers/local/local-provider';
import { registerJobsInStatus } from './jobs-in-status';

/*
 * The jobs service's Prometheus metrics. Dashboards and alert rules are written against these
 * names and labels: add, never rename. The API and each worker have a registry of their own, so
 * each registers only what it counts.
 */

const JOB_LABELS = ['model', 'quality', 'duration'] as const;
type JobLabel = (typeof JOB_LABELS)[number];

/** Catalogue values only (a job stored under an older catalogue says `other`): a bounded set of series. */
function labelsOf(job: Job): Record<JobLabel, string> {
  const inCatalogue = (values: readonly unknown[], value: string | number) => values.includes(value);
  return {
    model: findModel(job.modelId)?.id ?? 'other',
    quality: inCatalogue(JOB_QUALITIES, job.quality) ? job.quality : 'other',
    duration: inCatalogue(JOB_DURATIONS, job.durationSeconds) ? String(job.durationSeconds) : 'other',
  };
}

const BY_JOB = ", by the job's catalogue model, quality and duration (the video's seconds)";

const secondsBetween = (from: Date, to: Date) => Math.max(0, to.getTime() - from.getTime()) / 1000;

/** From a fraction of a second (the instant renderer) to the longest time-out (2160p Slow, hosted). */
const RENDER_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1200, 2400];
const QUEUE_WAIT_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

function counter<L extends string>(registry: Registry, name: string, help: string, labelNames: readonly L[]) {
  return metricOnce(registry, name, () => new Counter<L>({ name, help, labelNames, registers: [registry] }));
}

function histogram<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets: number[],
) {
  return metricOnce(registry, name, () => new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] }));
}

function gauge(registry: Registry, name: string, help: string) {
  return metricOnce(registry, name, () => new Gauge({ name, help, registers: [registry] }));
}

/** Known label values start at 0, so the first failure or lost claim shows in `rate()` too. */
function startAtZero<L extends string>(metric: Counter<L>, label: L, values: readonly string[]): Counter<L> {
  for (const value of values) metric.inc({ [label]: value } as Partial<Record<L, string>>, 0);
  return metric;
}

function finishedJobMetrics(registry: Registry): FinishedJobMetrics {
  const finished = counter(
    registry,
    'jobs_finished_total',
    `Jobs that reached COMPLETED or FAILED (count, by status)${BY_JOB}; within_objective: created → that end ` +
      'within the job SLO, 2 × the estimated render time (the one the render time-out uses) + 60 s',
    [...JOB_LABELS, 'status', 'within_objective'],
  );
  return {
    finished(job) {
      const within = finishedWithinObjective(job, job.updatedAt, LOCAL_FPS);
      finished.inc({ ...labelsOf(job), status: job.status, within_objective: String(within) });
    },
  };
}

/** The API's metrics: created and re-dispatched jobs, jobs an administrator failed, jobs per status. */
export function jobsApiMetricsOf(
  registry: Registry,
  store: { jobs: Pick<JobRepository, 'countByStatus'>; logger: Logger },
): JobsApiMetrics {
  registerJobsInStatus(registry, store);
  const created = counter(
    registry,
    'jobs_created_total',
    `Jobs the creation saga made PENDING (count)${BY_JOB}`,
    JOB_LABELS,
  );
  const redispatched = counter(
    registry,
    'jobs_redispatched_total',
    'PENDING jobs the dispatcher sent job.created for again (count): not claimed in time, or after a restart',
    [],
  );
  const cancelled = startAtZero(
    counter(
      registry,
      'jobs_cancelled_total',
      'Jobs their owners cancelled (count, by the status they were cancelled in: PENDING or PROCESSING)',
      ['from'],
    ),
    'from',
    ['PENDING', 'PROCESSING'],
  );
  return {
    ...finishedJobMetrics(registry),
    created: (job) => created.inc(labelsOf(job)),
    redispatched: (count) => redispatched.inc(count),
    cancelled: (from) => cancelled.inc({ from }),
  };
}

/** A worker's metrics: claims, attempts and their renders, failures, lease sweeps, busy render slots. */
export function jobsWorkerMetricsOf(registry: Registry): JobsWorkerMetrics {
  const attemptsStarted = counter(
    registry,
    'jobs_attempts_started_total',
    `Render attempts started, one per claim of a PENDING job (count)${BY_JOB}`,
    JOB_LABELS,
  );
  const queueWait = histogram(
    registry,
    'jobs_queue_wait_seconds',
    `Seconds from a job's creation to the start of its first attempt${BY_JOB}`,
    JOB_LABELS,
    QUEUE_WAIT_BUCKETS,
  );
  const render = histogram(
    registry,
    'jobs_render_seconds',
    `Seconds of one render attempt, from its claim to its end, by how it ended (outcome)${BY_JOB}`,
    [...JOB_LABELS, 'outcome'],
    RENDER_BUCKETS,
  );
  const failures = startAtZero(
    counter(
      registry,
      'jobs_failures_total',
      'Failed render attempts, and jobs out of attempts (count, by failure reason)',
      ['reason'],
    ),
    'reason',
    FAILURE_KINDS,
  );
  const claims = startAtZero(
    counter(
      registry,
      'jobs_claims_total',
      "A worker's claim writes won (claimed) or lost to another worker (lost), and looks at an empty queue (none) (count)",
      ['outcome'],
    ),
    'outcome',
    CLAIM_OUTCOMES,
  );
  const sweeps = counter(registry, 'jobs_lease_sweeps_total', 'Passes of the lease sweeper (count)', []);
  const expiries = counter(
    registry,
    'jobs_lease_expiries_total',
    'Jobs whose worker stopped renewing the lease, taken back by the sweeper: PENDING again, or FAILED when out of attempts (count)',
    [],
  );
  const inProgress = gauge(registry, 'jobs_renders_in_progress', 'Renders running on this worker now (count)');
  const slots = gauge(
    registry,
    'jobs_worker_render_slots',
    'Renders this worker runs at once at most, WORKER_CONCURRENCY (count)',
  );
  return {
    ...finishedJobMetrics(registry),
    claimed: (outcome) => claims.inc({ outcome }),
    attemptStarted(job) {
      attemptsStarted.inc(labelsOf(job));
      // The first start in the job's history: a hand-back at shutdown gives the attempt number back.
      const firstStart = job.history.filter((step) => step.kind === 'started').length === 1;
      if (firstStart && job.startedAt) queueWait.observe(labelsOf(job), secondsBetween(job.createdAt, job.startedAt));
    },
    attemptEnded(job, outcome) {
      if (job.startedAt) render.observe({ ...labelsOf(job), outcome }, secondsBetween(job.startedAt, new Date()));
    },
    attemptFailed: (reason) => failures.inc({ reason }),
    leasesSwept(expired) {
      sweeps.inc();
      expiries.inc(expired);
    },
    rendering: (change) => inProgress.inc(change),
    renderSlots: (count) => slots.set(count),
  };
}
