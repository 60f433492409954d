import { Router } from 'express';
import {
  createHttpApp,
  requireInternalCaller,
  type HttpApp,
  type InternalTokenKeys,
  type ReadinessCheck,
} from '@kadr/http-kit';
import type { Logger, ServiceMetrics } from '@kadr/telemetry';
import type { AccountRepository } from '../../data-access/accounts/account.repository';
import type { LedgerRepository } from '../../data-access/ledger/ledger.repository';
import type { Commerce } from '../../domain/commerce';
import type { TpayWiring } from '../../integrations/tpay/tpay-wiring';
import { commerceMetricsOf } from '../metrics/commerce-metrics';
import { adminOrdersRoutes } from './admin-orders.routes';
import { billingRoutes } from './billing.routes';
import { catalogueRoutes } from './catalogue.routes';
import { creditsRoutes } from './credits.routes';
import { commerceProblemOf } from './domain-problems';
import { internalRoutes } from './internal.routes';
import { ordersRoutes } from './orders.routes';
import { tpayNotificationRoutes } from './tpay-notification.routes';

export interface CommerceAppOptions extends Commerce {
  logger: Logger;
  metrics: ServiceMetrics;
  internalTokenKeys: InternalTokenKeys;
  /** Read directly by the internal routes (balances, ledger pages). */
  stores: { accounts: AccountRepository; ledger: LedgerRepository };
  tpay: TpayWiring;
  readinessChecks?: ReadinessCheck[];
}

/** Commerce's express app (no listen): public paths below `/api/commerce`, internal ones below `/internal`. */
export function createCommerceApp(options: CommerceAppOptions): HttpApp {
  // Tpay calls this one itself: before the internal-token check.
  const publicRoutes = tpayNotificationRoutes(
    options.orders,
    options.tpay.notificationCheck,
    options.logger,
    commerceMetricsOf(options.metrics.registry),
  );

  const authenticated = Router();
  authenticated.use(
    ['/api/commerce', '/internal'],
    requireInternalCaller({ keys: options.internalTokenKeys, audience: 'commerce' }),
  );
  authenticated.use(catalogueRoutes());
  authenticated.use(creditsRoutes(options.accounts, options.subscriptions));
  authenticated.use(ordersRoutes(options.orders, options.tpay));
  authenticated.use(billingRoutes(options.billing));
  authenticated.use(adminOrdersRoutes({ orders: options.orders.repository, chargebacks: options.chargebacks }));
  authenticated.use(
    internalRoutes({
      accounts: options.accounts,
      holds: options.holds,
      accountStore: options.stores.accounts,
      ledger: options.stores.ledger,
    }),
  );

  return createHttpApp({
    service: 'commerce',
    logger: options.logger,
    metrics: options.metrics,
    routes: [publicRoutes, authenticated],
    readinessChecks: options.readinessChecks,
    mapError: commerceProblemOf,
  });
}
