import {
  CreditsResponseSchema,
  DEFAULT_LANGUAGE,
  SubscriptionResponseSchema,
  UserLanguageResponseSchema,
} from '../src';

describe('cross-service HTTP schemas: commerce and i18n', () => {
  it('accepts the documented answers', () => {
    expect(CreditsResponseSchema.parse({ data: { balance: 120, currency: 'credits', heldCredits: 20 } })).toBeTruthy();
    expect(
      SubscriptionResponseSchema.parse({
        data: {
          plan: 'enterprise',
          status: 'active',
          allowance: { limit: null, used: 812, periodEnd: '2025-04-01T00:00:00+02:00' },
          maxResolution: '2160p',
        },
      }).data.allowance?.limit,
    ).toBeNull();
    expect(
      SubscriptionResponseSchema.parse({ data: { plan: null, status: 'none', allowance: null, maxResolution: '720p' } })
        .data.plan,
    ).toBeNull();
    expect(UserLanguageResponseSchema.parse({ data: { language: 'pl' } }).data.language).toBe(DEFAULT_LANGUAGE);
  });

  it.each([
    [CreditsResponseSchema, { data: { balance: 1.5, currency: 'credits', heldCredits: 0 } }],
    [CreditsResponseSchema, { data: { balance: -1, currency: 'credits', heldCredits: 0 } }],
    [CreditsResponseSchema, { balance: 1, currency: 'credits', heldCredits: 0 }],
    [SubscriptionResponseSchema, { data: { plan: 'gold', status: 'active', allowance: null, maxResolution: '720p' } }],
    [SubscriptionResponseSchema, { data: { plan: 'pro', status: 'active', allowance: null, maxResolution: '4k' } }],
    [
      SubscriptionResponseSchema,
      {
        data: {
          plan: 'pro',
          status: 'active',
          allowance: { limit: 5, used: 1, periodEnd: 'soon' },
          maxResolution: '1080p',
        },
      },
    ],
    [UserLanguageResponseSchema, { data: { language: 'de' } }],
  ] as const)('refuses an answer off the contract (%#)', (schema, answer) => {
    expect(schema.safeParse(answer).success).toBe(false);
  });
});
