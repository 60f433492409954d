import {
  applyPlanOrder,
  entitlementsOf,
  inCurrentPeriod,
  newSubscription,
  subscriptionView,
  withoutOnePeriod,
} from './subscription-rules';

const at = (iso: string) => new Date(iso);

describe('subscription rules', () => {
  const activation = at('2025-01-10T00:00:00Z');

  it('a new plan runs one monthly period with the plan’s allowance and cap', () => {
    expect(newSubscription('starter', 'o1', activation)).toMatchObject({
      planId: 'starter',
      periodStart: activation,
      periodEnd: at('2025-02-10T00:00:00Z'),
      endsAt: at('2025-02-10T00:00:00Z'),
      allowanceLimit: 50,
      allowanceUsed: 0,
      allowanceRemaining: 50,
      maxResolution: '720p',
      cancelAtPeriodEnd: false,
    });
    expect(newSubscription('enterprise', 'o2', activation)).toMatchObject({
      allowanceLimit: null,
      allowanceRemaining: null,
      maxResolution: '2160p',
    });
  });

  it('buying the same running plan again adds a period; another plan only once none runs', () => {
    const starter = { ...newSubscription('starter', 'o1', activation), allowanceUsed: 7, allowanceRemaining: 43 };
    const renewed = applyPlanOrder(starter, 'starter', 'o2', at('2025-01-20T00:00:00Z'));
    expect(renewed).toMatchObject({ orderId: 'o2', endsAt: at('2025-03-10T00:00:00Z'), allowanceUsed: 7 });
    // A different plan paid while starter runs would throw away starter's paid period and usage.
    expect(applyPlanOrder(starter, 'pro', 'o3', at('2025-01-20T00:00:00Z'))).toBeNull();
    const pro = applyPlanOrder(starter, 'pro', 'o3', at('2025-02-10T00:00:00Z'));
    expect(pro).toMatchObject({ planId: 'pro', activatedAt: at('2025-02-10T00:00:00Z'), allowanceUsed: 0 });
    const afterEnd = applyPlanOrder(starter, 'starter', 'o4', at('2025-03-01T00:00:00Z'));
    expect(afterEnd?.activatedAt).toEqual(at('2025-03-01T00:00:00Z'));
  });

  it('a new period resets the usage', () => {
    const used = { ...newSubscription('pro', 'o1', activation), allowanceUsed: 499, allowanceRemaining: 1 };
    const renewed = { ...used, endsAt: at('2025-04-10T00:00:00Z') };
    expect(inCurrentPeriod(renewed, at('2025-02-15T00:00:00Z'))).toMatchObject({
      periodStart: at('2025-02-10T00:00:00Z'),
      periodEnd: at('2025-03-10T00:00:00Z'),
      allowanceUsed: 0,
      allowanceRemaining: 500,
    });
  });

  it('views: none, active, cancelled (until the period end), expired', () => {
    expect(subscriptionView(null, activation)).toMatchObject({
      plan: null,
      status: 'none',
      tier: 'FREE',
      maxResolution: '720p',
    });
    const sub = newSubscription('pro', 'o1', activation);
    expect(subscriptionView(sub, at('2025-01-11T00:00:00Z'))).toMatchObject({
      plan: 'pro',
      status: 'active',
      tier: 'PRO',
      maxResolution: '1080p',
      allowance: { limit: 500, used: 0, periodEnd: '2025-02-10T00:00:00.000Z' },
    });
    const cancelled = { ...sub, cancelAtPeriodEnd: true };
    expect(subscriptionView(cancelled, at('2025-01-11T00:00:00Z'))).toMatchObject({ status: 'cancelled', plan: 'pro' });
    expect(subscriptionView(cancelled, at('2025-02-10T00:00:00Z'))).toMatchObject({
      status: 'expired',
      plan: null,
      tier: 'FREE',
    });
  });

  it('entitlements follow the running plan', () => {
    const enterprise = newSubscription('enterprise', 'o', activation);
    expect(entitlementsOf(enterprise, at('2025-01-11T00:00:00Z'))).toEqual({
      plan: 'enterprise',
      tier: 'ENTERPRISE',
      maxResolution: '2160p',
    });
    expect(entitlementsOf(enterprise, at('2025-03-01T00:00:00Z'))).toEqual({
      plan: null,
      tier: 'FREE',
      maxResolution: '720p',
    });
  });

  it('a chargeback takes one period off the plan’s end, never before now; another plan or none loses nothing', () => {
    const starter = newSubscription('starter', 'o1', activation);
    const twoPeriods = applyPlanOrder(starter, 'starter', 'o2', at('2025-01-20T00:00:00Z'))!;
    expect(twoPeriods.endsAt).toEqual(at('2025-03-10T00:00:00Z'));
    expect(withoutOnePeriod(twoPeriods, 'starter', at('2025-01-20T00:00:00Z'))).toMatchObject({
      endsAt: at('2025-02-10T00:00:00Z'),
      allowanceUsed: 0,
    });
    // In the second period already: what was used is used, the plan ends now.
    expect(withoutOnePeriod(twoPeriods, 'starter', at('2025-02-20T00:00:00Z'))?.endsAt).toEqual(
      at('2025-02-20T00:00:00Z'),
    );
    expect(withoutOnePeriod(starter, 'starter', at('2025-01-20T00:00:00Z'))?.endsAt).toEqual(
      at('2025-01-20T00:00:00Z'),
    );
    // A cancelled plan ends with its period: one period less is now.
    const cancelled = { ...twoPeriods, cancelAtPeriodEnd: true, endsAt: twoPeriods.periodEnd };
    expect(withoutOnePeriod(cancelled, 'starter', at('2025-01-20T00:00:00Z'))?.endsAt).toEqual(
      at('2025-01-20T00:00:00Z'),
    );
    expect(withoutOnePeriod(twoPeriods, 'pro', at('2025-01-20T00:00:00Z'))).toBeNull();
    expect(withoutOnePeriod(starter, 'starter', at('2025-03-01T00:00:00Z'))).toBeNull();
    expect(withoutOnePeriod(null, 'starter', at('2025-01-20T00:00:00Z'))).toBeNull();
  });
});
