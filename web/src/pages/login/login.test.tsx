import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { navigateFullPage } from '../../session/full-page-navigation';
import { INITIAL_SESSION_STATE, useSession } from '../../session/session-store';
import { renderPage } from '../public-shared/render-page.testing';
import LoginPage from './index';

// The full-page navigation is window.location.assign behind a seam (jsdom's Location cannot be stubbed).
jest.mock('../../session/full-page-navigation', () => ({ navigateFullPage: jest.fn() }));
jest.mock('../../api/endpoints', () => ({
  getSession: jest.fn(() => new Promise(() => undefined)),
  logout: jest.fn(),
  getUserSummary: jest.fn(),
  putUserLanguage: jest.fn(),
}));
jest.mock('../../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));

const navigate = jest.mocked(navigateFullPage);

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  navigate.mockClear();
  await act(() => setLanguage('en'));
  useSession.setState({ ...INITIAL_SESSION_STATE, status: 'unauthenticated' }, true);
});

function renderLogin(search = '') {
  return renderPage(`/login${search}`, '/login', <LoginPage />, [
    { path: '/dashboard', element: <p>dashboard page</p> },
    { path: '/gallery', element: <p>gallery page</p> },
  ]);
}

async function clickSignIn() {
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage sign-in', () => {
  it('shows a heading, an explanation and the Sign in button', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Kadr' })).toBeInTheDocument();
    expect(screen.getByText(/secure sign-in provider/)).toBeInTheDocument();
    const agreement = screen.getByText(/By signing in you accept/);
    expect(within(agreement).getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/regulamin');
    expect(within(agreement).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/polityka-prywatnosci',
    );
  });

  it('leaves the app for /auth/login with the dashboard when no returnTo is given', async () => {
    renderLogin();
    await clickSignIn();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/auth/login?returnTo=%2Fdashboard');
  });

  it('passes a same-origin path with its query on, encoded', async () => {
    renderLogin(`?returnTo=${encodeURIComponent('/gallery?page=2')}`);
    await clickSignIn();
    expect(navigate).toHaveBeenCalledWith(`/auth/login?returnTo=${encodeURIComponent('/gallery?page=2')}`);
  });

  it.each([
    ['protocol-relative', '//evil.example/steal'],
    ['backslash', '/\\evil.example'],
    ['absolute URL', 'https://evil.example/'],
    ['javascript URL', 'javascript:alert(1)'],
    ['relative path', 'dashboard'],
    ['control character', '/gallery\nSet-Cookie: x'],
    ['empty', ''],
  ])('replaces a %s returnTo with /dashboard', async (_name, returnTo) => {
    renderLogin(`?returnTo=${encodeURIComponent(returnTo)}`);
    await clickSignIn();
    expect(navigate).toHaveBeenCalledWith('/auth/login?returnTo=%2Fdashboard');
  });

  it('shows the button as busy while the browser leaves', async () => {
    renderLogin();
    await clickSignIn();
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Taking you to sign-in…')).toBeInTheDocument();
  });

  it('sends an already signed-in person on to returnTo without a click', async () => {
    useSession.setState({
      ...INITIAL_SESSION_STATE,
      status: 'authenticated',
      user: { id: 'u1', email: 'a@b.pl', name: 'A', roles: ['user'], permissions: [] },
    });
    renderLogin('?returnTo=%2Fgallery');
    expect(await screen.findByText('gallery page')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('LoginPage error codes', () => {
  it.each([
    ['access_denied', /Sign-in was cancelled/],
    ['provider_error', /sign-in provider reported an error/],
    ['provider_unavailable', /cannot be reached right now/],
    ['login_expired', /took too long and expired/],
    ['invalid_state', /started in another tab/],
    ['email_required', /has no e-mail address/],
    ['sign_in_failed', /^Sign-in failed\. Please try again\.$/],
    ['something_new', /Something went wrong while signing in/],
  ])('explains %s', (code, message) => {
    renderLogin(`?error=${code}`);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Sign-in did not finish');
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('shows no error without a code', () => {
    renderLogin('?returnTo=%2Fgallery');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stays on the page to explain a failure even when a session exists', () => {
    useSession.setState({
      ...INITIAL_SESSION_STATE,
      status: 'authenticated',
      user: { id: 'u1', email: 'a@b.pl', name: 'A', roles: ['user'], permissions: [] },
    });
    renderLogin('?error=login_expired');
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('explains in Polish when the interface is Polish', async () => {
    await act(() => setLanguage('pl'));
    renderLogin('?error=email_required');
    expect(screen.getByRole('heading', { level: 1, name: 'Zaloguj się do Kadr' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Logowanie nie zostało dokończone');
    expect(screen.getByText(/nie ma adresu e-mail/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(navigate).toHaveBeenCalledWith('/auth/login?returnTo=%2Fdashboard');
  });
});
