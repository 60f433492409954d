import { ApiError } from '../../api/api-error';
import { FAL_MODEL, LOCAL_MODEL, makeModel } from '../../features/jobs/testing/models.testing';
import { effectiveOptions, initialPrompt, optionsOf, parseSeed, sanitizePrompt, validateForm } from './generator-form';
import { isKeptRefusal } from '../../api/idempotency';

describe('optionsOf', () => {
  it('orders options and marks qualities above the cap with the plan that includes them', () => {
    const options = optionsOf(LOCAL_MODEL, '720p');
    expect(options.durations).toEqual([5, 10, 15]);
    expect(options.speeds).toEqual(['Slow', 'Normal', 'Fast', 'Ultra Fast']);
    expect(options.qualities).toEqual([
      { value: 'Lite', resolution: '480p', allowed: true, plan: null },
      { value: 'Standard', resolution: '720p', allowed: true, plan: null },
      { value: 'Pro', resolution: '1080p', allowed: false, plan: 'pro' },
      { value: 'Ultra', resolution: '2160p', allowed: false, plan: 'enterprise' },
    ]);
  });

  it('allows everything while the cap is unknown', () => {
    expect(optionsOf(LOCAL_MODEL, null).qualities.every((quality) => quality.allowed)).toBe(true);
  });
});

describe('effectiveOptions', () => {
  it('keeps choices the model offers and the plan allows', () => {
    const options = optionsOf(LOCAL_MODEL, '2160p');
    expect(effectiveOptions({ duration: 15, quality: 'Ultra', speed: 'Slow' }, options)).toEqual({
      duration: 15,
      quality: 'Ultra',
      speed: 'Slow',
      aspectRatio: '16:9',
    });
  });

  it('falls back when the model does not offer a choice', () => {
    const options = optionsOf(FAL_MODEL, '2160p');
    expect(effectiveOptions({ duration: 15, quality: 'Ultra', speed: 'Normal' }, options)).toEqual({
      duration: 5,
      quality: 'Standard',
      speed: 'Normal',
      aspectRatio: '16:9',
    });
  });

  it('steps a quality above the cap down to the best allowed one', () => {
    expect(
      effectiveOptions({ duration: 5, quality: 'Ultra', speed: 'Normal' }, optionsOf(LOCAL_MODEL, '1080p')).quality,
    ).toBe('Pro');
    expect(
      effectiveOptions({ duration: 5, quality: 'Pro', speed: 'Normal' }, optionsOf(LOCAL_MODEL, '480p')).quality,
    ).toBe('Lite');
  });
});

describe('prompt rules', () => {
  it('turns line breaks into spaces and drops other control characters', () => {
    expect(sanitizePrompt('one\ntwo\r\nthree\tfour\u0007five')).toBe('one two three fourfive');
  });

  it('cuts a handed-over prompt to the limit and ignores non-strings', () => {
    expect(initialPrompt('x'.repeat(1200))).toHaveLength(1000);
    expect(initialPrompt(42)).toBe('');
  });

  it('needs a prompt (after trimming) and a model', () => {
    expect(validateForm({ prompt: '   ', modelId: null })).toEqual({
      prompt: 'promptRequired',
      modelId: 'modelRequired',
    });
    expect(validateForm({ prompt: ' ok ', modelId: 'm' })).toEqual({});
    expect(validateForm({ prompt: 'x'.repeat(1001), modelId: 'm' })).toEqual({ prompt: 'promptTooLong' });
  });
});

describe('isKeptRefusal (when a new Idempotency-Key is needed)', () => {
  const error = (status: number) => new ApiError({ reason: 'unknown', status, title: '', message: '' });
  it.each([
    [400, true],
    [402, true],
    [403, true],
    [422, true],
    [0, false],
    [408, false],
    [409, false],
    [429, false],
    [500, false],
    [503, false],
  ])('status %i → %s', (status, kept) => {
    expect(isKeptRefusal(error(status))).toBe(kept);
  });

  it('keeps a 429 quota_exceeded (the service answered it under the key), not a 429 rate_limited', () => {
    const refusal = (reason: 'quota_exceeded' | 'rate_limited') =>
      new ApiError({ reason, status: 429, title: '', message: '' });
    expect(isKeptRefusal(refusal('quota_exceeded'))).toBe(true);
    expect(isKeptRefusal(refusal('rate_limited'))).toBe(false);
  });

  it('is false for anything that is not an ApiError', () => {
    expect(isKeptRefusal(new Error('boom'))).toBe(false);
  });
});

describe('frame shape and seed (issue 21)', () => {
  it("judges the qualities by the frame's long side in the chosen shape", () => {
    const allowed = (aspect: '16:9' | '9:16' | '1:1') =>
      optionsOf(LOCAL_MODEL, '720p', aspect)
        .qualities.filter((q) => q.allowed)
        .map((q) => q.value);
    expect(allowed('16:9')).toEqual(['Lite', 'Standard']);
    expect(allowed('9:16')).toEqual(['Lite', 'Standard']);
    expect(allowed('1:1')).toEqual(['Lite', 'Standard', 'Pro']);
  });

  it("keeps the chosen shape when the model renders it, else takes the model's first", () => {
    const square = { duration: 5, quality: 'Standard', speed: 'Normal', aspectRatio: '1:1' } as const;
    expect(effectiveOptions(square, optionsOf(LOCAL_MODEL, null)).aspectRatio).toBe('1:1');
    const landscapeOnly = makeModel({ aspectRatios: ['16:9'] });
    expect(effectiveOptions(square, optionsOf(landscapeOnly, null)).aspectRatio).toBe('16:9');
  });

  it('reads the seed field: empty is random, digits up to the maximum, anything else invalid', () => {
    expect(parseSeed('')).toBeUndefined();
    expect(parseSeed('  ')).toBeUndefined();
    expect(parseSeed(' 42 ')).toBe(42);
    expect(parseSeed('0')).toBe(0);
    expect(parseSeed('2147483646')).toBe(2_147_483_646);
    for (const bad of ['2147483647', '-1', '1.5', '1e3', 'abc', '12345678901']) expect(parseSeed(bad)).toBe('invalid');
    expect(validateForm({ prompt: 'a', modelId: 'm', seed: 'x' })).toEqual({ seed: 'seedInvalid' });
    expect(validateForm({ prompt: 'a', modelId: 'm', seed: '' })).toEqual({});
  });
});
