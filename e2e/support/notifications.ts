/**
 * What issue 20's journeys need of the browser beyond a page: a record of the notifications the product shows
 * (`new Notification(…)`) and of its permission questions (`Notification.requestPermission()`), and a tab that
 * is hidden and shown again.
 *
 * Why the visibility is emulated: Debian's Chromium in headless mode keeps `document.visibilityState` at
 * 'visible' whatever happens to the page — another page of the context brought to front (a new window, a
 * `window.open` popup, a CDP target in the same window), the window minimised through the DevTools protocol,
 * focus emulation off: all tried, none hides the page (Chromium 156, playwright-core 1.65). So
 * `installNotificationWatch` gives the page a switch: `document.visibilityState` and `document.hidden` read
 * it (the browser's own value when it is not set), and flipping it fires `visibilitychange` on the document —
 * what the browser does when a tab goes to the background. The product reads only these (live stream,
 * queue forecasts, the title's count, the browser notification), so it behaves as in a background tab.
 */
import type { Page } from 'playwright-core';
import { eventually } from './wait';

/** A notification the page made, as it made it. */
export interface ShownNotification {
  title: string;
  body: string | null;
  tag: string | null;
}

export interface NotificationWatchOptions {
  /**
   * What `Notification.requestPermission()` answers: 'browser' asks the real browser (headless Chromium says
   * 'denied' without a prompt); 'dismiss' answers 'default' without asking, as when a person closes the prompt
   * without choosing (`Notification.permission` stays 'default').
   */
  permissionAnswer?: 'browser' | 'dismiss';
}

/** State the init script keeps on `window` (per document: a reload starts again). */
interface WatchState {
  shown: ShownNotification[];
  instances: Array<{ onclick: ((event: unknown) => void) | null }>;
  permissionRequests: number;
  constructorErrors: string[];
  setVisibility(state: 'hidden' | 'visible'): void;
}

/**
 * Before every document of `page` loads: wraps `window.Notification` (the real one still shows, and its
 * permission is the browser's) to record every notification made and every permission question, and installs
 * the visibility switch (see the file's comment). Call before the first navigation.
 */
export async function installNotificationWatch(page: Page, options: NotificationWatchOptions = {}): Promise<void> {
  await page.addInitScript(
    ({ dismiss }) => {
      type Options = { body?: string; tag?: string };
      type Real = {
        new (title: string, options?: Options): { onclick: ((event: unknown) => void) | null };
        readonly permission: string;
        requestPermission(): Promise<string>;
        prototype: unknown;
      };
      const w = globalThis as unknown as { Notification?: Real; __e2eNotify?: WatchState };
      const doc = (globalThis as unknown as { document: object }).document;
      const proto = Object.getPrototypeOf(Object.getPrototypeOf(doc)) as object; // Document.prototype
      const realState = Object.getOwnPropertyDescriptor(proto, 'visibilityState');
      const realHidden = Object.getOwnPropertyDescriptor(proto, 'hidden');
      let forced: 'hidden' | 'visible' | null = null;

      const state: WatchState = {
        shown: [],
        instances: [],
        permissionRequests: 0,
        constructorErrors: [],
        setVisibility(next) {
          forced = next === 'hidden' ? 'hidden' : null;
          (doc as { dispatchEvent(event: unknown): boolean }).dispatchEvent(
            new (globalThis as unknown as { Event: new (type: string, init?: object) => unknown }).Event(
              'visibilitychange',
              { bubbles: true },
            ),
          );
        },
      };
      w.__e2eNotify = state;

      Object.defineProperty(doc, 'visibilityState', {
        configurable: true,
        get: () => forced ?? (realState?.get?.call(doc) as string),
      });
      Object.defineProperty(doc, 'hidden', {
        configurable: true,
        get: () => (forced === null ? (realHidden?.get?.call(doc) as boolean) : forced === 'hidden'),
      });

      const RealNotification = w.Notification;
      if (typeof RealNotification !== 'function') return;
      function Spy(title: string, notificationOptions?: Options) {
        try {
          const made = new RealNotification!(title, notificationOptions);
          state.shown.push({ title, body: notificationOptions?.body ?? null, tag: notificationOptions?.tag ?? null });
          state.instances.push(made);
          return made;
        } catch (error) {
          state.constructorErrors.push(String(error));
          throw error;
        }
      }
      Object.defineProperty(Spy, 'permission', { get: () => RealNotification.permission });
      Object.defineProperty(Spy, 'requestPermission', {
        value: () => {
          state.permissionRequests += 1;
          return dismiss ? Promise.resolve('default') : RealNotification.requestPermission();
        },
      });
      Spy.prototype = RealNotification.prototype;
      w.Notification = Spy as unknown as Real;
    },
    { dismiss: options.permissionAnswer === 'dismiss' },
  );
}

/** This document's record (the init script's); fails when the watch was not installed. */
const recorded = (page: Page): Promise<Pick<WatchState, 'shown' | 'permissionRequests' | 'constructorErrors'>> =>
  page.evaluate(() => {
    const state = (globalThis as unknown as { __e2eNotify?: WatchState }).__e2eNotify;
    if (!state) throw new Error('no notification watch in this page (installNotificationWatch before goto)');
    return {
      shown: state.shown.slice(),
      permissionRequests: state.permissionRequests,
      constructorErrors: state.constructorErrors.slice(),
    };
  });

/** The notifications this document has made so far (a `new Notification` that threw is not among them). */
export const shownNotifications = async (page: Page): Promise<ShownNotification[]> => (await recorded(page)).shown;

/** How many times this document has asked for the permission. */
export const permissionRequests = async (page: Page): Promise<number> => (await recorded(page)).permissionRequests;

/** Errors thrown by the browser's `new Notification` in this document. */
export const notificationErrors = async (page: Page): Promise<string[]> => (await recorded(page)).constructorErrors;

/** `Notification.permission` as the page sees it. */
export const notificationPermission = (page: Page): Promise<string> =>
  page.evaluate(
    () => (globalThis as unknown as { Notification?: { permission: string } }).Notification?.permission ?? 'none',
  );

/** Sends the tab to the background (`hidden`) or brings it back, and waits until the page says so. */
export async function setTabVisibility(page: Page, visibility: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((next) => {
    const state = (globalThis as unknown as { __e2eNotify?: WatchState }).__e2eNotify;
    if (!state) throw new Error('no notification watch in this page (installNotificationWatch before goto)');
    state.setVisibility(next);
  }, visibility);
  await eventually(
    `the page is ${visibility}`,
    () =>
      page.evaluate(
        () => (globalThis as unknown as { document: { visibilityState: string } }).document.visibilityState,
      ),
    (state) => state === visibility,
  );
}

/**
 * A click on the `index`th notification this document made, as the browser delivers it: its `onclick` with a
 * click event (the operating system's pop-up cannot be clicked from a test).
 */
export async function clickShownNotification(page: Page, index: number): Promise<void> {
  await page.evaluate((at) => {
    const state = (globalThis as unknown as { __e2eNotify?: WatchState }).__e2eNotify;
    const made = state?.instances[at];
    if (!made?.onclick) throw new Error(`notification ${at} was not made, or has no click handler`);
    const click = new (globalThis as unknown as { Event: new (type: string, init?: object) => unknown }).Event(
      'click',
      { cancelable: true },
    );
    made.onclick.call(made, click);
  }, index);
}
