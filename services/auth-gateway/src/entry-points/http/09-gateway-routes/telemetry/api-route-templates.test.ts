import { API_ROUTE_TEMPLATES, apiRouteTemplate } from './api-route-templates';

describe('apiRouteTemplate', () => {
  it('maps a path with ids to its template', () => {
    expect(apiRouteTemplate('/bff/platform/jobs/3b9d2f4e-1111-4222-8333-444455556666')).toBe('/bff/platform/jobs/:id');
    expect(apiRouteTemplate('/bff/platform/api/media/videos/j-1/stream')).toBe(
      '/bff/platform/api/media/videos/:jobId/stream',
    );
    expect(apiRouteTemplate('/bff/platform/admin/users/u-1/jobs')).toBe('/bff/platform/admin/users/:id/jobs');
  });

  it('prefers literal segments over parameters', () => {
    expect(apiRouteTemplate('/bff/platform/jobs/active')).toBe('/bff/platform/jobs/active');
    expect(apiRouteTemplate('/bff/platform/jobs/recent')).toBe('/bff/platform/jobs/recent');
  });

  it('ignores the query, the hash and a trailing slash', () => {
    expect(apiRouteTemplate('/bff/platform/jobs/recent?take=20')).toBe('/bff/platform/jobs/recent');
    expect(apiRouteTemplate('/bff/platform/api/media/videos/?page=2#x')).toBe('/bff/platform/api/media/videos');
  });

  it('answers `other` for anything not on the list', () => {
    expect(apiRouteTemplate('/bff/platform/jobs/a/b')).toBe('other');
    expect(apiRouteTemplate('/bff/platform/JOBS/active')).toBe('other');
    expect(apiRouteTemplate('/bff/platform/jobs//')).toBe('other');
    expect(apiRouteTemplate('/')).toBe('other');
    expect(apiRouteTemplate('https://evil.test/bff/platform/jobs')).toBe('other');
  });

  it('maps every template to itself', () => {
    for (const template of API_ROUTE_TEMPLATES) expect(apiRouteTemplate(template)).toBe(template);
  });
});
