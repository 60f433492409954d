import { fnv1a32, isInRollout, rolloutBucket } from './rollout';

/** Deterministic pseudo-random ids (the test must not depend on luck). */
function ids(count: number): string[] {
  let state = 12345;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state.toString(16).padStart(8, '0');
  };
  return Array.from({ length: count }, () => `${next()}-${next()}-${next()}-${next()}`);
}

describe('fnv1a32', () => {
  it('is the 32-bit FNV-1a of the published test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });
});

describe('isInRollout', () => {
  const browsers = ids(10_000);

  it.each([1, 10, 25, 50, 75, 90])('gives a %i%% flag to about that share of 10 000 browsers', (percent) => {
    const share = browsers.filter((id) => isInRollout('new-generator', id, percent)).length / browsers.length;
    expect(Math.abs(share - percent / 100)).toBeLessThan(0.015);
  });

  it('gives a 0% flag to nobody and a 100% flag to everybody', () => {
    expect(browsers.some((id) => isInRollout('x', id, 0))).toBe(false);
    expect(browsers.every((id) => isInRollout('x', id, 100))).toBe(true);
    expect(isInRollout('x', browsers[0]!, -5)).toBe(false);
    expect(isInRollout('x', browsers[0]!, 150)).toBe(true);
    expect(isInRollout('x', browsers[0]!, Number.NaN)).toBe(false);
  });

  it('decides the same for the same browser every time, and grows without taking the flag away', () => {
    for (const id of browsers.slice(0, 200)) {
      expect(isInRollout('gallery.debugIds', id, 30)).toBe(isInRollout('gallery.debugIds', id, 30));
      if (isInRollout('gallery.debugIds', id, 30)) expect(isInRollout('gallery.debugIds', id, 60)).toBe(true);
    }
  });

  it('splits browsers independently per flag (the key is part of the hash)', () => {
    const inA = browsers.map((id) => isInRollout('flag-a', id, 50));
    const inB = browsers.map((id) => isInRollout('flag-b', id, 50));
    const both = inA.filter((value, index) => value && inB[index]).length / browsers.length;
    expect(Math.abs(both - 0.25)).toBeLessThan(0.02);
  });

  it('hashes `key:browserId` into 10 000 buckets', () => {
    expect(rolloutBucket('k', 'b')).toBe(fnv1a32('k:b') % 10_000);
  });
});
