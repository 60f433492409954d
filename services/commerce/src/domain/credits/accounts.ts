import type { Credits } from '@kadr/contracts';
import type { AccountRepository } from '../../data-access/accounts/account.repository';
import { UNOBSERVED, type CommerceObserver } from '../commerce-observer';
import type { Account } from './account';
import { CommerceDomainError } from '../errors';
import { accountChange } from './account-change';

/** The unit the balance is shown in (credits are not money; `currency` of the credits API). */
export const CREDITS_CURRENCY = 'credits';

export interface AccountsOptions {
  accounts: AccountRepository;
  /** Credits a new account starts with (WELCOME_CREDITS). */
  welcomeCredits: number;
  clock?: () => Date;
  /** Called after every write that filled an outbox (the relay's nudge). */
  onChange?: () => void;
  /** Told of every grant, hold and settlement that took effect (metrics). */
  observer?: CommerceObserver;
}

/** Opening accounts, reading balances, granting paid credits. */
export class CreditAccounts {
  readonly accounts: AccountRepository;
  readonly now: () => Date;
  /** Shared with the holds, which change these accounts too. */
  readonly observer: CommerceObserver;
  private readonly welcomeCredits: number;
  private readonly notify: () => void;

  constructor(options: AccountsOptions) {
    this.accounts = options.accounts;
    this.welcomeCredits = options.welcomeCredits;
    this.now = options.clock ?? (() => new Date());
    this.notify = options.onChange ?? (() => undefined);
    this.observer = options.observer ?? UNOBSERVED;
  }

  /**
   * The user's account, opened with the welcome grant if it does not exist yet. Idempotent and
   * safe under concurrency (insert-or-read on the unique user id): whichever of `user.registered`
   * or a first request comes first opens it, the grant happens once.
   */
  async ensure(userId: string, correlationId: string): Promise<Account> {
    const existing = await this.accounts.get(userId);
    if (existing) return existing;
    const credits = this.welcomeCredits;
    const change =
      credits > 0
        ? accountChange({
            kind: 'grant',
            balanceDelta: credits,
            reference: `welcome:${userId}`,
            correlationId,
            at: this.now(),
          })
        : null;
    const { account, opened } = await this.accounts.open(userId, { credits, currency: CREDITS_CURRENCY, change });
    this.changed();
    if (opened && credits > 0) this.observer.creditsGranted('welcome', credits);
    return account;
  }

  async credits(userId: string, correlationId: string): Promise<Credits> {
    const account = await this.ensure(userId, correlationId);
    return { balance: account.balance, currency: account.currency, heldCredits: account.held };
  }

  /** Adds a paid package's credits once per order (false when the order was already applied). */
  async grantPurchase(userId: string, orderId: string, credits: number, correlationId: string): Promise<boolean> {
    await this.ensure(userId, correlationId);
    const change = accountChange({
      kind: 'purchase',
      balanceDelta: credits,
      reference: orderId,
      correlationId,
      at: this.now(),
    });
    const granted = await this.accounts.grant(userId, orderId, credits, change);
    if (granted) {
      this.changed();
      this.observer.creditsGranted('purchase', credits);
    }
    return granted !== null;
  }

  /**
   * The administrator's correction of a user's credits (`amount` may be negative), applied once per
   * `adjustmentId`: a retry answers the account as it is. It never takes held credits nor goes below zero
   * (409 saying what is available). The ledger line is kind `adjustment` with the reason as written.
   */
  async adjust(
    userId: string,
    adjustment: { adjustmentId: string; amount: number; reason: string },
    correlationId: string,
  ): Promise<{ account: Account; applied: boolean }> {
    await this.ensure(userId, correlationId);
    const key = `adjustment:${adjustment.adjustmentId}`;
    const change = accountChange({
      kind: 'adjustment',
      balanceDelta: adjustment.amount,
      reference: key,
      reason: adjustment.reason,
      correlationId,
      at: this.now(),
    });
    const adjusted = await this.accounts.adjust(userId, key, adjustment.amount, change);
    if (adjusted) {
      this.changed();
      return { account: adjusted, applied: true };
    }
    const account = (await this.accounts.get(userId))!;
    if (account.appliedOrderIds.includes(key)) return { account, applied: false };
    throw new CommerceDomainError(
      'conflict',
      `${account.available} credits are available (${account.held} held for videos in progress); ` +
        `taking ${-adjustment.amount} would leave the balance below zero.`,
    );
  }

  changed(): void {
    this.notify();
  }
}
