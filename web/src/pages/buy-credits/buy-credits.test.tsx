import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createOrder, getCredits, getPackages, getTpayDiagnostics, mockProcess } from '../../api/endpoints';
import { LAST_ORDER_STORAGE_KEY } from '../../features/commerce';
import {
  makeDiagnostics,
  makeOrder,
  PACKAGES,
  problem,
  renderCommercePage,
} from '../../features/commerce/testing/commerce-fixtures';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { navigateFullPage } from '../../session/full-page-navigation';
import { refreshTopBar, useTopBar } from '../../session/top-bar-store';
import type * as TopBarStore from '../../session/top-bar-store';
import BuyCreditsPage from './index';

jest.mock('../../api/endpoints');
jest.mock('../../session/full-page-navigation', () => ({ navigateFullPage: jest.fn() }));
jest.mock('../../telemetry/telemetry', () => ({ track: jest.fn(), logClientError: jest.fn() }));
jest.mock('../../session/top-bar-store', () => ({
  ...jest.requireActual<typeof TopBarStore>('../../session/top-bar-store'),
  refreshTopBar: jest.fn(() => Promise.resolve(undefined)),
}));

const mocked = <T extends (...args: never[]) => unknown>(fn: T) => fn as unknown as jest.Mock;

function created(paymentUrl: string, orderId = 'order-1') {
  return { data: { orderId, paymentUrl, status: 'pending' as const } };
}

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  jest.resetAllMocks();
  mocked(refreshTopBar).mockResolvedValue(undefined);
  sessionStorage.clear();
  await act(() => setLanguage('en'));
  useTopBar.setState({ credits: { balance: 50, currency: 'credits', heldCredits: 0 } });
  mocked(getPackages).mockResolvedValue({ data: PACKAGES });
  mocked(getTpayDiagnostics).mockResolvedValue({ data: makeDiagnostics('tpay') });
});

async function choose(name: RegExp) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('radio', { name }));
  return user;
}

describe('BuyCreditsPage (/buy-credits)', () => {
  it('shows the packages with PLN prices, the price per credit, "Credits never expire" and the balance', async () => {
    renderCommercePage(<BuyCreditsPage />, '/buy-credits');
    const group = await screen.findByRole('group', { name: 'Choose a package' });
    const card = within(group)
      .getByRole('radio', { name: /300 credits/ })
      .closest('label') as HTMLElement;
    expect(card).toHaveTextContent('PLN 49.00');
    expect(card).toHaveTextContent('PLN 0.163 per credit');
    expect(card).toHaveTextContent('Credits never expire');
    expect(
      within(group)
        .getByRole('radio', { name: /1,000 credits/ })
        .closest('label'),
    ).toHaveTextContent('Best value');
    expect(screen.getByTestId('commerce-balance')).toHaveTextContent('50 credits');
    expect(screen.getByText('Choose a package to see your order.')).toBeInTheDocument();
  });

  it('summarises the chosen package and sends the browser to the Tpay payment URL', async () => {
    mocked(createOrder).mockResolvedValue(created('https://secure.sandbox.tpay.com/?title=TR-1'));
    renderCommercePage(<BuyCreditsPage />, '/buy-credits');
    const user = await choose(/300 credits/);
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('300 credits');
    expect(summary).toHaveTextContent('TotalPLN 49.00');
    await user.click(within(summary).getByRole('button', { name: /Pay PLN\s49\.00/ }));

    await waitFor(() => expect(navigateFullPage).toHaveBeenCalledWith('https://secure.sandbox.tpay.com/?title=TR-1'));
    expect(createOrder).toHaveBeenCalledWith({ packageId: 'credits-300' }, expect.any(String));
    // Remembered for the success page (Tpay may return without ?orderId=), with the balance before.
    expect(JSON.parse(sessionStorage.getItem(LAST_ORDER_STORAGE_KEY) ?? '{}')).toMatchObject({
      orderId: 'order-1',
      balanceBefore: 50,
    });
    // A real payment URL: no diagnostics beyond the one read on load.
    expect(getTpayDiagnostics).toHaveBeenCalledTimes(1);
  });

  it('follows a mock payment URL inside the app and reads the diagnostics', async () => {
    mocked(createOrder).mockResolvedValue(created('http://127.0.0.1:8080/payment/mock-process?orderId=order-7'));
    renderCommercePage(<BuyCreditsPage />, '/buy-credits');
    const user = await choose(/100 credits/);
    await waitFor(() => expect(getTpayDiagnostics).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: /Pay PLN\s19\.00/ }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/payment/mock-process?orderId=order-7'),
    );
    expect(navigateFullPage).not.toHaveBeenCalled();
    await waitFor(() => expect(getTpayDiagnostics).toHaveBeenCalledTimes(2));
  });

  it('shows the diagnostics when the payment URL is empty', async () => {
    mocked(createOrder).mockResolvedValue(created(''));
    renderCommercePage(<BuyCreditsPage />, '/buy-credits');
    const user = await choose(/100 credits/);
    await user.click(screen.getByRole('button', { name: /Pay PLN\s19\.00/ }));

    expect(await screen.findByText(/The payment page is not available right now/)).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Payment diagnostics' });
    expect(await within(panel).findByText('Tpay')).toBeInTheDocument();
    expect(within(panel).getByText('Sandbox (test payments)')).toBeInTheDocument();
    expect(within(panel).getByText(/banking_unavailable/)).toBeInTheDocument();
    expect(getTpayDiagnostics).toHaveBeenCalledTimes(2);
    expect(navigateFullPage).not.toHaveBeenCalled();
  });

  it('shows the error and the diagnostics when create-order fails, and retries with the same key', async () => {
    mocked(createOrder).mockRejectedValue(problem('banking_unavailable', 503, 'Payments are unavailable right now.'));
    renderCommercePage(<BuyCreditsPage />, '/buy-credits');
    const user = await choose(/300 credits/);
    await user.click(screen.getByRole('button', { name: /Pay PLN\s49\.00/ }));

    expect(await screen.findByText('Payments are unavailable right now.')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Payment diagnostics' })).toBeInTheDocument();
    await waitFor(() => expect(getTpayDiagnostics).toHaveBeenCalledTimes(2));
    // The data cache's one mutation retry, with the same key.
    expect(createOrder).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(createOrder).toHaveBeenCalledTimes(4));
    mocked(createOrder).mockResolvedValue(created('https://secure.tpay.com/pay/1'));
    await user.click(await screen.findByRole('button', { name: /Pay PLN\s49\.00/ }));
    await waitFor(() => expect(navigateFullPage).toHaveBeenCalledWith('https://secure.tpay.com/pay/1'));

    const keys = jest.mocked(createOrder).mock.calls.map((call) => call[1]);
    expect(keys).toHaveLength(5);
    expect(new Set(keys).size).toBe(1);
  });

  it('uses a new key for another package, and after a refusal the server keeps', async () => {
    mocked(createOrder).mockImplementation((body: { packageId?: string }) =>
      Promise.reject(body.packageId === 'credits-100' ? problem('validation', 400) : problem('network_error', 0)),
    );
    renderCommercePage(<BuyCreditsPage />, '/buy-credits');
    const user = await choose(/300 credits/);
    await user.click(screen.getByRole('button', { name: /Pay PLN\s49\.00/ }));
    await screen.findByText('network_error happened');
    await user.click(screen.getByRole('radio', { name: /100 credits/ }));
    await user.click(screen.getByRole('button', { name: /Pay PLN\s19\.00/ }));
    await screen.findByText('validation happened');
    await user.click(screen.getByRole('button', { name: /Pay PLN\s19\.00/ }));
    await waitFor(() => expect(createOrder).toHaveBeenCalledTimes(4));

    // 300 (tried twice: one key), 100 (a kept refusal: not retried), 100 again (a new key).
    const keys = jest.mocked(createOrder).mock.calls.map((call) => call[1]);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).not.toBe(keys[2]);
  });

  describe('development payments (mock provider)', () => {
    beforeEach(() => {
      mocked(getTpayDiagnostics).mockResolvedValue({ data: makeDiagnostics('mock') });
    });

    it('are not offered with the Tpay provider', async () => {
      mocked(getTpayDiagnostics).mockResolvedValue({ data: makeDiagnostics('tpay') });
      renderCommercePage(<BuyCreditsPage />, '/buy-credits');
      await choose(/300 credits/);
      await waitFor(() => expect(getTpayDiagnostics).toHaveBeenCalled());
      expect(screen.queryByRole('button', { name: 'Simulate success' })).not.toBeInTheDocument();
    });

    it('Simulate success makes the order, settles it as success and shows the grown balance', async () => {
      mocked(createOrder).mockResolvedValue(created('http://localhost/payment/mock-process?orderId=order-1'));
      mocked(mockProcess).mockResolvedValue({
        data: makeOrder({ status: 'paid', paidAt: '2025-03-01T10:00:05.000Z' }),
      });
      mocked(getCredits)
        .mockResolvedValueOnce({ data: { balance: 50, currency: 'credits', heldCredits: 0 } })
        .mockResolvedValue({ data: { balance: 350, currency: 'credits', heldCredits: 0 } });
      renderCommercePage(<BuyCreditsPage />, '/buy-credits');
      const user = await choose(/300 credits/);
      await user.click(await screen.findByRole('button', { name: 'Simulate success' }));

      await waitFor(() =>
        expect(mockProcess).toHaveBeenCalledWith({ orderId: 'order-1', outcome: 'success' }, expect.any(String)),
      );
      expect(createOrder).toHaveBeenCalledWith({ packageId: 'credits-300' }, expect.any(String));
      expect(await screen.findByText('300 credits added.', {}, { timeout: 4_000 })).toBeInTheDocument();
      expect(screen.getByText('New balance: 350 credits')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent('/buy-credits');
      expect(navigateFullPage).not.toHaveBeenCalled();
    });

    it('Simulate failure settles the order as failure and says no credits were added', async () => {
      mocked(createOrder).mockResolvedValue(
        created('http://localhost/payment/mock-process?orderId=order-2', 'order-2'),
      );
      mocked(mockProcess).mockResolvedValue({ data: makeOrder({ id: 'order-2', status: 'failed' }) });
      renderCommercePage(<BuyCreditsPage />, '/buy-credits');
      const user = await choose(/100 credits/);
      await user.click(await screen.findByRole('button', { name: 'Simulate failure' }));

      expect(await screen.findByText('Payment failed — no credits were added.')).toBeInTheDocument();
      expect(mockProcess).toHaveBeenCalledWith({ orderId: 'order-2', outcome: 'failure' }, expect.any(String));
      expect(getCredits).not.toHaveBeenCalled();
    });

    it('a lost mock-process answer settles the same order on the next press', async () => {
      mocked(createOrder).mockResolvedValue(
        created('http://localhost/payment/mock-process?orderId=order-3', 'order-3'),
      );
      mocked(mockProcess).mockRejectedValue(problem('network_error', 0));
      renderCommercePage(<BuyCreditsPage />, '/buy-credits');
      const user = await choose(/100 credits/);
      await user.click(await screen.findByRole('button', { name: 'Simulate failure' }));
      await screen.findByText('network_error happened');
      mocked(mockProcess).mockResolvedValue({ data: makeOrder({ id: 'order-3', status: 'failed' }) });
      await user.click(screen.getByRole('button', { name: 'Simulate failure' }));
      await screen.findByText('Payment failed — no credits were added.');

      const [first, second] = jest.mocked(createOrder).mock.calls.map((call) => call[1]);
      expect(second).toBe(first);
    });
  });

  it('preselects ?package= and speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    renderCommercePage(<BuyCreditsPage />, '/buy-credits?package=credits-1000');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kup kredyty' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /1\s000 kredytów/ })).toBeChecked();
    expect(screen.getByRole('button', { name: /Zapłać 149,00\szł/ })).toBeInTheDocument();
  });

  it('offers Retry when the packages cannot be loaded', async () => {
    mocked(getPackages).mockRejectedValueOnce(problem('service_unavailable', 503, 'Try again shortly.'));
    renderCommercePage(<BuyCreditsPage />, '/buy-credits');
    expect(await screen.findByText('Packages could not be loaded')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radio', { name: /100 credits/ })).toBeInTheDocument();
  });
});
