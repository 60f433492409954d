/** The part of a prom-client Registry a test reads (structural: this package does not depend on prom-client). */
export interface ReadableRegistry {
  getSingleMetric(name: string):
    | {
        get(): Promise<{
          values: ReadonlyArray<{ labels: Record<string, unknown>; value: number; metricName?: string }>;
        }>;
      }
    | undefined;
}

/**
 * The value of metric `name`'s series with exactly `labels` (a gauge or counter; 0 while that
 * series has no value yet). Throws when the registry has no such metric: a typo must not read 0.
 */
export function metricValue(
  registry: ReadableRegistry,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  return sampleValue(registry, name, name, labels);
}

/** How many observations histogram `name`'s series with exactly `labels` has (its `_count`; 0 while none). */
export function histogramCount(
  registry: ReadableRegistry,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  return sampleValue(registry, name, `${name}_count`, labels);
}

async function sampleValue(
  registry: ReadableRegistry,
  name: string,
  sample: string,
  labels: Record<string, string>,
): Promise<number> {
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`the registry has no metric ${name}`);
  const wanted = Object.entries(labels);
  const { values } = await metric.get();
  const series = values.find(
    (v) =>
      (v.metricName ?? name) === sample &&
      Object.keys(v.labels).length === wanted.length &&
      wanted.every(([key, value]) => v.labels[key] === value),
  );
  return series?.value ?? 0;
}
