import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '../i18n/i18n';
import { useLocalStore } from '../session/local-store';
import { renderShell } from './render-shell.testing';
import { signIn, signOutLocally } from './shell-mocks.testing';
import type * as ShellMocks from './shell-mocks.testing';
import { Sidebar } from './Sidebar';

jest.mock(
  '../session/session-store',
  () => jest.requireActual<typeof ShellMocks>('./shell-mocks.testing').sessionStoreMock,
);

beforeAll(() => initI18n('en'));

beforeEach(() => {
  localStorage.clear();
  useLocalStore.setState({ sidebarOpen: true });
  signIn();
});

describe('Sidebar', () => {
  it('is not rendered for a visitor', () => {
    signOutLocally();
    renderShell(<Sidebar />);
    expect(screen.queryByRole('navigation', { name: 'Sidebar' })).not.toBeInTheDocument();
  });

  it('lists the signed-in destinations, marks the current one, and no admin section for a user', () => {
    renderShell(<Sidebar />, { path: '/generate' });
    // A named complementary landmark: the generator has one of its own (axe landmark-unique).
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Generate' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/buy-credits');
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('has the admin section for the administrator', () => {
    signIn(['admin']);
    renderShell(<Sidebar />);
    expect(screen.getByRole('list', { name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logs' })).toHaveAttribute('href', '/admin/logs');
    expect(screen.getByRole('link', { name: 'Dead letters' })).toHaveAttribute('href', '/admin/dead-letters');
  });

  it('collapses and expands, keeping link names, and remembers the choice', async () => {
    const user = userEvent.setup();
    renderShell(<Sidebar />);
    const toggle = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Gallery' })).toBeInTheDocument();
    expect(useLocalStore.getState().sidebarOpen).toBe(false);
    expect(JSON.parse(localStorage.getItem('kadr.local') ?? '{}').state.sidebarOpen).toBe(false);
    act(() => useLocalStore.getState().setSidebarOpen(true));
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
  });
});
