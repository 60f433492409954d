/** Commerce pieces shared by buy credits, subscription and the payment pages. Styles: ./commerce.css (imported here once). */
import './commerce.css';

export { BalanceCard } from './BalanceCard';
export { CheckoutFailureNotice, type CheckoutFailureNoticeProps } from './CheckoutFailureNotice';
export { commerceKeys } from './commerce-query-keys';
export { readLastOrder, rememberLastOrder, LAST_ORDER_STORAGE_KEY, type LastOrder } from './last-order';
export { commerceMessages } from './messages';
export { OrderDetails, type OrderDetailsProps } from './OrderDetails';
export { OrderOutcome, type OrderOutcomeProps } from './OrderOutcome';
export { orderStatusPath, shortOrderId } from './order-links';
export { FINAL_ORDER_STATUSES, isFinalOrderStatus, isUnsuccessfulOrderStatus } from './order-status';
export { PaymentDiagnosticsPanel } from './PaymentDiagnosticsPanel';
export { isMockPaymentUrl, MOCK_PAYMENT_PATH, paymentTargetOf, type PaymentTarget } from './payment-url';
export { isKeptRefusal, isCancelledError, retryPurchase, usePurchaseKey, type PurchaseKeys } from './purchase-key';
export { PLAN_NAMES, useCommerceText } from './use-commerce-text';
export { useCheckout, type CheckoutFailure, type CheckoutProduct, type Settlement } from './use-checkout';
export {
  useCreditGrant,
  usePlanActivation,
  type CreditGrant,
  type GrantStatus,
  type PlanActivation,
} from './use-grant-arrival';
export { useOrderUntilFinal, type OrderPoll } from './use-order-until-final';
export { usePaymentDiagnostics, type PaymentDiagnostics } from './use-payment-diagnostics';
export { usePollingWindow } from './use-polling-window';
