import type { NotificationView } from '../../../api/answer-types';

/**
 * Tests only: a stand-in for the browser's `Notification` — its permission set by the test, the
 * permission prompt recorded (answering `answer`), every notification shown kept with its title,
 * options and click handler.
 */
export class FakeNotification {
  static permission: NotificationPermission = 'default';
  /** What the permission prompt answers. */
  static answer: NotificationPermission = 'granted';
  static requestPermission = jest.fn(() => {
    FakeNotification.permission = FakeNotification.answer;
    return Promise.resolve(FakeNotification.answer);
  });
  static shown: FakeNotification[] = [];

  static reset(permission: NotificationPermission = 'default'): void {
    FakeNotification.permission = permission;
    FakeNotification.answer = 'granted';
    FakeNotification.requestPermission.mockClear();
    FakeNotification.shown = [];
  }

  onclick: ((event: Event) => void) | null = null;
  closed = false;

  constructor(
    readonly title: string,
    readonly options: NotificationOptions = {},
  ) {
    FakeNotification.shown.push(this);
  }

  close(): void {
    this.closed = true;
  }

  /** The person clicks it. */
  click(): void {
    this.onclick?.(new Event('click', { cancelable: true }));
  }
}

/** Makes `FakeNotification` the global `Notification` (jsdom has none); returns the undo. */
export function installFakeNotification(permission: NotificationPermission = 'default'): () => void {
  FakeNotification.reset(permission);
  Object.defineProperty(globalThis, 'Notification', { configurable: true, writable: true, value: FakeNotification });
  return () => {
    delete (globalThis as { Notification?: unknown }).Notification;
  };
}

/** Sets what `document.visibilityState` says and tells the document's listeners. */
export function setPageVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

export function makeNotification(overrides: Partial<NotificationView> = {}): NotificationView {
  return {
    id: 'n1',
    kind: 'job_completed',
    jobId: 'j1',
    prompt: 'a fox in the snow',
    reason: null,
    createdAt: '2030-01-08T11:55:00.000Z',
    readAt: null,
    ...overrides,
  };
}
