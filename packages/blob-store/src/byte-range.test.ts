import { parseContentRange, parseRangeHeader, resolveByteRange, toRangeHeaderValue } from './byte-range';
import { RangeNotSatisfiableError } from './errors';

describe('parseRangeHeader', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=10-', { start: 10 }],
    ['bytes=-5', { suffixLength: 5 }],
    ['bytes = 1 - 2', { start: 1, end: 2 }],
  ])('reads %s', (header, expected) => {
    expect(parseRangeHeader(header)).toEqual(expected);
  });

  it.each([
    undefined,
    '',
    'bytes=',
    'bytes=-',
    'bytes=5-1',
    'bytes=0-1,3-4',
    'items=0-1',
    'bytes=a-b',
    'bytes=-99999999999999999999',
  ])('ignores %p', (header) => {
    expect(parseRangeHeader(header)).toBeUndefined();
  });
});

describe('resolveByteRange', () => {
  it.each([
    [{ start: 0, end: 9 }, 100, { start: 0, end: 9 }],
    [{ start: 90, end: 500 }, 100, { start: 90, end: 99 }],
    [{ start: 5 }, 100, { start: 5, end: 99 }],
    [{ suffixLength: 10 }, 100, { start: 90, end: 99 }],
    [{ suffixLength: 1000 }, 100, { start: 0, end: 99 }],
  ])('%j of %d bytes → %j', (range, size, expected) => {
    expect(resolveByteRange(range, size, 'k')).toEqual(expected);
  });

  it.each([
    [{ start: 100 }, 100],
    [{ suffixLength: 0 }, 100],
    [{ start: 0 }, 0],
    [{ suffixLength: 5 }, 0],
  ])('%j of %d bytes is not satisfiable', (range, size) => {
    expect(() => resolveByteRange(range, size, 'k')).toThrow(RangeNotSatisfiableError);
  });

  it('refuses malformed ranges', () => {
    expect(() => resolveByteRange({ start: -1 }, 10, 'k')).toThrow(RangeError);
    expect(() => resolveByteRange({ start: 5, end: 4 }, 10, 'k')).toThrow(RangeError);
    expect(() => resolveByteRange({ suffixLength: -3 }, 10, 'k')).toThrow(RangeError);
  });
});

describe('toRangeHeaderValue and parseContentRange', () => {
  it('writes the three range forms', () => {
    expect(toRangeHeaderValue({ start: 1, end: 2 })).toBe('bytes=1-2');
    expect(toRangeHeaderValue({ start: 7 })).toBe('bytes=7-');
    expect(toRangeHeaderValue({ suffixLength: 3 })).toBe('bytes=-3');
  });

  it('reads Content-Range', () => {
    expect(parseContentRange('bytes 0-9/100')).toEqual({ start: 0, end: 9, size: 100 });
    expect(parseContentRange('bytes 0-9/*')).toEqual({ start: 0, end: 9, size: undefined });
    expect(parseContentRange('bytes */100')).toBeUndefined();
    expect(parseContentRange(undefined)).toBeUndefined();
  });
});
