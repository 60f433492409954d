import { randomUUID } from 'node:crypto';
import type { CreateOrderRequest, PaymentProviderName } from '@kadr/contracts';
import type { Logger } from '@kadr/telemetry';
import type { OrderRepository } from '../../data-access/orders/order.repository';
import { findPackage, findPlan } from '../catalogue/catalogue';
import { UNOBSERVED, type CommerceObserver } from '../commerce-observer';
import type { CreditAccounts } from '../credits/accounts';
import { CommerceDomainError, InvalidOrderError } from '../errors';
import type { Payer, PaymentProvider } from '../payments/payment-provider';
import { isRunning } from '../subscriptions/subscription-rules';
import type { FinalOrderStatus, Order } from './order';
import { paymentCompletedEvent } from './payment-completed-event';

export interface OrdersOptions {
  orders: OrderRepository;
  accounts: CreditAccounts;
  provider: PaymentProvider;
  logger: Logger;
  /** Pending orders older than this expire (ORDER_EXPIRY_MINUTES). */
  expiryMs: number;
  clock?: () => Date;
  /** Called after a write that filled an order's outbox (the relay's nudge). */
  onChange?: () => void;
  /** Told of every payment started and every order that left `pending` (metrics). */
  observer?: CommerceObserver;
}

export interface Buyer extends Payer {
  userId: string;
}

/** Orders: created priced from the catalogue, paid or failed through the active provider, expired when stale. */
export class Orders {
  readonly repository: OrderRepository;
  private readonly now: () => Date;
  private readonly observer: CommerceObserver;

  constructor(private readonly options: OrdersOptions) {
    this.repository = options.orders;
    this.now = options.clock ?? (() => new Date());
    this.observer = options.observer ?? UNOBSERVED;
  }

  get providerName(): PaymentProviderName {
    return this.options.provider.name;
  }

  /**
   * Same user + same idempotency key → the same order (and no second payment started). A
   * pending order whose payment could not be started (provider down) tries again on a retry.
   */
  async create(
    buyer: Buyer,
    request: CreateOrderRequest,
    idempotencyKey: string | undefined,
    correlationId: string,
  ): Promise<{ order: Order; created: boolean }> {
    const now = this.now();
    const id = randomUUID();
    const product = await this.productOf(buyer.userId, request, correlationId);
    const candidate: Order = {
      id,
      userId: buyer.userId,
      idempotencyKey: idempotencyKey ?? id,
      ...product,
      currency: 'PLN',
      provider: this.options.provider.name,
      status: 'pending',
      paymentUrl: '',
      providerTransactionId: null,
      providerTitle: null,
      createdAt: now,
      updatedAt: now,
      paidAt: null,
      outbox: [],
    };
    const { order, created } = await this.options.orders.create(candidate);
    if (!created && !sameProduct(order, candidate)) {
      throw new CommerceDomainError(
        'idempotency_key_reuse',
        'This Idempotency-Key was already used for another order.',
      );
    }
    if (order.status !== 'pending' || order.paymentUrl !== '') return { order, created };

    const started = await this.options.provider.startPayment(order, buyer);
    this.observer.paymentChanged(order.provider, 'started');
    const withPayment = await this.options.orders.attachPayment(order.id, started);
    return { order: withPayment ?? (await this.mustGet(order.id)), created };
  }

  /** The user's own orders, newest first; nobody else's are ever read. */
  listForOwner(userId: string, page: { skip: number; take: number }): Promise<{ items: Order[]; total: number }> {
    return this.options.orders.listForUser(userId, page);
  }

  async getForOwner(orderId: string, userId: string): Promise<Order> {
    const order = await this.options.orders.get(orderId);
    // Someone else's order answers like a missing one: order ids are not disclosed.
    if (!order || order.userId !== userId) throw noSuchOrder();
    return order;
  }

  /**
   * pending → paid, with `payment.completed` in the same update. Null when the order was not
   * pending (a replayed or late confirmation changes nothing).
   */
  async markPaid(
    order: Order,
    paid: { providerTransactionId: string; providerTitle?: string; correlationId: string },
  ): Promise<Order | null> {
    const paidAt = this.now();
    const event = paymentCompletedEvent(order, { ...paid, paidAt });
    const updated = await this.options.orders.transition(order.id, {
      to: 'paid',
      at: paidAt,
      event,
      ...(paid.providerTitle === undefined ? {} : { providerTitle: paid.providerTitle }),
    });
    if (updated) {
      this.options.logger.info({ orderId: order.id, provider: order.provider }, 'order paid');
      this.options.onChange?.();
      this.observer.paymentChanged(order.provider, 'completed');
    }
    return updated;
  }

  /** pending → failed | cancelled | expired; null when not pending. */
  async finish(orderId: string, to: Exclude<FinalOrderStatus, 'paid'>): Promise<Order | null> {
    const updated = await this.options.orders.transition(orderId, { to, at: this.now() });
    if (updated) this.observer.paymentChanged(updated.provider, to);
    return updated;
  }

  /** The mock provider's settlement (development and tests only). Idempotent for the same outcome. */
  async settleMock(userId: string, orderId: string, outcome: 'success' | 'failure', correlationId: string) {
    if (this.options.provider.name !== 'mock') {
      throw new CommerceDomainError('forbidden', 'Mock payments are not enabled.');
    }
    const order = await this.getForOwner(orderId, userId);
    if (order.provider !== 'mock') {
      throw new CommerceDomainError('conflict', 'This order is not paid through the mock provider.');
    }
    const wanted: FinalOrderStatus = outcome === 'success' ? 'paid' : 'failed';
    const updated =
      outcome === 'success'
        ? await this.markPaid(order, { providerTransactionId: order.providerTransactionId ?? order.id, correlationId })
        : await this.finish(order.id, 'failed');
    if (updated) return updated;
    const current = await this.mustGet(order.id);
    if (current.status === wanted) return current;
    throw new CommerceDomainError('conflict', `The order is already ${current.status}.`);
  }

  /** Expires pending orders older than the expiry; answers how many. */
  async expireStale(limit = 100): Promise<number> {
    const before = new Date(this.now().getTime() - this.options.expiryMs);
    const stale = await this.options.orders.listPendingCreatedBefore(before, limit);
    let expired = 0;
    for (const order of stale) if (await this.finish(order.id, 'expired')) expired += 1;
    return expired;
  }

  private async productOf(
    userId: string,
    request: CreateOrderRequest,
    correlationId: string,
  ): Promise<Pick<Order, 'kind' | 'packageId' | 'planId' | 'credits' | 'amountMinor'>> {
    if ('packageId' in request) {
      const pack = findPackage(request.packageId);
      if (!pack) throw new InvalidOrderError({ packageId: 'Unknown package.' });
      return {
        kind: 'package',
        packageId: pack.id,
        planId: null,
        credits: pack.credits,
        amountMinor: pack.price.amountMinor,
      };
    }
    const plan = findPlan(request.planId);
    if (!plan.purchasable || !plan.price) {
      throw new InvalidOrderError({ planId: `${plan.name} has custom pricing: please contact us.` });
    }
    const account = await this.options.accounts.ensure(userId, correlationId);
    const running = account.subscription;
    if (isRunning(running, this.now()) && running.planId !== plan.id) {
      throw new CommerceDomainError(
        'conflict',
        `Your ${running.planId} plan runs until ${running.endsAt.toISOString()}; a different plan can start after it ends.`,
      );
    }
    return { kind: 'plan', packageId: null, planId: plan.id, credits: 0, amountMinor: plan.price.amountMinor };
  }

  private async mustGet(orderId: string): Promise<Order> {
    const order = await this.options.orders.get(orderId);
    if (!order) throw noSuchOrder();
    return order;
  }
}

/** Someone else's order answers like a missing one. */
const noSuchOrder = () => new CommerceDomainError('not_found', 'No such order.');

function sameProduct(a: Pick<Order, 'kind' | 'packageId' | 'planId'>, b: Pick<Order, 'kind' | 'packageId' | 'planId'>) {
  return a.kind === b.kind && a.packageId === b.packageId && a.planId === b.planId;
}
