// The live check of issue 18: against a Prometheus that scraped a running stack under load, every
// dashboard panel's query and every rule's expression (each part without its threshold) must return at
// least one series, and every metric they name must exist. A metric no service exports, a label value
// nobody emits or a typo shows up here as an empty answer — rather than as a blank panel in an incident.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { allExpressions } from './dashboards/expressions';
import { partsWithoutThresholds } from './promql-parts';

const ROOT = path.resolve(__dirname, '../..');
export const RULES_FILE = path.join(ROOT, 'charts/kadr/rules/kadr-rules.yaml');

export interface LiveQuery {
  /** Where it comes from: `dashboard kadr-money / Payments (A)`, `alert KadrOutboxStuck`, `metric payments_total`. */
  source: string;
  query: string;
}

export interface LiveAnswer extends LiveQuery {
  series: number;
  error?: string;
}

interface RuleFile {
  groups: Array<{ rules: Array<{ alert?: string; record?: string; expr: string }> }>;
}

/** Every rule's expression: a recording rule's as it is, an alert's split into its parts without thresholds. */
export function ruleQueries(file = RULES_FILE): LiveQuery[] {
  const { groups } = parse(fs.readFileSync(file, 'utf8')) as RuleFile;
  return groups.flatMap(({ rules }) =>
    rules.flatMap((rule) =>
      rule.alert
        ? partsWithoutThresholds(rule.expr).map((query) => ({ source: `alert ${rule.alert}`, query }))
        : [{ source: `record ${rule.record}`, query: rule.expr.trim() }],
    ),
  );
}

export function dashboardQueries(): LiveQuery[] {
  return allExpressions().map(({ dashboard, panel, refId, substituted }) => ({
    source: `dashboard ${dashboard} / ${panel} (${refId})`,
    query: substituted,
  }));
}

/**
 * One query per metric the queries name (recording rules' own names excluded): does any series of it
 * exist? Histograms are found by their `_bucket`/`_count`/`_sum` series.
 */
export function metricQueries(queries: readonly LiveQuery[]): LiveQuery[] {
  const names = new Set(queries.flatMap(({ query }) => metricNamesIn(query)));
  return [...names].sort().map((name) => ({ source: `metric ${name}`, query: `count({__name__="${name}"})` }));
}

/** The metric names of a PromQL expression: words outside selectors, strings, ranges and grouping clauses. */
export function metricNamesIn(expr: string): string[] {
  const text = expr
    .replace(/"[^"]*"/g, '""')
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\[[^\]]*\]/g, '[]')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const words = text.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return [...new Set(words.filter((word) => !PROMQL_WORDS.has(word) && !word.includes(':')))];
}

const PROMQL_WORDS = new Set([
  ...['sum', 'max', 'min', 'avg', 'count', 'topk', 'bottomk', 'quantile', 'stddev', 'count_values', 'group'],
  ...['rate', 'irate', 'increase', 'delta', 'deriv', 'idelta', 'changes', 'resets', 'histogram_quantile'],
  ...['avg_over_time', 'max_over_time', 'min_over_time', 'sum_over_time', 'last_over_time', 'time', 'timestamp'],
  ...[
    'vector',
    'scalar',
    'abs',
    'ceil',
    'floor',
    'round',
    'clamp_min',
    'clamp_max',
    'clamp',
    'absent',
    'label_replace',
  ],
  ...['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan', 'Inf', 'NaN'],
]);

/** Asks Prometheus each query at once (an instant query, now). */
export async function askPrometheus(prometheusUrl: string, queries: readonly LiveQuery[]): Promise<LiveAnswer[]> {
  const answers: LiveAnswer[] = [];
  for (const query of queries) {
    const url = new URL('/api/v1/query', prometheusUrl);
    url.searchParams.set('query', query.query);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      const body = (await response.json()) as { status: string; error?: string; data?: { result: unknown[] } };
      answers.push(
        body.status === 'success'
          ? { ...query, series: body.data?.result.length ?? 0 }
          : { ...query, series: 0, error: body.error ?? `HTTP ${response.status}` },
      );
    } catch (error) {
      answers.push({ ...query, series: 0, error: String(error) });
    }
  }
  return answers;
}

/** Everything the live check asks: the dashboards', the rules', and each metric they name. */
export function liveCheckQueries(): LiveQuery[] {
  const queries = [...dashboardQueries(), ...ruleQueries()];
  return [...queries, ...metricQueries(queries)];
}
