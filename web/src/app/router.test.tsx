import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type * as ReactRouter from 'react-router';
import { getSession } from '../api/endpoints';
import { initI18n, setLanguage } from '../i18n/i18n';
import { INITIAL_SESSION_STATE, useSession, type SessionUser } from '../session/session-store';
import { routes } from './router';

jest.mock('../api/endpoints', () => ({ getSession: jest.fn(), logout: jest.fn(), getUserSummary: jest.fn() }));
jest.mock('../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));
jest.mock('../layout/TopBar', () => ({ TopBar: () => <header>top bar</header> }));
jest.mock('../layout/Banners', () => ({ Banners: () => null }));
jest.mock('../layout/Sidebar', () => ({ Sidebar: () => <nav>sidebar</nav> }));
jest.mock('../notifications/Toaster', () => ({ Toaster: () => null }));
jest.mock('../errors/RouteErrorScreen', () => {
  const { useRouteError } = jest.requireActual<typeof ReactRouter>('react-router');
  return {
    RouteErrorScreen: () => <p>Something went wrong: {(useRouteError() as Error).message}</p>,
  };
});
// Each page is a stub naming itself; Settings throws, to exercise the error element.
jest.mock('./pages', () => {
  const names = [
    'Landing',
    'Login',
    'Privacy',
    'Terms',
    'Unsubscribe',
    'Home',
    'NotAuthorised',
    'NotFound',
    'Dashboard',
    'Gallery',
    'Generator',
    'BuyCredits',
    'Subscription',
    'PaymentSuccess',
    'PaymentFailure',
    'PaymentMockProcess',
    'Settings',
    'Billing',
    'Job',
    'AdminUsers',
    'AdminLogs',
    'AdminDeadLetters',
    'AdminShareReports',
  ];
  const pages: Record<string, () => React.ReactElement> = {};
  for (const name of names) pages[name] = () => <h1>page {name}</h1>;
  pages.Settings = () => {
    throw new Error('settings exploded');
  };
  return pages;
});

const member: SessionUser = { id: 'u1', email: 'u1@example.com', name: 'U1', roles: ['user'], permissions: [] };
const admin: SessionUser = {
  id: 'a1',
  email: 'admin@example.com',
  name: 'Admin',
  roles: ['user', 'admin'],
  permissions: ['admin:users', 'admin:jobs', 'admin:logs'],
};

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

function signIn(user: SessionUser) {
  useSession.setState({ ...INITIAL_SESSION_STATE, status: 'authenticated', user }, true);
}

beforeAll(async () => {
  initI18n('en');
  await setLanguage('en');
});
beforeEach(() => {
  jest.mocked(getSession).mockReset();
  jest.mocked(getSession).mockReturnValue(new Promise(() => undefined));
  useSession.setState({ ...INITIAL_SESSION_STATE }, true);
});

describe('public routes (outside the session wrapper)', () => {
  it.each([
    ['/', 'Landing'],
    ['/landing', 'Landing'],
    ['/login', 'Login'],
    ['/polityka-prywatnosci', 'Privacy'],
    ['/regulamin', 'Terms'],
    ['/unsubscribe?token=t', 'Unsubscribe'],
  ])('%s shows %s without waiting for the session', async (path, page) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: `page ${page}` })).toBeInTheDocument();
    expect(screen.queryByText('top bar')).not.toBeInTheDocument();
    expect(getSession).not.toHaveBeenCalled();
  });
});

describe('session wrapper', () => {
  it('shows "Checking authentication…" and checks the session while the state is unknown', async () => {
    renderAt('/dashboard');
    expect(await screen.findByText('Checking authentication…')).toBeInTheDocument();
    expect(getSession).toHaveBeenCalled();
    // The waiting page is a page still: a main landmark, the message its level-one heading, announced as a status.
    const heading = screen.getByRole('heading', { level: 1, name: 'Checking authentication…' });
    expect(screen.getByRole('main')).toContainElement(heading);
    expect(screen.getByRole('status')).toContainElement(heading);
  });

  it('shows the shell and the page once the session is known', async () => {
    signIn(member);
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'page Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('top bar')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it.each([
    ['/public', 'Home'],
    ['/403', 'NotAuthorised'],
    ['/no/such/page', 'NotFound'],
  ])('%s is open to anyone once the session is known', async (path, page) => {
    useSession.setState({ ...INITIAL_SESSION_STATE, status: 'unauthenticated' }, true);
    renderAt(path);
    expect(await screen.findByRole('heading', { name: `page ${page}` })).toBeInTheDocument();
  });
});

describe('RequireAuth (spec §6)', () => {
  const guarded = [
    ['/dashboard', 'Dashboard'],
    ['/gallery', 'Gallery'],
    ['/generate', 'Generator'],
    ['/buy-credits', 'BuyCredits'],
    ['/subscription', 'Subscription'],
    ['/payment/success', 'PaymentSuccess'],
    ['/payment/failure', 'PaymentFailure'],
    ['/payment/mock-process', 'PaymentMockProcess'],
    ['/billing', 'Billing'],
    ['/jobs/job-1', 'Job'],
  ] as const;

  it.each(guarded)('signed out, %s goes to /login with returnTo', async (path) => {
    useSession.setState({ ...INITIAL_SESSION_STATE, status: 'unauthenticated' }, true);
    const router = renderAt(path);
    expect(await screen.findByRole('heading', { name: 'page Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(path);
  });

  it('keeps both the path and the query in returnTo', async () => {
    useSession.setState({ ...INITIAL_SESSION_STATE, status: 'unauthenticated' }, true);
    const router = renderAt('/gallery?page=3&sort=new');
    await screen.findByRole('heading', { name: 'page Login' });
    expect(router.state.location.search).toBe('?returnTo=%2Fgallery%3Fpage%3D3%26sort%3Dnew');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/gallery?page=3&sort=new');
  });

  it.each(guarded)('signed in, %s shows %s', async (path, page) => {
    signIn(member);
    renderAt(path);
    expect(await screen.findByRole('heading', { name: `page ${page}` })).toBeInTheDocument();
  });

  it.each(['/admin/users', '/admin/logs', '/admin/dead-letters'])(
    '%s sends a signed-in non-admin to /403',
    async (path) => {
      signIn(member);
      const router = renderAt(path);
      expect(await screen.findByRole('heading', { name: 'page NotAuthorised' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/403');
    },
  );

  it('lets the administrator in', async () => {
    signIn(admin);
    renderAt('/admin/users');
    expect(await screen.findByRole('heading', { name: 'page AdminUsers' })).toBeInTheDocument();
  });

  it('signed out, an admin route also goes to /login (sign in first, then roles)', async () => {
    useSession.setState({ ...INITIAL_SESSION_STATE, status: 'unauthenticated' }, true);
    const router = renderAt('/admin/logs?action=delete');
    await screen.findByRole('heading', { name: 'page Login' });
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/admin/logs?action=delete');
  });

  it('sends the user to /login when the session ends while on a guarded page', async () => {
    signIn(member);
    const router = renderAt('/gallery?page=2');
    await screen.findByRole('heading', { name: 'page Gallery' });
    act(() => useSession.setState({ status: 'unauthenticated', user: undefined }));
    await screen.findByRole('heading', { name: 'page Login' });
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/gallery?page=2');
  });

  it('shows nothing instead of redirecting while signing out', async () => {
    signIn(member);
    const router = renderAt('/gallery');
    await screen.findByRole('heading', { name: 'page Gallery' });
    act(() => useSession.setState({ status: 'unauthenticated', user: undefined, signingOut: true }));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/gallery');
  });
});

describe('errors', () => {
  it('a page that throws shows the error screen inside the shell', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn(member);
    renderAt('/settings');
    expect(await screen.findByText('Something went wrong: settings exploded')).toBeInTheDocument();
    expect(screen.getByText('top bar')).toBeInTheDocument();
    jest.mocked(console.error).mockRestore();
  });
});
