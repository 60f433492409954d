import {
  filtersFromSearchParams,
  filtersToSearchParams,
  galleryRequestOf,
  hasActiveFilters,
  NO_FILTERS,
} from './gallery-filters';

const parse = (query: string) => filtersFromSearchParams(new URLSearchParams(query));

describe('the gallery filters in the URL', () => {
  it('reads every filter, and writes them back the same', () => {
    const query =
      'q=red+fox&status=FAILED&model=kadr-motion-v1&aspect=9%3A16&from=2026-03-01&to=2026-03-31&sort=oldest&favourites=1&page=2';
    const filters = parse(query);
    expect(filters).toEqual({
      q: 'red fox',
      status: 'FAILED',
      model: 'kadr-motion-v1',
      aspect: '9:16',
      from: '2026-03-01',
      to: '2026-03-31',
      sort: 'oldest',
      favourites: true,
      page: 2,
    });
    expect(filtersToSearchParams(filters).toString()).toBe(query);
    expect(hasActiveFilters(filters)).toBe(true);
  });

  it('leaves out what is not a valid value, and writes nothing for the defaults', () => {
    expect(
      parse('status=DONE&model=a%20b&aspect=4:3&from=2026-02-30&to=yesterday&sort=random&favourites=yes&page=-1'),
    ).toEqual(NO_FILTERS);
    expect(parse('from=2026-03-10&to=2026-03-01')).toMatchObject({ from: '2026-03-10', to: '' });
    expect(filtersToSearchParams(NO_FILTERS).toString()).toBe('');
    expect(hasActiveFilters({ ...NO_FILTERS, sort: 'oldest', page: 3 })).toBe(false);
  });

  it('asks for the instants where the days begin, the last day included', () => {
    const request = galleryRequestOf({ ...NO_FILTERS, from: '2026-03-01', to: '2026-03-01', q: '  fox ' }, 12);
    expect(request).toMatchObject({ page: 1, limit: 12, q: 'fox', sort: 'newest' });
    expect(new Date(request.from!).getDate()).toBe(1);
    expect(Date.parse(request.to!) - Date.parse(request.from!)).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect(request.status).toBeUndefined();
    expect(request.favourites).toBeUndefined();
  });
});
