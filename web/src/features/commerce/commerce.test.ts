import { ApiError } from '../../api/api-error';
import type { ProblemReason } from '../../api/problem-catalogue';
import { LAST_ORDER_STORAGE_KEY, readLastOrder, rememberLastOrder } from './last-order';
import { isFinalOrderStatus, isUnsuccessfulOrderStatus } from './order-status';
import { isMockPaymentUrl, paymentTargetOf } from './payment-url';
import { isKeptRefusal } from './purchase-key';

const ORIGIN = 'https://kadr.example';

describe('paymentTargetOf', () => {
  it('treats an empty, blank, unparsable or non-http URL as no payment page', () => {
    for (const url of ['', '   ', null, undefined, 'javascript:alert(1)', 'data:text/html,hi', 'http://[::1']) {
      expect(paymentTargetOf(url, ORIGIN)).toEqual({ kind: 'none' });
    }
  });

  it('follows the simulator page inside the app, whatever origin the server put on it', () => {
    expect(paymentTargetOf('https://kadr.example/payment/mock-process?orderId=o-1', ORIGIN)).toEqual({
      kind: 'mock',
      path: '/payment/mock-process?orderId=o-1',
    });
    expect(paymentTargetOf('http://127.0.0.1:8080/payment/mock-process?orderId=o-2', ORIGIN)).toEqual({
      kind: 'mock',
      path: '/payment/mock-process?orderId=o-2',
    });
    expect(paymentTargetOf('/payment/mock-process?orderId=o-3', ORIGIN)).toEqual({
      kind: 'mock',
      path: '/payment/mock-process?orderId=o-3',
    });
    expect(isMockPaymentUrl('/payment/mock-process?orderId=o-3')).toBe(true);
    expect(isMockPaymentUrl('https://secure.tpay.com/')).toBe(false);
  });

  it('keeps other same-origin pages in the app and sends the rest to the provider', () => {
    expect(paymentTargetOf('https://kadr.example/payment/success?orderId=o', ORIGIN)).toEqual({
      kind: 'internal',
      path: '/payment/success?orderId=o',
    });
    expect(paymentTargetOf('https://secure.sandbox.tpay.com/?title=TR-1', ORIGIN)).toEqual({
      kind: 'external',
      url: 'https://secure.sandbox.tpay.com/?title=TR-1',
    });
  });
});

describe('last order (sessionStorage)', () => {
  beforeEach(() => sessionStorage.clear());

  it('remembers and reads the last order', () => {
    rememberLastOrder({ orderId: 'o-1', kind: 'plan', packageId: null, planId: 'pro', balanceBefore: 12 });
    expect(readLastOrder()).toEqual({
      orderId: 'o-1',
      kind: 'plan',
      packageId: null,
      planId: 'pro',
      balanceBefore: 12,
    });
  });

  it('ignores what is missing or malformed', () => {
    expect(readLastOrder()).toBeNull();
    sessionStorage.setItem(LAST_ORDER_STORAGE_KEY, '{oops');
    expect(readLastOrder()).toBeNull();
    sessionStorage.setItem(LAST_ORDER_STORAGE_KEY, JSON.stringify({ orderId: '' }));
    expect(readLastOrder()).toBeNull();
    sessionStorage.setItem(
      LAST_ORDER_STORAGE_KEY,
      JSON.stringify({ orderId: 'o-2', kind: 'weird', planId: 'gold', balanceBefore: 'lots' }),
    );
    expect(readLastOrder()).toEqual({
      orderId: 'o-2',
      kind: 'package',
      packageId: null,
      planId: null,
      balanceBefore: null,
    });
  });
});

describe('isKeptRefusal (the gateway keeps 4xx answers under the Idempotency-Key)', () => {
  const error = (reason: ProblemReason, status: number) =>
    new ApiError({ reason, status, title: reason, message: reason });

  it('is true for refusals a retry with the same key would only replay', () => {
    expect(isKeptRefusal(error('validation', 400))).toBe(true);
    expect(isKeptRefusal(error('forbidden', 403))).toBe(true);
    expect(isKeptRefusal(error('not_found', 404))).toBe(true);
    expect(isKeptRefusal(error('conflict', 409))).toBe(true);
    expect(isKeptRefusal(error('idempotency_key_reuse', 422))).toBe(true);
  });

  it('is false when no answer was kept', () => {
    expect(isKeptRefusal(error('network_error', 0))).toBe(false);
    expect(isKeptRefusal(error('timeout', 408))).toBe(false);
    expect(isKeptRefusal(error('rate_limited', 429))).toBe(false);
    expect(isKeptRefusal(error('banking_unavailable', 503))).toBe(false);
    expect(isKeptRefusal(new Error('boom'))).toBe(false);
  });
});

describe('order statuses', () => {
  it('knows which are final and which mean nothing was bought', () => {
    expect(isFinalOrderStatus('pending')).toBe(false);
    expect(isFinalOrderStatus(undefined)).toBe(false);
    expect(['paid', 'failed', 'cancelled', 'expired'].every((s) => isFinalOrderStatus(s as never))).toBe(true);
    expect(isUnsuccessfulOrderStatus('paid')).toBe(false);
    expect(isUnsuccessfulOrderStatus('expired')).toBe(true);
  });
});
