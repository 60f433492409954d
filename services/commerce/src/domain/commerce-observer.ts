import type { HoldSource, PaymentProviderName } from '@kadr/contracts';

/** A hold placed for a job, then captured (the job completed) or released (failed or deleted). */
export type HoldOutcome = 'placed' | 'captured' | 'released';

/**
 * Why credits were added to a balance, from the ledger kind of the change: the welcome `grant` of a
 * new account, or a paid package's `purchase`. (Plans add generations, not credits.)
 */
export type GrantReason = 'welcome' | 'purchase';

/** What a chargeback's order was: credits (a package) or a plan's period. */
export type ChargebackKind = 'package' | 'plan';

/** An order's payment: started at the provider, then completed (paid), failed, expired or cancelled. */
export type PaymentOutcome = 'started' | 'completed' | 'failed' | 'expired' | 'cancelled';

/**
 * What the domain reports as money moves (counted outside it: entry-points/metrics). Each call
 * follows a conditional update that took effect, so a replayed or racing request, whose update
 * finds nothing to change, reports nothing.
 */
export interface CommerceObserver {
  holdChanged(source: HoldSource, outcome: HoldOutcome): void;
  /** `credits` is the amount added. */
  creditsGranted(reason: GrantReason, credits: number): void;
  paymentChanged(provider: PaymentProviderName, outcome: PaymentOutcome): void;
  /** A paid order was marked refunded after a chargeback (once per order). */
  chargebackRecorded(kind: ChargebackKind): void;
  /** Its take-back was applied (once per order): credits taken, and those already spent that could not be. */
  chargebackSettled(takenCredits: number, shortfallCredits: number): void;
}

/** For domain objects built without one (race workers, unit tests). */
export const UNOBSERVED: CommerceObserver = {
  holdChanged: () => undefined,
  creditsGranted: () => undefined,
  paymentChanged: () => undefined,
  chargebackRecorded: () => undefined,
  chargebackSettled: () => undefined,
};
