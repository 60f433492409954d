// Every PromQL expression of every dashboard panel, with Grafana's variables replaced by values any
// Prometheus accepts: for checking the expressions offline (promtool) or against a running Prometheus.
import type { Dashboard, Panel, RowPanel } from '@grafana/schema';
import { DASHBOARDS } from './catalog';

export interface PanelExpression {
  dashboard: string;
  panelId: number;
  panel: string;
  refId: string;
  /** As written in the dashboard, with `$namespace`, `$__rate_interval`… */
  expr: string;
  /** Ready for Prometheus: every filter matches everything, intervals are fixed. */
  substituted: string;
}

/** What each Grafana variable stands for outside Grafana: "All" for the filters, a minute for intervals, an hour for the range. */
const SUBSTITUTES: Array<[RegExp, string]> = [
  [/\$\{?(namespace|service|instance)\}?(?!\w)/g, '.*'],
  [/\$\{?(__rate_interval|__interval)\}?(?!\w)/g, '1m'],
  [/\$\{?__range\}?(?!\w)/g, '1h'],
];

export function substituteVariables(expr: string): string {
  return SUBSTITUTES.reduce((text, [pattern, value]) => text.replace(pattern, value), expr);
}

/** The panels of a dashboard, including those inside rows. */
export function panelsOf(model: Dashboard): Panel[] {
  return (model.panels ?? []).flatMap((panel) => (isRow(panel) ? panel.panels : [panel]));
}

export function isRow(panel: Panel | RowPanel): panel is RowPanel {
  return panel.type === 'row';
}

export function panelExpressions(model: Dashboard): PanelExpression[] {
  return panelsOf(model).flatMap((panel) =>
    (panel.targets ?? []).map((target) => {
      const expr = String(target.expr);
      return {
        dashboard: model.uid ?? '',
        panelId: panel.id ?? 0,
        panel: panel.title ?? '',
        refId: String(target.refId),
        expr,
        substituted: substituteVariables(expr),
      };
    }),
  );
}

/** Every expression of every dashboard Kadr ships. */
export function allExpressions(): PanelExpression[] {
  return DASHBOARDS.flatMap(({ model }) => panelExpressions(model));
}
