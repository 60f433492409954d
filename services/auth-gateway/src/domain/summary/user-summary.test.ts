import type { Subscription } from '@kadr/contracts';
import { composeUserSummary, loadUserSummary } from './user-summary';
import { defaultMaxResolution, tierOf } from './tier';

const user = { id: 'u1', tenantId: null };
const starter: Subscription = {
  plan: 'starter',
  status: 'active',
  allowance: { limit: 50, used: 3, periodEnd: '2025-04-01T00:00:00Z' },
  maxResolution: '720p',
};

describe('user summary', () => {
  it('maps plans to tiers: none → FREE, starter and pro → PRO, enterprise → ENTERPRISE', () => {
    expect([null, 'starter', 'pro', 'enterprise'].map((plan) => tierOf(plan as never))).toEqual([
      'FREE',
      'PRO',
      'PRO',
      'ENTERPRISE',
    ]);
    expect([null, 'starter', 'pro', 'enterprise'].map((plan) => defaultMaxResolution(plan as never))).toEqual([
      '720p',
      '720p',
      '1080p',
      '2160p',
    ]);
  });

  it('is complete, without meta, when every part is known', () => {
    expect(
      composeUserSummary(user, {
        credits: { balance: 5, currency: 'credits', heldCredits: 0 },
        subscription: starter,
        preferredLanguage: 'en',
      }),
    ).toEqual({
      data: {
        id: 'u1',
        tenantId: null,
        tier: 'PRO',
        plan: 'starter',
        preferredLanguage: 'en',
        maxResolution: '720p',
        allowance: starter.allowance,
        credits: { balance: 5, currency: 'credits', heldCredits: 0 },
      },
    });
  });

  it('fills defaults and lists the missing parts', () => {
    expect(composeUserSummary(user, {})).toEqual({
      data: {
        id: 'u1',
        tenantId: null,
        tier: 'FREE',
        plan: null,
        preferredLanguage: 'pl',
        maxResolution: '720p',
        allowance: null,
        credits: null,
      },
      meta: { partial: true, missing: ['credits', 'subscription', 'preferredLanguage'] },
    });
  });

  it('loads the parts in parallel and reports each failure', async () => {
    const failures: string[] = [];
    const summary = await loadUserSummary(
      user,
      {
        credits: () => Promise.reject(new Error('down')),
        subscription: () => Promise.resolve(starter),
        preferredLanguage: () => Promise.resolve('en'),
      },
      (part) => failures.push(part),
    );
    expect(failures).toEqual(['credits']);
    expect(summary.meta).toEqual({ partial: true, missing: ['credits'] });
    expect(summary.data.tier).toBe('PRO');
  });
});
