import type { CreateOrderResponse, MockProcessRequest, Order, PlanId } from '@kadr/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { newIdempotencyKey } from '../../api/api-client';
import { createOrder, mockProcess, subscribe } from '../../api/endpoints';
import { MUTATION_MAX_RETRIES } from '../../config/constants';
import { navigateFullPage } from '../../session/full-page-navigation';
import { useTopBar } from '../../session/top-bar-store';
import { track } from '../../telemetry/telemetry';
import { rememberLastOrder } from './last-order';
import { paymentTargetOf } from './payment-url';
import { isCancelledError, isKeptRefusal, retryPurchase, usePurchaseKey } from './purchase-key';
import { usePaymentDiagnostics } from './use-payment-diagnostics';

/** What is bought: exactly one package or one plan (commerce's `CreateOrderRequest`). */
export type CheckoutProduct = { packageId: string } | { planId: PlanId };

/** Why a payment did not start: the order call failed, or it gave no usable payment URL. */
export type CheckoutFailure = { kind: 'error'; error: unknown } | { kind: 'noPaymentUrl' };

/** A development settlement's outcome: the settled order and the balance before it. */
export interface Settlement {
  order: Order;
  balanceBefore: number | null;
}

const fingerprintOf = (product: CheckoutProduct): string =>
  'packageId' in product ? `package:${product.packageId}` : `plan:${product.planId}`;

interface CreateVariables {
  product: CheckoutProduct;
  key: string;
}

/**
 * The checkout of a credit package or a plan (spec §2, §7):
 * `pay(product)` → create-order with one Idempotency-Key per logical purchase → the browser goes to
 * `data.paymentUrl` (the app's simulator page client-side, Tpay by a full page load). An empty or
 * mock URL, or a failed create-order, reads the payment diagnostics. `simulate(product, outcome)`
 * (mock provider only) makes the order and settles it at once through mock-process.
 */
export function useCheckout({ readDiagnosticsOnLoad = false }: { readDiagnosticsOnLoad?: boolean } = {}) {
  const navigate = useNavigate();
  const purchaseKey = usePurchaseKey();
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [settlement, setSettlement] = useState<Settlement | null>(null);

  const create = useMutation<CreateOrderResponse, unknown, CreateVariables>({
    mutationFn: ({ product, key }) =>
      'planId' in product ? subscribe(product.planId, key) : createOrder(product, key),
    retry: (count, error) => retryPurchase(count, error, MUTATION_MAX_RETRIES),
  });
  const settle = useMutation<Order, unknown, { body: MockProcessRequest; key: string }>({
    mutationFn: ({ body, key }) => mockProcess(body, key).then((answer) => answer.data),
    retry: (count, error) => retryPurchase(count, error, MUTATION_MAX_RETRIES),
  });

  const diagnostics = usePaymentDiagnostics({ readOnLoad: readDiagnosticsOnLoad });
  const refreshDiagnostics = diagnostics.refresh;

  /** create-order; on failure shows it with diagnostics and answers null. */
  const startOrder = useCallback(
    async (product: CheckoutProduct): Promise<{ answer: CreateOrderResponse; balanceBefore: number | null } | null> => {
      setFailure(null);
      setSettlement(null);
      const key = purchaseKey.keyFor(fingerprintOf(product));
      const balanceBefore = useTopBar.getState().credits?.balance ?? null;
      try {
        const answer = await create.mutateAsync({ product, key });
        rememberLastOrder({
          orderId: answer.data.orderId,
          kind: 'packageId' in product ? 'package' : 'plan',
          packageId: 'packageId' in product ? product.packageId : null,
          planId: 'planId' in product ? product.planId : null,
          balanceBefore,
        });
        return { answer, balanceBefore };
      } catch (error) {
        purchaseKey.forgetIfKept(key, error);
        if (!isCancelledError(error)) {
          setFailure({ kind: 'error', error });
          void refreshDiagnostics();
        }
        return null;
      }
    },
    [create, purchaseKey, refreshDiagnostics],
  );

  const pay = useCallback(
    async (product: CheckoutProduct): Promise<void> => {
      const started = await startOrder(product);
      if (!started) return;
      track('checkout_started', 'packageId' in product ? { packageId: product.packageId } : { planId: product.planId });
      const target = paymentTargetOf(started.answer.data.paymentUrl);
      // The order exists now: whatever happens next, another press is another purchase (the same
      // key would only replay this answer).
      purchaseKey.forget();
      switch (target.kind) {
        case 'none':
          setFailure({ kind: 'noPaymentUrl' });
          void refreshDiagnostics();
          return;
        case 'mock':
          // Read now (spec §7: a mock URL); the simulator page shows them from the cache.
          void refreshDiagnostics();
          void navigate(target.path);
          return;
        case 'internal':
          void navigate(target.path);
          return;
        case 'external':
          setRedirecting(true);
          navigateFullPage(target.url);
          return;
      }
    },
    [startOrder, purchaseKey, refreshDiagnostics, navigate],
  );

  const simulate = useCallback(
    async (product: CheckoutProduct, outcome: MockProcessRequest['outcome']): Promise<void> => {
      const started = await startOrder(product);
      if (!started) return;
      const orderId = started.answer.data.orderId;
      try {
        const order = await settle.mutateAsync({ body: { orderId, outcome }, key: newIdempotencyKey() });
        purchaseKey.forget();
        setSettlement({ order, balanceBefore: started.balanceBefore });
      } catch (error) {
        // A kept refusal (409: settled the other way meanwhile; 403: mock payments off) ends this
        // purchase; a lost answer keeps it, so the next press settles the same order.
        if (isKeptRefusal(error)) purchaseKey.forget();
        if (!isCancelledError(error)) {
          setFailure({ kind: 'error', error });
          void refreshDiagnostics();
        }
      }
    },
    [startOrder, settle, purchaseKey, refreshDiagnostics],
  );

  const dismiss = useCallback(() => {
    setFailure(null);
    setSettlement(null);
  }, []);

  return {
    pay,
    simulate,
    dismiss,
    failure,
    settlement,
    /** create-order or mock-process running, or the browser on its way to the provider. */
    busy: create.isPending || settle.isPending || redirecting,
    /** The browser is leaving for the payment provider. */
    redirecting,
    diagnostics,
  };
}
