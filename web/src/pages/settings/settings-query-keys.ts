/** Data-cache keys of the settings screen. */
export const settingsKeys = {
  aiProvider: ['settings', 'ai-provider'] as const,
};
