import { z } from 'zod';
import { PLAN_IDS, RESOLUTIONS } from '../values';

/**
 * Commerce's read API for the user's own account, as the gateway calls it with the user's
 * internal token (audience `commerce`). Paths are relative to commerce's base URL.
 */

export const COMMERCE_CREDITS_PATH = '/api/commerce/credits';
export const COMMERCE_SUBSCRIPTION_PATH = '/api/commerce/subscription';

/** `GET /api/commerce/credits`: the credit account (whole credits; available = balance − heldCredits). */
export const CreditsSchema = z.object({
  /** Credits the user owns, holds included. */
  balance: z.number().int().nonnegative(),
  /** The unit of the balance as shown to people (the `currency` of `credits.changed`). */
  currency: z.string().min(1),
  /** Credits held for running jobs. */
  heldCredits: z.number().int().nonnegative(),
});
export type Credits = z.infer<typeof CreditsSchema>;

export const CreditsResponseSchema = z.object({ data: CreditsSchema });
export type CreditsResponse = z.infer<typeof CreditsResponseSchema>;

// PLAN_IDS, RESOLUTIONS and their types are in `values/` (plain values the web app imports too).
export const PlanIdSchema = z.enum(PLAN_IDS);
export const ResolutionSchema = z.enum(RESOLUTIONS);

/**
 * `none`: no plan (tier FREE); `active`: paid and running; `cancelled`: cancelled, still
 * running until `allowance.periodEnd`; `expired`: ended, kept for display.
 */
export const SUBSCRIPTION_STATUSES = ['none', 'active', 'cancelled', 'expired'] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** The plan's monthly allowance of generations in the current period. */
export const AllowanceSchema = z.object({
  /** Generations included per period; null = unlimited (Enterprise). */
  limit: z.number().int().nonnegative().nullable(),
  /** Generations used in the current period. */
  used: z.number().int().nonnegative(),
  /** When the current period ends (ISO 8601). */
  periodEnd: z.iso.datetime({ offset: true }),
});
export type Allowance = z.infer<typeof AllowanceSchema>;

/** `GET /api/commerce/subscription`: the user's plan; `plan: null` means no plan. */
export const SubscriptionSchema = z.object({
  plan: PlanIdSchema.nullable(),
  status: SubscriptionStatusSchema,
  /** Null without a running plan. */
  allowance: AllowanceSchema.nullable(),
  /** The highest resolution the user may generate (without a plan: 720p). */
  maxResolution: ResolutionSchema,
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SubscriptionResponseSchema = z.object({ data: SubscriptionSchema });
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;
