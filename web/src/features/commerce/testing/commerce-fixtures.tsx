/**
 * Test kit of the commerce screens' component tests (never imported by app code): answers shaped
 * like `@kadr/contracts`, and a render with a fresh data cache and an in-memory router whose
 * current address the test can read (`screen.getByTestId('location')`).
 */
import type { CreditPackage, Order, Plan, SubscriptionDetails, TpayDiagnostics } from '@kadr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { ApiError } from '../../../api/api-error';
import type { ProblemReason } from '../../../api/problem-catalogue';

export const PACKAGES: CreditPackage[] = [
  { id: 'credits-100', name: '100 credits', credits: 100, price: { amountMinor: 1_900, currency: 'PLN' } },
  { id: 'credits-300', name: '300 credits', credits: 300, price: { amountMinor: 4_900, currency: 'PLN' } },
  { id: 'credits-1000', name: '1000 credits', credits: 1_000, price: { amountMinor: 14_900, currency: 'PLN' } },
];

export const PLANS: Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    tier: 'PRO',
    monthlyGenerations: 50,
    maxResolution: '720p',
    price: { amountMinor: 2_900, currency: 'PLN' },
    purchasable: true,
  },
  {
    id: 'pro',
    name: 'Pro',
    tier: 'PRO',
    monthlyGenerations: 500,
    maxResolution: '1080p',
    price: { amountMinor: 9_900, currency: 'PLN' },
    purchasable: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    tier: 'ENTERPRISE',
    monthlyGenerations: null,
    maxResolution: '2160p',
    price: null,
    purchasable: false,
  },
];

export function makeOrder(patch: Partial<Order> = {}): Order {
  return {
    id: 'order-1',
    status: 'pending',
    kind: 'package',
    packageId: 'credits-300',
    planId: null,
    credits: 300,
    price: { amountMinor: 4_900, currency: 'PLN' },
    provider: 'mock',
    paymentUrl: 'http://localhost/payment/mock-process?orderId=order-1',
    createdAt: '2025-03-01T10:00:00.000Z',
    paidAt: null,
    ...patch,
  };
}

export function makeDiagnostics(provider: TpayDiagnostics['provider'] = 'mock'): TpayDiagnostics {
  return {
    provider,
    tpay:
      provider === 'tpay'
        ? {
            configured: true,
            environment: 'sandbox',
            tokenObtainable: false,
            lastError: { reason: 'banking_unavailable', at: '2025-03-01T10:00:00.000Z' },
          }
        : { configured: false, environment: null, tokenObtainable: null, lastError: null },
  };
}

export function makeSubscription(patch: Partial<SubscriptionDetails> = {}): SubscriptionDetails {
  return {
    plan: null,
    status: 'none',
    allowance: null,
    maxResolution: '720p',
    tier: 'FREE',
    periodStart: null,
    cancelAtPeriodEnd: false,
    ...patch,
  };
}

export function problem(reason: ProblemReason, status: number, message = `${reason} happened`): ApiError {
  return new ApiError({ reason, status, title: reason, message, correlationId: `corr-${reason}` });
}

/** Shows the router's current path and query, for assertions on navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderCommercePage(page: ReactElement, url: string) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity, retryDelay: 0 },
      mutations: { retry: false, retryDelay: 0 },
    },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        {page}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
