import { upstreamForPath } from './route-table';

describe('route table', () => {
  it.each([
    ['/api/commerce/credits', 'commerce'],
    ['/api/commerce', 'commerce'],
    ['/ai-models', 'jobs'],
    ['/api/ai-models/grouped', 'jobs'],
    ['/jobs', 'jobs'],
    ['/jobs/active', 'jobs'],
    ['/jobs/recent', 'jobs'],
    ['/api/settings/ai-provider', 'jobs'],
    ['/api/media/videos/j1/stream', 'media'],
    ['/api/media/thumbnail/j1', 'media'],
    ['/api/i18n/user-language', 'i18n'],
    ['/admin/users/u1/jobs', 'admin'],
    ['/admin/logs', 'admin'],
  ])('%s → %s', (path, upstream) => {
    expect(upstreamForPath(path)).toBe(upstream);
  });

  it.each([
    '/api/users/me/summary',
    '/api/flags',
    '/api/auth/me',
    '/jobsx',
    '/api/commercex/credits',
    '/Admin/users',
    'admin/users',
    '/api/commerce/../admin',
    '/api/commerce/./credits',
    '/api/commerce/%2E%2E/x',
    '/api/commerce/a%2Fb',
    '/api/commerce\\credits',
    '//admin',
  ])('%s → nobody', (path) => {
    expect(upstreamForPath(path)).toBeUndefined();
  });
});
