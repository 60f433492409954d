import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getOrder, getTpayDiagnostics, mockProcess } from '../../api/endpoints';
import {
  makeDiagnostics,
  makeOrder,
  problem,
  renderCommercePage,
} from '../../features/commerce/testing/commerce-fixtures';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { refreshTopBar } from '../../session/top-bar-store';
import type * as TopBarStore from '../../session/top-bar-store';
import MockPaymentPage from './index';

jest.mock('../../api/endpoints');
jest.mock('../../telemetry/telemetry', () => ({ track: jest.fn(), logClientError: jest.fn() }));
jest.mock('../../session/top-bar-store', () => ({
  ...jest.requireActual<typeof TopBarStore>('../../session/top-bar-store'),
  refreshTopBar: jest.fn(),
}));

const mocked = <T extends (...args: never[]) => unknown>(fn: T) => fn as unknown as jest.Mock;

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  jest.resetAllMocks();
  mocked(refreshTopBar).mockResolvedValue(undefined);
  await act(() => setLanguage('en'));
  mocked(getTpayDiagnostics).mockResolvedValue({ data: makeDiagnostics('mock') });
  mocked(getOrder).mockResolvedValue({ data: makeOrder() });
});

describe('MockPaymentPage (/payment/mock-process)', () => {
  it('shows the development banner, the order summary and the diagnostics', async () => {
    renderCommercePage(<MockPaymentPage />, '/payment/mock-process?orderId=order-1');
    expect(screen.getByRole('note')).toHaveTextContent('Development payment simulator');
    expect(await screen.findByText('300 credits', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Waiting for payment')).toBeInTheDocument();
    expect(screen.getByText('order-1')).toBeInTheDocument();
    expect(getOrder).toHaveBeenCalledWith('order-1', expect.anything());
    expect(await screen.findByText('Payment simulator (development)')).toBeInTheDocument();
  });

  it('Pay (mock success) settles the order and goes on to the success page', async () => {
    mocked(mockProcess).mockResolvedValue({ data: makeOrder({ status: 'paid' }) });
    renderCommercePage(<MockPaymentPage />, '/payment/mock-process?orderId=order-1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay (mock success)' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment/success?orderId=order-1'));
    expect(mockProcess).toHaveBeenCalledWith({ orderId: 'order-1', outcome: 'success' }, expect.any(String));
  });

  it('Fail payment (mock failure) shows a clear failure with the way back', async () => {
    mocked(mockProcess).mockResolvedValue({ data: makeOrder({ status: 'failed' }) });
    renderCommercePage(<MockPaymentPage />, '/payment/mock-process?orderId=order-1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Fail payment (mock failure)' }));
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failed — no credits were added.');
    expect(screen.getByRole('link', { name: 'Back to Buy credits' })).toHaveAttribute('href', '/buy-credits');
    expect(mockProcess).toHaveBeenCalledWith({ orderId: 'order-1', outcome: 'failure' }, expect.any(String));
    expect(screen.getByTestId('location')).toHaveTextContent('/payment/mock-process?orderId=order-1');
  });

  it('says so when the order id is missing, without asking anything', () => {
    renderCommercePage(<MockPaymentPage />, '/payment/mock-process');
    expect(screen.getByText('No order to pay')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Buy credits' })).toHaveAttribute('href', '/buy-credits');
    expect(getOrder).not.toHaveBeenCalled();
    expect(getTpayDiagnostics).not.toHaveBeenCalled();
  });

  it('says so when the order is unknown', async () => {
    mocked(getOrder).mockRejectedValue(problem('not_found', 404));
    renderCommercePage(<MockPaymentPage />, '/payment/mock-process?orderId=nope');
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay (mock success)' })).not.toBeInTheDocument();
  });

  it('shows an order that is already paid instead of the buttons', async () => {
    mocked(getOrder).mockResolvedValue({ data: makeOrder({ status: 'paid' }) });
    renderCommercePage(<MockPaymentPage />, '/payment/mock-process?orderId=order-1');
    expect(await screen.findByRole('heading', { name: 'This order is already paid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the payment result' })).toHaveAttribute(
      'href',
      '/payment/success?orderId=order-1',
    );
  });

  it('speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    renderCommercePage(<MockPaymentPage />, '/payment/mock-process?orderId=order-1');
    expect(await screen.findByRole('button', { name: 'Zapłać (symulowany sukces)' })).toBeInTheDocument();
    expect(screen.getByText('300 kredytów', { selector: 'dd' })).toBeInTheDocument();
  });
});
