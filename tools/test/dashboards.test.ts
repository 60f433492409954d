/**
 * Kadr's Grafana dashboards are TypeScript (tools/observability/dashboards) written out as JSON for the chart
 * and docker compose. These checks keep the JSON what the builders make, valid for Grafana's schema, its
 * PromQL parseable, and every panel documented and filtered by the dashboard's variables. No Grafana or
 * Prometheus server is needed; `promtool` comes with the machine prerequisites.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { stringify } from 'yaml';
import { DASHBOARDS, OUTPUT_DIRS } from '../observability/dashboards/catalog';
import { allExpressions, panelsOf } from '../observability/dashboards/expressions';
import { DATASOURCE } from '../observability/dashboards/panels';
import { unscopedSelectors } from '../observability/dashboards/scope';

const root = path.resolve(__dirname, '../..');
const REBUILD = 'node --import tsx tools/observability/dashboards/build.ts';
const UNITS = ['s', 'reqps', 'percentunit', 'bytes', 'short'];

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-dashboards-'));
});
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

function committed(dir: string, file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
}

describe('committed dashboard JSON', () => {
  it.each(OUTPUT_DIRS.map((dir) => path.relative(root, dir)))('%s holds exactly what the builders make', (dir) => {
    const files = fs.readdirSync(path.join(root, dir)).filter((name) => name.endsWith('.json'));
    expect(files.sort()).toEqual(DASHBOARDS.map(({ file }) => file).sort());
    // Compared as data: the layout of the text is prettier's business (`prettier --check`).
    const stale = DASHBOARDS.filter(
      ({ file, model }) => !isDeepStrictEqual(committed(path.join(root, dir), file), JSON.parse(JSON.stringify(model))),
    ).map(({ file }) => `${dir}/${file} differs from its builder: run ${REBUILD}`);
    expect(stale).toEqual([]);
  });
});

describe('Grafana schema', () => {
  // Each committed file, as an object literal, assigned to @grafana/schema's Dashboard under `tsc --strict`:
  // a misspelt or misplaced field, or a wrong value for an enumerated one, is an excess-property or type error.
  // JSON holds an enum's value, not the enum, so each string enum is checked as the union of its values.
  it('every dashboard type-checks as a @grafana/schema Dashboard', () => {
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');
    const files = DASHBOARDS.map(({ file }) => {
      const source = path.join(work, file.replace(/\.json$/, '.ts'));
      const json = fs.readFileSync(path.join(OUTPUT_DIRS[0]!, file), 'utf8');
      fs.writeFileSync(
        source,
        [
          "import type { Dashboard } from '@grafana/schema';",
          'type Json<T> = T extends string ? `${T}` : T extends readonly (infer U)[] ? Json<U>[] : T extends object ? { [K in keyof T]: Json<T[K]> } : T;',
          `export const dashboard: Json<Dashboard> = ${json};`,
        ].join('\n'),
      );
      return path.basename(source);
    });
    const compilerOptions = { module: 'node20', target: 'es2022', skipLibCheck: true, types: [] };
    fs.writeFileSync(path.join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
    const tsc = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', work, '--noEmit', '--strict'], {
      encoding: 'utf8',
    });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 180_000);
});

describe('PromQL', () => {
  it('every expression, its variables substituted, passes promtool check rules', () => {
    const version = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
    if (version.error) throw new Error('promtool not found: run bash tools/infra/install-prereqs.sh');
    const expressions = allExpressions();
    expect(expressions.filter(({ substituted }) => substituted.includes('$'))).toEqual([]);
    // One recording rule per expression, named after its dashboard, panel and query so promtool's errors point at it.
    const groups = DASHBOARDS.map(({ model }) => ({
      name: model.uid,
      rules: expressions
        .filter(({ dashboard }) => dashboard === model.uid)
        .map(({ dashboard, panelId, refId, substituted }) => ({
          record: `dashboard:${dashboard.replace(/-/g, '_')}:panel${panelId}_${refId}`,
          expr: substituted,
        })),
    }));
    const rules = path.join(work, 'dashboard-expressions.rules.yaml');
    fs.writeFileSync(rules, stringify({ groups }));
    const promtool = spawnSync('promtool', ['check', 'rules', rules], { encoding: 'utf8' });
    expect(promtool.stderr).toBe('');
    expect(promtool.stdout).toContain(`SUCCESS: ${expressions.length} rules found`);
    expect(promtool.status).toBe(0);
  });

  it('every range in a query is $__rate_interval or $__range', () => {
    const ranges = allExpressions().flatMap(({ dashboard, panel, expr }) =>
      // Label matchers first: their regular expressions have brackets too.
      [...expr.replace(/\{[^}]*\}/g, '{}').matchAll(/\[([^\]]*)\]/g)]
        .map((match) => match[1])
        .filter((range) => range !== '$__rate_interval' && range !== '$__range')
        .map((range) => `${dashboard} / ${panel}: [${range}]`),
    );
    expect(ranges).toEqual([]);
  });
});

describe('panels', () => {
  it('every panel has a description, a unit, the datasource variable, and queries', () => {
    const problems = DASHBOARDS.flatMap(({ model }) =>
      panelsOf(model).flatMap((panel) => {
        const where = `${model.uid} / ${panel.title ?? '(untitled)'}`;
        const targets = panel.targets ?? [];
        return [
          !panel.description?.trim() && `${where}: no description`,
          !UNITS.includes(panel.fieldConfig?.defaults.unit ?? '') && `${where}: unit not one of ${UNITS.join(', ')}`,
          !isDeepStrictEqual(panel.datasource, DATASOURCE) && `${where}: datasource is not \${datasource}`,
          targets.length === 0 && `${where}: no queries`,
          targets.some((target) => !isDeepStrictEqual(target.datasource, DATASOURCE)) &&
            `${where}: a query's datasource is not \${datasource}`,
        ].filter((problem): problem is string => Boolean(problem));
      }),
    );
    expect(problems).toEqual([]);
  });

  it("every query is filtered by the namespace, service and instance variables (Kadr's recording rules aside)", () => {
    const unscoped = allExpressions()
      .map(({ dashboard, panel, expr }) => ({ where: `${dashboard} / ${panel}`, selectors: unscopedSelectors(expr) }))
      .filter(({ selectors }) => selectors.length > 0);
    expect(unscoped).toEqual([]);
  });

  it('the filter check finds selectors that escape the variables', () => {
    const scope = 'namespace=~"$namespace", service=~"$service", instance=~"$instance"';
    expect(unscopedSelectors(`sum(rate(jobs_created_total{${scope}}[$__rate_interval]))`)).toEqual([]);
    expect(unscopedSelectors('kadr:jobs_late:ratio_rate5m / 0.01')).toEqual([]);
    expect(unscopedSelectors('sum by (le) (rate(jobs_created_total[5m]))')).toEqual(['jobs_created_total']);
    expect(unscopedSelectors('up{service=~"$service"} == 0')).toEqual(['up{service=~"$service"}']);
    expect(unscopedSelectors(`sum(a{${scope}}) / sum(b)`)).toEqual(['b']);
  });
});

describe('dashboards', () => {
  it('have stable unique kadr- uids, the kadr tag and a current schema version', () => {
    const uids = DASHBOARDS.map(({ model }) => model.uid);
    expect(new Set(uids).size).toBe(DASHBOARDS.length);
    for (const { file, model } of DASHBOARDS) {
      expect(file).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.json$/);
      expect(model.uid).toMatch(/^kadr-[a-z-]+$/);
      expect(model.tags).toContain('kadr');
      expect(model.schemaVersion).toBeGreaterThanOrEqual(39);
    }
  });

  it('share the datasource, namespace, service and instance variables, each multi-select with All as .*', () => {
    for (const { model } of DASHBOARDS) {
      const variables = model.templating?.list ?? [];
      expect(variables.map(({ name, type }) => `${name}:${type}`)).toEqual([
        'datasource:datasource',
        'namespace:query',
        'service:query',
        'instance:query',
      ]);
      expect(variables[0]).toMatchObject({ query: 'prometheus', current: { value: 'prometheus' } });
      for (const variable of variables.slice(1)) {
        expect(variable).toMatchObject({ multi: true, includeAll: true, allValue: '.*', datasource: DATASOURCE });
      }
    }
  });
});
