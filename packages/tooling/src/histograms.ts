import type { Histogram, Registry } from 'prom-client';

/**
 * One figure of histogram `name` of `registry` per series (`_count`: observations, `_sum`: their
 * total), keyed by the values of `labelNames` joined by a space (`{ 'get ok': 2, 'get not_found': 1 }`).
 * Series that differ only in other labels add up; series never observed are absent. The registry's
 * default labels (`service`) are not part of the key.
 */
async function histogramFigures(
  registry: Registry,
  name: string,
  labelNames: string[],
  figure: '_count' | '_sum',
): Promise<Record<string, number>> {
  const histogram = registry.getSingleMetric(name) as Histogram | undefined;
  if (!histogram) throw new Error(`no metric ${name} in the registry`);
  const { values } = await histogram.get();
  const figures: Record<string, number> = {};
  for (const { metricName, labels, value } of values) {
    if (metricName !== `${name}${figure}`) continue;
    const key = labelNames.map((label) => String(labels[label])).join(' ');
    figures[key] = (figures[key] ?? 0) + value;
  }
  return figures;
}

/** How many observations histogram `name` holds per series, keyed by the values of `labelNames` ('get ok'). */
export const histogramCounts = (registry: Registry, name: string, labelNames: string[]) =>
  histogramFigures(registry, name, labelNames, '_count');

/** The total of the observations (seconds, for a duration) of histogram `name` per series, keyed as by histogramCounts. */
export const histogramSums = (registry: Registry, name: string, labelNames: string[]) =>
  histogramFigures(registry, name, labelNames, '_sum');
