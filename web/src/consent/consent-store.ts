import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { CONSENT_DEFAULTS } from '../config/constants';

/** The localStorage key of the person's telemetry choices (kept per browser, also while signed out). */
export const CONSENT_STORAGE_KEY = 'kadr.consent';

export interface ConsentChoices {
  /** Analytics events and performance metrics (web vitals, API latencies) may be sent. Default on. */
  analytics: boolean;
  /** Error reports (message, stack, page path) may be sent to our servers. Default off. */
  remoteLogs: boolean;
}

export interface ConsentState extends ConsentChoices {
  setAnalytics: (allowed: boolean) => void;
  setRemoteLogs: (allowed: boolean) => void;
}

/**
 * The consent settings (spec §1, §9: analytics on, remote logs off by default). Telemetry reads it
 * before queueing and before sending, and drops what is queued of a kind the moment its consent is
 * withdrawn (`web/src/telemetry/`).
 */
export const useConsent = create<ConsentState>()(
  persist(
    (set) => ({
      ...CONSENT_DEFAULTS,
      setAnalytics: (analytics) => set({ analytics }),
      setRemoteLogs: (remoteLogs) => set({ remoteLogs }),
    }),
    {
      name: CONSENT_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): ConsentChoices => ({ analytics: state.analytics, remoteLogs: state.remoteLogs }),
      // Storage may hold anything (another version, a hand edit): only booleans count, the rest stays default.
      merge: (persisted, current) => ({ ...current, ...sanitize(persisted) }),
    },
  ),
);

function sanitize(value: unknown): Partial<ConsentChoices> {
  if (typeof value !== 'object' || value === null) return {};
  const stored = value as Record<string, unknown>;
  const result: Partial<ConsentChoices> = {};
  if (typeof stored.analytics === 'boolean') result.analytics = stored.analytics;
  if (typeof stored.remoteLogs === 'boolean') result.remoteLogs = stored.remoteLogs;
  return result;
}

/** The current choices, outside React. */
export function currentConsent(): ConsentChoices {
  const { analytics, remoteLogs } = useConsent.getState();
  return { analytics, remoteLogs };
}

/**
 * A choice made in another tab applies here too (a withdrawal above all): re-reads the store when
 * its storage key changes elsewhere. Returns the function that stops listening.
 */
export function followConsentAcrossTabs(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY) void useConsent.persist.rehydrate();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
