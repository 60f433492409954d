/**
 * How tests read a prom-client registry: one value of a series with exact labels (`metricValue`,
 * `histogramCount`), or a histogram's figures grouped by some of its labels (`histogramCounts`,
 * `histogramSums`). Structural types: this package does not depend on prom-client.
 */

interface Sample {
  labels: Record<string, unknown>;
  value: number;
  metricName?: string;
}

/** The part of a prom-client Registry a test reads. */
export interface ReadableRegistry {
  getSingleMetric(name: string): { get(): Promise<{ values: ReadonlyArray<Sample> }> } | undefined;
}

/** The samples of metric `name` whose sample name is `sample` (`x_count` of histogram `x`; `x` itself for a gauge). */
async function samplesOf(registry: ReadableRegistry, name: string, sample: string): Promise<Sample[]> {
  // A typo must fail the test, not read 0.
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`the registry has no metric ${name}`);
  const { values } = await metric.get();
  return values.filter((value) => (value.metricName ?? name) === sample);
}

async function exactSeriesValue(
  registry: ReadableRegistry,
  name: string,
  sample: string,
  labels: Record<string, string>,
): Promise<number> {
  const wanted = Object.entries(labels);
  const series = (await samplesOf(registry, name, sample)).find(
    (value) =>
      Object.keys(value.labels).length === wanted.length &&
      wanted.every(([key, expected]) => value.labels[key] === expected),
  );
  return series?.value ?? 0;
}

/**
 * The value of metric `name`'s series with exactly `labels` (a gauge or counter; 0 while that
 * series has no value yet). Throws when the registry has no such metric.
 */
export function metricValue(
  registry: ReadableRegistry,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  return exactSeriesValue(registry, name, name, labels);
}

/** How many observations histogram `name`'s series with exactly `labels` has (its `_count`; 0 while none). */
export function histogramCount(
  registry: ReadableRegistry,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  return exactSeriesValue(registry, name, `${name}_count`, labels);
}

/**
 * One figure of histogram `name` per series (`_count` or `_sum`), keyed by the values of
 * `labelNames` joined by a space (`{ 'get ok': 2, 'get not_found': 1 }`). Series that differ only
 * in other labels (the registry's default `service` label, too) add up; series never observed are absent.
 */
async function groupedFigures(
  registry: ReadableRegistry,
  name: string,
  labelNames: string[],
  figure: '_count' | '_sum',
): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  for (const { labels, value } of await samplesOf(registry, name, `${name}${figure}`)) {
    const key = labelNames.map((label) => String(labels[label])).join(' ');
    figures[key] = (figures[key] ?? 0) + value;
  }
  return figures;
}

/** How many observations histogram `name` holds per series, keyed by the values of `labelNames` ('get ok'). */
export const histogramCounts = (registry: ReadableRegistry, name: string, labelNames: string[]) =>
  groupedFigures(registry, name, labelNames, '_count');

/** The total of the observations (seconds, for a duration) of histogram `name` per series, keyed as by histogramCounts. */
export const histogramSums = (registry: ReadableRegistry, name: string, labelNames: string[]) =>
  groupedFigures(registry, name, labelNames, '_sum');
