import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n, setLanguage } from '../i18n/i18n';
import { renderShell } from './render-shell.testing';
import { sessionStoreMock, signIn, signOutLocally, topBarStoreMock } from './shell-mocks.testing';
import type * as ShellMocks from './shell-mocks.testing';
import { TopBar } from './TopBar';

jest.mock(
  '../session/session-store',
  () => jest.requireActual<typeof ShellMocks>('./shell-mocks.testing').sessionStoreMock,
);
jest.mock(
  '../session/top-bar-store',
  () => jest.requireActual<typeof ShellMocks>('./shell-mocks.testing').topBarStoreMock,
);
jest.mock('../api/endpoints', () => ({
  getLanguages: jest.fn(() =>
    Promise.resolve([
      { code: 'en', name: 'English' },
      { code: 'pl', name: 'Polski' },
    ]),
  ),
  putUserLanguage: jest.fn(() => Promise.resolve({ data: { language: 'en' } })),
  getNotifications: jest.fn(() => Promise.resolve({ data: [], unread: 2 })),
}));
jest.mock('../telemetry/telemetry', () => ({ logClientError: jest.fn() }));

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  await setLanguage('en');
  signOutLocally();
  topBarStoreMock.useTopBar.setState({ tier: 'FREE', credits: null, language: null });
  sessionStoreMock.signOut.mockClear();
});

describe('TopBar for a visitor', () => {
  it('shows the logo, Home → /public and Login, and nothing of an account', () => {
    renderShell(<TopBar />, { path: '/public' });
    expect(screen.getByRole('link', { name: 'Kadr — home' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/public');
    expect(within(nav).queryByRole('link', { name: 'Gallery' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('credits-balance')).not.toBeInTheDocument();
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
  });
});

describe('TopBar for a signed-in person', () => {
  beforeEach(() => signIn());

  it('has Home → /dashboard, Gallery, Generate, Upgrade with the FREE tier, credits and Logout', () => {
    renderShell(<TopBar />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'Gallery' })).toHaveAttribute('href', '/gallery');
    expect(within(nav).getByRole('link', { name: 'Generate' })).toHaveAttribute('href', '/generate');
    const upgrade = screen.getByRole('link', { name: 'Upgrade — current plan FREE' });
    expect(upgrade).toHaveAttribute('href', '/subscription');
    expect(within(upgrade).getByText('FREE')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add credits' })).toHaveAttribute('href', '/buy-credits');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('has the notifications bell with the unread count (the inbox is its own tests’)', async () => {
    renderShell(<TopBar />);
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('shows the tier the summary reports', () => {
    topBarStoreMock.useTopBar.setState({ tier: 'PRO' });
    renderShell(<TopBar />);
    expect(screen.getByRole('link', { name: 'Upgrade — current plan PRO' })).toBeInTheDocument();
  });

  it('names the Upgrade link with the words it shows (label in name, WCAG 2.5.3), in both languages', async () => {
    const { unmount } = renderShell(<TopBar />);
    const upgrade = screen.getByRole('link', { name: /^Upgrade/ });
    // Its name is its own text: no aria-label that could drift from what a voice user reads out.
    expect(upgrade).not.toHaveAttribute('aria-label');
    expect(upgrade).toHaveAccessibleName('Upgrade — current plan FREE');
    const visible = Array.from(upgrade.querySelectorAll('span:not(.visually-hidden)'), (span) => span.textContent);
    expect(visible).toEqual(['Upgrade', 'FREE']);
    unmount();

    await act(() => setLanguage('pl'));
    renderShell(<TopBar />);
    expect(screen.getByRole('link', { name: /^Ulepsz/ })).toHaveAccessibleName('Ulepsz — obecny plan FREE');
  });

  it('Logout signs out', async () => {
    const user = userEvent.setup();
    renderShell(<TopBar />);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(sessionStoreMock.signOut).toHaveBeenCalledTimes(1);
  });

  it('marks the current page in the navigation', () => {
    renderShell(<TopBar />, { path: '/gallery' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('the "U" avatar opens a menu with Settings and Sign out', async () => {
    const user = userEvent.setup();
    renderShell(<TopBar />);
    // The menus load after the first paint (deferred-menus): wait for the real trigger.
    const avatar = await screen.findByRole('button', { name: 'Account menu' });
    expect(avatar).toHaveTextContent('U');
    await user.click(avatar);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(sessionStoreMock.signOut).toHaveBeenCalledTimes(1);
  });

  it('has no admin menu for a non-administrator', () => {
    renderShell(<TopBar />);
    expect(screen.queryByRole('button', { name: 'Admin menu' })).not.toBeInTheDocument();
    expect(screen.queryByText('Admin')).not.toBeInTheDocument();
  });

  it('has the admin menu (Users, Logs) for the administrator', async () => {
    signIn(['user', 'admin']);
    const user = userEvent.setup();
    renderShell(<TopBar />);
    await user.click(await screen.findByRole('button', { name: 'Admin menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(within(menu).getByRole('menuitem', { name: 'Logs' })).toHaveAttribute('href', '/admin/logs');
  });

  it('the admin menu follows the session: it goes when the admin role does', async () => {
    signIn(['user', 'admin']);
    renderShell(<TopBar />);
    expect(await screen.findByRole('button', { name: 'Admin menu' })).toBeInTheDocument();
    act(() => signIn(['user']));
    expect(screen.queryByRole('button', { name: 'Admin menu' })).not.toBeInTheDocument();
  });
});

describe('TopBar on a narrow screen', () => {
  beforeEach(() => signIn(['user', 'admin']));

  it('the menu button opens a panel with the navigation, and Escape closes it back to the button', async () => {
    const user = userEvent.setup();
    renderShell(<TopBar />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);

    const toggle = screen.getByRole('button', { name: 'Close menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('link', { name: 'Gallery' })).toHaveAttribute('href', '/gallery');
    expect(within(panel).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(within(panel).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /^Theme:/ })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('following a link in the panel closes it', async () => {
    const user = userEvent.setup();
    renderShell(<TopBar />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const panel = document.getElementById(
      screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-controls')!,
    )!;
    await user.click(within(panel).getByRole('link', { name: 'Gallery' }));
    expect(screen.getByTestId('landed')).toHaveTextContent('/gallery');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeInTheDocument();
  });
});
