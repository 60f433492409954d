import { metricNamesIn, metricQueries, ruleQueries } from '../live-check';

describe('the live check queries', () => {
  it("asks for each alert's parts without thresholds and each recording rule's expression", () => {
    const queries = ruleQueries();
    expect(queries).toContainEqual({
      source: 'alert KadrOutboxStuck',
      query: 'max by (service, outbox) (outbox_oldest_entry_age_seconds)',
    });
    expect(queries).toContainEqual({
      source: 'alert KadrPaymentFailuresHigh',
      query: 'sum by (provider) (increase(payments_total{outcome="started"}[15m]))',
    });
    expect(queries.filter(({ source }) => source.startsWith('record '))).toHaveLength(14);
    // No part keeps a threshold, and no part is a bare constant.
    for (const { query } of queries) {
      expect(query).not.toMatch(/[<>=]=?\s*\(?[\d.]+\)?\s*$/);
      expect(query).not.toMatch(/^vector\(/);
    }
  });

  it('finds the metric names of an expression, not its labels, functions or recording rules', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.99, sum by (le, service) (rate(sse_delivery_lag_seconds_bucket{service=~".*"}[1m]))) / kadr:x:y',
      ),
    ).toEqual(['sse_delivery_lag_seconds_bucket']);
    expect(metricNamesIn('sum(a_total) / sum(b_total) and on () c > 0')).toEqual(['a_total', 'b_total', 'c']);
  });

  it('asks once per metric whether any series exists', () => {
    expect(metricQueries([{ source: 's', query: 'sum(rate(a_total[5m])) / sum(rate(a_total[1h]))' }])).toEqual([
      { source: 'metric a_total', query: 'count({__name__="a_total"})' },
    ]);
  });
});
