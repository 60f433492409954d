import { metricOnce, type Logger } from '@kadr/telemetry';
import { Gauge, type Registry } from 'prom-client';
import type { JobRepository } from '../../data-access/jobs/job.repository';

export interface InStatusTiming {
  /** A scrape reads the store at most this often; in between it is answered from the last read. */
  maxAgeMs: number;
  /** A read that takes longer is given up, so a slow or unreachable store never hangs a scrape. */
  timeoutMs: number;
}

const DEFAULT_TIMING: InStatusTiming = { maxAgeMs: 10_000, timeoutMs: 2_000 };

/**
 * `jobs_in_status{status}` (API): the store's jobs per status, every status with 0 included, read
 * through `countByStatus` when Prometheus scrapes. A read that fails or times out is logged and the
 * series are dropped for that scrape — a gap in the graph, never counts that silently went stale.
 */
export function registerJobsInStatus(
  registry: Registry,
  { jobs, logger }: { jobs: Pick<JobRepository, 'countByStatus'>; logger: Logger },
  timing: InStatusTiming = DEFAULT_TIMING,
): Gauge<'status'> {
  const counts = cachedRead(() => jobs.countByStatus(), timing);
  return metricOnce(
    registry,
    'jobs_in_status',
    () =>
      new Gauge({
        name: 'jobs_in_status',
        help: `Jobs (not deleted) per status, read from the job store at scrape time (at most every ${timing.maxAgeMs / 1000} s)`,
        labelNames: ['status'] as const,
        registers: [registry],
        async collect() {
          try {
            for (const [status, count] of Object.entries(await counts())) this.set({ status }, count);
          } catch (error) {
            this.reset();
            logger.warn({ err: error }, 'jobs_in_status: could not count the jobs per status');
          }
        },
      }),
  );
}

/** `read`, at most every `maxAgeMs` (one read at a time), rejecting when it takes longer than `timeoutMs`. */
function cachedRead<T>(read: () => Promise<T>, { maxAgeMs, timeoutMs }: InStatusTiming): () => Promise<T> {
  let last: { value: T; at: number } | undefined;
  let reading: Promise<T> | undefined;
  return () => {
    if (last && Date.now() - last.at < maxAgeMs) return Promise.resolve(last.value);
    reading ??= withTimeout(read(), timeoutMs)
      .then((value) => {
        last = { value, at: Date.now() };
        return value;
      })
      .finally(() => (reading = undefined));
    return reading;
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
