import { nextQualityUp, UPSCALE_LADDER, upscaleFilterOf, upscaleTargetOf } from './upscale-target';

const source = { quality: 'Standard', aspectRatio: '9:16', durationSeconds: 5, speed: 'Normal' } as const;

describe('upscale target', () => {
  it('climbs the quality ladder one step: Lite → Standard → Pro → Ultra, nothing above Ultra', () => {
    expect(UPSCALE_LADDER).toEqual(['Lite', 'Standard', 'Pro', 'Ultra']);
    expect(nextQualityUp('Lite')).toBe('Standard');
    expect(nextQualityUp('Standard')).toBe('Pro');
    expect(nextQualityUp('Pro')).toBe('Ultra');
    expect(nextQualityUp('Ultra')).toBeNull();
  });

  it("keeps the source's shape: 9:16 Standard 720×1280 → Pro 1080×1920", () => {
    expect(upscaleTargetOf(source, '1080p')).toEqual({
      possible: true,
      quality: 'Pro',
      frame: { width: 1080, height: 1920, resolution: '1080p' },
      cost: 10,
    });
    expect(upscaleTargetOf({ ...source, aspectRatio: '16:9', quality: 'Lite' }, '720p')).toMatchObject({
      possible: true,
      frame: { width: 1280, height: 720 },
    });
    expect(upscaleTargetOf({ ...source, aspectRatio: '1:1' }, '720p')).toMatchObject({
      possible: true,
      frame: { width: 1080, height: 1080, resolution: '720p' },
    });
  });

  it("is priced by the price rule for the target quality at the source's length and speed", () => {
    // 1 credit/s × 10 s × Pro 2 × Fast 1.25 = 25.
    expect(upscaleTargetOf({ ...source, durationSeconds: 10, speed: 'Fast' }, '2160p')).toMatchObject({ cost: 25 });
    // 1 × 5 × Standard 1 × Slow 0.8 = 4.
    expect(upscaleTargetOf({ ...source, quality: 'Lite', speed: 'Slow' }, '720p')).toMatchObject({ cost: 4 });
  });

  it("refuses a step above the plan's cap on the long side, saying what it would be", () => {
    expect(upscaleTargetOf(source, '720p')).toEqual({
      possible: false,
      refusal: 'plan_cap',
      quality: 'Pro',
      frame: { width: 1080, height: 1920, resolution: '1080p' },
      cost: 10,
    });
  });

  it('refuses at the top of the ladder', () => {
    expect(upscaleTargetOf({ ...source, quality: 'Ultra' }, '2160p')).toEqual({ possible: false, refusal: 'top' });
  });

  it('documents its filter', () => {
    expect(upscaleFilterOf(1080, 1920)).toBe('scale=1080:1920:flags=lanczos');
  });
});
