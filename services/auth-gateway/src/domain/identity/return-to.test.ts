import { DEFAULT_RETURN_TO, safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it.each([
    ['/gallery', '/gallery'],
    ['/gallery?page=2&q=a b', '/gallery?page=2&q=a%20b'],
    ['/admin/users#top', '/admin/users#top'],
    ['/a/../b', '/b'],
    ['/', '/'],
    ['/a/./b', '/a/b'],
    ['/.%2e/', '/'],
    ['/%2e/gallery', '/gallery'],
    ['/jobs/%C5%BC%C3%B3%C5%82w', '/jobs/%C5%BC%C3%B3%C5%82w'],
    ['/@evil.example', '/@evil.example'],
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
    // Issue 13, finding 2: a single slash before normalisation, two after it.
    '/.//evil.example/phish',
    '/..//x',
    '/a/..//x',
    '/a/b/../..//x',
    '/%2e//x',
    '/%2E//x',
    '/%2e%2e//x',
    '/.%2e//x',
    '/./%2fevil.example',
    '/.//\\evil.example',
    '/./\\evil.example',
    // Bypass lists: backslashes, controls, encodings, schemes, look-alikes.
    '\\/evil.example',
    '/\\/evil.example',
    '\\evil',
    '/%5C/evil.example',
    '/%5Cevil',
    '/%255Cevil',
    '/%09/evil.example',
    '/\r\n/evil.example',
    '/%0a/evil.example',
    '/\u0000//evil.example',
    '/\u0085/evil.example',
    '/\u2028/evil.example',
    '/%252f%252fevil.example',
    '/%25252f%25252fevil.example',
    '%2f%2fevil.example',
    '%2F/evil.example',
    '/%2f/evil.example',
    '//%2fevil.example',
    '/%2f%5cevil.example',
    '///\\evil.example',
    'https:evil.example',
    'https:/evil.example',
    'https://evil.example/%2F..',
    'HTTPS://evil.example',
    '//evil.example@kadr.local',
    'javascript:alert(1)//',
    ' /gallery',
    '\t//evil.example',
    '/\uff0fevil.example',
    '\uff0f\uff0fevil.example',
    '/\u2215evil.example',
    '/\u2044evil.example',
    '/\uff3cevil.example',
    '/%EF%BC%8Fevil.example',
    '/%E2%88%95evil.example',
  ])('sends %j to /dashboard', (input) => {
    expect(safeReturnTo(input)).toBe(DEFAULT_RETURN_TO);
  });

  it('ignores anything that is not one string (repeated parameters arrive as arrays)', () => {
    expect(safeReturnTo(['/a', '/b'])).toBe(DEFAULT_RETURN_TO);
    expect(safeReturnTo(undefined)).toBe(DEFAULT_RETURN_TO);
    expect(safeReturnTo({ a: 1 })).toBe(DEFAULT_RETURN_TO);
  });
});
