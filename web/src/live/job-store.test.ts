import { RECENT_COMPLETED_CAP } from '../config/constants';
import {
  applyLiveEvent,
  liveRevision,
  onJobCompleted,
  rememberLastEventId,
  resetJobs,
  seedJobs,
  setLiveConnected,
  trackLocalJob,
  useJobStore,
  type LiveJob,
} from './job-store';
import { LOCAL_JOB_GRACE_MS } from './live-constants';

const T0 = '2030-01-01T10:00:00.000Z';
const T1 = '2030-01-01T10:01:00.000Z';
const T2 = '2030-01-01T10:02:00.000Z';

const state = () => useJobStore.getState();
const job = (id: string, status: LiveJob['status'], progress: number, createdAt: string | null = T0): LiveJob => ({
  id,
  status,
  progress,
  createdAt,
});
/** Puts one job into the store through the events that lead to `status`. */
function given(known: LiveJob): void {
  applyLiveEvent('created', { id: known.id, status: 'PENDING', progress: 0, createdAt: known.createdAt });
  if (known.status === 'PROCESSING') applyLiveEvent('progress', { ...known, createdAt: null });
  if (known.status === 'COMPLETED') applyLiveEvent('completed', { ...known, createdAt: null });
  if (known.status === 'FAILED') applyLiveEvent('failed', { ...known, createdAt: null });
  if (known.status === 'CANCELLED') applyLiveEvent('cancelled', { ...known, createdAt: null });
}

beforeEach(() => resetJobs());

describe('applyLiveEvent: the spec §4 event table', () => {
  interface Row {
    case: string;
    before?: LiveJob;
    event: string;
    data: unknown;
    after: LiveJob | undefined;
    active: boolean;
    recent: boolean;
  }
  const rows: Row[] = [
    {
      case: 'created → PENDING, progress 0',
      event: 'created',
      data: { id: 'j1', status: 'PENDING', progress: 0, createdAt: T0 },
      after: job('j1', 'PENDING', 0),
      active: true,
      recent: false,
    },
    {
      case: 'created without a progress → PENDING, progress 0',
      event: 'created',
      data: { id: 'j1', createdAt: T0 },
      after: job('j1', 'PENDING', 0),
      active: true,
      recent: false,
    },
    {
      case: 'queued → PENDING with the given progress',
      event: 'queued',
      data: { id: 'j1', status: 'PENDING', progress: 30, createdAt: null },
      after: job('j1', 'PENDING', 30, null),
      active: true,
      recent: false,
    },
    {
      case: 'queued of a PROCESSING job (a retried attempt) → PENDING',
      before: job('j1', 'PROCESSING', 40),
      event: 'queued',
      data: { id: 'j1', status: 'PENDING', progress: 0, createdAt: null },
      after: job('j1', 'PENDING', 0),
      active: true,
      recent: false,
    },
    {
      case: 'started → PROCESSING with the reported progress',
      before: job('j1', 'PENDING', 0),
      event: 'started',
      data: { id: 'j1', status: 'PROCESSING', progress: 0, createdAt: null },
      after: job('j1', 'PROCESSING', 0),
      active: true,
      recent: false,
    },
    {
      case: 'progress → PROCESSING with the reported progress',
      before: job('j1', 'PROCESSING', 10),
      event: 'progress',
      data: { id: 'j1', status: 'PROCESSING', progress: 42, createdAt: null },
      after: job('j1', 'PROCESSING', 42),
      active: true,
      recent: false,
    },
    {
      case: 'progress of an unknown job → PROCESSING, creation time unknown',
      event: 'progress',
      data: { id: 'j9', status: 'PROCESSING', progress: 55, createdAt: null },
      after: job('j9', 'PROCESSING', 55, null),
      active: true,
      recent: false,
    },
    {
      case: 'progress without a number keeps the known progress',
      before: job('j1', 'PROCESSING', 25),
      event: 'progress',
      data: { id: 'j1', createdAt: null },
      after: job('j1', 'PROCESSING', 25),
      active: true,
      recent: false,
    },
    {
      case: 'completed → out of the active list, into recent-completed',
      before: job('j1', 'PROCESSING', 90),
      event: 'completed',
      data: { id: 'j1', status: 'COMPLETED', progress: 100, createdAt: null },
      after: job('j1', 'COMPLETED', 100),
      active: false,
      recent: true,
    },
    {
      case: 'failed → out of the active list, record kept as FAILED',
      before: job('j1', 'PROCESSING', 60),
      event: 'failed',
      data: { id: 'j1', status: 'FAILED', progress: 60, createdAt: null },
      after: job('j1', 'FAILED', 60),
      active: false,
      recent: false,
    },
    {
      case: 'a late progress after completed changes nothing',
      before: job('j1', 'COMPLETED', 100),
      event: 'progress',
      data: { id: 'j1', status: 'PROCESSING', progress: 80, createdAt: null },
      after: job('j1', 'COMPLETED', 100),
      active: false,
      recent: true,
    },
    {
      case: 'a late failed after completed changes nothing',
      before: job('j1', 'COMPLETED', 100),
      event: 'failed',
      data: { id: 'j1', status: 'FAILED', progress: 80, createdAt: null },
      after: job('j1', 'COMPLETED', 100),
      active: false,
      recent: true,
    },
    {
      case: 'a late progress after failed changes nothing',
      before: job('j1', 'FAILED', 60),
      event: 'progress',
      data: { id: 'j1', status: 'PROCESSING', progress: 70, createdAt: null },
      after: job('j1', 'FAILED', 60),
      active: false,
      recent: false,
    },
    {
      case: 'queued after failed (an administrator requeued it) → PENDING again',
      before: job('j1', 'FAILED', 60),
      event: 'queued',
      data: { id: 'j1', status: 'PENDING', progress: 0, createdAt: null },
      after: job('j1', 'PENDING', 0),
      active: true,
      recent: false,
    },
    {
      case: 'cancelled → out of the active list, record kept as CANCELLED with its last progress',
      before: job('j1', 'PROCESSING', 30),
      event: 'cancelled',
      data: { id: 'j1', status: 'CANCELLED', progress: 30, createdAt: null },
      after: job('j1', 'CANCELLED', 30),
      active: false,
      recent: false,
    },
    {
      case: 'cancelled without a progress keeps the known one',
      before: job('j1', 'PENDING', 0),
      event: 'cancelled',
      data: { id: 'j1', createdAt: null },
      after: job('j1', 'CANCELLED', 0),
      active: false,
      recent: false,
    },
    {
      case: 'a late progress after cancelled changes nothing (CANCELLED is final)',
      before: job('j1', 'CANCELLED', 30),
      event: 'progress',
      data: { id: 'j1', status: 'PROCESSING', progress: 40, createdAt: null },
      after: job('j1', 'CANCELLED', 30),
      active: false,
      recent: false,
    },
    {
      case: 'a late queued after cancelled changes nothing (a job cancelled right after it was made)',
      before: job('j1', 'CANCELLED', 0),
      event: 'queued',
      data: { id: 'j1', status: 'PENDING', progress: 0, createdAt: null },
      after: job('j1', 'CANCELLED', 0),
      active: false,
      recent: false,
    },
    {
      case: 'a late created after cancelled changes nothing',
      before: job('j1', 'CANCELLED', 0),
      event: 'created',
      data: { id: 'j1', status: 'PENDING', progress: 0, createdAt: T1 },
      after: job('j1', 'CANCELLED', 0),
      active: false,
      recent: false,
    },
    {
      case: 'a repeated cancelled (the stream after the POST answer) changes nothing',
      before: job('j1', 'CANCELLED', 30),
      event: 'cancelled',
      data: { id: 'j1', status: 'CANCELLED', progress: 35, createdAt: null },
      after: job('j1', 'CANCELLED', 30),
      active: false,
      recent: false,
    },
    {
      case: 'a late cancelled after completed changes nothing',
      before: job('j1', 'COMPLETED', 100),
      event: 'cancelled',
      data: { id: 'j1', status: 'CANCELLED', progress: 90, createdAt: null },
      after: job('j1', 'COMPLETED', 100),
      active: false,
      recent: true,
    },
    {
      case: 'createdAt null keeps the known value',
      before: job('j1', 'PENDING', 0, T1),
      event: 'started',
      data: { id: 'j1', status: 'PROCESSING', progress: 5, createdAt: null },
      after: job('j1', 'PROCESSING', 5, T1),
      active: true,
      recent: false,
    },
    {
      case: 'a progress outside 0–100 is clamped',
      before: job('j1', 'PROCESSING', 5),
      event: 'progress',
      data: { id: 'j1', progress: 140, createdAt: null },
      after: job('j1', 'PROCESSING', 100),
      active: true,
      recent: false,
    },
    {
      case: 'an unknown event name changes nothing',
      before: job('j1', 'PROCESSING', 5),
      event: 'exploded',
      data: { id: 'j1', progress: 50, createdAt: null },
      after: job('j1', 'PROCESSING', 5),
      active: true,
      recent: false,
    },
    {
      case: 'data without an id changes nothing',
      event: 'created',
      data: { progress: 0, createdAt: T0 },
      after: undefined,
      active: false,
      recent: false,
    },
    {
      case: 'data that is not an object changes nothing',
      event: 'progress',
      data: 'j1',
      after: undefined,
      active: false,
      recent: false,
    },
  ];

  it.each(rows)('$case', (row) => {
    if (row.before) given(row.before);
    applyLiveEvent(row.event, row.data);
    const id = row.after?.id ?? 'j1';
    expect(state().jobs[id]).toEqual(row.after);
    expect(state().activeIds.includes(id)).toBe(row.active);
    expect(state().recentCompletedIds.includes(id)).toBe(row.recent);
  });

  it.each(['connected', 'heartbeat'])('%s keeps the connection flag true and changes no job', (name) => {
    given(job('j1', 'PROCESSING', 40));
    const before = state();
    applyLiveEvent(name, {});
    expect(state().connected).toBe(true);
    expect(state().jobs).toBe(before.jobs);
    expect(state().activeIds).toBe(before.activeIds);
    expect(state().recentCompletedIds).toBe(before.recentCompletedIds);
  });
});

describe('recent-completed list', () => {
  it(`keeps the ${RECENT_COMPLETED_CAP} newest completions, newest first`, () => {
    const ids = Array.from({ length: RECENT_COMPLETED_CAP + 2 }, (_, index) => `j${index}`);
    for (const id of ids) applyLiveEvent('completed', { id, status: 'COMPLETED', progress: 100, createdAt: null });
    expect(state().recentCompletedIds).toEqual([...ids].reverse().slice(0, RECENT_COMPLETED_CAP));
  });

  it('holds each job once: a repeated completed changes nothing and is not announced again', () => {
    const heard: string[] = [];
    const unsubscribe = onJobCompleted((done) => heard.push(done.id));
    for (const id of ['a', 'b', 'a']) applyLiveEvent('completed', { id, progress: 100, createdAt: null });
    expect(state().recentCompletedIds).toEqual(['b', 'a']);
    expect(heard).toEqual(['a', 'b']);
    unsubscribe();
  });

  it('created then completed: active at first, then out of it, at the front of recent, announced once', () => {
    const heard: LiveJob[] = [];
    const unsubscribe = onJobCompleted((done) => heard.push(done));
    applyLiveEvent('completed', { id: 'old', progress: 100, createdAt: null });
    applyLiveEvent('created', { id: 'j1', status: 'PENDING', progress: 0, createdAt: T0 });
    expect(state().activeIds).toEqual(['j1']);
    applyLiveEvent('started', { id: 'j1', progress: 0, createdAt: null });
    applyLiveEvent('completed', { id: 'j1', status: 'COMPLETED', progress: 100, createdAt: null });
    expect(state().activeIds).toEqual([]);
    expect(state().recentCompletedIds).toEqual(['j1', 'old']);
    expect(heard.map((done) => done.id)).toEqual(['old', 'j1']);
    expect(heard[1]).toEqual(job('j1', 'COMPLETED', 100, T0));
    unsubscribe();
  });

  it('a completion after a failure moves the job into the recent list', () => {
    given(job('j1', 'FAILED', 30));
    applyLiveEvent('completed', { id: 'j1', progress: 100, createdAt: null });
    expect(state().jobs.j1?.status).toBe('COMPLETED');
    expect(state().recentCompletedIds).toEqual(['j1']);
  });
});

describe('active list order', () => {
  it('is newest first by creation time; a job of unknown creation time counts as newest', () => {
    applyLiveEvent('created', { id: 'middle', progress: 0, createdAt: T1 });
    applyLiveEvent('created', { id: 'oldest', progress: 0, createdAt: T0 });
    applyLiveEvent('created', { id: 'newest', progress: 0, createdAt: T2 });
    applyLiveEvent('progress', { id: 'unknown', progress: 10, createdAt: null });
    expect(state().activeIds).toEqual(['unknown', 'newest', 'middle', 'oldest']);
  });
});

describe('onJobCompleted', () => {
  it('stops calling a listener once unsubscribed', () => {
    const listener = jest.fn();
    const unsubscribe = onJobCompleted(listener);
    applyLiveEvent('completed', { id: 'a', progress: 100, createdAt: null });
    unsubscribe();
    applyLiveEvent('completed', { id: 'b', progress: 100, createdAt: null });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a failing listener does not keep the others from hearing', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = onJobCompleted(() => {
      throw new Error('boom');
    });
    const listener = jest.fn();
    const working = onJobCompleted(listener);
    applyLiveEvent('completed', { id: 'a', progress: 100, createdAt: null });
    expect(listener).toHaveBeenCalledWith(job('a', 'COMPLETED', 100, null));
    expect(consoleError).toHaveBeenCalled();
    failing();
    working();
    consoleError.mockRestore();
  });
});

describe('trackLocalJob', () => {
  it('a job started locally begins as PENDING with progress 0, at the front of the active list', () => {
    applyLiveEvent('created', { id: 'older', progress: 0, createdAt: T0 });
    trackLocalJob('mine', T1);
    expect(state().jobs.mine).toEqual(job('mine', 'PENDING', 0, T1));
    expect(state().activeIds).toEqual(['mine', 'older']);
  });

  it('never steps back a job the stream already moved on', () => {
    applyLiveEvent('started', { id: 'mine', progress: 20, createdAt: null });
    trackLocalJob('mine', T1);
    expect(state().jobs.mine).toEqual(job('mine', 'PROCESSING', 20, null));
  });
});

describe('seedJobs', () => {
  const item = (id: string, status: LiveJob['status'], progress: number, createdAt = T0) => ({
    id,
    status,
    progress,
    createdAt,
  });

  it('replaces the active list with the server’s, newest first, and returns the jobs that left it', () => {
    given(job('gone', 'PROCESSING', 50, T0));
    given(job('stays', 'PROCESSING', 10, T1));
    const left = seedJobs([item('stays', 'PROCESSING', 35, T1), item('new', 'PENDING', 0, T2)]);
    expect(state().activeIds).toEqual(['new', 'stays']);
    expect(state().jobs.stays).toEqual(job('stays', 'PROCESSING', 35, T1));
    expect(left).toEqual(['gone']);
    // The record stays: how the job ended may still be learnt.
    expect(state().jobs.gone?.status).toBe('PROCESSING');
  });

  it('keeps a job created here a moment ago that the list does not have yet, and drops it after the grace', () => {
    const now = Date.parse(T1);
    trackLocalJob('mine', T1, now);
    seedJobs([], {}, now + LOCAL_JOB_GRACE_MS - 1);
    expect(state().activeIds).toEqual(['mine']);
    expect(seedJobs([], {}, now + LOCAL_JOB_GRACE_MS)).toEqual(['mine']);
    expect(state().activeIds).toEqual([]);
  });

  it('keeps what an event said after the list was requested (a late list does not undo it)', () => {
    given(job('j1', 'PROCESSING', 20));
    const since = liveRevision();
    applyLiveEvent('progress', { id: 'j1', progress: 70, createdAt: null });
    applyLiveEvent('created', { id: 'j2', progress: 0, createdAt: T1 });
    seedJobs([item('j1', 'PROCESSING', 20)], { since });
    expect(state().jobs.j1?.progress).toBe(70);
    expect(state().activeIds).toEqual(['j2', 'j1']);
  });

  it('never makes a completed job active again, even from a list read before the completion', () => {
    given(job('j1', 'COMPLETED', 100));
    seedJobs([item('j1', 'PROCESSING', 90)]);
    expect(state().jobs.j1?.status).toBe('COMPLETED');
    expect(state().activeIds).toEqual([]);
  });

  it('never makes a cancelled job active again, even from a list read before the cancel', () => {
    given(job('j1', 'CANCELLED', 30));
    seedJobs([item('j1', 'PROCESSING', 30)]);
    expect(state().jobs.j1).toEqual(job('j1', 'CANCELLED', 30));
    expect(state().activeIds).toEqual([]);
  });

  it('takes a FAILED job back when the server lists it again (requeued)', () => {
    given(job('j1', 'FAILED', 40));
    seedJobs([item('j1', 'PENDING', 0)]);
    expect(state().jobs.j1).toEqual(job('j1', 'PENDING', 0));
    expect(state().activeIds).toEqual(['j1']);
  });

  it('ignores items that are not active', () => {
    seedJobs([item('done', 'COMPLETED', 100)]);
    expect(state().activeIds).toEqual([]);
    expect(state().jobs.done).toBeUndefined();
  });
});

describe('connection flag, resume id, sign-out', () => {
  it('resetJobs forgets jobs, lists, the resume id and the connection flag', () => {
    given(job('a', 'PROCESSING', 10));
    given(job('b', 'COMPLETED', 100));
    rememberLastEventId('1700000000000-3');
    setLiveConnected(true);
    resetJobs();
    expect(state()).toMatchObject({
      jobs: {},
      activeIds: [],
      recentCompletedIds: [],
      connected: false,
      lastEventId: null,
    });
  });

  it('an empty id does not replace the remembered one', () => {
    rememberLastEventId('1-0');
    rememberLastEventId('');
    expect(state().lastEventId).toBe('1-0');
  });
});
