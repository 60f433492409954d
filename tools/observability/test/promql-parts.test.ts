import { partsWithoutThresholds } from '../promql-parts';

describe('partsWithoutThresholds', () => {
  it('drops a threshold comparison', () => {
    expect(partsWithoutThresholds('max by (service, outbox) (outbox_oldest_entry_age_seconds) > 120')).toEqual([
      'max by (service, outbox) (outbox_oldest_entry_age_seconds)',
    ]);
  });

  it('splits top-level and/or and drops each threshold, also a computed one', () => {
    expect(
      partsWithoutThresholds(
        'kadr:gateway_api_errors:ratio_rate1h > (14.4 * 0.001) and kadr:gateway_api_errors:ratio_rate5m > (14.4 * 0.001)',
      ),
    ).toEqual(['kadr:gateway_api_errors:ratio_rate1h', 'kadr:gateway_api_errors:ratio_rate5m']);
    expect(
      partsWithoutThresholds(
        'max by (service, upstream) (gateway_upstream_breaker_state) == 1\nor max by (service, upstream) (internal_call_breaker_state) == 1',
      ),
    ).toEqual([
      'max by (service, upstream) (gateway_upstream_breaker_state)',
      'max by (service, upstream) (internal_call_breaker_state)',
    ]);
  });

  it('keeps what is inside parentheses, selectors and strings, and drops a constant fallback', () => {
    expect(
      partsWithoutThresholds(
        '(sum(increase(jobs_finished_total{status="COMPLETED"}[15m])) or vector(0)) == 0\nand on () sum(jobs_in_status{status="PENDING"}) > 0',
      ),
    ).toEqual(['sum(increase(jobs_finished_total{status="COMPLETED"}[15m]))', 'sum(jobs_in_status{status="PENDING"})']);
    expect(partsWithoutThresholds('sum(rate(x{route=~"/a and b"}[5m])) > 0')).toEqual([
      'sum(rate(x{route=~"/a and b"}[5m]))',
    ]);
  });

  it('keeps a comparison between two series', () => {
    expect(partsWithoutThresholds('sum(a) > sum(b)')).toEqual(['sum(a) > sum(b)']);
  });
});
