import { getActiveJobs, getRecentJobs } from '../api/endpoints';
import { EVENT_RECONNECT_DELAY_MS, JOB_SEED_TAKE } from '../config/constants';
import { setCredits } from '../session/top-bar-store';
import { onJobCompleted, resetJobs, trackLocalJob, useJobStore } from './job-store';
import { EVENT_SILENCE_LIMIT_MS, HIDDEN_STREAM_LINGER_MS, LIVE_STREAM_PATH } from './live-constants';
import { startLiveStream } from './live-stream';
import { onNotificationsEvent } from './notification-events';
import { resetQueueForecasts, useQueueForecastStore } from './queue-forecasts';
import { FakeDocument, FakeEventSource } from './test-support/fake-event-source';

jest.mock('../api/endpoints', () => ({ getActiveJobs: jest.fn(), getRecentJobs: jest.fn() }));
jest.mock('../session/top-bar-store', () => ({ setCredits: jest.fn() }));

const activeJobs = jest.mocked(getActiveJobs);
const recentJobs = jest.mocked(getRecentJobs);
const credits = jest.mocked(setCredits);

const T0 = '2030-01-01T10:00:00.000Z';
const T1 = '2030-01-01T10:01:00.000Z';

type Item = Awaited<ReturnType<typeof getActiveJobs>>['items'][number];
/** The live-tracking part of a JobView is all the stream reads. */
const item = (id: string, status: Item['status'], progress: number, createdAt = T0): Item =>
  ({ id, status, progress, createdAt }) as Item;
const answer = (items: Item[]) => ({ items });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Lets resolved promises run (no time passes). */
const settle = () => jest.advanceTimersByTimeAsync(0);
const store = () => useJobStore.getState();

let page: FakeDocument;
const stops: Array<() => void> = [];
function start(): () => void {
  const stop = startLiveStream({ EventSource: FakeEventSource, document: page });
  stops.push(stop);
  return stop;
}

beforeEach(() => {
  jest.useFakeTimers();
  FakeEventSource.reset();
  page = new FakeDocument();
  resetJobs();
  activeJobs.mockReset().mockResolvedValue(answer([]));
  recentJobs.mockReset().mockResolvedValue(answer([]));
  credits.mockReset();
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  jest.useRealTimers();
});

describe('connecting', () => {
  it('connects to the gateway’s stream when started', () => {
    start();
    expect(FakeEventSource.instances.map((source) => source.url)).toEqual([LIVE_STREAM_PATH]);
  });

  it('waits for the page to become visible when started hidden', () => {
    page.visibilityState = 'hidden';
    start();
    expect(FakeEventSource.instances).toHaveLength(0);
    page.setVisibility('visible');
    expect(FakeEventSource.open).toHaveLength(1);
  });

  it('on open: connected, and the job list is re-seeded from the server (20 newest)', async () => {
    activeJobs.mockResolvedValue(answer([item('j1', 'PROCESSING', 40)]));
    start();
    expect(activeJobs).not.toHaveBeenCalled();
    FakeEventSource.latest.emitOpen();
    expect(store().connected).toBe(true);
    expect(activeJobs).toHaveBeenCalledWith(JOB_SEED_TAKE);
    await settle();
    expect(store().activeIds).toEqual(['j1']);
    expect(store().jobs.j1).toEqual({ id: 'j1', status: 'PROCESSING', progress: 40, createdAt: T0 });
  });

  it('the seed keeps each job’s queue place and estimates (a page refresh keeps them)', async () => {
    resetQueueForecasts();
    const queue = { position: 2, estimatedStartAt: T1, estimatedFinishAt: null };
    activeJobs.mockResolvedValue(answer([{ ...item('j1', 'PENDING', 0), queue }]));
    start();
    FakeEventSource.latest.emitOpen();
    await settle();
    expect(useQueueForecastStore.getState().byId).toEqual({ j1: queue });
  });

  it('on reset: re-seeds again', async () => {
    start();
    FakeEventSource.latest.emitOpen();
    FakeEventSource.latest.emitFrame('connected', {}, '5-0');
    await settle();
    activeJobs.mockResolvedValue(answer([item('j2', 'PENDING', 0)]));
    FakeEventSource.latest.emitFrame('reset', { reason: 'history_unavailable', reseedFrom: '/jobs/active' }, '9-0');
    expect(activeJobs).toHaveBeenCalledTimes(2);
    await settle();
    expect(store().activeIds).toEqual(['j2']);
    expect(store().lastEventId).toBe('9-0');
  });

  it('asks once while a re-seed is under way (open and reset together)', async () => {
    const list = deferred<ReturnType<typeof answer>>();
    activeJobs.mockReturnValue(list.promise);
    start();
    FakeEventSource.latest.emitOpen();
    FakeEventSource.latest.emitFrame('reset', {}, '9-0');
    expect(activeJobs).toHaveBeenCalledTimes(1);
    list.resolve(answer([]));
    await settle();
  });

  it('keeps a job created here that the re-seed does not list yet', async () => {
    start();
    trackLocalJob('mine', T1);
    FakeEventSource.latest.emitOpen();
    await settle();
    expect(store().activeIds).toEqual(['mine']);
    expect(store().jobs.mine).toMatchObject({ status: 'PENDING', progress: 0 });
  });
});

describe('frames', () => {
  it('job events reach the store (created, then completed: out of the active list, into recent)', () => {
    const completed = jest.fn();
    const unsubscribe = onJobCompleted(completed);
    start();
    const source = FakeEventSource.latest;
    source.emitFrame('connected', {}, '1-0');
    expect(store().connected).toBe(true);
    source.emitFrame('created', { id: 'j1', status: 'PENDING', progress: 0, createdAt: T0 }, '2-0');
    expect(store().activeIds).toEqual(['j1']);
    source.emitFrame('progress', { id: 'j1', status: 'PROCESSING', progress: 50, createdAt: null }, '3-0');
    expect(store().jobs.j1).toEqual({ id: 'j1', status: 'PROCESSING', progress: 50, createdAt: T0 });
    source.emitFrame('completed', { id: 'j1', status: 'COMPLETED', progress: 100, createdAt: null }, '4-0');
    expect(store().activeIds).toEqual([]);
    expect(store().recentCompletedIds).toEqual(['j1']);
    expect(completed).toHaveBeenCalledTimes(1);
    expect(store().lastEventId).toBe('4-0');
    unsubscribe();
  });

  it('cancelled → out of the active list, kept as CANCELLED; a late progress does not bring it back', () => {
    start();
    const source = FakeEventSource.latest;
    source.emitFrame('created', { id: 'j1', status: 'PENDING', progress: 0, createdAt: T0 }, '1-0');
    source.emitFrame('cancelled', { id: 'j1', status: 'CANCELLED', progress: 0, createdAt: null }, '2-0');
    expect(store().activeIds).toEqual([]);
    expect(store().jobs.j1).toEqual({ id: 'j1', status: 'CANCELLED', progress: 0, createdAt: T0 });
    source.emitFrame('progress', { id: 'j1', status: 'PROCESSING', progress: 10, createdAt: null }, '3-0');
    expect(store().activeIds).toEqual([]);
    expect(store().jobs.j1?.status).toBe('CANCELLED');
    expect(store().lastEventId).toBe('3-0');
  });

  it('credits → the top bar’s credits', () => {
    start();
    FakeEventSource.latest.emitFrame('credits', { balance: 120, heldCredits: 15, currency: 'credits' }, '7-0');
    expect(credits).toHaveBeenCalledWith({ balance: 120, heldCredits: 15, currency: 'credits' });
  });

  it('ignores credits that are not credits, and data that is not JSON', () => {
    start();
    FakeEventSource.latest.emitFrame('credits', { balance: '120' }, '7-0');
    FakeEventSource.latest.emitRawFrame('created', '{not json', '8-0');
    expect(credits).not.toHaveBeenCalled();
    expect(store().jobs).toEqual({});
    // The position still moved on.
    expect(store().lastEventId).toBe('8-0');
  });

  it('heartbeat keeps the connection flag true', () => {
    start();
    FakeEventSource.latest.emitFrame('heartbeat', {}, '1-0');
    expect(store().connected).toBe(true);
  });
});

describe('errors', () => {
  it('closes at once, refreshes the job list first, and reconnects exactly 2 s later', async () => {
    start();
    const first = FakeEventSource.latest;
    first.emitOpen();
    await settle();
    activeJobs.mockClear();

    first.emitError();
    expect(first.closed).toBe(true);
    expect(store().connected).toBe(false);
    expect(activeJobs).toHaveBeenCalledWith(JOB_SEED_TAKE);

    await jest.advanceTimersByTimeAsync(EVENT_RECONNECT_DELAY_MS - 1);
    expect(FakeEventSource.instances).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.open).toEqual([FakeEventSource.latest]);
  });

  it('does not reconnect before the refresh has finished', async () => {
    start();
    const list = deferred<ReturnType<typeof answer>>();
    activeJobs.mockReturnValue(list.promise);
    FakeEventSource.latest.emitError();
    await jest.advanceTimersByTimeAsync(EVENT_RECONNECT_DELAY_MS * 3);
    expect(FakeEventSource.instances).toHaveLength(1);
    list.resolve(answer([]));
    await settle();
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('a failed refresh still retries', async () => {
    start();
    activeJobs.mockRejectedValue(Object.assign(new Error('offline'), { status: 0 }));
    FakeEventSource.latest.emitError();
    await jest.advanceTimersByTimeAsync(EVENT_RECONNECT_DELAY_MS);
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('stops retrying when the refresh says the session is gone (401); showing the page tries again', async () => {
    start();
    activeJobs.mockRejectedValue(Object.assign(new Error('unauthorized'), { status: 401 }));
    FakeEventSource.latest.emitError();
    await jest.advanceTimersByTimeAsync(EVENT_RECONNECT_DELAY_MS * 5);
    expect(FakeEventSource.instances).toHaveLength(1);
    page.setVisibility('hidden');
    page.setVisibility('visible');
    expect(FakeEventSource.open).toHaveLength(1);
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('resumes from the last event id after reconnecting', async () => {
    start();
    FakeEventSource.latest.emitFrame('connected', {}, '1700000000000-0');
    FakeEventSource.latest.emitFrame('progress', { id: 'j1', progress: 10, createdAt: null }, '1700000000123-4');
    FakeEventSource.latest.emitError();
    await jest.advanceTimersByTimeAsync(EVENT_RECONNECT_DELAY_MS);
    expect(FakeEventSource.latest.url).toBe(`${LIVE_STREAM_PATH}?lastEventId=1700000000123-4`);
  });

  it('an error of a source already closed does nothing', async () => {
    start();
    const first = FakeEventSource.latest;
    first.emitError();
    first.emitError();
    first.emitFrame('created', { id: 'late', progress: 0, createdAt: T0 }, '3-0');
    expect(activeJobs).toHaveBeenCalledTimes(1);
    expect(store().jobs.late).toBeUndefined();
    await jest.advanceTimersByTimeAsync(EVENT_RECONNECT_DELAY_MS);
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('reconnect (server shutting down): closes, no refresh, back 2 s later from the same position', async () => {
    start();
    const first = FakeEventSource.latest;
    first.emitFrame('reconnect', {}, '6-0');
    expect(first.closed).toBe(true);
    expect(activeJobs).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(EVENT_RECONNECT_DELAY_MS - 1);
    expect(FakeEventSource.instances).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.latest.url).toBe(`${LIVE_STREAM_PATH}?lastEventId=6-0`);
  });
});

describe('silence watchdog', () => {
  it('a connection silent for 45 s counts as an error: closed, refreshed, back 2 s later from the same position', async () => {
    start();
    const first = FakeEventSource.latest;
    first.emitOpen();
    first.emitFrame('connected', {}, '1-0');
    await settle();
    activeJobs.mockClear();

    await jest.advanceTimersByTimeAsync(EVENT_SILENCE_LIMIT_MS - 1);
    expect(first.closed).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(first.closed).toBe(true);
    expect(store().connected).toBe(false);
    expect(activeJobs).toHaveBeenCalledWith(JOB_SEED_TAKE);

    await jest.advanceTimersByTimeAsync(EVENT_RECONNECT_DELAY_MS - 1);
    expect(FakeEventSource.instances).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.latest.url).toBe(`${LIVE_STREAM_PATH}?lastEventId=1-0`);
    expect(FakeEventSource.open).toEqual([FakeEventSource.latest]);
  });

  it('a heartbeat postpones it: the limit counts from the last frame', async () => {
    start();
    const first = FakeEventSource.latest;
    first.emitOpen();
    await jest.advanceTimersByTimeAsync(40_000);
    first.emitFrame('heartbeat', {}, '2-0');
    await jest.advanceTimersByTimeAsync(EVENT_SILENCE_LIMIT_MS - 1);
    expect(first.closed).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(first.closed).toBe(true);
  });

  it('any frame counts, not only heartbeats', async () => {
    start();
    const first = FakeEventSource.latest;
    await jest.advanceTimersByTimeAsync(EVENT_SILENCE_LIMIT_MS - 1);
    first.emitFrame('credits', { balance: 1, heldCredits: 0, currency: 'credits' }, '3-0');
    await jest.advanceTimersByTimeAsync(EVENT_SILENCE_LIMIT_MS - 1);
    expect(first.closed).toBe(false);
  });

  it('no watchdog while the page is hidden', async () => {
    page.visibilityState = 'hidden';
    start();
    expect(jest.getTimerCount()).toBe(0);

    page.setVisibility('visible');
    FakeEventSource.latest.emitOpen();
    await settle();
    page.setVisibility('hidden');
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(EVENT_SILENCE_LIMIT_MS * 3);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(activeJobs).toHaveBeenCalledTimes(1);
  });

  it('stop() leaves no timer behind', async () => {
    const stop = start();
    FakeEventSource.latest.emitOpen();
    FakeEventSource.latest.emitFrame('heartbeat', {}, '1-0');
    await settle();
    expect(jest.getTimerCount()).toBe(1);
    stop();
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(EVENT_SILENCE_LIMIT_MS * 3);
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});

describe('visibility', () => {
  it('hidden → closed; visible again → one new connection that resumes', () => {
    start();
    const first = FakeEventSource.latest;
    first.emitOpen();
    first.emitFrame('connected', {}, '3-0');
    page.setVisibility('hidden');
    expect(first.closed).toBe(true);
    expect(store().connected).toBe(false);
    page.setVisibility('visible');
    expect(FakeEventSource.open).toHaveLength(1);
    expect(FakeEventSource.latest.url).toBe(`${LIVE_STREAM_PATH}?lastEventId=3-0`);
  });

  it('hidden cancels a pending retry', async () => {
    start();
    FakeEventSource.latest.emitError();
    page.setVisibility('hidden');
    await jest.advanceTimersByTimeAsync(EVENT_RECONNECT_DELAY_MS * 3);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('a second "visible" while connected opens nothing more', () => {
    start();
    page.setVisibility('visible');
    page.setVisibility('visible');
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});

describe('hidden while a video is under way (issue 20: its end must reach the hidden tab)', () => {
  const created = (id: string) => ({ id, status: 'PENDING', progress: 0, createdAt: T0 });
  const completed = (id: string) => ({ id, status: 'COMPLETED', progress: 100, createdAt: null });
  /** Time passes on a healthy connection: the gateway's heartbeat every 15 s (no silence watchdog). */
  async function passWithHeartbeats(source: FakeEventSource, ms: number): Promise<void> {
    for (let left = ms; left > 0; left -= 15_000) {
      await jest.advanceTimersByTimeAsync(Math.min(left, 15_000));
      if (!source.closed) source.emitFrame('heartbeat', {});
    }
  }

  it('stays open while a job is active, and closes a minute after the last one ended', async () => {
    start();
    const source = FakeEventSource.latest;
    source.emitOpen();
    source.emitFrame('created', created('j1'), '1-0');
    page.setVisibility('hidden');
    expect(source.closed).toBe(false);
    expect(store().connected).toBe(true);

    source.emitFrame('completed', completed('j1'), '2-0');
    await passWithHeartbeats(source, HIDDEN_STREAM_LINGER_MS - 1);
    expect(source.closed).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(source.closed).toBe(true);
    expect(store().connected).toBe(false);

    page.setVisibility('visible');
    expect(FakeEventSource.open).toHaveLength(1);
    expect(FakeEventSource.latest.url).toBe(`${LIVE_STREAM_PATH}?lastEventId=2-0`);
  });

  it('the notification of the job that just ended still arrives during the linger', async () => {
    const heard = jest.fn();
    const unsubscribe = onNotificationsEvent(heard);
    start();
    const source = FakeEventSource.latest;
    source.emitFrame('created', created('j1'), '1-0');
    page.setVisibility('hidden');
    source.emitFrame('completed', completed('j1'), '2-0');
    await jest.advanceTimersByTimeAsync(1_500);
    source.emitFrame('notifications', { unread: 1, notification: null }, '3-0');
    expect(heard).toHaveBeenCalledWith({ unread: 1, notification: null });
    unsubscribe();
  });

  it('a job started during the linger keeps the stream open past it', async () => {
    start();
    const source = FakeEventSource.latest;
    source.emitFrame('created', created('j1'), '1-0');
    page.setVisibility('hidden');
    source.emitFrame('completed', completed('j1'), '2-0');
    await passWithHeartbeats(source, HIDDEN_STREAM_LINGER_MS / 2);
    source.emitFrame('created', created('j2'), '3-0');
    await passWithHeartbeats(source, HIDDEN_STREAM_LINGER_MS * 2);
    expect(source.closed).toBe(false);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('hidden with nothing under way still closes at once; the linger ends when the page shows again', async () => {
    start();
    const first = FakeEventSource.latest;
    first.emitFrame('created', created('j1'), '1-0');
    page.setVisibility('hidden');
    first.emitFrame('completed', completed('j1'), '2-0');
    page.setVisibility('visible');
    page.setVisibility('hidden');
    expect(first.closed).toBe(true);
    await jest.advanceTimersByTimeAsync(HIDDEN_STREAM_LINGER_MS);
    expect(FakeEventSource.open).toHaveLength(0);
  });

  it('an error while hidden with a job under way reconnects 2 s later, from the same position', async () => {
    activeJobs.mockResolvedValue(answer([item('j1', 'PROCESSING', 40)]));
    start();
    const first = FakeEventSource.latest;
    first.emitOpen();
    await settle();
    first.emitFrame('progress', { id: 'j1', status: 'PROCESSING', progress: 50, createdAt: null }, '5-0');
    page.setVisibility('hidden');
    first.emitError();
    await jest.advanceTimersByTimeAsync(EVENT_RECONNECT_DELAY_MS);
    expect(FakeEventSource.open).toHaveLength(1);
    expect(FakeEventSource.latest.url).toBe(`${LIVE_STREAM_PATH}?lastEventId=5-0`);
  });

  it('stop() during the linger leaves no timer behind', () => {
    const stop = start();
    FakeEventSource.latest.emitFrame('created', created('j1'), '1-0');
    page.setVisibility('hidden');
    FakeEventSource.latest.emitFrame('completed', completed('j1'), '2-0');
    expect(jest.getTimerCount()).toBeGreaterThan(0); // the linger (and the watchdog)
    stop();
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('notifications frames (the inbox, issue 20)', () => {
  const view = {
    id: 'n1',
    kind: 'job_completed',
    jobId: 'j1',
    prompt: 'a fox',
    reason: null,
    createdAt: T0,
    readAt: null,
  };

  it('are handed to the inbox’s listeners, and count as the stream’s position', () => {
    const heard = jest.fn();
    const unsubscribe = onNotificationsEvent(heard);
    start();
    FakeEventSource.latest.emitFrame('notifications', { unread: 3, notification: view }, '11-0');
    expect(heard).toHaveBeenCalledWith({ unread: 3, notification: view });
    expect(store().lastEventId).toBe('11-0');
    unsubscribe();
  });

  it('a malformed one reaches nobody', () => {
    const heard = jest.fn();
    const unsubscribe = onNotificationsEvent(heard);
    start();
    FakeEventSource.latest.emitFrame('notifications', { unread: 'three', notification: view }, '12-0');
    FakeEventSource.latest.emitRawFrame('notifications', '{not json', '13-0');
    expect(heard).not.toHaveBeenCalled();
    expect(store().lastEventId).toBe('13-0');
    unsubscribe();
  });
});

describe('defaults', () => {
  it('follows the real document’s visibility', () => {
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    stops.push(startLiveStream({ EventSource: FakeEventSource }));
    const first = FakeEventSource.latest;
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(first.closed).toBe(true);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(FakeEventSource.open).toHaveLength(1);
    visibility.mockRestore();
  });

  it('stays off where there is no EventSource', () => {
    expect(typeof EventSource).toBe('undefined');
    const stop = startLiveStream({ document: page });
    expect(page.listenerCount).toBe(0);
    expect(store().connected).toBe(false);
    stop();
  });
});

describe('one connection at most', () => {
  it('a second start joins the running stream; it ends when both have stopped', () => {
    const stopFirst = start();
    const stopSecond = start();
    expect(FakeEventSource.instances).toHaveLength(1);
    stopFirst();
    stopFirst();
    expect(FakeEventSource.latest.closed).toBe(false);
    stopSecond();
    expect(FakeEventSource.latest.closed).toBe(true);
  });

  it('StrictMode’s start, stop, start leaves exactly one open connection', () => {
    const stop = start();
    stop();
    start();
    expect(FakeEventSource.open).toHaveLength(1);
    expect(page.listenerCount).toBe(1);
  });
});

describe('stop', () => {
  it('closes, cancels the retry timer and forgets the page', async () => {
    const stop = start();
    FakeEventSource.latest.emitError();
    stop();
    await jest.advanceTimersByTimeAsync(EVENT_RECONNECT_DELAY_MS * 5);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.open).toHaveLength(0);
    expect(page.listenerCount).toBe(0);
    expect(store().connected).toBe(false);
    page.setVisibility('visible');
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('a list answered after stop (sign-out) does not refill the store', async () => {
    const list = deferred<ReturnType<typeof answer>>();
    activeJobs.mockReturnValue(list.promise);
    const stop = start();
    FakeEventSource.latest.emitOpen();
    stop();
    resetJobs();
    list.resolve(answer([item('previous-user', 'PROCESSING', 10)]));
    await settle();
    expect(store().jobs).toEqual({});
  });
});

describe('jobs that ended while events were lost', () => {
  it('a re-seed that drops a job looks it up in the recent list: completed → recent-completed and announced', async () => {
    const completed = jest.fn();
    const unsubscribe = onJobCompleted(completed);
    start();
    const source = FakeEventSource.latest;
    source.emitFrame('created', { id: 'done', progress: 0, createdAt: T0 }, '1-0');
    source.emitFrame('created', { id: 'broke', progress: 0, createdAt: T0 }, '2-0');
    source.emitFrame('created', { id: 'running', progress: 0, createdAt: T1 }, '3-0');
    activeJobs.mockResolvedValue(answer([item('running', 'PROCESSING', 30, T1)]));
    recentJobs.mockResolvedValue(
      answer([item('running', 'PROCESSING', 30, T1), item('done', 'COMPLETED', 100), item('broke', 'FAILED', 20)]),
    );
    source.emitFrame('reset', {}, '9-0');
    await settle();
    expect(recentJobs).toHaveBeenCalledWith(JOB_SEED_TAKE);
    expect(store().activeIds).toEqual(['running']);
    expect(store().recentCompletedIds).toEqual(['done']);
    expect(store().jobs.broke?.status).toBe('FAILED');
    expect(completed).toHaveBeenCalledWith(expect.objectContaining({ id: 'done', status: 'COMPLETED' }));
    unsubscribe();
  });

  it('a job the recent list shows CANCELLED is kept as CANCELLED, out of the active list', async () => {
    start();
    const source = FakeEventSource.latest;
    source.emitFrame('created', { id: 'stopped', progress: 0, createdAt: T0 }, '1-0');
    recentJobs.mockResolvedValue(answer([item('stopped', 'CANCELLED', 20)]));
    source.emitFrame('reset', {}, '9-0');
    await settle();
    expect(store().activeIds).toEqual([]);
    expect(store().jobs.stopped).toEqual({ id: 'stopped', status: 'CANCELLED', progress: 20, createdAt: T0 });
    expect(store().recentCompletedIds).toEqual([]);
  });

  it('does not ask for the recent list when no job left', async () => {
    start();
    FakeEventSource.latest.emitOpen();
    await settle();
    expect(recentJobs).not.toHaveBeenCalled();
  });
});
