import { act, screen } from '@testing-library/react';
import { getCredits, getOrder, getSubscription } from '../../api/endpoints';
import { LAST_ORDER_STORAGE_KEY } from '../../features/commerce';
import {
  makeOrder,
  makeSubscription,
  problem,
  renderCommercePage,
} from '../../features/commerce/testing/commerce-fixtures';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { refreshTopBar, useTopBar } from '../../session/top-bar-store';
import type * as TopBarStore from '../../session/top-bar-store';
import PaymentFailurePage from '../payment-failure';
import PaymentSuccessPage from './index';

jest.mock('../../api/endpoints');
jest.mock('../../telemetry/telemetry', () => ({ track: jest.fn(), logClientError: jest.fn() }));
jest.mock('../../session/top-bar-store', () => ({
  ...jest.requireActual<typeof TopBarStore>('../../session/top-bar-store'),
  refreshTopBar: jest.fn(),
}));

const mocked = <T extends (...args: never[]) => unknown>(fn: T) => fn as unknown as jest.Mock;
const credits = (balance: number) => ({ data: { balance, currency: 'credits', heldCredits: 0 } });

function remember(orderId: string, balanceBefore: number | null, kind: 'package' | 'plan' = 'package') {
  sessionStorage.setItem(
    LAST_ORDER_STORAGE_KEY,
    JSON.stringify({
      orderId,
      kind,
      packageId: kind === 'package' ? 'credits-300' : null,
      planId: null,
      balanceBefore,
    }),
  );
}

/**
 * Lets the 2 s polls run (fake timers). The extra 1 ms rounds, each its own act() so React renders
 * in between, let an answer travel on: the data cache batches its notifications in a 0 ms timeout,
 * and a render can start the next query (the order paid → the balance is read).
 */
async function advance(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms));
  for (let round = 0; round < 4; round += 1) await act(() => jest.advanceTimersByTimeAsync(1));
}

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  jest.resetAllMocks();
  jest.useFakeTimers();
  sessionStorage.clear();
  mocked(refreshTopBar).mockResolvedValue(undefined);
  useTopBar.setState({ credits: { balance: 50, currency: 'credits', heldCredits: 0 } });
  await act(() => setLanguage('en'));
});

afterEach(() => {
  jest.useRealTimers();
});

describe('PaymentSuccessPage (/payment/success)', () => {
  it('polls the order every 2 s until it is paid, then waits for the grant and shows the new balance', async () => {
    remember('order-1', 50);
    mocked(getOrder)
      .mockResolvedValueOnce({ data: makeOrder() })
      .mockResolvedValueOnce({ data: makeOrder() })
      .mockResolvedValue({ data: makeOrder({ status: 'paid' }) });
    mocked(getCredits).mockResolvedValueOnce(credits(50)).mockResolvedValue(credits(350));

    renderCommercePage(<PaymentSuccessPage />, '/payment/success?orderId=order-1');
    await advance(0);
    expect(screen.getByText(/Waiting for the payment provider to confirm/)).toBeInTheDocument();
    expect(getOrder).toHaveBeenCalledTimes(1);

    await advance(2_000);
    expect(getOrder).toHaveBeenCalledTimes(2);
    await advance(2_000);
    expect(getOrder).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('Payment confirmed. Adding your credits…')).toBeInTheDocument();

    await advance(2_000);
    expect(screen.getByText('300 credits added.')).toBeInTheDocument();
    expect(screen.getByText('New balance: 350 credits')).toBeInTheDocument();
    expect(refreshTopBar).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Generate a video' })).toHaveAttribute('href', '/generate');
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');

    // Settled: no more polling.
    await advance(10_000);
    expect(getOrder).toHaveBeenCalledTimes(3);
  });

  it('takes the balance from the live top bar when the grant arrives there first', async () => {
    remember('order-1', 50);
    mocked(getOrder).mockResolvedValue({ data: makeOrder({ status: 'paid' }) });
    mocked(getCredits).mockResolvedValue(credits(50));
    renderCommercePage(<PaymentSuccessPage />, '/payment/success?orderId=order-1');
    await advance(0);
    expect(screen.getByText('Payment confirmed. Adding your credits…')).toBeInTheDocument();
    act(() => useTopBar.setState({ credits: { balance: 350, currency: 'credits', heldCredits: 0 } }));
    expect(screen.getByText('New balance: 350 credits')).toBeInTheDocument();
  });

  it('falls back to the order this tab created last when the provider returns without an id', async () => {
    remember('order-9', 50);
    mocked(getOrder).mockResolvedValue({ data: makeOrder({ id: 'order-9', status: 'paid' }) });
    mocked(getCredits).mockResolvedValue(credits(350));
    renderCommercePage(<PaymentSuccessPage />, '/payment/success');
    await advance(0);
    expect(getOrder).toHaveBeenCalledWith('order-9', expect.anything());
    expect(screen.getByText('New balance: 350 credits')).toBeInTheDocument();
  });

  it('stops after 60 s of pending and offers to check again', async () => {
    mocked(getOrder).mockResolvedValue({ data: makeOrder() });
    renderCommercePage(<PaymentSuccessPage />, '/payment/success?orderId=order-1');
    await advance(60_000);
    expect(screen.getByText('Still waiting for the confirmation')).toBeInTheDocument();
    const calls = mocked(getOrder).mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(29);
    expect(calls).toBeLessThanOrEqual(31);
    await advance(10_000);
    expect(getOrder).toHaveBeenCalledTimes(calls);

    mocked(getOrder).mockResolvedValue({ data: makeOrder({ status: 'failed' }) });
    act(() => screen.getByRole('button', { name: 'Check again' }).click());
    await advance(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeInTheDocument();
  });

  it('says clearly when the payment failed, with a way to try again', async () => {
    mocked(getOrder).mockResolvedValue({ data: makeOrder({ status: 'failed' }) });
    renderCommercePage(<PaymentSuccessPage />, '/payment/success?orderId=order-1');
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failed — no credits were added.');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/buy-credits');
    expect(getCredits).not.toHaveBeenCalled();
  });

  it('waits for a paid plan to show in the subscription', async () => {
    remember('order-2', 50, 'plan');
    mocked(getOrder).mockResolvedValue({
      data: makeOrder({ id: 'order-2', kind: 'plan', packageId: null, planId: 'pro', credits: 0, status: 'paid' }),
    });
    mocked(getSubscription)
      .mockResolvedValueOnce({ data: makeSubscription() })
      .mockResolvedValue({
        data: makeSubscription({
          plan: 'pro',
          status: 'active',
          tier: 'PRO',
          allowance: { limit: 500, used: 0, periodEnd: '2025-04-01T10:00:00.000Z' },
        }),
      });
    renderCommercePage(<PaymentSuccessPage />, '/payment/success?orderId=order-2');
    await advance(0);
    expect(screen.getByText('Payment confirmed. Activating your Pro plan…')).toBeInTheDocument();
    await advance(2_000);
    expect(screen.getByText('Your Pro plan is active.')).toBeInTheDocument();
    expect(screen.getByText('The current period ends on 1 April 2025.')).toBeInTheDocument();
  });

  it('explains when there is no order to show', () => {
    renderCommercePage(<PaymentSuccessPage />, '/payment/success');
    expect(screen.getByText('No payment to show')).toBeInTheDocument();
    expect(getOrder).not.toHaveBeenCalled();
  });

  it('explains an unknown order', async () => {
    mocked(getOrder).mockRejectedValue(problem('not_found', 404));
    renderCommercePage(<PaymentSuccessPage />, '/payment/success?orderId=nope');
    await advance(0);
    expect(screen.getByText('Order not found')).toBeInTheDocument();
    await advance(10_000);
    expect(getOrder).toHaveBeenCalledTimes(1);
  });
});

describe('PaymentFailurePage (/payment/failure)', () => {
  it('says nothing was charged and offers to try again', async () => {
    mocked(getOrder).mockResolvedValue({ data: makeOrder() });
    renderCommercePage(<PaymentFailurePage />, '/payment/failure?orderId=order-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No money was taken');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/buy-credits');
    await advance(0);
    expect(screen.getByText('order-1')).toBeInTheDocument();
  });

  it('sends a plan order back to the plans', async () => {
    mocked(getOrder).mockResolvedValue({
      data: makeOrder({ kind: 'plan', packageId: null, planId: 'starter', credits: 0, status: 'failed' }),
    });
    renderCommercePage(<PaymentFailurePage />, '/payment/failure?orderId=order-1');
    await advance(0);
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/subscription');
  });

  it('says so when the order was paid after all', async () => {
    mocked(getOrder).mockResolvedValue({ data: makeOrder({ status: 'paid' }) });
    renderCommercePage(<PaymentFailurePage />, '/payment/failure?orderId=order-1');
    await advance(0);
    expect(screen.getByRole('link', { name: 'See the payment result' })).toHaveAttribute(
      'href',
      '/payment/success?orderId=order-1',
    );
  });

  it('works without an order id, in Polish too', async () => {
    await act(() => setLanguage('pl'));
    renderCommercePage(<PaymentFailurePage />, '/payment/failure');
    expect(screen.getByRole('heading', { level: 1, name: 'Płatność nie została zrealizowana' })).toBeInTheDocument();
    expect(getOrder).not.toHaveBeenCalled();
  });
});
