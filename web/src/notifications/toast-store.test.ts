import {
  TOAST_DEDUPE_WINDOW_MS,
  TOAST_DEFAULT_DURATION_MS,
  TOAST_ERROR_DURATION_MS,
  TOAST_MAX_KEPT,
} from '../config/constants';
import { clearToasts, dismissToast, pauseToast, resumeToast, toast, useToasts } from './toast-store';

const messages = () => useToasts.getState().toasts.map((item) => item.message);

describe('toast store', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    clearToasts();
  });
  afterEach(() => {
    clearToasts();
    jest.useRealTimers();
  });

  it('keeps at most 10 toasts, dropping the oldest', () => {
    for (let index = 1; index <= TOAST_MAX_KEPT + 2; index += 1) toast.info(`message ${index}`);
    expect(TOAST_MAX_KEPT).toBe(10);
    expect(messages()).toHaveLength(10);
    expect(messages()[0]).toBe('message 3');
    expect(messages()[9]).toBe('message 12');
  });

  it('a dropped toast does not come back when its timer would have fired', () => {
    for (let index = 1; index <= 11; index += 1) toast.info(`message ${index}`);
    jest.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS - 1);
    expect(messages()).toHaveLength(10);
  });

  it('ignores an identical type and message within 5 s', () => {
    expect(toast.error('Network error')).not.toBeNull();
    jest.advanceTimersByTime(TOAST_DEDUPE_WINDOW_MS - 1);
    expect(toast.error('Network error')).toBeNull();
    expect(messages()).toEqual(['Network error']);
  });

  it('shows the same message again once 5 s have passed', () => {
    toast.error('Network error');
    jest.advanceTimersByTime(TOAST_DEDUPE_WINDOW_MS);
    expect(toast.error('Network error')).not.toBeNull();
    expect(messages()).toEqual(['Network error', 'Network error']);
  });

  it('does not treat the same message of another type as a duplicate', () => {
    toast.error('Saved?');
    toast.info('Saved?');
    toast.info('Saved!');
    expect(messages()).toEqual(['Saved?', 'Saved?', 'Saved!']);
  });

  it('dismisses after 4 s by default and errors after 6 s', () => {
    expect(TOAST_DEFAULT_DURATION_MS).toBe(4_000);
    expect(TOAST_ERROR_DURATION_MS).toBe(6_000);
    toast.success('Saved');
    toast.warning('Careful');
    toast.error('Failed');
    expect(useToasts.getState().toasts.map((item) => item.duration)).toEqual([4_000, 4_000, 6_000]);

    jest.advanceTimersByTime(3_999);
    expect(messages()).toEqual(['Saved', 'Careful', 'Failed']);
    jest.advanceTimersByTime(1);
    expect(messages()).toEqual(['Failed']);
    jest.advanceTimersByTime(1_999);
    expect(messages()).toEqual(['Failed']);
    jest.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('takes a custom duration, and Infinity stays until dismissed', () => {
    toast.info('Quick', { duration: 1_000 });
    const sticky = toast.warning('Sticky', { duration: Infinity });
    jest.advanceTimersByTime(1_000);
    expect(messages()).toEqual(['Sticky']);
    jest.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['Sticky']);
    dismissToast(sticky!);
    expect(messages()).toEqual([]);
  });

  it('pauses the clock while hovered or focused and resumes with the time left', () => {
    const id = toast.info('Read me')!;
    jest.advanceTimersByTime(3_000);
    pauseToast(id);
    jest.advanceTimersByTime(10_000);
    expect(messages()).toEqual(['Read me']);
    resumeToast(id);
    jest.advanceTimersByTime(999);
    expect(messages()).toEqual(['Read me']);
    jest.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });
});
