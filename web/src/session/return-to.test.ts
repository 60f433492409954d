import { DEFAULT_RETURN_TO, loginUrl, safeReturnTo } from './return-to';

/** The same rule as the gateway's `safeReturnTo` (issue 13, finding 2): checked after normalisation. */
describe('safeReturnTo (web)', () => {
  it.each([
    ['/gallery', '/gallery'],
    ['/gallery?page=2', '/gallery?page=2'],
    ['/admin/users#top', '/admin/users#top'],
    ['/a/../b', '/b'],
    ['/%2e/gallery', '/gallery'],
    ['/', '/'],
  ])('keeps the same-origin path %j as %j', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });

  it.each([
    '/.//evil.example/phish',
    '/..//x',
    '/a/..//x',
    '/%2e//x',
    '/.%2e//x',
    '//evil.example',
    '/\\evil',
    '\\/evil',
    '/%09/evil',
    '/\t/evil',
    '/\n/evil',
    '/%5Cevil',
    '/%2f%2fevil',
    '/%252f%252fevil',
    '%2f%2fevil',
    'https:evil',
    'https://evil.example',
    'javascript:alert(1)',
    '/\uff0fevil',
    '\uff0f\uff0fevil',
    '/%E0%A4%A',
    '',
    null,
    undefined,
  ])('sends %j to /dashboard', (input) => {
    expect(safeReturnTo(input)).toBe(DEFAULT_RETURN_TO);
  });

  it('passes only the checked path on to the gateway', () => {
    expect(loginUrl('/.//evil.example/phish')).toBe('/auth/login?returnTo=%2Fdashboard');
  });
});
