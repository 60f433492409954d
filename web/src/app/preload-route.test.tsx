import type * as Pages from './pages';
import { preloadRoute } from './router';

// Each page a stub whose `preload` is a spy; preloadOf is the real one.
jest.mock('./pages', () => {
  const actual = jest.requireActual<typeof Pages>('./pages');
  const stubs: Record<string, unknown> = { preloadOf: actual.preloadOf };
  for (const name of Object.keys(actual).filter((key) => /^[A-Z]/.test(key))) {
    stubs[name] = Object.assign(() => null, { preload: jest.fn(() => Promise.resolve()) });
  }
  return stubs;
});
jest.mock('../errors/RouteErrorScreen', () => ({ RouteErrorScreen: () => null }));

const pages = jest.requireMock<Record<string, { preload: jest.Mock }>>('./pages');
const preloaded = () => Object.keys(pages).filter((name) => pages[name]?.preload?.mock.calls.length);

describe('preloadRoute', () => {
  beforeEach(() => jest.clearAllMocks());

  it.each([
    ['/', 'Landing'],
    ['/dashboard', 'Dashboard'],
    ['/generate', 'Generator'],
    ['/gallery', 'Gallery'],
    ['/admin/users', 'AdminUsers'],
    ['/no-such-page', 'NotFound'],
  ])('fetches the chunk of %s (%s) and no other', async (pathname, page) => {
    await preloadRoute(pathname);
    expect(preloaded()).toEqual([page]);
  });

  it('leaves a failed fetch to the page itself (resolves)', async () => {
    pages['Gallery']!.preload.mockReturnValueOnce(Promise.reject(new Error('offline')));
    await expect(preloadRoute('/gallery')).resolves.toBeDefined();
  });
});

describe('pages', () => {
  it('are lazy components that can be preloaded', () => {
    const actual = jest.requireActual<typeof Pages>('./pages');
    expect(typeof actual.Dashboard.preload).toBe('function');
    expect(actual.preloadOf(actual.Dashboard)).toBe(actual.Dashboard.preload);
    expect(actual.preloadOf(() => null)).toBeUndefined();
    expect(actual.preloadOf('div')).toBeUndefined();
  });
});
