import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '../i18n/i18n';
import { Toaster } from './Toaster';
import { clearToasts, toast } from './toast-store';

beforeAll(() => initI18n('en'));

describe('Toaster', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    clearToasts();
  });
  afterEach(() => {
    act(() => clearToasts());
    jest.useRealTimers();
  });

  it('announces errors assertively and the rest politely', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Payment failed');
      toast.success('Video queued');
    });
    const assertive = screen.getByTestId('toasts-assertive');
    const polite = screen.getByTestId('toasts-polite');
    expect(assertive).toHaveAttribute('aria-live', 'assertive');
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(within(assertive).getByText('Payment failed')).toBeInTheDocument();
    expect(within(polite).getByText('Video queued')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Messages' })).toBeInTheDocument();
  });

  it('has a dismiss button per toast, and removes the toast when its time is up', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Toaster />);
    act(() => {
      toast.info('First');
      toast.info('Second');
    });
    const [firstDismiss] = screen.getAllByRole('button', { name: 'Dismiss notification' });
    await user.click(firstDismiss!);
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(4_000));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });
});
