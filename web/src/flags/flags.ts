import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FeatureFlagAnswer } from '../api/answer-types';
import { getFlags } from '../api/endpoints';
import { getBrowserId } from './browser-id';
import { isInRollout } from './rollout';

export type FeatureFlag = FeatureFlagAnswer;

/** What a screen needs to know about one flag in this browser. */
export interface FlagDecision {
  enabled: boolean;
  /** The flag's variant when it is enabled here; null otherwise or when it has none. */
  variant: string | null;
}

/** The known flags of the product (keys as configured in the gateway's FEATURE_FLAGS). */
export const FLAG_KEYS = {
  /** The gallery's collapsible debug list of ids (spec §2, Gallery). */
  galleryDebugIds: 'gallery.debugIds',
} as const;

export const FLAGS_QUERY_KEY = ['flags'] as const;

const OFF: FlagDecision = { enabled: false, variant: null };

/** The flag list (`GET /bff/platform/api/flags`, public), cached like any query (spec §9 defaults). */
export function useFlags() {
  return useQuery({ queryKey: FLAGS_QUERY_KEY, queryFn: ({ signal }) => getFlags({ signal }) });
}

/**
 * Decides one flag for a browser: off when it is unknown or disabled; otherwise on for the
 * browsers inside its rollout percentage, with its variant.
 */
export function decideFlag(flag: FeatureFlag | undefined, browserId: string): FlagDecision {
  if (!flag || !flag.enabled) return OFF;
  if (!isInRollout(flag.key, browserId, flag.rollout)) return OFF;
  return { enabled: true, variant: flag.variant };
}

/** `{ enabled, variant }` of one flag in this browser; off while the list loads or when it failed. */
export function useFlag(key: string): FlagDecision {
  const { data } = useFlags();
  return useMemo(
    () => decideFlag(Array.isArray(data) ? data.find((flag) => flag.key === key) : undefined, getBrowserId()),
    [data, key],
  );
}
