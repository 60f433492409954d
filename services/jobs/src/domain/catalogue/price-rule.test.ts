import { priceOf, priceRule } from './price-rule';
import { jobTimeoutMs } from '../generation/job-timeout';

describe('price rule', () => {
  const local = priceRule(1);
  it.each([
    [5, 'Standard', 'Normal', 5],
    [5, 'Lite', 'Normal', 3],
    [10, 'Pro', 'Fast', 25],
    [15, 'Ultra', 'Slow', 48],
    [5, 'Lite', 'Ultra Fast', 4],
  ] as const)('%i s %s %s costs %i credits', (duration, quality, speed, credits) => {
    expect(priceOf(local, duration, quality, speed)).toBe(credits);
  });
});

describe('job time-out', () => {
  it('scales with the work', () => {
    const small = jobTimeoutMs(
      { provider: 'local', width: 1280, height: 720, durationSeconds: 5, speed: 'Normal' },
      24,
      4,
      30_000,
    );
    const big = jobTimeoutMs(
      { provider: 'local', width: 3840, height: 2160, durationSeconds: 15, speed: 'Slow' },
      24,
      4,
      30_000,
    );
    expect(small).toBeLessThan(120_000);
    expect(small).toBeLessThan(big / 3);
    expect(big).toBeGreaterThan(300_000);
  });
});
