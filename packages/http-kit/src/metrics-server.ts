import express from 'express';
import type { Registry } from 'prom-client';
import { HttpProblem } from './problems';
import { startHttpServer, type RunningServer } from './server';

/**
 * Prometheus text from several registries as one valid exposition: each metric family's HELP and
 * TYPE once, followed by the samples of every registry (they differ by their `service` label).
 * Concatenating the texts would repeat a family's TYPE line, which Prometheus rejects — and the
 * embedded mode runs several services, each with its own registry, in one process.
 */
export function mergeExpositions(texts: string[]): string {
  const families = new Map<string, { header: string[]; samples: string[] }>();
  for (const text of texts) {
    let current: { header: string[]; samples: string[] } | undefined;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      const header = /^# (HELP|TYPE) (\S+)/.exec(line);
      if (header) {
        const name = header[2] ?? '';
        let family = families.get(name);
        if (!family) {
          family = { header: [], samples: [] };
          families.set(name, family);
        }
        if (family.header.length < 2 && !family.header.some((h) => h.startsWith(`# ${header[1]} `))) {
          family.header.push(line);
        }
        current = family;
      } else if (current) {
        current.samples.push(line);
      }
    }
  }
  return [...families.values()].map((family) => [...family.header, ...family.samples].join('\n')).join('\n') + '\n';
}

export interface MetricsServerOptions {
  /** METRICS_PORT (9464 by default in every service; 0 picks a free one). */
  port: number;
  host?: string;
  /** One per service served by this process (the embedded mode serves all of them from one listener). */
  registries: Registry[];
  /** Named in `/health/live`: the liveness probe of a process without a public port (the jobs worker). */
  service?: string;
}

/**
 * `/metrics` on a port of its own, apart from the public app port: a scrape target for
 * Prometheus that the ingress never routes (issue 13), and `/health/live` for the liveness probe of
 * a process that has no public port. Anything else on it is a 404 problem.
 */
export async function startMetricsServer({
  port,
  host,
  registries,
  service = 'metrics',
}: MetricsServerOptions): Promise<RunningServer> {
  const app = express();
  app.disable('x-powered-by');
  app.get('/health/live', (_req, res) => {
    res.json({ status: 'ok', service });
  });
  app.get('/metrics', async (_req, res) => {
    const texts = await Promise.all(registries.map((registry) => registry.metrics()));
    res.type(registries[0]?.contentType ?? 'text/plain; version=0.0.4; charset=utf-8').send(mergeExpositions(texts));
  });
  app.use((req, res) => {
    const problem = new HttpProblem('not_found', { detail: `There is nothing at ${req.method} ${req.path}.` });
    res.status(404).type('application/problem+json').send(JSON.stringify(problem.toBody()));
  });
  return startHttpServer(app, { port, host });
}
