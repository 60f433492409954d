import { z } from 'zod';
import { ConfigError } from '@kadr/config';

/** One flag as configured in FEATURE_FLAGS. */
export const FeatureFlagConfigSchema = z.strictObject({
  key: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, {
    error: 'must be 1 to 64 letters, digits, ".", "_" or "-"',
  }),
  enabled: z.boolean({ error: 'must be true or false' }),
  variant: z.string().min(1).max(64).optional(),
  /** Percent of users the flag is meant for; the web app decides who (default 100). */
  rollout: z
    .number({ error: 'must be a number' })
    .min(0, { error: 'must be between 0 and 100' })
    .max(100, { error: 'must be between 0 and 100' })
    .optional(),
});

export const FeatureFlagsConfigSchema = z.array(FeatureFlagConfigSchema).superRefine((flags, ctx) => {
  const seen = new Set<string>();
  flags.forEach((flag, index) => {
    if (seen.has(flag.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: 'is listed twice' });
    seen.add(flag.key);
  });
});

/** `GET /bff/platform/api/flags` (public): every flag with all four fields. */
export const FeatureFlagSchema = z
  .object({
    key: z.string(),
    enabled: z.boolean(),
    variant: z.string().nullable(),
    rollout: z.number().min(0).max(100),
  })
  .meta({ id: 'FeatureFlag' });
export type FeatureFlag = z.infer<typeof FeatureFlagSchema>;
export const FeatureFlagListSchema = z.array(FeatureFlagSchema).meta({ id: 'FeatureFlagList' });

/**
 * Parses FEATURE_FLAGS (a JSON array of `{ key, enabled, variant?, rollout? }`) into the served
 * flags. Call it at start-up: a bad value throws a ConfigError naming the variable and the field
 * (never the value), like any other bad variable.
 */
export function parseFeatureFlags(raw: string): FeatureFlag[] {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConfigError('auth-gateway', ['FEATURE_FLAGS: must be a JSON array']);
  }
  const parsed = FeatureFlagsConfigSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const where = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
      return `FEATURE_FLAGS${where}: ${issue.message}`;
    });
    throw new ConfigError('auth-gateway', [...new Set(problems)]);
  }
  return parsed.data.map((flag) => ({
    key: flag.key,
    enabled: flag.enabled,
    variant: flag.variant ?? null,
    rollout: flag.rollout ?? 100,
  }));
}
