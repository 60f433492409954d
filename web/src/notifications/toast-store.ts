import { create } from 'zustand';
import {
  TOAST_DEDUPE_WINDOW_MS,
  TOAST_DEFAULT_DURATION_MS,
  TOAST_ERROR_DURATION_MS,
  TOAST_MAX_KEPT,
} from '../config/constants';

/** Spec §3 "Toast": id, type, message, duration. */
export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  /** Milliseconds on screen; `Infinity` stays until dismissed. */
  duration: number;
  createdAt: number;
}

export interface ToastOptions {
  /** Overrides the type's default (4 s; errors 6 s). `Infinity` keeps it until dismissed. */
  duration?: number;
}

interface ToastState {
  toasts: Toast[];
}

/** The visible toasts, oldest first. */
export const useToasts = create<ToastState>()(() => ({ toasts: [] }));

/** Auto-dismiss timers, and what is left of a paused one (pointer over or focus inside the toast). */
const timers = new Map<string, { handle: ReturnType<typeof setTimeout> | null; endsAt: number; remaining: number }>();
/** When each type+message was last shown: a repeat within the dedupe window is ignored (spec §8). */
const lastShownAt = new Map<string, number>();
let sequence = 0;

function defaultDuration(type: ToastType): number {
  return type === 'error' ? TOAST_ERROR_DURATION_MS : TOAST_DEFAULT_DURATION_MS;
}

function schedule(id: string, delay: number): void {
  if (!Number.isFinite(delay)) {
    timers.set(id, { handle: null, endsAt: Infinity, remaining: Infinity });
    return;
  }
  timers.set(id, { handle: setTimeout(() => dismissToast(id), delay), endsAt: Date.now() + delay, remaining: delay });
}

function clearTimer(id: string): void {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
}

/**
 * Shows a toast. Returns its id, or null when an identical one (same type and message) was shown
 * less than 5 s ago. At most 10 are kept: the oldest goes when an eleventh arrives.
 */
export function showToast(type: ToastType, message: string, options: ToastOptions = {}): string | null {
  const now = Date.now();
  const key = `${type}\u0000${message}`;
  const previous = lastShownAt.get(key);
  if (previous !== undefined && now - previous < TOAST_DEDUPE_WINDOW_MS) return null;
  lastShownAt.set(key, now);
  pruneDedupeMemory(now);

  sequence += 1;
  const toast: Toast = {
    id: `toast-${now.toString(36)}-${sequence}`,
    type,
    message,
    duration: options.duration ?? defaultDuration(type),
    createdAt: now,
  };
  const kept = [...useToasts.getState().toasts, toast];
  const dropped = kept.length > TOAST_MAX_KEPT ? kept.splice(0, kept.length - TOAST_MAX_KEPT) : [];
  for (const old of dropped) clearTimer(old.id);
  useToasts.setState({ toasts: kept });
  schedule(toast.id, toast.duration);
  return toast.id;
}

function pruneDedupeMemory(now: number): void {
  for (const [key, at] of lastShownAt) {
    if (now - at >= TOAST_DEDUPE_WINDOW_MS) lastShownAt.delete(key);
  }
}

export function dismissToast(id: string): void {
  clearTimer(id);
  const { toasts } = useToasts.getState();
  if (toasts.some((toast) => toast.id === id))
    useToasts.setState({ toasts: toasts.filter((toast) => toast.id !== id) });
}

/** Stops the clock while the person reads or interacts (WCAG 2.2.1: timing adjustable). */
export function pauseToast(id: string): void {
  const timer = timers.get(id);
  if (!timer?.handle) return;
  clearTimeout(timer.handle);
  timers.set(id, { handle: null, endsAt: Infinity, remaining: Math.max(0, timer.endsAt - Date.now()) });
}

export function resumeToast(id: string): void {
  const timer = timers.get(id);
  if (!timer || timer.handle || !Number.isFinite(timer.remaining)) return;
  schedule(id, timer.remaining);
}

/** Removes every toast and forgets the dedupe memory (sign-out, tests). */
export function clearToasts(): void {
  for (const id of [...timers.keys()]) clearTimer(id);
  lastShownAt.clear();
  useToasts.setState({ toasts: [] });
}

/** `toast.success('Saved')`, `toast.error(apiError.message)`, … */
export const toast = {
  success: (message: string, options?: ToastOptions) => showToast('success', message, options),
  error: (message: string, options?: ToastOptions) => showToast('error', message, options),
  warning: (message: string, options?: ToastOptions) => showToast('warning', message, options),
  info: (message: string, options?: ToastOptions) => showToast('info', message, options),
  dismiss: dismissToast,
  clear: clearToasts,
};
