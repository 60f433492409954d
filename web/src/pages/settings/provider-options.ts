import type { GroupedAiModelsResponse } from '@kadr/contracts';

export interface ProviderOption {
  provider: string;
  /** Models the provider offers now; 0 when it is only the saved choice. */
  models: number;
}

/**
 * The providers to choose from: those of the grouped model list that have models now, plus the
 * saved choice when it is not among them (so the current value is always shown and kept).
 */
export function providerOptionsOf(
  grouped: GroupedAiModelsResponse | undefined,
  saved: string | undefined,
): ProviderOption[] {
  const options: ProviderOption[] = [];
  for (const group of grouped?.data ?? []) {
    if (group.models.length === 0 || options.some((option) => option.provider === group.provider)) continue;
    options.push({ provider: group.provider, models: group.models.length });
  }
  if (saved && !options.some((option) => option.provider === saved)) options.push({ provider: saved, models: 0 });
  return options;
}
