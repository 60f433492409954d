import { parseRetryAfterSeconds } from './retry-after';

describe('parseRetryAfterSeconds', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');

  it.each<[string | null | undefined, number | undefined]>([
    ['5', 5],
    [' 12 ', 12],
    ['0', 0],
    ['1.5', 2],
    ['Sat, 01 Mar 2025 12:00:30 GMT', 30],
    ['Sat, 01 Mar 2025 11:59:00 GMT', 0],
    [null, undefined],
    [undefined, undefined],
    ['', undefined],
    ['soon', undefined],
    ['-3', undefined],
  ])('%p → %p', (value, expected) => {
    expect(parseRetryAfterSeconds(value, now)).toBe(expected);
  });
});
