import { act, screen } from '@testing-library/react';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { INITIAL_SESSION_STATE, useSession } from '../../session/session-store';
import NotAuthorisedPage from '../not-authorised';
import NotFoundPage from '../not-found';
import { renderPage } from '../public-shared/render-page.testing';
import HomePage from './index';

jest.mock('../../api/endpoints', () => ({ getSession: jest.fn(), logout: jest.fn(), getUserSummary: jest.fn() }));
jest.mock('../../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));

const signedIn = () =>
  useSession.setState({
    ...INITIAL_SESSION_STATE,
    status: 'authenticated',
    user: { id: 'u1', email: 'ala@example.pl', name: 'Ala', roles: ['user'], permissions: [] },
  });

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  await act(() => setLanguage('en'));
  useSession.setState({ ...INITIAL_SESSION_STATE, status: 'unauthenticated' }, true);
});

describe('HomePage (/public)', () => {
  it('greets a signed-in person and links to their places', () => {
    signedIn();
    renderPage('/public', '/public', <HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Ala' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Generate a video/ })).toHaveAttribute('href', '/generate');
    expect(screen.getByRole('link', { name: /Dashboard/ })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: /My videos/ })).toHaveAttribute('href', '/gallery');
  });

  it('offers a visitor the sign-in and the public pages', () => {
    renderPage('/public', '/public', <HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Kadr' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?returnTo=%2Fdashboard');
    expect(screen.getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('href', '/polityka-prywatnosci');
    expect(screen.queryByRole('link', { name: /Generate a video/ })).not.toBeInTheDocument();
  });

  it('speaks Polish in Polish', async () => {
    await act(() => setLanguage('pl'));
    renderPage('/public', '/public', <HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Witaj w Kadr' })).toBeInTheDocument();
  });
});

describe('NotAuthorisedPage (/403)', () => {
  it('explains the refusal and links home', () => {
    signedIn();
    renderPage('/403', '/403', <NotAuthorisedPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'You don’t have access to this page' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as ala@example.pl.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/dashboard');
  });

  it('offers Go back when there is somewhere to go back to', async () => {
    signedIn();
    const { router } = renderPage('/dashboard', '/403', <NotAuthorisedPage />, [
      { path: '/dashboard', element: <p>dashboard</p> },
    ]);
    await act(() => router.navigate('/403'));
    // eslint-disable-next-line @typescript-eslint/require-await -- async act: React also flushes the navigation the click starts
    await act(async () => {
      screen.getByRole('button', { name: 'Go back' }).click();
    });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('NotFoundPage (*)', () => {
  it('says Not found, names the address and links home', () => {
    renderPage('/no/such/page', '*', <NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByText(/\/no\/such\/page/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/public');
    expect(screen.queryByRole('button', { name: 'Go back' })).not.toBeInTheDocument();
  });

  it('says it in Polish too', async () => {
    await act(() => setLanguage('pl'));
    renderPage('/nope', '*', <NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Nie znaleziono' })).toBeInTheDocument();
  });
});
