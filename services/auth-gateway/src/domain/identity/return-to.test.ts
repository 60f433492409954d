import { DEFAULT_RETURN_TO, safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it.each([
    ['/gallery', '/gallery'],
    ['/gallery?page=2&q=a b', '/gallery?page=2&q=a%20b'],
    ['/admin/users#top', '/admin/users#top'],
    ['/a/../b', '/b'],
    ['/', '/'],
  ])('keeps the same-origin path %j as %j', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '///evil.example',
    'https://evil.example',
    'http:/evil.example',
    '/\\evil',
    '/\\\\evil.example',
    '\\\\evil.example',
    '%2F%2Fevil.example',
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '/%252F%252Fevil.example',
    '/%5Cevil.example',
    '/%5c%5cevil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,hi',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%09/evil.example',
    '/%0d%0aSet-Cookie:x=1',
    'gallery',
    '',
    '/%E0%A4%A',
    '/' + 'a'.repeat(3000),
  ])('sends %j to /dashboard', (input) => {
    expect(safeReturnTo(input)).toBe(DEFAULT_RETURN_TO);
  });

  it('ignores anything that is not one string (repeated parameters arrive as arrays)', () => {
    expect(safeReturnTo(['/a', '/b'])).toBe(DEFAULT_RETURN_TO);
    expect(safeReturnTo(undefined)).toBe(DEFAULT_RETURN_TO);
    expect(safeReturnTo({ a: 1 })).toBe(DEFAULT_RETURN_TO);
  });
});
