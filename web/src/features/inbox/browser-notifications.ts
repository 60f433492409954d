import type { QueryClient } from '@tanstack/react-query';
import type { NotificationPreferencesResponse, NotificationView } from '../../api/answer-types';
import { readNotificationPreferences } from './inbox-actions';
import { inboxKeys } from './inbox-query-keys';

/**
 * The browser's own notification of a finished video (the Notification API, issue 20): shown only
 * to a hidden tab, and asked for only once — the first time the user starts a generation, never on
 * page load.
 */

/** What is used of the browser's `Notification` (absent in old browsers, some in-app views, jsdom). */
export interface NotificationApi {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  new (title: string, options?: NotificationOptions): Notification;
}

export function browserNotificationApi(): NotificationApi | undefined {
  return typeof Notification === 'function' ? Notification : undefined;
}

/** A test's stand-in (also `undefined`: a browser without notifications), else the browser's. */
function apiOf(options: { api?: NotificationApi | undefined }): NotificationApi | undefined {
  return 'api' in options ? options.api : browserNotificationApi();
}

/** Where "we asked for the permission once" is kept (this browser's; the browser keeps the answer). */
export const PERMISSION_ASKED_KEY = 'kadr.notifications.permissionAsked';

export interface ShowOptions {
  notification: NotificationView;
  text: { title: string; body: string };
  /** The user's `browser` preference. */
  wanted: boolean;
  /** Clicked: the window has been focused; show the video. */
  onOpen: (notification: NotificationView) => void;
  /** Default: `document`. */
  page?: Pick<Document, 'visibilityState'>;
  /** Default: the browser's. */
  api?: NotificationApi | undefined;
}

/**
 * Shows the notification when the tab is hidden, the user wants browser notifications and the
 * browser allows them. Its tag is the notification's id, so tabs that all heard of it show one.
 * Returns whether it was shown.
 */
export function showBrowserNotification(options: ShowOptions): boolean {
  const api = apiOf(options);
  const page = options.page ?? document;
  if (!api || api.permission !== 'granted' || !options.wanted || page.visibilityState !== 'hidden') return false;
  let shown: Notification;
  try {
    shown = new api(options.text.title, { body: options.text.body, tag: options.notification.id });
  } catch {
    // Chrome on Android refuses `new Notification` (only a service worker may show one there).
    return false;
  }
  shown.onclick = (event) => {
    event.preventDefault();
    window.focus();
    shown.close();
    options.onOpen(options.notification);
  };
  return true;
}

export interface PermissionOptions {
  /** Default: the browser's. */
  api?: NotificationApi | undefined;
  /** Default: `localStorage`. */
  storage?: Storage | undefined;
}

/** The browser would ask now: it has notifications, the user has not decided, and we have not asked before. */
export function mayAskPermission(options: PermissionOptions = {}): boolean {
  const api = apiOf(options);
  return api?.permission === 'default' && !wasAsked(options.storage ?? safeLocalStorage());
}

/**
 * The generator's successful submit: asks for the permission the first time, when the browser would
 * ask and the user's `browser` preference is on (read from the cache at once when it is there, so the
 * request still follows the click that started the generation). Resolves with the answer, or
 * undefined when nothing was asked.
 */
export async function askPermissionOnFirstGeneration(
  queryClient: QueryClient,
  options: PermissionOptions = {},
): Promise<NotificationPermission | undefined> {
  if (!mayAskPermission(options)) return undefined;
  const cached = queryClient.getQueryData<NotificationPreferencesResponse>(inboxKeys.preferences)?.data;
  const preferences = cached ?? (await readNotificationPreferences(queryClient));
  if (!preferences.browser) return undefined;
  return requestPermissionOnce(options);
}

/** Asks the browser (once: remembered, also when the person dismisses the prompt). */
export function requestPermissionOnce(options: PermissionOptions = {}): Promise<NotificationPermission | undefined> {
  return mayAskPermission(options) ? ask(options) : Promise.resolve(undefined);
}

/**
 * Settings: the person just turned browser notifications on — asked again even after an earlier
 * prompt was dismissed, as long as the browser has not been told yes or no.
 */
export function requestPermissionFromSettings(
  options: PermissionOptions = {},
): Promise<NotificationPermission | undefined> {
  const api = apiOf(options);
  return api?.permission === 'default' ? ask(options) : Promise.resolve(undefined);
}

/** The browser's current answer, or `unsupported` when it has no notifications. */
export function browserPermission(
  options: Pick<PermissionOptions, 'api'> = {},
): NotificationPermission | 'unsupported' {
  const api = apiOf(options);
  return api ? api.permission : 'unsupported';
}

async function ask(options: PermissionOptions): Promise<NotificationPermission | undefined> {
  const api = apiOf(options);
  if (!api) return undefined;
  rememberAsked(options.storage ?? safeLocalStorage());
  try {
    // Called before any await: the click that led here still counts as the person's gesture.
    return await api.requestPermission();
  } catch {
    return undefined;
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled: every read and write below is then skipped
  }
}

function wasAsked(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(PERMISSION_ASKED_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberAsked(storage: Storage | undefined): void {
  try {
    storage?.setItem(PERMISSION_ASKED_KEY, 'true');
  } catch {
    // Not remembered: the browser itself still keeps the person's answer.
  }
}
