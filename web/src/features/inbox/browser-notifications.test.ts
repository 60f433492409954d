import { QueryClient } from '@tanstack/react-query';
import { getNotificationPreferences } from '../../api/endpoints';
import {
  askPermissionOnFirstGeneration,
  browserPermission,
  mayAskPermission,
  PERMISSION_ASKED_KEY,
  requestPermissionFromSettings,
  showBrowserNotification,
  type NotificationApi,
  type ShowOptions,
} from './browser-notifications';
import { inboxKeys } from './inbox-query-keys';
import { FakeNotification, installFakeNotification, makeNotification } from './testing/fake-notification';

jest.mock('../../api/endpoints', () => ({ getNotificationPreferences: jest.fn() }));

const preferences = jest.mocked(getNotificationPreferences);
const hidden = { visibilityState: 'hidden' as const };
const text = { title: 'Your video is ready', body: '“a fox”' };

let uninstall: () => void;
beforeEach(() => {
  localStorage.clear();
  uninstall = installFakeNotification('granted');
  preferences.mockReset().mockResolvedValue({ data: { email: true, browser: true } });
});
afterEach(() => uninstall());

describe('showing a finished video’s notification', () => {
  const show = (overrides: Partial<ShowOptions> = {}) =>
    showBrowserNotification({
      notification: makeNotification({ id: 'n7' }),
      text,
      wanted: true,
      onOpen: jest.fn(),
      page: hidden,
      ...overrides,
    });

  it('shows it to a hidden tab the user wants told and the browser allows: title, body, tag = id', () => {
    expect(show()).toBe(true);
    expect(FakeNotification.shown).toHaveLength(1);
    expect(FakeNotification.shown[0]).toMatchObject({
      title: 'Your video is ready',
      options: { body: '“a fox”', tag: 'n7' },
    });
  });

  it.each<[string, Partial<ShowOptions>, NotificationPermission]>([
    ['the tab is visible', { page: { visibilityState: 'visible' } }, 'granted'],
    ['the user turned browser notifications off', { wanted: false }, 'granted'],
    ['the browser has not been asked', {}, 'default'],
    ['the browser said no', {}, 'denied'],
  ])('shows nothing when %s', (_case, overrides, permission) => {
    FakeNotification.permission = permission;
    expect(show(overrides)).toBe(false);
    expect(FakeNotification.shown).toHaveLength(0);
  });

  it('shows nothing, and does not fail, where the browser has no notifications or refuses to make one', () => {
    expect(show({ api: undefined })).toBe(false);
    class Refusing extends FakeNotification {
      constructor() {
        super('');
        throw new TypeError('Illegal constructor');
      }
    }
    expect(show({ api: Refusing as unknown as NotificationApi })).toBe(false);
  });

  it('a click focuses the window, closes it and opens the video', () => {
    const onOpen = jest.fn();
    const focus = jest.spyOn(window, 'focus').mockImplementation(() => undefined);
    const notification = makeNotification({ id: 'n7', jobId: 'j7' });
    showBrowserNotification({ notification, text, wanted: true, onOpen, page: hidden });
    FakeNotification.shown[0]?.click();
    expect(focus).toHaveBeenCalled();
    expect(FakeNotification.shown[0]?.closed).toBe(true);
    expect(onOpen).toHaveBeenCalledWith(notification);
    focus.mockRestore();
  });
});

describe('asking for the permission on the first generation', () => {
  const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

  it('asks when the browser has not decided and the user wants browser notifications — once', async () => {
    FakeNotification.permission = 'default';
    FakeNotification.answer = 'default'; // the person closed the prompt without answering
    const queryClient = client();
    await expect(askPermissionOnFirstGeneration(queryClient)).resolves.toBe('default');
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(PERMISSION_ASKED_KEY)).toBe('true');
    await expect(askPermissionOnFirstGeneration(queryClient)).resolves.toBeUndefined();
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('asks at once (no request first) when the preferences are in the cache', () => {
    FakeNotification.permission = 'default';
    const queryClient = client();
    queryClient.setQueryData(inboxKeys.preferences, { data: { email: false, browser: true } });
    void askPermissionOnFirstGeneration(queryClient);
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(preferences).not.toHaveBeenCalled();
  });

  it('does not ask (nor remember having asked) while the user has browser notifications off', async () => {
    FakeNotification.permission = 'default';
    preferences.mockResolvedValue({ data: { email: true, browser: false } });
    await expect(askPermissionOnFirstGeneration(client())).resolves.toBeUndefined();
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    expect(mayAskPermission()).toBe(true);
  });

  it.each<NotificationPermission>(['granted', 'denied'])(
    'does not ask when the browser says %s already',
    async (permission) => {
      FakeNotification.permission = permission;
      await expect(askPermissionOnFirstGeneration(client())).resolves.toBeUndefined();
      expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
      expect(preferences).not.toHaveBeenCalled();
    },
  );

  it('does nothing in a browser without notifications', async () => {
    uninstall();
    expect(browserPermission()).toBe('unsupported');
    await expect(askPermissionOnFirstGeneration(client())).resolves.toBeUndefined();
    expect(preferences).not.toHaveBeenCalled();
  });

  it('Settings asks again after a dismissed prompt, but never once the browser has an answer', async () => {
    FakeNotification.permission = 'default';
    localStorage.setItem(PERMISSION_ASKED_KEY, 'true');
    await expect(requestPermissionFromSettings()).resolves.toBe('granted');
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    await expect(requestPermissionFromSettings()).resolves.toBeUndefined();
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });
});
