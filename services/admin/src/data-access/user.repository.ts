import type { PlanId } from '@kadr/contracts';
import type { UserRecord } from '../domain/read-model/user-record';

export interface UserSearch {
  /** Case-insensitive literal "contains" on e-mail or name (regex characters mean themselves). */
  q?: string;
  skip: number;
  take: number;
}

export interface UserPage {
  items: UserRecord[];
  total: number;
}

/**
 * The users of the read model. Every `record*` creates the user when the read model has not seen
 * them yet, and is idempotent: a field changes only when the event is at least as new as the one
 * that set it. Every write is a single-document operation.
 */
export interface UserRepository {
  recordRegistration(registration: { userId: string; email: string; name: string; registeredAt: Date }): Promise<void>;
  /** Moves `lastSeenAt` forward to `at` (never back). */
  recordActivity(userId: string, at: Date): Promise<void>;
  recordBalance(userId: string, credits: { balance: number; heldCredits: number }, at: Date): Promise<void>;
  recordPlan(userId: string, plan: PlanId | null, at: Date): Promise<void>;
  find(userId: string): Promise<UserRecord | null>;
  /** Newest registrations first (ties by id ascending). */
  search(search: UserSearch): Promise<UserPage>;
  /** True when a record was removed. */
  delete(userId: string): Promise<boolean>;
  close(): Promise<void>;
}
