import { FAL_MODEL, LOCAL_MODEL, makeModel } from './testing/models.testing';
import { lowestPriceOf, priceOf } from './price';

describe('priceOf (⌈creditsPerSecond × duration × quality × speed⌉, at least 1)', () => {
  it.each([
    // The jobs README's reference: a 5 s Standard Normal local job costs 5 credits.
    [LOCAL_MODEL, 5, 'Standard', 'Normal', 5],
    [LOCAL_MODEL, 10, 'Pro', 'Normal', 20],
    [LOCAL_MODEL, 15, 'Ultra', 'Ultra Fast', 90],
    [LOCAL_MODEL, 5, 'Lite', 'Slow', 2], // 5 × 0.5 × 0.8 = 2
    [LOCAL_MODEL, 5, 'Lite', 'Fast', 4], // 3.125 → 4 (rounded up)
    [LOCAL_MODEL, 15, 'Lite', 'Fast', 10], // 9.375 → 10
    [FAL_MODEL, 5, 'Standard', 'Normal', 20],
    [FAL_MODEL, 10, 'Pro', 'Fast', 100],
    [FAL_MODEL, 5, 'Lite', 'Slow', 8],
  ] as const)('%#: %s s=%i %s %s → %i credits', (model, duration, quality, speed, expected) => {
    expect(priceOf(model, { duration, quality, speed })).toBe(expected);
  });

  it('rounds any fraction up, but not float noise', () => {
    const model = makeModel({ creditsPerSecond: 0.1 });
    // 0.1 × 10 × 1 × 1 = 1.0000000000000002 in floats: 1, not 2.
    expect(priceOf(model, { duration: 10, quality: 'Standard', speed: 'Normal' })).toBe(1);
    // 0.1 × 15 × 1 × 1.25 = 1.875 → 2
    expect(priceOf(model, { duration: 15, quality: 'Standard', speed: 'Fast' })).toBe(2);
  });

  it('never costs less than 1 credit', () => {
    const model = makeModel({ creditsPerSecond: 0.01 });
    expect(priceOf(model, { duration: 5, quality: 'Lite', speed: 'Slow' })).toBe(1);
  });

  it('is null when the rule has no factor for a choice', () => {
    const model = makeModel();
    const broken = { ...model, price: { ...model.price, qualityFactors: { Standard: 1 } } } as unknown as typeof model;
    expect(priceOf(broken, { duration: 5, quality: 'Ultra', speed: 'Normal' })).toBeNull();
  });
});

describe('lowestPriceOf', () => {
  it('is the price of the shortest, lowest, slowest job the model offers', () => {
    expect(lowestPriceOf(LOCAL_MODEL)).toBe(2);
    expect(lowestPriceOf(FAL_MODEL)).toBe(8);
  });
});
