import {
  EMPTY_LOG_FILTERS,
  filtersFromSearchParams,
  filtersToRequest,
  filtersToSearchParams,
  hasActiveFilters,
  isoToLocalInput,
  localInputToIso,
} from './log-filters';

describe('log filters', () => {
  it('round-trips through the URL query', () => {
    const filters = {
      kind: 'admin_action' as const,
      action: 'users.delete',
      userId: 'user-7',
      from: '2025-03-01T09:00:00.000Z',
      to: '2025-03-02T18:30:00.000Z',
      skip: 100,
    };
    const params = filtersToSearchParams(filters);
    expect(params.toString()).toBe(
      'kind=admin_action&action=users.delete&userId=user-7&from=2025-03-01T09%3A00%3A00.000Z&to=2025-03-02T18%3A30%3A00.000Z&skip=100',
    );
    expect(filtersFromSearchParams(params)).toEqual(filters);
  });

  it('ignores what it does not understand in the URL', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('kind=everything&from=yesterday&skip=-5&userId=%20'));
    expect(filters).toEqual(EMPTY_LOG_FILTERS);
    expect(hasActiveFilters(filters)).toBe(false);
  });

  it('sends only the filters that are set, "to" through the end of its minute', () => {
    expect(filtersToRequest(EMPTY_LOG_FILTERS, 50)).toEqual({ skip: 0, take: 50 });
    expect(
      filtersToRequest(
        {
          ...EMPTY_LOG_FILTERS,
          kind: 'system_event',
          from: '2025-03-01T09:00:00.000Z',
          to: '2025-03-01T10:30:00.000Z',
        },
        50,
      ),
    ).toEqual({
      skip: 0,
      take: 50,
      kind: 'system_event',
      from: '2025-03-01T09:00:00.000Z',
      to: '2025-03-01T10:30:59.999Z',
    });
  });

  it('converts datetime-local values (local time) to ISO instants and back', () => {
    const iso = localInputToIso('2025-03-01T14:05');
    expect(iso).toBe(new Date(2025, 2, 1, 14, 5).toISOString());
    expect(isoToLocalInput(iso)).toBe('2025-03-01T14:05');
    expect(localInputToIso('')).toBe('');
    expect(isoToLocalInput('not a date')).toBe('');
  });
});
