import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/api-error';
import { unsubscribeFromEmails } from '../../api/endpoints';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { INITIAL_SESSION_STATE, useSession } from '../../session/session-store';
import { renderPage } from '../public-shared/render-page.testing';
import UnsubscribePage, { SIGN_IN_TO_SETTINGS } from './index';

jest.mock('../../api/endpoints', () => ({
  unsubscribeFromEmails: jest.fn(),
  getSession: jest.fn(() => new Promise(() => undefined)),
  logout: jest.fn(),
  getUserSummary: jest.fn(),
}));
jest.mock('../../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));

const unsubscribe = jest.mocked(unsubscribeFromEmails);

function refused(type: string) {
  return new ApiError({ reason: 'validation', status: 400, title: 'Invalid', message: 'Invalid link.', type });
}

function renderAt(search: string) {
  return renderPage(`/unsubscribe${search}`, '/unsubscribe', <UnsubscribePage />, [
    { path: '/login', element: <p>login page</p> },
  ]);
}

const stopButton = () => screen.getByRole('button', { name: 'Stop e-mails' });

beforeAll(() => initI18n('en'));
beforeEach(async () => {
  unsubscribe.mockReset();
  await act(() => setLanguage('en'));
  useSession.setState({ ...INITIAL_SESSION_STATE, status: 'unauthenticated' }, true);
});

describe('UnsubscribePage (/unsubscribe?token=…)', () => {
  it('explains and waits for the button: nothing is sent on load (mail scanners open links)', async () => {
    renderAt('?token=signed.token');
    expect(screen.getByRole('heading', { level: 1, name: 'Stop e-mails about your videos' })).toBeInTheDocument();
    expect(screen.getByText(/Press the button to stop these e-mails/)).toBeInTheDocument();
    expect(stopButton()).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(unsubscribe).not.toHaveBeenCalled();
    expect(document.title).toBe('Stop e-mails — Kadr');
  });

  it('the button sends the token; then says it is done, with the way to Settings', async () => {
    unsubscribe.mockResolvedValue({ data: { email: false } });
    const user = userEvent.setup();
    renderAt('?token=signed.token');
    await user.click(stopButton());
    expect(unsubscribe).toHaveBeenCalledWith('signed.token', expect.any(String));
    const done = await screen.findByTestId('unsubscribe-done');
    expect(done).toHaveTextContent('E-mails stopped');
    expect(screen.getByRole('heading', { level: 2, name: 'E-mails stopped' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Stop e-mails' })).not.toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: 'Sign in to manage your settings' });
    expect(signIn).toHaveAttribute('href', SIGN_IN_TO_SETTINGS);
    expect(SIGN_IN_TO_SETTINGS).toBe('/login?returnTo=%2Fsettings');
  });

  it.each(['/problems/validation', '/problems/unsubscribe-link-invalid'])(
    'a refused token (%s) says the link is invalid or expired',
    async (type) => {
      unsubscribe.mockRejectedValue(refused(type));
      const user = userEvent.setup();
      renderAt('?token=expired.token');
      await user.click(stopButton());
      expect(await screen.findByTestId('unsubscribe-invalid')).toHaveTextContent('This link is invalid or has expired');
      expect(screen.getByRole('heading', { level: 2, name: 'This link is invalid or has expired' })).toHaveFocus();
      expect(screen.queryByRole('button', { name: 'Stop e-mails' })).not.toBeInTheDocument();
    },
  );

  it('a link without a token says so at once, without a button and without a request', () => {
    renderAt('');
    expect(screen.getByTestId('unsubscribe-invalid')).toHaveTextContent('This link is invalid or has expired');
    expect(screen.queryByRole('button', { name: 'Stop e-mails' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to manage your settings' })).toBeInTheDocument();
    expect(unsubscribe).not.toHaveBeenCalled();
  });

  it('another failure keeps the button to try again, with the same Idempotency-Key', async () => {
    unsubscribe
      .mockRejectedValueOnce(new ApiError({ reason: 'service_unavailable', status: 503, title: 'x', message: 'x' }))
      .mockResolvedValueOnce({ data: { email: false } });
    const user = userEvent.setup();
    renderAt('?token=signed.token');
    await user.click(stopButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mails could not be stopped right now.');
    await user.click(stopButton());
    await screen.findByTestId('unsubscribe-done');
    expect(unsubscribe).toHaveBeenCalledTimes(2);
    expect(unsubscribe.mock.calls[1]).toEqual(unsubscribe.mock.calls[0]);
  });

  it('speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    renderAt('?token=signed.token');
    expect(screen.getByRole('heading', { level: 1, name: 'Wyłącz e-maile o Twoich filmach' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wyłącz e-maile' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Wyłącz e-maile — Kadr'));
  });
});
