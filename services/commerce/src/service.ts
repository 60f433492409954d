import { internalTokenKeys, serveService } from '@kadr/http-kit';
import type { HttpApp, RunningService, ServiceParts } from '@kadr/http-kit';
import type { ConsumerHandle } from '@kadr/event-bus';
import type { Logger } from '@kadr/telemetry';
import { openCommerceAdapters, type CommerceAdapters } from './adapters';
import type { CommerceConfig } from './config';
import { OutboxRelay } from '@kadr/outbox';
import { accountChangesSource, orderEventsSource } from './data-access/outbox/outbox-sources';
import { CreditAccounts } from './domain/credits/accounts';
import { Holds } from './domain/credits/holds';
import { Orders } from './domain/orders/orders';
import { MockPaymentProvider } from './domain/payments/mock-payment-provider';
import type { PaymentProvider } from './domain/payments/payment-provider';
import { Subscriptions } from './domain/subscriptions/subscriptions';
import { createCommerceApp } from './entry-points/http/app';
import { subscribeCommerce } from './entry-points/messaging/commerce-consumer';
import type { EgressClient } from './integrations/tpay/egress';
import { TpayPaymentProvider } from './integrations/tpay/tpay-payment-provider';
import { tpaySettingsOf, wireTpay } from './tpay-setup';

export interface CommerceParts extends ServiceParts<CommerceAdapters> {
  config: CommerceConfig;
  /** Tests: a fixed or moving clock. */
  clock?: () => Date;
  /** Tests: the egress client the Tpay adapter uses. */
  tpayEgress?: EgressClient;
  /** How often the relay looks for pending entries besides its nudges. Default 1 s. */
  relayIntervalMs?: number;
}

export interface ComposedCommerce extends HttpApp {
  accounts: CreditAccounts;
  holds: Holds;
  subscriptions: Subscriptions;
  orders: Orders;
  relay: OutboxRelay;
  /** Starts the outbox relay, the consumer and the order-expiry sweep. */
  startBackground(): Promise<void>;
  /** Stops the background work (after the HTTP server closed). */
  stop(): Promise<void>;
}

const ORDER_SWEEP_INTERVAL_MS = 60_000;

/** Commerce without a listening socket: what tests drive with supertest, and what `startCommerce` serves. */
export function composeCommerce(parts: CommerceParts): ComposedCommerce {
  const { config, adapters, logger, metrics, clock } = parts;
  const relay = new OutboxRelay({
    sources: [
      accountChangesSource(adapters.accounts, adapters.ledger, adapters.eventBus),
      orderEventsSource(adapters.orders, adapters.eventBus),
    ],
    logger,
    intervalMs: parts.relayIntervalMs,
  });
  const nudge = () => relay.nudge();
  const accounts = new CreditAccounts({
    accounts: adapters.accounts,
    welcomeCredits: config.WELCOME_CREDITS,
    clock,
    onChange: nudge,
  });
  const subscriptions = new Subscriptions(accounts);
  const holds = new Holds(accounts, subscriptions, adapters.ledger);

  const tpay = wireTpay(tpaySettingsOf(config), parts.tpayEgress);
  let provider: PaymentProvider;
  if (config.PAYMENT_PROVIDER === 'tpay') {
    if (!tpay.api || !tpay.settings) throw new Error('PAYMENT_PROVIDER=tpay but Tpay is not configured');
    provider = new TpayPaymentProvider(tpay.api, tpay.settings);
  } else {
    provider = new MockPaymentProvider(config.PUBLIC_URL);
  }
  const orders = new Orders({
    orders: adapters.orders,
    accounts,
    provider,
    logger,
    expiryMs: config.ORDER_EXPIRY_MINUTES * 60_000,
    clock,
    onChange: nudge,
  });

  const { app, health } = createCommerceApp({
    logger,
    metrics,
    internalTokenKeys: internalTokenKeys(config),
    accounts,
    accountStore: adapters.accounts,
    ledger: adapters.ledger,
    holds,
    subscriptions,
    orders,
    tpay,
    notificationCheck: tpay.notificationCheck,
    readinessChecks: parts.readinessChecks,
  });

  let consumer: ConsumerHandle | undefined;
  let sweep: NodeJS.Timeout | undefined;
  return {
    app,
    health,
    accounts,
    holds,
    subscriptions,
    orders,
    relay,
    async startBackground() {
      relay.start();
      consumer = await subscribeCommerce({
        bus: adapters.eventBus,
        accounts,
        holds,
        subscriptions,
        stores: adapters,
        logger,
      });
      sweep = setInterval(() => {
        orders.expireStale().catch((err: unknown) => logger.warn({ err }, 'order expiry sweep failed'));
      }, ORDER_SWEEP_INTERVAL_MS);
      sweep.unref();
    },
    async stop() {
      clearInterval(sweep);
      await consumer?.stop();
      await relay.stop();
    },
  };
}

export type RunningCommerce = RunningService;

export interface StartCommerceOptions {
  /** The shared in-process bus of the embedded mode (left open on stop). */
  bus?: CommerceAdapters['eventBus'];
  /** Stores to use instead of opening them from the configuration (left open on stop). */
  adapters?: Partial<CommerceAdapters>;
  logger?: Logger;
  defaultMetrics?: boolean;
}

/** Wires commerce from its config and adapters and listens; used by main.ts and by the embedded launcher. */
export function startCommerce(config: CommerceConfig, options: StartCommerceOptions = {}): Promise<RunningCommerce> {
  return serveService({
    service: 'commerce',
    config,
    logger: options.logger,
    defaultMetrics: options.defaultMetrics,
    open: (logger) =>
      openCommerceAdapters(config, logger, {
        ...options.adapters,
        eventBus: options.bus ?? options.adapters?.eventBus,
      }),
    compose: (parts) => composeCommerce({ config, ...parts }),
  });
}
