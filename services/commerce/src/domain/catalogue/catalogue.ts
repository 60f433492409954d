import type { CreditPackage, CreditPackageId, Plan, PlanId, Resolution, Tier } from '@kadr/contracts';
import { FREE_MAX_RESOLUTION, MAX_RESOLUTION_OF_PLAN } from '@kadr/contracts';

/**
 * What can be bought (docs/decisions.md, "Money" → "Prices and plans"). Prices are integers in grosze;
 * a credit never expires. Changing a price changes only orders created afterwards: an order
 * copies its price and credits when it is created.
 */
export const CREDIT_PACKAGES: readonly (CreditPackage & { id: CreditPackageId })[] = [
  { id: 'credits-100', name: '100 credits', credits: 100, price: { amountMinor: 1_900, currency: 'PLN' } },
  { id: 'credits-300', name: '300 credits', credits: 300, price: { amountMinor: 4_900, currency: 'PLN' } },
  { id: 'credits-1000', name: '1000 credits', credits: 1_000, price: { amountMinor: 14_900, currency: 'PLN' } },
];

/**
 * Plans (ARCHITECTURE §3, spec §9). Enterprise is custom pricing: listed, not purchasable online.
 * Resolution caps are the contract's `MAX_RESOLUTION_OF_PLAN` (the gateway, jobs and the web app read them too).
 */
export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    tier: 'PRO',
    monthlyGenerations: 50,
    maxResolution: MAX_RESOLUTION_OF_PLAN.starter,
    price: { amountMinor: 4_900, currency: 'PLN' },
    purchasable: true,
  },
  {
    id: 'pro',
    name: 'Pro',
    tier: 'PRO',
    monthlyGenerations: 500,
    maxResolution: MAX_RESOLUTION_OF_PLAN.pro,
    price: { amountMinor: 19_900, currency: 'PLN' },
    purchasable: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    tier: 'ENTERPRISE',
    monthlyGenerations: null,
    maxResolution: MAX_RESOLUTION_OF_PLAN.enterprise,
    price: null,
    purchasable: false,
  },
];

/** Without a plan: tier FREE, credits only, up to 720p. */
export const FREE_TIER: { tier: Tier; maxResolution: Resolution } = {
  tier: 'FREE',
  maxResolution: FREE_MAX_RESOLUTION,
};

export function findPackage(packageId: string): CreditPackage | undefined {
  return CREDIT_PACKAGES.find((p) => p.id === packageId);
}

export function findPlan(planId: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === planId);
  if (!plan) throw new Error(`unknown plan ${planId}`);
  return plan;
}
