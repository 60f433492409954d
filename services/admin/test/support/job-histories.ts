import fc from 'fast-check';
import {
  encodeEvent,
  JobProgressKind,
  JobStatus,
  timestampFromDate,
  type AdminJobCounts,
  type EncodedEvent,
  type PublicJobStatus,
} from '@kadr/contracts';

/**
 * Random job histories as the jobs service lives them, with the events it publishes for each
 * step (services/jobs/src/domain/jobs/job-events.ts, job-admin.ts, job-dispatcher.ts,
 * generation/worker-changes.ts):
 *
 * - create: `job.created` (createdAt) + `job.progress` QUEUED/PENDING, attempt 0;
 * - claim: PROCESSING with attempt + 1; progress: PROCESSING; complete / fail: COMPLETED / FAILED;
 * - sweep (lease expired) and requeue (administrator; FAILED, PENDING or PROCESSING):
 *   `job.created` again (the original createdAt) + PENDING with the same attempt;
 * - hand-back (its worker shuts down): `job.created` + PENDING with the attempt given back (− 1);
 * - mark failed (administrator; PENDING or PROCESSING): FAILED, same attempt;
 * - redispatch (a PENDING job's `job.created` published again); delete: `job.deleted`, final.
 *
 * Steps often share a millisecond (an instant render starts, reports and completes in one),
 * except a requeue of a FAILED job, which an administrator does after looking: ≥ 1 ms later.
 */

const ACTIONS = [
  'claim',
  'progress',
  'complete',
  'fail',
  'sweep',
  'handBack',
  'requeue',
  'markFailed',
  'redispatch',
  'delete',
] as const;
type Action = (typeof ACTIONS)[number];

export interface JobStepPlan {
  action: Action;
  /** Milliseconds since the previous step (0 = the same millisecond). */
  gapMs: number;
}

export interface JobPlan {
  userIndex: number;
  steps: JobStepPlan[];
}

interface JobState {
  status: PublicJobStatus;
  attempt: number;
  deleted: boolean;
}

const PROTO_STATUS = {
  PENDING: JobStatus.PENDING,
  PROCESSING: JobStatus.PROCESSING,
  COMPLETED: JobStatus.COMPLETED,
  FAILED: JobStatus.FAILED,
  CANCELLED: JobStatus.CANCELLED,
} as const;
const KIND_OF_STATUS = {
  PENDING: JobProgressKind.QUEUED,
  PROCESSING: JobProgressKind.STARTED,
  COMPLETED: JobProgressKind.COMPLETED,
  FAILED: JobProgressKind.FAILED,
  CANCELLED: JobProgressKind.CANCELLED,
} as const;

const meta = { producer: 'jobs', correlationId: 'corr-replay' };

const created = (jobId: string, userId: string, createdAt: Date): EncodedEvent =>
  encodeEvent({ case: 'jobCreated', value: { jobId, userId, createdAt: timestampFromDate(createdAt) } }, meta);

const progress = (jobId: string, userId: string, state: JobState, at: Date): EncodedEvent =>
  encodeEvent(
    {
      case: 'jobProgress',
      value: {
        jobId,
        userId,
        kind: KIND_OF_STATUS[state.status],
        status: PROTO_STATUS[state.status],
        attempt: state.attempt,
        errorCode: state.status === 'FAILED' ? 'aiproxy_error' : '',
        occurredAt: timestampFromDate(at),
      },
    },
    meta,
  );

const deleted = (jobId: string, userId: string, at: Date): EncodedEvent =>
  encodeEvent(
    {
      case: 'jobDeleted',
      value: { jobId, userId, reason: 'user request', deletedBy: userId, deletedAt: timestampFromDate(at) },
    },
    meta,
  );

/** What happens to a job in `state` on `action`: the new state and the events it publishes; null when not allowed. */
function step(
  state: JobState,
  action: Action,
  emit: { created(): EncodedEvent; progress(next: JobState): EncodedEvent; deleted(): EncodedEvent },
): { next: JobState; events: EncodedEvent[] } | null {
  if (state.deleted) return null;
  const to = (status: PublicJobStatus, attempt = state.attempt) => {
    const next = { status, attempt, deleted: false };
    return { next, events: [emit.progress(next)] };
  };
  switch (action) {
    case 'claim':
      return state.status === 'PENDING' ? to('PROCESSING', state.attempt + 1) : null;
    case 'progress':
      return state.status === 'PROCESSING' ? to('PROCESSING') : null;
    case 'complete':
      return state.status === 'PROCESSING' ? to('COMPLETED') : null;
    case 'fail':
      return state.status === 'PROCESSING' ? to('FAILED') : null;
    case 'sweep':
    case 'requeue': {
      const allowed = action === 'sweep' ? state.status === 'PROCESSING' : state.status !== 'COMPLETED';
      if (!allowed) return null;
      const queued = to('PENDING');
      return { next: queued.next, events: [emit.created(), ...queued.events] };
    }
    case 'handBack': {
      if (state.status !== 'PROCESSING') return null;
      const queued = to('PENDING', state.attempt - 1);
      return { next: queued.next, events: [emit.created(), ...queued.events] };
    }
    case 'markFailed':
      return state.status === 'PENDING' || state.status === 'PROCESSING' ? to('FAILED') : null;
    case 'redispatch':
      return state.status === 'PENDING' ? { next: state, events: [emit.created()] } : null;
    case 'delete':
      return { next: { ...state, deleted: true }, events: [emit.deleted()] };
  }
}

export interface PlayedHistories {
  /** Every event the jobs service published, in publishing order. */
  events: EncodedEvent[];
  /** Each user with a job: the counts computed from the jobs' final states, what the read model must show. */
  truth: Map<string, AdminJobCounts>;
}

/** Plays the plans with fresh user and job ids (so runs against one database never meet). */
export function playHistories(plans: JobPlan[], users: number, runId: string): PlayedHistories {
  const userIdOf = (index: number) => `${runId}-u${index % users}`;
  const truth = new Map<string, AdminJobCounts>();
  const events: EncodedEvent[] = [];
  let clock = Date.parse('2026-03-01T10:00:00.000Z');
  plans.forEach((plan, index) => {
    const userId = userIdOf(plan.userIndex);
    const counts = truth.get(userId) ?? { total: 0, completed: 0, failed: 0, active: 0 };
    truth.set(userId, counts);
    const jobId = `${runId}-j${index}`;
    const createdAt = new Date(clock);
    let state: JobState = { status: 'PENDING', attempt: 0, deleted: false };
    events.push(created(jobId, userId, createdAt), progress(jobId, userId, state, createdAt));
    for (const { action, gapMs } of plan.steps) {
      const backFromOutcome = action === 'requeue' && state.status === 'FAILED';
      const at = new Date(clock + (backFromOutcome ? Math.max(1, gapMs) : gapMs));
      const result = step(state, action, {
        created: () => created(jobId, userId, createdAt),
        progress: (next) => progress(jobId, userId, next, at),
        deleted: () => deleted(jobId, userId, at),
      });
      if (!result) continue;
      clock = at.getTime();
      state = result.next;
      events.push(...result.events);
    }
    if (state.deleted) return;
    counts.total += 1;
    if (state.status === 'COMPLETED') counts.completed += 1;
    else if (state.status === 'FAILED') counts.failed += 1;
    else counts.active += 1;
  });
  return { events, truth };
}

export interface Replay {
  users: number;
  plans: JobPlan[];
  /** Indexes of events delivered a second (third, …) time. */
  duplicates: number[];
  /** Sort keys: the delivery order is the events (and duplicates) ordered by these (missing ones: 0). */
  orderKeys: number[];
}

/** A few users, up to 8 jobs, up to 10 steps each; then duplicates and a shuffle of the deliveries. */
export const replayArbitrary: fc.Arbitrary<Replay> = fc.record({
  users: fc.integer({ min: 1, max: 3 }),
  plans: fc.array(
    fc.record({
      userIndex: fc.nat({ max: 2 }),
      steps: fc.array(fc.record({ action: fc.constantFrom(...ACTIONS), gapMs: fc.constantFrom(0, 0, 1, 2, 1000) }), {
        maxLength: 10,
      }),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  duplicates: fc.array(fc.nat({ max: 10_000 }), { maxLength: 40 }),
  orderKeys: fc.array(fc.nat(), { maxLength: 250 }),
});

/** The delivery order: every event once plus the duplicates, shuffled by the replay's sort keys. */
export function deliveries(events: EncodedEvent[], replay: Replay): EncodedEvent[] {
  const all = [...events, ...replay.duplicates.flatMap((i) => events[i % events.length] ?? [])];
  return all
    .map((event, i) => ({ event, key: (replay.orderKeys[i] ?? 0) * 1000 + i }))
    .sort((a, b) => a.key - b.key)
    .map(({ event }) => event);
}
