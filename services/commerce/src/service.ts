import { backgroundWork, internalTokenKeys, repeatEvery, serveService } from '@kadr/http-kit';
import type { ComposedService, RunningService, ServiceParts, StartOptions } from '@kadr/http-kit';
import { openCommerceAdapters, type CommerceAdapters } from './adapters';
import type { CommerceConfig } from './config';
import type { OutboxRelay } from '@kadr/outbox';
import { commerceOutboxRelay } from './data-access/outbox/commerce-outbox';
import { createCommerce, type Commerce } from './domain/commerce';
import { createCommerceApp } from './entry-points/http/app';
import { subscribeCommerce } from './entry-points/messaging/commerce-consumer';
import { commerceMetricsOf } from './entry-points/metrics/commerce-metrics';
import { scheduleLedgerReconciliation } from './entry-points/metrics/ledger-reconciliation';
import type { EgressClient } from './integrations/tpay/egress';
import { paymentProviderOf, tpaySettingsOf, wireTpay } from './integrations/tpay/tpay-wiring';

export interface CommerceParts extends ServiceParts<CommerceAdapters, CommerceConfig> {
  /** Tests: a fixed or moving clock. */
  clock?: () => Date;
  /** Tests: the egress client the Tpay adapter uses. */
  tpayEgress?: EgressClient;
  /** How often the relay looks for pending entries besides its nudges. Default 1 s. */
  relayIntervalMs?: number;
}

/** Its background work: the outbox relay, the consumer, the order-expiry sweep and the ledger reconciliation. */
export interface ComposedCommerce extends ComposedService, Commerce {
  relay: OutboxRelay;
}

const ORDER_SWEEP_INTERVAL_MS = 60_000;

/** Commerce without a listening socket: what tests drive with supertest, and what `startCommerce` serves. */
export function composeCommerce(parts: CommerceParts): ComposedCommerce {
  const { config, adapters, logger, metrics, clock } = parts;
  const relay = commerceOutboxRelay({
    ...adapters,
    bus: adapters.eventBus,
    // `commerce` is made below (it nudges this relay); the relay first delivers once started.
    settleChargeback: (order) => commerce.chargebacks.settle(order, `chargeback-settle:${order.id}`),
    logger,
    intervalMs: parts.relayIntervalMs,
    registry: metrics.registry,
  });
  const tpay = wireTpay(tpaySettingsOf(config), parts.tpayEgress);
  const money = commerceMetricsOf(metrics.registry);
  const commerce = createCommerce({
    stores: adapters,
    provider: paymentProviderOf(config, tpay),
    welcomeCredits: config.WELCOME_CREDITS,
    orderExpiryMs: config.ORDER_EXPIRY_MINUTES * 60_000,
    logger,
    clock,
    onChange: () => relay.nudge(),
    observer: money.observer,
  });
  const { app, health } = createCommerceApp({
    ...commerce,
    logger,
    metrics,
    internalTokenKeys: internalTokenKeys(config),
    stores: adapters,
    tpay,
    readinessChecks: parts.readinessChecks,
  });
  const expiryFailed = (err: unknown) => logger.warn({ err }, 'order expiry sweep failed');
  return {
    app,
    health,
    ...commerce,
    relay,
    ...backgroundWork(async (own) => {
      own(relay).start();
      own(await subscribeCommerce({ ...commerce, bus: adapters.eventBus, stores: adapters, logger }));
      own(repeatEvery(ORDER_SWEEP_INTERVAL_MS, () => commerce.orders.expireStale(), expiryFailed));
      own(scheduleLedgerReconciliation({ config, stores: adapters, metrics: money, logger }));
    }),
  };
}

export type RunningCommerce = RunningService;

/** Wires commerce from its config and adapters and listens; used by main.ts and by the embedded launcher. */
export function startCommerce(
  config: CommerceConfig,
  options: StartOptions<CommerceAdapters> = {},
): Promise<RunningCommerce> {
  return serveService({ service: 'commerce', config, options, open: openCommerceAdapters, compose: composeCommerce });
}
