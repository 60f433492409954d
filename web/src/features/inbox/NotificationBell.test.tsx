import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getNotificationPreferences,
  getNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../api/endpoints';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { renderShell } from '../../layout/render-shell.testing';
import { resetJobs, setLiveConnected } from '../../live/job-store';
import { publishNotificationsEvent } from '../../live/notification-events';
import { clearToasts, useToasts } from '../../notifications/toast-store';
import { NotificationBell } from './NotificationBell';
import {
  FakeNotification,
  installFakeNotification,
  makeNotification,
  setPageVisibility,
} from './testing/fake-notification';

jest.mock('../../api/endpoints', () => ({
  getNotifications: jest.fn(),
  getNotificationPreferences: jest.fn(),
  markNotificationRead: jest.fn(),
  markAllNotificationsRead: jest.fn(),
}));

const inbox = jest.mocked(getNotifications);
const preferences = jest.mocked(getNotificationPreferences);
const readOne = jest.mocked(markNotificationRead);
const readAll = jest.mocked(markAllNotificationsRead);

const FIVE_MINUTES_AGO = new Date(Date.now() - 5 * 60_000).toISOString();
const ready = makeNotification({ id: 'n2', jobId: 'j2', prompt: 'a fox in the snow', createdAt: FIVE_MINUTES_AGO });
const failed = makeNotification({
  id: 'n1',
  kind: 'job_failed',
  jobId: 'j1',
  prompt: 'a storm at sea',
  reason: 'output_check',
  createdAt: '2030-01-08T09:00:00.000Z',
  readAt: '2030-01-08T10:00:00.000Z',
});

const bell = () => screen.findByTestId('notification-bell');
async function openInbox(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await bell());
  return screen.findByRole('menu');
}

beforeAll(() => initI18n('en'));

let uninstall: () => void;
beforeEach(async () => {
  await act(() => setLanguage('en'));
  jest.clearAllMocks();
  resetJobs();
  clearToasts();
  document.title = 'Dashboard — Kadr';
  setPageVisibility('visible');
  uninstall = installFakeNotification('granted');
  inbox.mockResolvedValue({ data: [ready, failed], unread: 1 });
  preferences.mockResolvedValue({ data: { email: true, browser: true } });
});
afterEach(() => {
  uninstall();
  setPageVisibility('visible');
});

describe('the bell', () => {
  it('names the unread count and shows it; at 0 only “Notifications”, no count', async () => {
    renderShell(<NotificationBell />);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-unread-count')).toHaveTextContent('1');

    inbox.mockResolvedValue({ data: [failed], unread: 0 });
    renderShell(<NotificationBell />);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getAllByTestId('notification-unread-count')).toHaveLength(1); // only the first bell's
  });

  it('lists the notifications newest first in words, the unread one marked for eyes and screen readers', async () => {
    const user = userEvent.setup();
    renderShell(<NotificationBell />);
    const menu = await openInbox(user);
    const items = within(menu).getAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAccessibleName(/^Unread: Your video is ready: “a fox in the snow” /);
    expect(items[0]).toHaveAttribute('data-unread', 'true');
    expect(items[1]).toHaveAccessibleName(
      /^Your video failed — the video failed our quality check; your credits were returned “a storm at sea” /,
    );
    expect(items[1]).toHaveAttribute('data-unread', 'false');
    const time = items[0]!.querySelector('time');
    expect(time).toHaveTextContent('5 minutes ago');
    expect(time).toHaveAttribute('datetime', FIVE_MINUTES_AGO);
    expect(within(menu).getByRole('menuitem', { name: 'Notification settings' })).toHaveAttribute('href', '/settings');
  });

  it('choosing one marks it read and opens its video', async () => {
    readOne.mockResolvedValue({ data: { ...ready, readAt: '2030-01-08T12:00:00.000Z' }, unread: 0 });
    const user = userEvent.setup();
    renderShell(<NotificationBell />);
    const menu = await openInbox(user);
    await user.click(within(menu).getAllByTestId('notification-item')[0]!);
    expect(readOne).toHaveBeenCalledWith('n2');
    expect(screen.getByTestId('landed')).toHaveTextContent('/jobs/j2');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-unread-count')).not.toBeInTheDocument();
  });

  it('is reachable and usable from the keyboard', async () => {
    readOne.mockResolvedValue({ data: { ...ready, readAt: '2030-01-08T12:00:00.000Z' }, unread: 0 });
    const user = userEvent.setup();
    renderShell(<NotificationBell />);
    (await bell()).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getAllByTestId('notification-item')[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('landed')).toHaveTextContent('/jobs/j2');
  });

  it('“Mark all as read” reads them all and keeps the menu open; disabled when none is unread', async () => {
    readAll.mockResolvedValue({ data: { unread: 0 } });
    const user = userEvent.setup();
    renderShell(<NotificationBell />);
    const menu = await openInbox(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Mark all as read' }));
    expect(readAll).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(within(menu).getAllByTestId('notification-item')[0]).toHaveAttribute('data-unread', 'false'),
    );
    expect(within(menu).getByRole('menuitem', { name: 'Mark all as read' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('Notifications');
  });

  it('says so when marking all read failed', async () => {
    readAll.mockRejectedValue(new Error('offline'));
    const user = userEvent.setup();
    renderShell(<NotificationBell />);
    const menu = await openInbox(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(useToasts.getState().toasts.map((toast) => toast.message)).toContain(
        'The notifications could not be marked as read. Please try again.',
      ),
    );
    expect(within(menu).getAllByTestId('notification-item')[0]).toHaveAttribute('data-unread', 'true');
  });

  it('has an empty state', async () => {
    inbox.mockResolvedValue({ data: [], unread: 0 });
    renderShell(<NotificationBell />);
    const menu = await openInbox(userEvent.setup());
    expect(await within(menu).findByTestId('notification-empty')).toHaveTextContent(
      'No notifications yet. We’ll tell you here when a video is ready.',
    );
  });

  it('offers to try again when the list could not be read', async () => {
    inbox.mockRejectedValueOnce(new Error('down'));
    const user = userEvent.setup();
    renderShell(<NotificationBell />);
    const menu = await openInbox(user);
    expect(await within(menu).findByText('Your notifications could not be loaded.')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Try again' }));
    expect(await within(menu).findAllByTestId('notification-item')).toHaveLength(2);
  });

  it('speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    const user = userEvent.setup();
    renderShell(<NotificationBell />);
    expect(await screen.findByRole('button', { name: 'Powiadomienia, 1 nieprzeczytane' })).toBeInTheDocument();
    const menu = await openInbox(user);
    expect(within(menu).getAllByTestId('notification-item')[1]).toHaveAccessibleName(
      /^Nie udało się utworzyć filmu — film nie przeszedł naszej kontroli jakości; kredyty wróciły na Twoje konto/,
    );
    expect(within(menu).getByRole('menuitem', { name: 'Oznacz wszystkie jako przeczytane' })).toBeInTheDocument();
  });
});

describe('live (the stream’s notifications event)', () => {
  const arrived = makeNotification({
    id: 'n3',
    jobId: 'j3',
    prompt: 'a cat on a piano',
    createdAt: '2030-01-08T12:00:00.000Z',
  });

  it('a new notification goes to the top of the open list and the count follows the event', async () => {
    const user = userEvent.setup();
    renderShell(<NotificationBell />);
    const menu = await openInbox(user);
    act(() => publishNotificationsEvent({ unread: 2, notification: arrived }));
    await waitFor(() => expect(within(menu).getAllByTestId('notification-item')).toHaveLength(3));
    const items = within(menu).getAllByTestId('notification-item');
    expect(items[0]).toHaveAccessibleName(/^Unread: Your video is ready: “a cat on a piano”/);
    // Its time is not "in … seconds" even when it is later than the menu's opening (or the server's clock is ahead).
    expect(items[0]!.querySelector('time')).toHaveTextContent('now');
    expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 2 unread');
  });

  it('null (read on another device) reads the list again; so does a stream that opens again after a gap', async () => {
    renderShell(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    inbox.mockResolvedValue({ data: [{ ...ready, readAt: '2030-01-08T12:00:00.000Z' }, failed], unread: 0 });
    act(() => publishNotificationsEvent({ unread: 0, notification: null }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(inbox).toHaveBeenCalledTimes(2);

    act(() => setLiveConnected(true));
    expect(inbox).toHaveBeenCalledTimes(2); // the first opening: the list is newer
    act(() => setLiveConnected(false));
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    act(() => setLiveConnected(true));
    await waitFor(() => expect(inbox).toHaveBeenCalledTimes(3));
  });

  it('in a hidden tab: the browser notification (tag = id) and the title’s count; its click opens the video', async () => {
    readOne.mockResolvedValue({ data: { ...arrived, readAt: '2030-01-08T12:01:00.000Z' }, unread: 1 });
    const focus = jest.spyOn(window, 'focus').mockImplementation(() => undefined);
    renderShell(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    setPageVisibility('hidden');
    act(() => publishNotificationsEvent({ unread: 2, notification: arrived }));
    expect(document.title).toBe('(1) Dashboard — Kadr');
    await waitFor(() => expect(FakeNotification.shown).toHaveLength(1));
    expect(FakeNotification.shown[0]).toMatchObject({
      title: 'Your video is ready',
      options: { body: '“a cat on a piano”', tag: 'n3' },
    });

    const failure = makeNotification({ id: 'n4', kind: 'job_failed', jobId: 'j4', reason: 'aiproxy_error' });
    act(() => publishNotificationsEvent({ unread: 3, notification: failure }));
    expect(document.title).toBe('(2) Dashboard — Kadr');
    await waitFor(() => expect(FakeNotification.shown).toHaveLength(2));
    expect(FakeNotification.shown[1]).toMatchObject({
      title: 'Your video failed',
      options: { body: 'Reason: the provider failed. Your credits were returned.', tag: 'n4' },
    });

    act(() => FakeNotification.shown[0]!.click());
    expect(focus).toHaveBeenCalled();
    expect(readOne).toHaveBeenCalledWith('n3');
    expect(screen.getByTestId('landed')).toHaveTextContent('/jobs/j3');
    act(() => setPageVisibility('visible'));
    expect(document.title).toBe('Dashboard — Kadr');
    focus.mockRestore();
  });

  it('no browser notification nor count for a tab visible when it arrived (even if hidden a moment later)', async () => {
    renderShell(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    act(() => publishNotificationsEvent({ unread: 2, notification: arrived }));
    setPageVisibility('hidden');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(FakeNotification.shown).toHaveLength(0);
    expect(document.title).toBe('Dashboard — Kadr');
  });

  it('no browser notification when the user turned them off; the title still counts', async () => {
    preferences.mockResolvedValue({ data: { email: true, browser: false } });
    renderShell(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    setPageVisibility('hidden');
    act(() => publishNotificationsEvent({ unread: 2, notification: arrived }));
    await waitFor(() => expect(preferences).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(FakeNotification.shown).toHaveLength(0);
    expect(document.title).toBe('(1) Dashboard — Kadr');
  });

  it('a notification heard before (a replayed frame) is not announced again', async () => {
    renderShell(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    setPageVisibility('hidden');
    act(() => publishNotificationsEvent({ unread: 1, notification: ready }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(FakeNotification.shown).toHaveLength(0);
    expect(document.title).toBe('Dashboard — Kadr');
  });
});
