import { create } from 'zustand';
import type { JobView, PublicJobStatus } from '@kadr/contracts';
import { JOB_LIVE_EVENT_NAMES } from '@kadr/contracts/values';
import { RECENT_COMPLETED_CAP } from '../config/constants';
import { LOCAL_JOB_GRACE_MS } from './live-constants';

/**
 * The live state of the signed-in user's jobs (spec §4 "Live job status"): what the event
 * stream, the server's active list and the create-job screen say about each job, merged into
 * one store that the screens read. Only `id, status, progress, createdAt` are tracked (spec §3
 * "Job (live tracking)").
 */

/** The statuses a client sees (`PUBLIC_JOB_STATUSES`): PENDING, PROCESSING, COMPLETED, FAILED, CANCELLED. */
export type LiveJobStatus = PublicJobStatus;

export interface LiveJob {
  id: string;
  status: LiveJobStatus;
  /** Percent done, 0–100. */
  progress: number;
  /** ISO 8601; null until something that knows it (the `created` event, the server's list) says so. */
  createdAt: string | null;
}

/** The stream's event names the store acts on (`reset`, `reconnect` and `credits` belong to the stream). */
export const JOB_EVENT_NAMES = ['connected', 'heartbeat', ...JOB_LIVE_EVENT_NAMES] as const;
export type JobEventName = (typeof JOB_EVENT_NAMES)[number];

export type JobCompletedListener = (job: LiveJob) => void;

export interface SeedOptions {
  /**
   * `liveRevision()` read just before the list was requested. A job an event (or the
   * create-job screen) changed after that mark is newer than the list, so the list does not
   * overwrite it. Without a mark the list wins (except young local jobs, see `seedJobs`).
   */
  since?: number;
}

export interface JobStoreState {
  jobs: Record<string, LiveJob>;
  /** PENDING and PROCESSING jobs, newest first. */
  activeIds: string[];
  /** Jobs that completed while this page was listening (or that a re-seed found completed), newest first. */
  recentCompletedIds: string[];
  /** The event stream is open. */
  connected: boolean;
  /** The id of the last event received: where a new connection resumes (`?lastEventId=`). */
  lastEventId: string | null;
  // Bookkeeping of the merge rules (not for screens):
  /** Bumped by every change made by an event or by `trackLocalJob`. */
  revision: number;
  /** Per job: the revision of its last event / local change. */
  changedAt: Record<string, number>;
  /** Per job tracked by `trackLocalJob`: when (this browser's clock, ms). */
  trackedLocallyAt: Record<string, number>;
}

const initialState = (): JobStoreState => ({
  jobs: {},
  activeIds: [],
  recentCompletedIds: [],
  connected: false,
  lastEventId: null,
  revision: 0,
  changedAt: {},
  trackedLocallyAt: {},
});

export const useJobStore = create<JobStoreState>()(initialState);

const completedListeners = new Set<JobCompletedListener>();

// ---------------------------------------------------------------- ordering and parsing

const ACTIVE: ReadonlySet<LiveJobStatus> = new Set<LiveJobStatus>(['PENDING', 'PROCESSING']);
/** Nothing brings a job back from these (see `nextJob`). */
const FINAL: ReadonlySet<LiveJobStatus> = new Set<LiveJobStatus>(['COMPLETED', 'CANCELLED']);

/** Newest first; a job whose creation time is unknown was just heard of, so it counts as newest. */
function newestFirst(ids: readonly string[], jobs: Record<string, LiveJob>): string[] {
  const timeOf = (id: string): number => {
    const createdAt = jobs[id]?.createdAt;
    const time = createdAt ? Date.parse(createdAt) : Number.NaN;
    return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
  };
  // Array.prototype.sort is stable: equal times keep the order they had.
  return [...ids].sort((a, b) => {
    const difference = timeOf(b) - timeOf(a);
    return Number.isNaN(difference) ? 0 : difference;
  });
}

function withActive(activeIds: readonly string[], id: string, active: boolean): string[] {
  const others = activeIds.filter((known) => known !== id);
  return active ? [id, ...others] : others;
}

const clampPercent = (value: number): number => Math.min(100, Math.max(0, value));

interface JobEventData {
  id: string;
  progress: number | undefined;
  createdAt: string | null;
}

/** The `data` of a job event, or undefined when it is not one (a malformed frame changes nothing). */
function jobEventDataOf(data: unknown): JobEventData | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { id, progress, createdAt } = data as Record<string, unknown>;
  if (typeof id !== 'string' || id === '') return undefined;
  return {
    id,
    progress: typeof progress === 'number' && Number.isFinite(progress) ? clampPercent(progress) : undefined,
    createdAt: typeof createdAt === 'string' && createdAt !== '' ? createdAt : null,
  };
}

// ---------------------------------------------------------------- the event table (spec §4)

/**
 * The job after one event, or undefined when the event must not change it:
 * - COMPLETED is final: the jobs service refuses to requeue a completed job, so any job event
 *   after `completed` is late (the worker's and the jobs service's reports travel separately)
 *   and is ignored — a late `progress` never brings a finished job back to the active list.
 * - CANCELLED is final too: only a FAILED job can be requeued, and the cancel's conditional write
 *   means the job cannot also complete or fail. Any job event after `cancelled` is late — a
 *   `started` / `progress` of the worker's attempt, or the `created` / `queued` of a job cancelled
 *   moments after it was made — and is ignored, so the job never comes back to the active list.
 * - FAILED may come back: an administrator's requeue publishes `created` + `queued`, so those
 *   make the job PENDING again; a `started` / `progress` after `failed` is a late report of
 *   the lost attempt and is ignored.
 */
function nextJob(name: JobEventName, known: LiveJob | undefined, data: JobEventData): LiveJob | undefined {
  if (known && FINAL.has(known.status)) return undefined;
  const createdAt = data.createdAt ?? known?.createdAt ?? null;
  switch (name) {
    case 'created':
    case 'queued':
      return { id: data.id, status: 'PENDING', progress: data.progress ?? 0, createdAt };
    case 'started':
    case 'progress':
      if (known?.status === 'FAILED') return undefined;
      return { id: data.id, status: 'PROCESSING', progress: data.progress ?? known?.progress ?? 0, createdAt };
    case 'completed':
      return { id: data.id, status: 'COMPLETED', progress: 100, createdAt };
    case 'failed':
      return { id: data.id, status: 'FAILED', progress: data.progress ?? known?.progress ?? 0, createdAt };
    case 'cancelled':
      return { id: data.id, status: 'CANCELLED', progress: data.progress ?? known?.progress ?? 0, createdAt };
    default:
      return undefined;
  }
}

const JOB_EVENTS: ReadonlySet<string> = new Set<string>(JOB_EVENT_NAMES);

/**
 * One event of the stream, by the spec's table: `connected` / `heartbeat` keep the connection
 * flag true and change no job; `created` / `queued` → PENDING with progress 0 or the given
 * one; `started` / `progress` → PROCESSING with the reported progress; `completed` → out of
 * the active list, id to the front of the recent-completed list (capped, no duplicates), and
 * the completion listeners are told; `failed` / `cancelled` → out of the active list (the record
 * stays, FAILED / CANCELLED). A `createdAt` of null keeps the known value. Unknown names change
 * nothing. The cancel action applies its `POST …/cancel` answer through here too, as a `cancelled`
 * event, so the same rules make a late event of the stream harmless.
 */
export function applyLiveEvent(name: string, data: unknown): void {
  if (name === 'connected' || name === 'heartbeat') {
    if (!useJobStore.getState().connected) useJobStore.setState({ connected: true });
    return;
  }
  if (!JOB_EVENTS.has(name)) return;
  const parsed = jobEventDataOf(data);
  if (!parsed) return;

  const state = useJobStore.getState();
  const known = state.jobs[parsed.id];
  const job = nextJob(name as JobEventName, known, parsed);
  if (!job) return;

  const jobs = { ...state.jobs, [job.id]: job };
  const revision = state.revision + 1;
  const completedNow = job.status === 'COMPLETED';
  useJobStore.setState({
    jobs,
    activeIds: newestFirst(withActive(state.activeIds, job.id, ACTIVE.has(job.status)), jobs),
    recentCompletedIds: completedNow
      ? [job.id, ...state.recentCompletedIds.filter((id) => id !== job.id)].slice(0, RECENT_COMPLETED_CAP)
      : state.recentCompletedIds,
    revision,
    changedAt: { ...state.changedAt, [job.id]: revision },
  });
  if (completedNow) notifyCompleted(job);
}

function notifyCompleted(job: LiveJob): void {
  for (const listener of [...completedListeners]) {
    try {
      listener(job);
    } catch (error) {
      // One failing screen must not keep the others (or the store) from hearing of the completion.
      console.error('A job-completed listener failed', error);
    }
  }
}

// ---------------------------------------------------------------- seeding and local jobs

/** The mark to pass to `seedJobs({ since })`: read it before requesting the list. */
export function liveRevision(): number {
  return useJobStore.getState().revision;
}

type SeedItem = Pick<JobView, 'id' | 'status' | 'progress' | 'createdAt'>;

/**
 * Replaces the active list with the server's (`GET /jobs/active`, its newest PENDING and
 * PROCESSING jobs). Kept although the server did not return them:
 * - jobs the create-job screen tracked less than `LOCAL_JOB_GRACE_MS` ago and that are still
 *   PENDING: the list may have been read just before the new job was stored;
 * - jobs an event changed after the `since` mark: the event is newer than the list.
 * For the same reason a job the server returns keeps its local state when that is newer than
 * the mark, and a job known to be COMPLETED or CANCELLED is never made active again by a list
 * read before it ended.
 *
 * Returns the ids that left the active list (the caller may look up how they ended).
 */
export function seedJobs(items: readonly SeedItem[], options: SeedOptions = {}, now: number = Date.now()): string[] {
  const state = useJobStore.getState();
  const newerThanList = (id: string): boolean =>
    options.since !== undefined && (state.changedAt[id] ?? Number.NEGATIVE_INFINITY) > options.since;

  const jobs = { ...state.jobs };
  const active = new Set<string>();
  for (const item of items) {
    if (!ACTIVE.has(item.status)) continue;
    const known = jobs[item.id];
    if (known && FINAL.has(known.status)) continue;
    if (known && newerThanList(item.id)) {
      if (ACTIVE.has(known.status)) active.add(item.id);
      continue;
    }
    jobs[item.id] = {
      id: item.id,
      status: item.status,
      progress: clampPercent(item.progress),
      createdAt: item.createdAt,
    };
    active.add(item.id);
  }
  for (const id of state.activeIds) {
    if (active.has(id)) continue;
    const job = jobs[id];
    const trackedAt = state.trackedLocallyAt[id];
    const youngLocal = job?.status === 'PENDING' && trackedAt !== undefined && now - trackedAt < LOCAL_JOB_GRACE_MS;
    if (youngLocal || newerThanList(id)) active.add(id);
  }

  const activeIds = newestFirst([...active], jobs);
  useJobStore.setState({ jobs, activeIds });
  return state.activeIds.filter((id) => !active.has(id));
}

/**
 * A job this page just created (the `POST /jobs` answer): PENDING with progress 0 (spec §4),
 * shown at once without waiting for the stream.
 */
export function trackLocalJob(id: string, createdAt: string | null, now: number = Date.now()): void {
  const state = useJobStore.getState();
  const known = state.jobs[id];
  // The stream may have been faster than the POST's answer: never step a job back.
  if (known && known.status !== 'PENDING') return;
  const job: LiveJob = {
    id,
    status: 'PENDING',
    progress: known?.progress ?? 0,
    createdAt: createdAt ?? known?.createdAt ?? null,
  };
  const jobs = { ...state.jobs, [id]: job };
  const revision = state.revision + 1;
  useJobStore.setState({
    jobs,
    activeIds: newestFirst(withActive(state.activeIds, id, true), jobs),
    revision,
    changedAt: { ...state.changedAt, [id]: revision },
    trackedLocallyAt: { ...state.trackedLocallyAt, [id]: now },
  });
}

// ---------------------------------------------------------------- connection, listeners, sign-out

export function setLiveConnected(connected: boolean): void {
  if (useJobStore.getState().connected !== connected) useJobStore.setState({ connected });
}

/** Remembers where the stream stands (every frame of ours carries an id). */
export function rememberLastEventId(id: string): void {
  if (id !== '' && useJobStore.getState().lastEventId !== id) useJobStore.setState({ lastEventId: id });
}

/** Calls `listener` with each job that completes (once per job). Returns the unsubscribe function. */
export function onJobCompleted(listener: JobCompletedListener): () => void {
  completedListeners.add(listener);
  return () => {
    completedListeners.delete(listener);
  };
}

/**
 * Sign-out: forgets every job and the resume id (the next user must not resume from this
 * user's position). Listeners stay: they belong to mounted screens, which unsubscribe themselves.
 */
export function resetJobs(): void {
  useJobStore.setState(initialState());
}
