// Kadr's alert rules (charts/kadr/rules): valid for Prometheus, unit-tested with promtool, each alert with
// a runbook and a test that makes it fire, and every metric they read defined by some service. Whether
// the series really come out of a running stack is the live check's business (tools/observability).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { dashboardQueries, metricNamesIn } from '../observability/live-check';

const ROOT = path.resolve(__dirname, '../..');
const RULES = path.join(ROOT, 'charts/kadr/rules/kadr-rules.yaml');
const TESTS = path.join(ROOT, 'charts/kadr/rules/tests/kadr-rules.test.yaml');
const RUNBOOKS = path.join(ROOT, 'docs/runbooks');

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  annotations?: Record<string, string>;
}
interface AlertTest {
  alertname: string;
  exp_alerts: unknown[];
}

const groups = (parse(fs.readFileSync(RULES, 'utf8')) as { groups: Array<{ rules: Rule[] }> }).groups;
const rules = groups.flatMap((group) => group.rules);
const alerts = rules.filter((rule): rule is Rule & { alert: string } => typeof rule.alert === 'string');
const alertTests = (
  parse(fs.readFileSync(TESTS, 'utf8')) as { tests: Array<{ alert_rule_test?: AlertTest[] }> }
).tests.flatMap((test) => test.alert_rule_test ?? []);

function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { cwd: ROOT, encoding: 'utf8' });
  if (run.error) {
    throw new Error(`promtool is missing (Debian's prometheus package): run bash tools/infra/install-prereqs.sh`);
  }
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The services' and packages' own code, not their tests: a name only a test mentions is not exported. */
const SOURCES = [':(glob)packages/*/src/**', ':(glob)services/*/src/**', ':(exclude,glob)**/*.test.ts'];

/** Every snake_case string literal of that code: where metric names are defined. */
function definedNames(): Set<string> {
  const literals = execFileSync('git', ['grep', '-h', '-o', '-E', "'[a-z][a-z0-9]*_[a-z0-9_]+'", '--', ...SOURCES], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return new Set(literals.split('\n').map((literal) => literal.slice(1, -1)));
}

describe('alert rules (charts/kadr/rules)', () => {
  it('are valid Prometheus rules (promtool check rules)', () => {
    const { status, output } = promtool('check', 'rules', RULES);
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
  });

  it('pass their unit tests (promtool test rules)', () => {
    const { status, output } = promtool('test', 'rules', TESTS);
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
  });

  it('has, for every alert, a test where it fires and a runbook page that names it', () => {
    expect(alerts.length).toBeGreaterThanOrEqual(14);
    for (const { alert, annotations } of alerts) {
      const firing = alertTests.filter((test) => test.alertname === alert && test.exp_alerts.length > 0);
      expect({ alert, hasFiringTest: firing.length > 0 }).toEqual({ alert, hasFiringTest: true });
      const runbook = annotations?.runbook ?? '';
      expect(runbook).toBe(`docs/runbooks/${alert}.md`);
      const page = fs.readFileSync(path.join(ROOT, runbook), 'utf8');
      expect(page).toContain(`# ${alert}`);
      expect(page).toMatch(/## What to check/);
      expect(page).toMatch(/## What to do/);
    }
  });

  it('has a runbook page only for alerts that exist', () => {
    const pages = fs.readdirSync(RUNBOOKS).filter((file) => file !== 'README.md');
    expect(pages.sort()).toEqual(alerts.map(({ alert }) => `${alert}.md`).sort());
  });

  it('reads only metrics some service defines (a name in the source code of packages/ or services/)', () => {
    const literals = execFileSync('git', ['grep', '-h', '-o', '-E', "'[a-z][a-z0-9]*_[a-z0-9_]+'", '--', ...SOURCES], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const defined = new Set(literals.split('\n').map((literal) => literal.slice(1, -1)));
    const undefinedMetrics = rules
      .flatMap((rule) => metricNamesIn(rule.expr))
      .map((name) => name.replace(/_(bucket|count|sum)$/, ''))
      .filter((name) => !defined.has(name));
    expect([...new Set(undefinedMetrics)]).toEqual([]);
  });
  it('and the dashboards read only metrics some service defines, or Prometheus and prom-client make', () => {
    const defined = definedNames();
    const undefinedMetrics = dashboardQueries()
      .flatMap(({ query }) => metricNamesIn(query))
      .map((name) => name.replace(/_(bucket|count|sum)$/, ''))
      .filter((name) => !defined.has(name) && !/^(up|process_.*|nodejs_.*)$/.test(name));
    expect([...new Set(undefinedMetrics)]).toEqual([]);
  });
});
