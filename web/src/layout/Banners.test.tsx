import { act, render, screen } from '@testing-library/react';
import { initI18n } from '../i18n/i18n';
import type * as I18n from '../i18n/i18n';
import { Banners } from './Banners';
import { networkStatusMock } from './shell-mocks.testing';
import type * as ShellMocks from './shell-mocks.testing';

jest.mock(
  '../api/network-status',
  () => jest.requireActual<typeof ShellMocks>('./shell-mocks.testing').networkStatusMock,
);

const { useNetworkStatus } = networkStatusMock;

beforeAll(() => initI18n('en'));

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2030-01-01T12:00:00Z'));
  useNetworkStatus.setState({ online: true, rateLimitedUntil: null });
});
afterEach(() => jest.useRealTimers());

describe('Banners', () => {
  it('shows nothing when online and not rate limited', () => {
    const { container } = render(<Banners />);
    expect(container.querySelector('.banner')).toBeNull();
  });

  it('shows the purple offline banner as a status while offline', () => {
    render(<Banners />);
    act(() => useNetworkStatus.setState({ online: false }));
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('You are offline. Some actions are queued until connection is restored.');
    expect(banner).toHaveClass('banner--offline');
    act(() => useNetworkStatus.setState({ online: true }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('counts the rate-limit wait down each second, then goes', () => {
    useNetworkStatus.setState({ rateLimitedUntil: Date.now() + 3_000 });
    render(<Banners />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveClass('banner--rate-limit');
    const countdown = screen.getByTestId('rate-limit-countdown');
    expect(countdown).toHaveTextContent('You are rate limited. Retrying in 3s.');

    act(() => jest.advanceTimersByTime(1_000));
    expect(countdown).toHaveTextContent('Retrying in 2s.');
    act(() => jest.advanceTimersByTime(1_000));
    expect(countdown).toHaveTextContent('Retrying in 1s.');
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces the rate limit once (the ticking count is hidden from screen readers)', () => {
    useNetworkStatus.setState({ rateLimitedUntil: Date.now() + 5_000 });
    render(<Banners />);
    act(() => jest.advanceTimersByTime(2_000));
    const alert = screen.getByRole('alert');
    expect(screen.getByTestId('rate-limit-countdown')).toHaveAttribute('aria-hidden', 'true');
    expect(alert.querySelector('.visually-hidden')).toHaveTextContent('You are rate limited. Retrying in 5s.');
  });

  it('restarts for a new rate limit, and shows both banners together', () => {
    render(<Banners />);
    act(() => useNetworkStatus.setState({ online: false, rateLimitedUntil: Date.now() + 2_000 }));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.getByTestId('rate-limit-countdown')).toHaveTextContent('Retrying in 2s.');
    act(() => useNetworkStatus.setState({ rateLimitedUntil: Date.now() + 10_000 }));
    expect(screen.getByTestId('rate-limit-countdown')).toHaveTextContent('Retrying in 10s.');
  });

  it('is in Polish when the app is', async () => {
    const { setLanguage } = jest.requireActual<typeof I18n>('../i18n/i18n');
    await act(() => setLanguage('pl'));
    useNetworkStatus.setState({ online: false, rateLimitedUntil: Date.now() + 4_000 });
    render(<Banners />);
    expect(screen.getByRole('status')).toHaveTextContent('Jesteś offline.');
    expect(screen.getByTestId('rate-limit-countdown')).toHaveTextContent(
      'Przekroczono limit żądań. Ponowna próba za 4 s.',
    );
    await act(() => setLanguage('en'));
  });
});
