import { addMonths, periodAt } from './periods';

const at = (iso: string) => new Date(iso);

describe('monthly periods', () => {
  it('adds calendar months, clamping to the last day of a shorter month', () => {
    expect(addMonths(at('2025-01-15T10:00:00Z'), 1)).toEqual(at('2025-02-15T10:00:00Z'));
    expect(addMonths(at('2025-01-31T10:00:00Z'), 1)).toEqual(at('2025-02-28T10:00:00Z'));
    expect(addMonths(at('2024-01-31T10:00:00Z'), 1)).toEqual(at('2024-02-29T10:00:00Z'));
    expect(addMonths(at('2025-12-31T23:59:59.999Z'), 2)).toEqual(at('2026-02-28T23:59:59.999Z'));
  });

  it('counts every boundary from the activation, so clamping does not drift', () => {
    const activation = at('2025-01-31T08:00:00Z');
    expect(periodAt(activation, at('2025-03-30T00:00:00Z'))).toEqual({
      index: 1,
      start: at('2025-02-28T08:00:00Z'),
      end: at('2025-03-31T08:00:00Z'),
    });
    expect(periodAt(activation, at('2025-03-31T08:00:00Z')).start).toEqual(at('2025-03-31T08:00:00Z'));
  });

  it('puts the boundary instant into the next period and anything before activation into period 0', () => {
    const activation = at('2025-05-10T12:00:00Z');
    expect(periodAt(activation, at('2025-06-10T12:00:00Z')).index).toBe(1);
    expect(periodAt(activation, at('2025-06-10T11:59:59.999Z')).index).toBe(0);
    expect(periodAt(activation, at('2024-01-01T00:00:00Z')).index).toBe(0);
    expect(periodAt(activation, at('2027-05-10T12:00:00Z')).index).toBe(24);
  });
});
