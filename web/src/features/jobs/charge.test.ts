import { LOCAL_MODEL } from './testing/models.testing';
import { allowanceCovers, previewCharge, type Entitlements } from './charge';
import { isWithinResolution, planLifting, resolutionOf } from './resolution';

const PERIOD_END = '2030-01-31T00:00:00.000Z';
const FREE: Entitlements = {
  plan: null,
  allowance: null,
  maxResolution: '720p',
  credits: { balance: 100, heldCredits: 10, currency: 'credits' },
};
const STARTER: Entitlements = {
  plan: 'starter',
  allowance: { limit: 50, used: 10, periodEnd: PERIOD_END },
  maxResolution: '720p',
  credits: { balance: 3, heldCredits: 0, currency: 'credits' },
};

describe('allowanceCovers (commerce hold rule)', () => {
  it('covers a job within the plan cap while generations are left', () => {
    expect(allowanceCovers('720p', STARTER)).toBe(true);
    expect(allowanceCovers('480p', STARTER)).toBe(true);
  });
  it('does not cover above the cap, when used up, or without a plan', () => {
    expect(allowanceCovers('1080p', STARTER)).toBe(false);
    expect(allowanceCovers('720p', { ...STARTER, allowance: { limit: 50, used: 50, periodEnd: PERIOD_END } })).toBe(
      false,
    );
    expect(allowanceCovers('720p', FREE)).toBe(false);
  });
  it('treats a null limit as unlimited', () => {
    const enterprise: Entitlements = {
      plan: 'enterprise',
      allowance: { limit: null, used: 9999, periodEnd: PERIOD_END },
      maxResolution: '2160p',
      credits: null,
    };
    expect(allowanceCovers('2160p', enterprise)).toBe(true);
  });
});

describe('previewCharge', () => {
  it('prices a job with credits against the available balance (balance − held)', () => {
    expect(previewCharge(LOCAL_MODEL, { duration: 10, quality: 'Standard', speed: 'Fast' }, FREE)).toEqual({
      kind: 'credits',
      cost: 13, // 12.5 → 13
      available: 90,
      held: 10,
      remaining: 77,
      allowanceUsedUp: false,
    });
  });

  it('says "included" when the plan pays', () => {
    expect(previewCharge(LOCAL_MODEL, { duration: 15, quality: 'Standard', speed: 'Normal' }, STARTER)).toEqual({
      kind: 'allowance',
      limit: 50,
      used: 10,
      periodEnd: PERIOD_END,
    });
  });

  it('falls back to credits (and says why) when the allowance is used up', () => {
    const usedUp: Entitlements = { ...STARTER, allowance: { limit: 50, used: 50, periodEnd: PERIOD_END } };
    const preview = previewCharge(LOCAL_MODEL, { duration: 5, quality: 'Standard', speed: 'Normal' }, usedUp);
    expect(preview).toMatchObject({ kind: 'credits', cost: 5, available: 3, remaining: -2, allowanceUsedUp: true });
  });

  it('leaves the balance unknown when the summary has none', () => {
    const preview = previewCharge(
      LOCAL_MODEL,
      { duration: 5, quality: 'Lite', speed: 'Normal' },
      { ...FREE, credits: null },
    );
    expect(preview).toMatchObject({ kind: 'credits', cost: 3, available: null, remaining: null });
  });
});

describe('resolutions', () => {
  it('reads the model table, then the service frames', () => {
    expect(resolutionOf(LOCAL_MODEL, 'Pro')).toBe('1080p');
    expect(resolutionOf(undefined, 'Ultra')).toBe('2160p');
  });
  it('compares against a cap; an unknown cap allows', () => {
    expect(isWithinResolution('1080p', '720p')).toBe(false);
    expect(isWithinResolution('720p', '720p')).toBe(true);
    expect(isWithinResolution('2160p', null)).toBe(true);
  });
  it('names the smallest plan that includes a resolution', () => {
    expect(planLifting('720p')).toBe('starter');
    expect(planLifting('1080p')).toBe('pro');
    expect(planLifting('2160p')).toBe('enterprise');
  });
});
