import { create } from 'zustand';
import type { JobQueueForecast, JobView } from '@kadr/contracts';
import { getActiveJobs } from '../api/endpoints';
import { JOB_SEED_TAKE, QUEUE_POLL_INTERVAL_MS, QUEUE_REFRESH_DEBOUNCE_MS } from '../config/constants';
import { useJobStore, type JobStoreState } from './job-store';

/**
 * Where each of the user's active jobs stands in the queue (place, estimated start and finish), as the
 * server's reads say (`queue` of `GET /jobs/active` and `GET /jobs/{id}`). The event stream does not
 * carry it, so it lives beside the job store: a job id absent here has not been read yet; `null` means
 * the server gave no forecast.
 */
export interface QueueForecastState {
  byId: Record<string, JobQueueForecast | null>;
}

export const useQueueForecastStore = create<QueueForecastState>()(() => ({ byId: {} }));

type ForecastItem = Pick<JobView, 'id' | 'queue'>;

/**
 * The server's active list (all the user's active jobs): its forecasts replace the known ones by job id,
 * and a job the list no longer has (it left the queue) loses its forecast.
 */
export function setQueueForecasts(items: readonly ForecastItem[]): void {
  const byId: Record<string, JobQueueForecast | null> = {};
  for (const item of items) byId[item.id] = item.queue ?? null;
  useQueueForecastStore.setState({ byId });
}

/** One job's read (`GET /jobs/{id}`): its forecast, the others unchanged. */
export function setQueueForecast(item: ForecastItem): void {
  const { byId } = useQueueForecastStore.getState();
  useQueueForecastStore.setState({ byId: { ...byId, [item.id]: item.queue ?? null } });
}

/** Sign-out: the next user sees none of these. */
export function resetQueueForecasts(): void {
  useQueueForecastStore.setState({ byId: {} });
}

/** One job's forecast: undefined when not read yet, null when the server has none. */
export function useQueueForecast(id: string): JobQueueForecast | null | undefined {
  return useQueueForecastStore((state) => state.byId[id]);
}

export interface QueueForecastOptions {
  /** Default: `getActiveJobs(20)`. */
  read?: () => Promise<{ items: readonly ForecastItem[] }>;
  /** Default: `document` (no poll while the page is hidden). */
  document?: Pick<Document, 'visibilityState'>;
}

const hasPendingJob = (state: JobStoreState): boolean =>
  state.activeIds.some((id) => state.jobs[id]?.status === 'PENDING');

/**
 * Keeps the forecasts current while a user is signed in: reads the active list again
 * `QUEUE_REFRESH_DEBOUNCE_MS` after a job event (a burst of events makes one read), and every
 * `QUEUE_POLL_INTERVAL_MS` while at least one job is PENDING (the poll stops when none is). One read
 * at a time; a read asked for meanwhile runs when it ends. Returns the stop function (which forgets
 * the forecasts).
 */
export function startQueueForecasts(options: QueueForecastOptions = {}): () => void {
  const read = options.read ?? (() => getActiveJobs(JOB_SEED_TAKE));
  const page = options.document ?? (typeof document === 'undefined' ? undefined : document);
  let stopped = false;
  let reading = false;
  let readAgain = false;
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;

  async function refresh(): Promise<void> {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      const { items } = await read();
      if (!stopped) setQueueForecasts(items);
    } catch {
      // Best effort: the next event or poll reads again; the cards keep what they show.
    } finally {
      reading = false;
      if (readAgain && !stopped) {
        readAgain = false;
        void refresh();
      }
    }
  }

  /** Fires once per burst: later events within the delay join the read already scheduled. */
  function scheduleRefresh(): void {
    if (debounceTimer !== undefined) return;
    debounceTimer = setTimeout(() => {
      debounceTimer = undefined;
      if (!stopped) void refresh();
    }, QUEUE_REFRESH_DEBOUNCE_MS);
  }

  function followPending(state: JobStoreState): void {
    const pending = hasPendingJob(state);
    if (pending && pollTimer === undefined) {
      pollTimer = setInterval(() => {
        if (page?.visibilityState !== 'hidden') void refresh();
      }, QUEUE_POLL_INTERVAL_MS);
    } else if (!pending && pollTimer !== undefined) {
      clearInterval(pollTimer);
      pollTimer = undefined;
    }
  }

  // Every job event (and a job this page created) bumps the store's revision.
  const unsubscribe = useJobStore.subscribe((state, previous) => {
    if (state.revision !== previous.revision) scheduleRefresh();
    followPending(state);
  });
  followPending(useJobStore.getState());

  return () => {
    stopped = true;
    unsubscribe();
    if (debounceTimer !== undefined) clearTimeout(debounceTimer);
    if (pollTimer !== undefined) clearInterval(pollTimer);
    debounceTimer = undefined;
    pollTimer = undefined;
    resetQueueForecasts();
  };
}
