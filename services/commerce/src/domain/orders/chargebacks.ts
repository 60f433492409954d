import type { Logger } from '@kadr/telemetry';
import { versionOf } from '../../data-access/accounts/account.repository';
import type { LedgerRepository } from '../../data-access/ledger/ledger.repository';
import type { OrderRepository } from '../../data-access/orders/order.repository';
import type { Account, AccountChange } from '../credits/account';
import { accountChange } from '../credits/account-change';
import type { CreditAccounts } from '../credits/accounts';
import { CommerceDomainError } from '../errors';
import { withoutOnePeriod } from '../subscriptions/subscription-rules';
import type { Subscriptions } from '../subscriptions/subscriptions';
import type { ChargebackOutcome, Order } from './order';

/** Concurrent changes of the account make a conditional update miss; each miss re-reads and decides again. */
const MAX_ATTEMPTS = 8;

/** The id an order's take-back joins the account's applied ids with: it happens once per order. */
export const takeBackIdOf = (orderId: string): string => `chargeback:${orderId}`;

export interface ChargebackRequest {
  /** The administrator's words, shown to the user on their credit history. */
  reason: string;
  /** The administrator's Idempotency-Key: the same key again answers this chargeback. */
  idempotencyKey: string;
  /** The administrator's user id. */
  markedBy: string;
}

export interface ChargebacksOptions {
  orders: OrderRepository;
  accounts: CreditAccounts;
  subscriptions: Subscriptions;
  ledger: Pick<LedgerRepository, 'listByReference'>;
  logger: Logger;
}

/**
 * A paid order marked refunded after its payment was reversed (a chargeback), and what it granted taken back.
 *
 * Two documents change, in this order: the order (paid → refunded, one conditional write: whoever writes it
 * first is the one chargeback, every other request is a replay or a refusal), then the account (one
 * conditional write joining `chargeback:<orderId>` to its applied ids, as `payment.completed` grants once per
 * order). The order keeps `settledAt: null` until the account's outcome is copied onto it; the outbox relay
 * delivers every such order again (`settle` is idempotent), so a crash between the two writes delays the
 * take-back and never loses it, and the take-back never happens without the order being refunded.
 */
export class Chargebacks {
  constructor(private readonly options: ChargebacksOptions) {}

  /**
   * Marks the order refunded and takes back what it granted: `created` for the request that marked it, the same
   * order again for a replay of its Idempotency-Key. Not found: 404. Not paid (or marked under another key): 409.
   */
  async chargeBack(
    orderId: string,
    request: ChargebackRequest,
    correlationId: string,
  ): Promise<{ order: Order; created: boolean }> {
    const order = await this.mustGet(orderId);
    const marked =
      order.status === 'paid'
        ? await this.options.orders.chargeBack(orderId, {
            reason: request.reason,
            idempotencyKey: request.idempotencyKey,
            markedBy: request.markedBy,
            markedAt: this.now(),
            settledAt: null,
            takenCredits: null,
            shortfallCredits: null,
            planEndsAt: null,
          })
        : null;
    if (marked) {
      this.options.accounts.observer.chargebackRecorded(marked.kind);
      this.options.logger.warn(
        { orderId, userId: marked.userId, markedBy: request.markedBy, kind: marked.kind, credits: marked.credits },
        'paid order marked refunded after a chargeback',
      );
      // The relay's nudge: should this process stop before the take-back, any replica finishes it.
      this.options.accounts.changed();
      return { order: await this.settle(marked, correlationId), created: true };
    }
    // Not paid — or another request marked it between the read and the write: answer as that one did.
    const current = order.status === 'paid' ? await this.mustGet(orderId) : order;
    if (current.chargeback?.idempotencyKey === request.idempotencyKey) {
      return { order: await this.settle(current, correlationId), created: false };
    }
    throw new CommerceDomainError('conflict', notRefundableDetail(current));
  }

  /**
   * Takes back what a refunded order granted, once, and records the outcome on the order; answers the order
   * as settled. Called right after the order changed and by the outbox relay for any order left unsettled.
   */
  async settle(order: Order, correlationId: string): Promise<Order> {
    const chargeback = order.chargeback;
    if (!chargeback || chargeback.settledAt !== null) return order;
    const outcome =
      order.kind === 'plan'
        ? await this.takeBackPlanPeriod(order, correlationId)
        : await this.takeBackCredits(order, chargeback.reason, correlationId);
    // Null: a concurrent delivery settled it first, with the same outcome (the account applied it once).
    return (await this.options.orders.settleChargeback(order.id, outcome)) ?? (await this.mustGet(order.id));
  }

  /**
   * As many of the order's credits as are available, never held ones, never below zero: one conditional
   * write (the amount taken holds only while the available credits read are still there). What could not be
   * taken is the shortfall, on the ledger line and the order.
   */
  private async takeBackCredits(order: Order, reason: string, correlationId: string): Promise<ChargebackOutcome> {
    const { accounts } = this.options;
    const { userId, id: orderId, credits } = order;
    // If the order's `payment.completed` has not been applied yet, grant first (once per order, as its
    // consumer would): the take-back then always follows the grant, and the late event grants nothing.
    await accounts.grantPurchase(userId, orderId, credits, correlationId);
    const takeBackId = takeBackIdOf(orderId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const account = await accounts.ensure(userId, correlationId);
      if (account.appliedOrderIds.includes(takeBackId)) return this.recordedTakeBack(account, orderId);
      const take = Math.min(account.available, credits);
      const shortfall = credits - take;
      const at = this.now();
      const change = accountChange({
        kind: 'chargeback',
        // `0 - take`, not `-take`: taking nothing is a change of 0, not of −0.
        balanceDelta: 0 - take,
        reference: orderId,
        reason,
        shortfall,
        correlationId,
        at,
      });
      const taken = await accounts.accounts.takeBack(
        userId,
        takeBackId,
        { credits: take, allAvailable: shortfall > 0 },
        change,
      );
      if (taken) {
        accounts.changed();
        accounts.observer.chargebackSettled(take, shortfall);
        if (shortfall > 0) {
          this.options.logger.error(
            { orderId, userId, granted: credits, taken: take, shortfall },
            'chargeback shortfall: the order granted credits the user already spent',
          );
        }
        return { takenCredits: take, shortfallCredits: shortfall, planEndsAt: null, settledAt: at };
      }
    }
    throw new Error(`could not take back order ${orderId}'s credits: the account kept changing`);
  }

  /**
   * A plan order paid for one monthly period: the plan loses it (ends one period earlier, not before now).
   * Generations already used cannot be given back; they are no credit shortfall (plans move no credits).
   */
  private async takeBackPlanPeriod(order: Order, correlationId: string): Promise<ChargebackOutcome> {
    const { accounts, subscriptions } = this.options;
    const { userId, id: orderId, planId } = order;
    if (!planId) throw new Error(`plan order ${orderId} names no plan`);
    // As for credits: the order's period is applied first if its `payment.completed` has not arrived.
    await subscriptions.activate(userId, planId, orderId, correlationId);
    const takeBackId = takeBackIdOf(orderId);
    let account = await accounts.ensure(userId, correlationId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const at = this.now();
      const current = account.subscription;
      if (account.appliedOrderIds.includes(takeBackId)) {
        const planEndsAt = current?.planId === planId ? current.endsAt : null;
        return { takenCredits: 0, shortfallCredits: 0, planEndsAt, settledAt: at };
      }
      const shortened = withoutOnePeriod(current, planId, at);
      const updated = await accounts.accounts.replaceSubscription(
        userId,
        current ? versionOf(current) : null,
        shortened ?? current,
        takeBackId,
      );
      if (updated) {
        accounts.observer.chargebackSettled(0, 0);
        return { takenCredits: 0, shortfallCredits: 0, planEndsAt: shortened?.endsAt ?? null, settledAt: at };
      }
      account = (await accounts.accounts.get(userId)) ?? account;
    }
    throw new Error(`could not take back plan order ${orderId}'s period: the account kept changing`);
  }

  /**
   * The outcome of a take-back applied before (a replay, or a crash before the order was settled), from its
   * ledger line: still in the account's outbox, or already moved to the ledger (the relay writes the ledger
   * before it removes the line from the outbox, and the account is read first, so it is in one of the two).
   */
  private async recordedTakeBack(account: Account, orderId: string): Promise<ChargebackOutcome> {
    const isTakeBack = (change: AccountChange) => change.kind === 'chargeback' && change.reference === orderId;
    const line =
      account.outbox.find(isTakeBack) ??
      (await this.options.ledger.listByReference(account.userId, orderId)).find(isTakeBack);
    if (!line) throw new Error(`order ${orderId}'s take-back was applied but its ledger line is missing`);
    return {
      takenCredits: Math.abs(line.balanceDelta),
      shortfallCredits: line.shortfall ?? 0,
      planEndsAt: null,
      settledAt: line.occurredAt,
    };
  }

  private now(): Date {
    return this.options.accounts.now();
  }

  private async mustGet(orderId: string): Promise<Order> {
    const order = await this.options.orders.get(orderId);
    if (!order) throw new CommerceDomainError('not_found', 'No such order.');
    return order;
  }
}

/** Why this order cannot be marked refunded, in a sentence for the administrator. */
function notRefundableDetail(order: Order): string {
  switch (order.status) {
    case 'refunded': {
      const day = order.chargeback?.markedAt.toISOString().slice(0, 10);
      return `This order was already marked refunded after a chargeback${day ? ` on ${day}` : ''}.`;
    }
    case 'pending':
      return 'This order has not been paid, so there is nothing to refund.';
    case 'failed':
      return 'This order was never paid (its payment failed), so there is nothing to refund.';
    case 'cancelled':
      return 'This order was never paid (it was cancelled), so there is nothing to refund.';
    case 'expired':
      return 'This order was never paid (it expired), so there is nothing to refund.';
    case 'paid':
      return 'This order changed while it was being marked refunded; please try again.';
  }
}
