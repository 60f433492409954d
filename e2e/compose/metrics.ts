/**
 * Reading one number off a service's Prometheus endpoint (127.0.0.1:<metrics port>/metrics, the
 * compose plan's ports): the gateways' `sse_open_connections` tells which replica holds a stream.
 */

/**
 * The sum of the samples of `name` (whatever their labels: every series carries `service`) in
 * the text exposition at `url`; NaN when the endpoint does not answer or has no such metric.
 */
export async function metricValue(url: string, name: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) return Number.NaN;
    const samples = (await response.text())
      .split('\n')
      .filter((line) => line === name || line.startsWith(`${name} `) || line.startsWith(`${name}{`))
      .map((line) => Number(line.slice(line.lastIndexOf(' ') + 1)));
    return samples.length ? samples.reduce((sum, value) => sum + value, 0) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
