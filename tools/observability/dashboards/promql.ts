// PromQL pieces every dashboard uses, so each query carries the dashboard's filters the same way.

/**
 * The label matchers a query takes from the dashboard's variables. "All" is `.*`, which also matches an
 * absent label: docker compose's series have no `namespace`, Kubernetes' have one.
 */
export const SCOPE_MATCHERS = ['namespace=~"$namespace"', 'service=~"$service"', 'instance=~"$instance"'] as const;

/** `metric{namespace=~"$namespace", service=~"$service", instance=~"$instance", …matchers}` */
export function series(metric: string, ...matchers: string[]): string {
  return `${metric}{${[...SCOPE_MATCHERS, ...matchers].join(', ')}}`;
}

/** Per-second rate of a counter (or a histogram's `_count`) over Grafana's rate interval. */
export function rate(metric: string, ...matchers: string[]): string {
  return `rate(${series(metric, ...matchers)}[$__rate_interval])`;
}

/** `sum by (labels) (expr)`, or `sum(expr)` for no labels. */
export function sumBy(labels: string[], expr: string): string {
  return labels.length ? `sum by (${labels.join(', ')}) (${expr})` : `sum(${expr})`;
}

/** `max by (labels) (expr)`, or `max(expr)`: for gauges every replica reports alike (counts read from a database). */
export function maxBy(labels: string[], expr: string): string {
  return labels.length ? `max by (${labels.join(', ')}) (${expr})` : `max(${expr})`;
}

/** The q-quantile of histogram `name` (its `_bucket` series), per `labels`. */
export function quantile(q: number, name: string, labels: string[], ...matchers: string[]): string {
  return `histogram_quantile(${q}, ${sumBy([...labels, 'le'], rate(`${name}_bucket`, ...matchers))})`;
}

/**
 * `expr`, or a 0 per `labels` of the series of `base` where `expr` has none: a failure panel shows a
 * flat 0 while nothing fails rather than "no data" (which also looks like a broken query).
 */
export function orZero(expr: string, labels: string[], base: string): string {
  return `${expr} or ${sumBy(labels, base)} * 0`;
}

/**
 * The share of `counter` whose series match `bad`, per `labels`: `sum(rate(bad)) / sum(rate(all))`,
 * 0 (not absent) where nothing was bad.
 */
export function ratio(counter: string, labels: string[], bad: string[], ...matchers: string[]): string {
  const all = rate(counter, ...matchers);
  return `(${orZero(sumBy(labels, rate(counter, ...bad, ...matchers)), labels, all)}) / ${sumBy(labels, all)}`;
}
