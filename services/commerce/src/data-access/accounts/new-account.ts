import type { Account, AccountChange } from '../../domain/credits/account';

/** A fresh account holding the welcome credits, its grant change in the outbox. */
export function newAccount(
  userId: string,
  welcome: { credits: number; currency: string; change: AccountChange | null },
  now: Date,
): Account {
  return {
    id: userId,
    userId,
    currency: welcome.currency,
    balance: welcome.credits,
    held: 0,
    available: welcome.credits,
    holds: [],
    settledHolds: [],
    subscription: null,
    appliedOrderIds: [],
    outbox: welcome.change ? [welcome.change] : [],
    createdAt: now,
    updatedAt: now,
  };
}
