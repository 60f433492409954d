import type { Allowance, Credits } from '@kadr/contracts';
import { PLAN_IDS, type PlanId } from '@kadr/contracts/values';
import { create } from 'zustand';
import { isApiError, isCancelledError } from '../api/api-error';
import { getUserSummary } from '../api/endpoints';
import { DEFAULT_TIER, TIERS, TOP_BAR_REFRESH_DEBOUNCE_MS, type Language, type TierLabel } from '../config/constants';
import { isLanguage, setLanguage } from '../i18n/i18n';
import { logClientError } from '../telemetry/telemetry';

/** What the top bar shows about the signed-in user (from the user summary, ARCHITECTURE §6). */
export interface TopBarState {
  tier: TierLabel;
  /** The user's preferred language on the server; null until loaded. */
  language: Language | null;
  /** Null = unknown (the badge shows a dash, never 0). */
  credits: Credits | null;
  plan: PlanId | null;
  allowance: Allowance | null;
  maxResolution: string | null;
  tenantId: string | null;
  /** When the summary was last applied (epoch ms); null = never. */
  loadedAt: number | null;
}

/** The summary as the store read it: `refreshTopBar` resolves with it (undefined after a quiet failure). */
export interface TopBarSummary {
  id: string | null;
  tenantId: string | null;
  tier: TierLabel | null;
  plan: PlanId | null;
  preferredLanguage: Language | null;
  maxResolution: string | null;
  allowance: Allowance | null;
  credits: Credits | null;
}

const INITIAL: TopBarState = {
  tier: DEFAULT_TIER,
  language: null,
  credits: null,
  plan: null,
  allowance: null,
  maxResolution: null,
  tenantId: null,
  loadedAt: null,
};

export const useTopBar = create<TopBarState>()(() => ({ ...INITIAL }));

// ---------------------------------------------------------------- validation (spec §5)

export function isTier(value: unknown): value is TierLabel {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

/** A credits object is accepted only when its balance is a number; currency and held credits get safe defaults. */
export function readCredits(value: unknown): Credits | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  if (typeof raw.balance !== 'number' || !Number.isFinite(raw.balance)) return null;
  return {
    balance: raw.balance,
    currency: typeof raw.currency === 'string' ? raw.currency : '',
    heldCredits: typeof raw.heldCredits === 'number' && Number.isFinite(raw.heldCredits) ? raw.heldCredits : 0,
  };
}

function readAllowance(value: unknown): Allowance | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  if (typeof raw.used !== 'number' || typeof raw.periodEnd !== 'string') return null;
  return { limit: typeof raw.limit === 'number' ? raw.limit : null, used: raw.used, periodEnd: raw.periodEnd };
}

function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** Reads `{ data: {...} }` (or a bare object) without trusting any field. */
export function readSummary(answer: unknown): TopBarSummary {
  const body = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const data = typeof body.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : body;
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  return {
    id: text(data.id),
    tenantId: text(data.tenantId),
    tier: isTier(data.tier) ? data.tier : null,
    plan: isPlanId(data.plan) ? data.plan : null,
    preferredLanguage: isLanguage(data.preferredLanguage) ? data.preferredLanguage : null,
    maxResolution: text(data.maxResolution),
    allowance: readAllowance(data.allowance),
    credits: readCredits(data.credits),
  };
}

// ---------------------------------------------------------------- loading

/** Bumped by `clearTopBar`: an answer for an earlier generation (another user, signed out) is thrown away. */
let generation = 0;
let inFlight: Promise<TopBarSummary | undefined> | null = null;
/** Aborts the open summary request when the top bar is cleared (its answer would be thrown away). */
let inFlightAbort: AbortController | null = null;
let lastCall: { at: number; promise: Promise<TopBarSummary | undefined> } | null = null;

/**
 * Loads the top bar (tier, language, credits) from the user summary. Concurrent calls share one
 * request, and a call within 800 ms of the previous one is ignored (it gets that call's promise).
 * A cancelled request and a 401 fail quietly (resolve undefined; the session check handles
 * signing out); anything else is logged and rethrown.
 */
export function refreshTopBar(): Promise<TopBarSummary | undefined> {
  if (inFlight) return inFlight;
  const now = Date.now();
  if (lastCall && now - lastCall.at < TOP_BAR_REFRESH_DEBOUNCE_MS) return lastCall.promise;
  const abort = new AbortController();
  const promise = loadTopBar(generation, abort.signal).finally(() => {
    if (inFlight === promise) inFlight = null;
    if (inFlightAbort === abort) inFlightAbort = null;
  });
  inFlightAbort = abort;
  inFlight = promise;
  lastCall = { at: now, promise };
  return promise;
}

async function loadTopBar(startedIn: number, signal: AbortSignal): Promise<TopBarSummary | undefined> {
  let summary: TopBarSummary;
  try {
    summary = readSummary(await getUserSummary({ signal }));
  } catch (error) {
    if (isCancelled(error)) return undefined;
    if (isUnauthorized(error)) {
      console.warn('Top bar: not signed in, the user summary was refused.');
      return undefined;
    }
    logClientError(error, { where: 'top-bar' });
    throw error;
  }
  if (startedIn !== generation) return undefined;
  applySummary(summary);
  return summary;
}

function applySummary(summary: TopBarSummary): void {
  useTopBar.setState((state) => ({
    tier: summary.tier ?? state.tier,
    language: summary.preferredLanguage ?? state.language,
    credits: summary.credits ?? state.credits,
    plan: summary.plan,
    allowance: summary.allowance,
    maxResolution: summary.maxResolution ?? state.maxResolution,
    tenantId: summary.tenantId,
    loadedAt: Date.now(),
  }));
  if (summary.preferredLanguage) {
    setLanguage(summary.preferredLanguage).catch((error: unknown) => logClientError(error, { where: 'top-bar' }));
  }
}

function isCancelled(error: unknown): boolean {
  return isCancelledError(error) || (error instanceof Error && error.name === 'AbortError');
}

function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.reason === 'unauthorized');
}

/** The live stream's `credits` event; ignored unless the balance is a number. */
export function setCredits(credits: unknown): void {
  const accepted = readCredits(credits);
  if (accepted) useTopBar.setState({ credits: accepted });
}

/** Signed out or another user: forget everything, and let the next refresh load at once. */
export function clearTopBar(): void {
  generation += 1;
  inFlightAbort?.abort();
  inFlightAbort = null;
  inFlight = null;
  lastCall = null;
  useTopBar.setState({ ...INITIAL });
}
