import {
  filtersFromSearchParams,
  filtersToLedgerFilter,
  filtersToSearchParams,
  hasActiveFilters,
  NO_FILTERS,
  startOfLocalDay,
} from './ledger-filters';

const TAKE = 20;
const fromUrl = (query: string) => filtersFromSearchParams(new URLSearchParams(query), TAKE);

describe('the credit history’s filters', () => {
  it('read from the URL: known kinds, real days, whole pages; anything else is no filter', () => {
    expect(fromUrl('kind=refunds&from=2025-03-01&to=2025-03-31&page=3')).toEqual({
      kind: 'refunds',
      from: '2025-03-01',
      to: '2025-03-31',
      page: 3,
    });
    expect(fromUrl('kind=release&from=2025-02-30&to=yesterday&page=-1')).toEqual(NO_FILTERS);
    expect(fromUrl('kind=toString&page=2.5')).toEqual(NO_FILTERS);
    // The service skips at most 100 000 lines.
    expect(fromUrl('page=999999').page).toBe(100_000 / TAKE + 1);
  });

  it('written to the URL only when set, and read back the same', () => {
    expect(filtersToSearchParams(NO_FILTERS).toString()).toBe('');
    const filters = { kind: 'holds', from: '2025-03-01', to: '', page: 2 } as const;
    expect(filtersToSearchParams(filters).toString()).toBe('kind=holds&from=2025-03-01&page=2');
    expect(filtersFromSearchParams(filtersToSearchParams(filters), TAKE)).toEqual(filters);
  });

  it('sent as the ledger’s kinds and the instants where the local days begin and end', () => {
    expect(filtersToLedgerFilter(NO_FILTERS)).toEqual({});
    expect(filtersToLedgerFilter({ kind: 'grants', from: '2025-03-01', to: '2025-03-31', page: 1 })).toEqual({
      kind: ['grant', 'purchase'],
      from: new Date(2025, 2, 1).toISOString(),
      // Exclusive: the start of the day after the last one shown.
      to: new Date(2025, 3, 1).toISOString(),
    });
    expect(filtersToLedgerFilter({ ...NO_FILTERS, kind: 'refunds' }).kind).toEqual(['release', 'refund']);
  });

  it('start of a local day: also across a month and a year', () => {
    expect(startOfLocalDay('2025-12-31', 1)).toBe(new Date(2026, 0, 1).toISOString());
    expect(startOfLocalDay('not a day')).toBe('');
  });

  it('are active when a kind or a day is set (the page alone is not a filter)', () => {
    expect(hasActiveFilters({ ...NO_FILTERS, page: 4 })).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, to: '2025-03-01' })).toBe(true);
  });
});
