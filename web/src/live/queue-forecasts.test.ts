import type { JobQueueForecast } from '@kadr/contracts';
import { QUEUE_POLL_INTERVAL_MS, QUEUE_REFRESH_DEBOUNCE_MS } from '../config/constants';
import { applyLiveEvent, resetJobs } from './job-store';
import {
  resetQueueForecasts,
  setQueueForecast,
  setQueueForecasts,
  startQueueForecasts,
  useQueueForecastStore,
} from './queue-forecasts';

jest.mock('../api/endpoints', () => ({ getActiveJobs: jest.fn() }));

const T0 = '2030-01-01T10:00:00.000Z';
const place = (position: number | null): JobQueueForecast => ({
  position,
  estimatedStartAt: null,
  estimatedFinishAt: null,
});
type Items = { items: Array<{ id: string; queue?: JobQueueForecast | null }> };

const read = jest.fn<Promise<Items>, []>();
const forecasts = () => useQueueForecastStore.getState().byId;
/** Lets resolved promises run (no time passes). */
const settle = () => jest.advanceTimersByTimeAsync(0);

const stops: Array<() => void> = [];
function start(visibility: DocumentVisibilityState = 'visible'): void {
  stops.push(startQueueForecasts({ read, document: { visibilityState: visibility } }));
}

beforeEach(() => {
  jest.useFakeTimers();
  resetJobs();
  resetQueueForecasts();
  read.mockReset().mockResolvedValue({ items: [{ id: 'job-1', queue: place(2) }] });
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  jest.useRealTimers();
});

describe('queue forecasts: merge by job id', () => {
  it('a list read replaces the forecasts by id and drops jobs the list no longer has', () => {
    setQueueForecasts([
      { id: 'job-1', queue: place(1) },
      { id: 'job-2', queue: place(2) },
    ]);
    setQueueForecasts([
      { id: 'job-2', queue: place(1) },
      { id: 'job-3' }, // no forecast on the read: known to have none
    ]);
    expect(forecasts()).toEqual({ 'job-2': place(1), 'job-3': null });
  });

  it('one job’s read changes only that job', () => {
    setQueueForecasts([
      { id: 'job-1', queue: place(1) },
      { id: 'job-2', queue: place(2) },
    ]);
    setQueueForecast({ id: 'job-2', queue: null });
    expect(forecasts()).toEqual({ 'job-1': place(1), 'job-2': null });
  });
});

describe('startQueueForecasts', () => {
  it('reads the active list once, a second after a burst of job events', async () => {
    start();
    applyLiveEvent('created', { id: 'job-1', progress: 0, createdAt: T0 });
    applyLiveEvent('queued', { id: 'job-1', progress: 0, createdAt: null });
    await jest.advanceTimersByTimeAsync(QUEUE_REFRESH_DEBOUNCE_MS - 1);
    expect(read).not.toHaveBeenCalled();

    await jest.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(1);
    expect(forecasts()).toEqual({ 'job-1': place(2) });

    // A heartbeat is not a job event: no read.
    applyLiveEvent('heartbeat', {});
    await jest.advanceTimersByTimeAsync(QUEUE_REFRESH_DEBOUNCE_MS);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('polls every 15 s while a job is PENDING, and stops once none is', async () => {
    start();
    await jest.advanceTimersByTimeAsync(QUEUE_POLL_INTERVAL_MS * 2);
    expect(read).not.toHaveBeenCalled(); // no job, no poll

    applyLiveEvent('created', { id: 'job-1', progress: 0, createdAt: T0 });
    await jest.advanceTimersByTimeAsync(QUEUE_REFRESH_DEBOUNCE_MS);
    expect(read).toHaveBeenCalledTimes(1); // the event's read

    await jest.advanceTimersByTimeAsync(QUEUE_POLL_INTERVAL_MS - QUEUE_REFRESH_DEBOUNCE_MS);
    expect(read).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(QUEUE_POLL_INTERVAL_MS);
    expect(read).toHaveBeenCalledTimes(3);

    // Rendering: no job waits any more, the poll stops (the event itself is read once).
    applyLiveEvent('started', { id: 'job-1', progress: 0, createdAt: null });
    await jest.advanceTimersByTimeAsync(QUEUE_REFRESH_DEBOUNCE_MS);
    expect(read).toHaveBeenCalledTimes(4);
    await jest.advanceTimersByTimeAsync(QUEUE_POLL_INTERVAL_MS * 3);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('starts polling at once for a job already PENDING, but not while the page is hidden', async () => {
    applyLiveEvent('created', { id: 'job-1', progress: 0, createdAt: T0 });
    start('hidden');
    await jest.advanceTimersByTimeAsync(QUEUE_POLL_INTERVAL_MS * 2);
    expect(read).not.toHaveBeenCalled();
    for (const stop of stops.splice(0)) stop();

    start();
    await jest.advanceTimersByTimeAsync(QUEUE_POLL_INTERVAL_MS);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('one read at a time; a failed read changes nothing', async () => {
    let finish!: (items: Items) => void;
    read.mockImplementationOnce(() => new Promise<Items>((resolve) => (finish = resolve)));
    start();
    applyLiveEvent('created', { id: 'job-1', progress: 0, createdAt: T0 });
    await jest.advanceTimersByTimeAsync(QUEUE_REFRESH_DEBOUNCE_MS);
    applyLiveEvent('queued', { id: 'job-1', progress: 0, createdAt: null });
    await jest.advanceTimersByTimeAsync(QUEUE_REFRESH_DEBOUNCE_MS);
    expect(read).toHaveBeenCalledTimes(1); // the second waits for the first
    finish({ items: [{ id: 'job-1', queue: place(5) }] });
    await settle();
    expect(read).toHaveBeenCalledTimes(2);
    expect(forecasts()).toEqual({ 'job-1': place(2) });

    read.mockRejectedValueOnce(new Error('offline'));
    applyLiveEvent('queued', { id: 'job-1', progress: 0, createdAt: null });
    await jest.advanceTimersByTimeAsync(QUEUE_REFRESH_DEBOUNCE_MS);
    expect(read).toHaveBeenCalledTimes(3);
    expect(forecasts()).toEqual({ 'job-1': place(2) });
  });

  it('stop ends the reads and forgets the forecasts (sign-out)', async () => {
    start();
    applyLiveEvent('created', { id: 'job-1', progress: 0, createdAt: T0 });
    await jest.advanceTimersByTimeAsync(QUEUE_REFRESH_DEBOUNCE_MS);
    expect(forecasts()).toEqual({ 'job-1': place(2) });
    for (const stop of stops.splice(0)) stop();
    expect(forecasts()).toEqual({});

    applyLiveEvent('queued', { id: 'job-1', progress: 0, createdAt: null });
    await jest.advanceTimersByTimeAsync(QUEUE_POLL_INTERVAL_MS * 2);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
