import { compareLogIds, isLogId } from '@kadr/kv-store';
import { formatLogId, nextLogId, parseLogId } from '../src/log-id';

describe('log ids', () => {
  it('accepts only <ms>-<seq> with unsigned 64-bit parts', () => {
    expect(isLogId('1700000000000-0')).toBe(true);
    expect(isLogId('18446744073709551615-18446744073709551615')).toBe(true);
    for (const bad of ['', '12', '12-', '-1', '1--1', '1-2-3', 'a-1', ' 1-2', '18446744073709551616-0']) {
      expect(isLogId(bad)).toBe(false);
    }
    expect(() => parseLogId('12')).toThrow(RangeError);
  });

  it('orders by ms, then by seq, numerically rather than as text', () => {
    expect(compareLogIds('9-0', '10-0')).toBeLessThan(0);
    expect(compareLogIds('10-2', '10-10')).toBeLessThan(0);
    expect(compareLogIds('10-10', '10-2')).toBeGreaterThan(0);
    expect(compareLogIds('10-2', '10-2')).toBe(0);
  });

  it('continues the sequence while the clock stands still or goes back, like Redis', () => {
    const first = nextLogId(null, 1_000);
    expect(formatLogId(first)).toBe('1000-0');
    const sameMs = nextLogId(first, 1_000);
    expect(formatLogId(sameMs)).toBe('1000-1');
    expect(formatLogId(nextLogId(sameMs, 900))).toBe('1000-2');
    expect(formatLogId(nextLogId(sameMs, 1_001))).toBe('1001-0');
  });
});
