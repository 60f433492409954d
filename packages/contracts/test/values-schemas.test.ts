import * as main from '../src';
import * as values from '../src/values';

describe('@kadr/contracts values and the schemas built from them', () => {
  it('are what the main entry exports (one definition each)', () => {
    for (const [name, value] of Object.entries(values)) {
      expect(main[name as keyof typeof main]).toBe(value);
    }
  });

  it('are the options of the zod schemas', () => {
    expect(main.ResolutionSchema.options).toEqual([...values.RESOLUTIONS]);
    expect(main.JobQualitySchema.options).toEqual([...values.JOB_QUALITIES]);
    expect(main.JobSpeedSchema.options).toEqual([...values.JOB_SPEEDS]);
    expect(main.PublicJobStatusSchema.options).toEqual([...values.PUBLIC_JOB_STATUSES]);
    expect(main.TierSchema.options).toEqual([...values.TIERS]);
    expect(main.PlanIdSchema.options).toEqual([...values.PLAN_IDS]);
    expect(main.LanguageCodeSchema.options).toEqual([...values.LANGUAGE_CODES]);
    for (const duration of values.JOB_DURATIONS) expect(main.JobDurationSchema.parse(duration)).toBe(duration);
    expect(main.JobDurationSchema.safeParse(20).success).toBe(false);
  });

  it('turns a hold request’s bare frame height into its resolution', () => {
    for (const resolution of values.RESOLUTIONS) {
      const { height } = values.FRAME_OF_RESOLUTION[resolution];
      expect(main.HoldResolutionSchema.parse(height)).toBe(resolution);
      expect(main.HoldResolutionSchema.parse(resolution)).toBe(resolution);
    }
    expect(main.HoldResolutionSchema.safeParse(1440).success).toBe(false);
  });

  it('orders resolutions from low to high and compares caps by that order', () => {
    expect(values.RESOLUTIONS.map(values.resolutionRank)).toEqual([0, 1, 2, 3]);
    expect(values.resolutionRank('4K')).toBe(-1);
    expect(values.isWithinResolution('720p', '720p')).toBe(true);
    expect(values.isWithinResolution('480p', '1080p')).toBe(true);
    expect(values.isWithinResolution('2160p', '1080p')).toBe(false);
  });

  it('names the smallest plan whose cap reaches a resolution', () => {
    expect(values.RESOLUTIONS.map(values.planLifting)).toEqual(['starter', 'starter', 'pro', 'enterprise']);
    for (const plan of values.PLAN_IDS) {
      expect(values.planLifting(values.MAX_RESOLUTION_OF_PLAN[plan])).toBe(plan);
    }
  });
});
