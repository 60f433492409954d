import type { PlanId, Tier } from '@kadr/contracts';

/**
 * One user as the admin read model knows them, assembled from events of several services.
 * Every field written by an event is newest-wins (by the event's own time), which makes
 * redeliveries and replays harmless without remembering event ids.
 */
export interface UserRecord {
  /** The user id. */
  id: string;
  email: string;
  name: string;
  /** Lower-case copies the search matches against (a literal, case-insensitive "contains"). */
  emailLower: string;
  nameLower: string;
  /** The registration time; until `user.registered` arrives, the first event's time. */
  createdAt: Date;
  /** The newest time the user did something (registered, a job step, a payment). */
  lastSeenAt: Date;
  registered: boolean;
  plan: PlanId | null;
  tier: Tier;
  /** Time of the payment that set the plan (newest wins). */
  planAt: Date | null;
  balance: number;
  heldCredits: number;
  /** Time of the `credits.changed` that set the balance (newest wins). */
  balanceAt: Date | null;
}

/** A user the read model has not seen before: what the first event about them creates. */
export function newUserRecord(userId: string, at: Date): UserRecord {
  return {
    id: userId,
    email: '',
    name: '',
    emailLower: '',
    nameLower: '',
    createdAt: at,
    lastSeenAt: at,
    registered: false,
    plan: null,
    tier: 'FREE',
    planAt: null,
    balance: 0,
    heldCredits: 0,
    balanceAt: null,
  };
}

/** Badge mapping (ARCHITECTURE §3): none → FREE, starter and pro → PRO, enterprise → ENTERPRISE. */
export function tierOfPlan(plan: PlanId | null): Tier {
  if (plan === 'enterprise') return 'ENTERPRISE';
  if (plan === 'starter' || plan === 'pro') return 'PRO';
  return 'FREE';
}
