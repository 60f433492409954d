/** Data-cache keys of the inbox and of the notification preferences (the bell, Settings, the generator). */
export const inboxKeys = {
  inbox: ['notifications', 'inbox'] as const,
  preferences: ['notifications', 'preferences'] as const,
};
