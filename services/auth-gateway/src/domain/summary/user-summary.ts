import { z } from 'zod';
import {
  AllowanceSchema,
  CreditsSchema,
  DEFAULT_LANGUAGE,
  LanguageCodeSchema,
  PlanIdSchema,
  ResolutionSchema,
  type Credits,
  type LanguageCode,
  type Subscription,
} from '@kadr/contracts';
import { defaultMaxResolution, TIERS, tierOf } from './tier';

/** The parts of the summary that come from other services; listed in `meta.missing` when unavailable. */
export const SUMMARY_PARTS = ['credits', 'subscription', 'preferredLanguage'] as const;
export type SummaryPart = (typeof SUMMARY_PARTS)[number];

/**
 * `GET /bff/platform/api/users/me/summary` (ARCHITECTURE §6). When a part could not be loaded the
 * answer is still 200: `meta.partial` is true, `meta.missing` names the parts, and those fields
 * hold defaults — plan null (tier FREE, 720p, no allowance), language `pl`, and `credits: null`
 * (no balance is better than a wrong one: the top bar shows a dash for an unknown balance).
 */
export const UserSummarySchema = z
  .object({
    data: z.object({
      id: z.string(),
      tenantId: z.string().nullable(),
      tier: z.enum(TIERS),
      plan: PlanIdSchema.nullable(),
      preferredLanguage: LanguageCodeSchema,
      maxResolution: ResolutionSchema,
      allowance: AllowanceSchema.nullable(),
      credits: CreditsSchema.nullable(),
    }),
    meta: z
      .object({
        partial: z.literal(true),
        missing: z.array(z.enum(SUMMARY_PARTS)).min(1),
      })
      .optional(),
  })
  .meta({ id: 'UserSummary', description: 'The signed-in user at a glance (top bar).' });
export type UserSummary = z.infer<typeof UserSummarySchema>;

/** Where the parts come from; each already bound to the signed-in user. */
export interface SummarySources {
  credits(): Promise<Credits>;
  subscription(): Promise<Subscription>;
  preferredLanguage(): Promise<LanguageCode>;
}

export interface SummaryUser {
  id: string;
  tenantId: string | null;
}

/** Loads the parts in parallel; a part that fails is reported to `onPartFailed` and left out. */
export async function loadUserSummary(
  user: SummaryUser,
  sources: SummarySources,
  onPartFailed: (part: SummaryPart, error: unknown) => void = () => undefined,
): Promise<UserSummary> {
  const [credits, subscription, preferredLanguage] = await Promise.allSettled([
    sources.credits(),
    sources.subscription(),
    sources.preferredLanguage(),
  ]);
  const valueOf = <T>(part: SummaryPart, result: PromiseSettledResult<T>): T | undefined => {
    if (result.status === 'fulfilled') return result.value;
    onPartFailed(part, result.reason);
    return undefined;
  };
  return composeUserSummary(user, {
    credits: valueOf('credits', credits),
    subscription: valueOf('subscription', subscription),
    preferredLanguage: valueOf('preferredLanguage', preferredLanguage),
  });
}

/** The summary from whatever parts are known; unknown parts take their defaults and are listed. */
export function composeUserSummary(
  user: SummaryUser,
  parts: { credits?: Credits; subscription?: Subscription; preferredLanguage?: LanguageCode },
): UserSummary {
  const plan = parts.subscription?.plan ?? null;
  const missing = SUMMARY_PARTS.filter((part) => parts[part] === undefined);
  return {
    data: {
      id: user.id,
      tenantId: user.tenantId,
      tier: tierOf(plan),
      plan,
      preferredLanguage: parts.preferredLanguage ?? DEFAULT_LANGUAGE,
      maxResolution: parts.subscription?.maxResolution ?? defaultMaxResolution(plan),
      allowance: parts.subscription?.allowance ?? null,
      credits: parts.credits ?? null,
    },
    ...(missing.length > 0 ? { meta: { partial: true as const, missing } } : {}),
  };
}
