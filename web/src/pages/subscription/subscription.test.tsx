import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cancelSubscription, getPlans, getSubscription, getTpayDiagnostics, subscribe } from '../../api/endpoints';
import {
  makeDiagnostics,
  makeSubscription,
  PLANS,
  problem,
  renderCommercePage,
} from '../../features/commerce/testing/commerce-fixtures';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { useToasts } from '../../notifications';
import { navigateFullPage } from '../../session/full-page-navigation';
import { refreshTopBar } from '../../session/top-bar-store';
import type * as TopBarStore from '../../session/top-bar-store';
import SubscriptionPage from './index';

jest.mock('../../api/endpoints');
jest.mock('../../session/full-page-navigation', () => ({ navigateFullPage: jest.fn() }));
jest.mock('../../telemetry/telemetry', () => ({ track: jest.fn(), logClientError: jest.fn() }));
jest.mock('../../session/top-bar-store', () => ({
  ...jest.requireActual<typeof TopBarStore>('../../session/top-bar-store'),
  refreshTopBar: jest.fn(),
}));

const mocked = <T extends (...args: never[]) => unknown>(fn: T) => fn as unknown as jest.Mock;

const PRO_ACTIVE = makeSubscription({
  plan: 'pro',
  status: 'active',
  tier: 'PRO',
  maxResolution: '1080p',
  periodStart: '2025-03-01T10:00:00.000Z',
  allowance: { limit: 500, used: 120, periodEnd: '2025-04-01T10:00:00.000Z' },
});

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  jest.resetAllMocks();
  useToasts.setState({ toasts: [] });
  mocked(refreshTopBar).mockResolvedValue(undefined);
  await act(() => setLanguage('en'));
  mocked(getPlans).mockResolvedValue({ data: PLANS });
  mocked(getSubscription).mockResolvedValue({ data: makeSubscription() });
  mocked(getTpayDiagnostics).mockResolvedValue({ data: makeDiagnostics('tpay') });
});

const planCard = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

describe('SubscriptionPage (/subscription)', () => {
  it('shows Starter, Pro and Enterprise with their quotas, prices and Contact us', async () => {
    renderCommercePage(<SubscriptionPage />, '/subscription');
    expect(await screen.findByText('No plan — you are on FREE')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Starter' })).toBeInTheDocument();
    expect(planCard('Starter')).toHaveTextContent('50 generations per month');
    expect(planCard('Starter')).toHaveTextContent('Videos up to 720p');
    expect(planCard('Starter')).toHaveTextContent('PLN 29.00 per month');
    expect(planCard('Pro')).toHaveTextContent('500 generations per month');
    expect(planCard('Pro')).toHaveTextContent('Videos up to 1080p');
    expect(planCard('Enterprise')).toHaveTextContent('Unlimited generations');
    expect(planCard('Enterprise')).toHaveTextContent('Videos up to 4K');
    expect(planCard('Enterprise')).toHaveTextContent('Custom pricing');
    expect(within(planCard('Enterprise')).getByRole('link', { name: 'Contact us about Enterprise' })).toHaveAttribute(
      'href',
      '/regulamin#contact',
    );
  });

  it('marks the current plan and shows the allowance and the period end', async () => {
    mocked(getSubscription).mockResolvedValue({ data: PRO_ACTIVE });
    renderCommercePage(<SubscriptionPage />, '/subscription');
    expect(await screen.findByText('Pro plan')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('120 of 500 generations used this period')).toBeInTheDocument();
    expect(screen.getByText('The current period ends on 1 April 2025.')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 3, name: 'Pro' });
    expect(planCard('Pro')).toHaveAttribute('aria-current', 'true');
    expect(within(planCard('Pro')).getByText('Current plan')).toBeInTheDocument();
    expect(within(planCard('Pro')).getByRole('button', { name: 'Extend by one month' })).toBeEnabled();
    expect(planCard('Starter')).not.toHaveAttribute('aria-current');
    // Another plan cannot start while Pro runs.
    expect(within(planCard('Starter')).getByRole('button', { name: 'Subscribe to Starter' })).toBeDisabled();
    expect(planCard('Starter')).toHaveTextContent('Available after your Pro plan ends on 1 April 2025.');
  });

  it('cancels at period end only after confirmation, then shows "active until"', async () => {
    mocked(getSubscription).mockResolvedValue({ data: PRO_ACTIVE });
    mocked(cancelSubscription).mockResolvedValue({
      data: { ...PRO_ACTIVE, status: 'cancelled', cancelAtPeriodEnd: true },
    });
    renderCommercePage(<SubscriptionPage />, '/subscription');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel at period end' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your Pro plan?' });
    expect(dialog).toHaveTextContent('Your plan stays active until 1 April 2025');
    expect(cancelSubscription).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Keep plan' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(cancelSubscription).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel plan' }));
    await waitFor(() => expect(cancelSubscription).toHaveBeenCalledWith(expect.any(String)));
    expect(await screen.findByTestId('sub-active-until')).toHaveTextContent('Active until 1 April 2025');
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel at period end' })).not.toBeInTheDocument();
    expect(useToasts.getState().toasts[0]?.message).toBe(
      'Your Pro plan is cancelled. It stays active until 1 April 2025.',
    );
  });

  it('keeps the dialog open with the same key when the cancel answer is lost', async () => {
    mocked(getSubscription).mockResolvedValue({ data: PRO_ACTIVE });
    mocked(cancelSubscription).mockRejectedValue(problem('network_error', 0, 'Please check your connection.'));
    renderCommercePage(<SubscriptionPage />, '/subscription');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    await waitFor(() => expect(useToasts.getState().toasts[0]?.message).toBe('Please check your connection.'));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    mocked(cancelSubscription).mockResolvedValue({
      data: { ...PRO_ACTIVE, status: 'cancelled', cancelAtPeriodEnd: true },
    });
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel plan' }));
    await screen.findByTestId('sub-active-until');
    const keys = jest.mocked(cancelSubscription).mock.calls.map((call) => call[0]);
    expect(new Set(keys).size).toBe(1);
  });

  it('Subscribe orders the plan and sends the browser to the payment URL', async () => {
    mocked(subscribe).mockResolvedValue({
      data: { orderId: 'order-5', paymentUrl: 'https://secure.tpay.com/pay/5', status: 'pending' },
    });
    renderCommercePage(<SubscriptionPage />, '/subscription');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Pro' }));
    await waitFor(() => expect(navigateFullPage).toHaveBeenCalledWith('https://secure.tpay.com/pay/5'));
    expect(subscribe).toHaveBeenCalledWith('pro', expect.any(String));
  });

  it('Subscribe follows a mock payment URL to the simulator and reads the diagnostics', async () => {
    mocked(subscribe).mockResolvedValue({
      data: {
        orderId: 'order-6',
        paymentUrl: 'http://localhost/payment/mock-process?orderId=order-6',
        status: 'pending',
      },
    });
    renderCommercePage(<SubscriptionPage />, '/subscription');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Subscribe to Starter' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/payment/mock-process?orderId=order-6'),
    );
    expect(getTpayDiagnostics).toHaveBeenCalledTimes(1);
  });

  it('explains a 409 while another plan runs', async () => {
    mocked(subscribe).mockRejectedValue(problem('conflict', 409));
    renderCommercePage(<SubscriptionPage />, '/subscription');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Subscribe to Pro' }));
    expect(
      await screen.findByText('Another plan is still running. A different plan can start once it has ended.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    // The plan is read again to show which one runs.
    await waitFor(() => expect(getSubscription).toHaveBeenCalledTimes(2));
    expect(subscribe).toHaveBeenCalledTimes(1);
  });

  it('shows an error with Retry when the plans cannot be loaded, and speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    mocked(getPlans).mockRejectedValueOnce(problem('service_unavailable', 503, 'Spróbuj ponownie.'));
    renderCommercePage(<SubscriptionPage />, '/subscription');
    expect(await screen.findByText('Nie udało się wczytać planów')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Starter' })).toBeInTheDocument();
    expect(planCard('Starter')).toHaveTextContent('50 generowań miesięcznie');
  });
});
