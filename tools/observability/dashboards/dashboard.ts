// A Kadr dashboard: the shared variables, links and settings around sections of panels, laid out on
// Grafana's 24-column grid.
import {
  DashboardCursorSync,
  VariableRefresh,
  VariableSort,
  type Dashboard,
  type Panel,
  type RowPanel,
  type VariableModel,
} from '@grafana/schema';
import { DATASOURCE } from './panels';

/** Grafana 11 and later (Grafana 13 migrates it on load). */
export const SCHEMA_VERSION = 41;

/** The datasource docker compose provisions (deploy/compose/grafana/provisioning/datasources); kube-prometheus-stack's Grafana names its own alike. */
const DEFAULT_DATASOURCE = { uid: 'prometheus', name: 'Prometheus' };

/**
 * A multi-select filter read from `up` (every scraped target has it), narrowed by the variables before it.
 * All is `.*` so that a label the series lack (compose has no `namespace`) still matches.
 */
function labelVariable(name: string, label: string, narrowedBy: string[]): VariableModel {
  const selector = narrowedBy.map((variable) => `${variable}=~"$${variable}"`).join(', ');
  return {
    type: 'query',
    name,
    label,
    datasource: DATASOURCE,
    query: {
      qryType: 1,
      query: `label_values(up${selector ? `{${selector}}` : ''}, ${name})`,
      refId: 'PrometheusVariableQueryEditor-VariableQuery',
    },
    refresh: VariableRefresh.onTimeRangeChanged,
    sort: VariableSort.alphabeticalAsc,
    multi: true,
    includeAll: true,
    allValue: '.*',
    current: { text: ['All'], value: ['$__all'] },
    options: [],
  };
}

export const VARIABLES: VariableModel[] = [
  {
    type: 'datasource',
    name: 'datasource',
    label: 'Data source',
    query: 'prometheus',
    current: { text: DEFAULT_DATASOURCE.name, value: DEFAULT_DATASOURCE.uid },
    options: [],
    refresh: VariableRefresh.onDashboardLoad,
  },
  labelVariable('namespace', 'Namespace', []),
  labelVariable('service', 'Service', ['namespace']),
  labelVariable('instance', 'Instance', ['namespace', 'service']),
];

export interface Section {
  title: string;
  panels: Panel[];
}

export interface DashboardSpec {
  /** Stable: links, bookmarks and the sidecar's updates find the dashboard by it. */
  uid: string;
  title: string;
  description: string;
  sections: Section[];
}

/** Rows of panels left to right, wrapping at 24 columns; each section starts with its row header. Ids count from 1. */
function layout(sections: Section[]): Array<Panel | RowPanel> {
  const placed: Array<Panel | RowPanel> = [];
  let y = 0;
  for (const section of sections) {
    placed.push({
      type: 'row',
      title: section.title,
      collapsed: false,
      panels: [],
      id: placed.length + 1,
      gridPos: { x: 0, y, w: 24, h: 1 },
    });
    y += 1;
    let x = 0;
    let lineHeight = 0;
    for (const panel of section.panels) {
      const { w, h } = panel.gridPos ?? { w: 8, h: 8 };
      if (x + w > 24) {
        y += lineHeight;
        x = 0;
        lineHeight = 0;
      }
      placed.push({ ...panel, id: placed.length + 1, gridPos: { x, y, w, h } });
      x += w;
      lineHeight = Math.max(lineHeight, h);
    }
    y += lineHeight;
  }
  return placed;
}

export function dashboard(spec: DashboardSpec): Dashboard {
  return {
    uid: spec.uid,
    title: spec.title,
    description: spec.description,
    tags: ['kadr'],
    // Generated from tools/observability/dashboards: a change made in Grafana would be lost on the next build.
    editable: false,
    graphTooltip: DashboardCursorSync.Crosshair,
    time: { from: 'now-6h', to: 'now' },
    refresh: '30s',
    timezone: 'browser',
    schemaVersion: SCHEMA_VERSION,
    version: 1,
    links: [
      {
        type: 'dashboards',
        title: 'Kadr dashboards',
        tags: ['kadr'],
        asDropdown: true,
        includeVars: true,
        keepTime: true,
        icon: 'external link',
        targetBlank: false,
        tooltip: '',
      },
    ],
    annotations: {
      list: [
        {
          builtIn: 1,
          datasource: { type: 'grafana', uid: '-- Grafana --' },
          enable: true,
          hide: true,
          iconColor: 'rgba(0, 211, 255, 1)',
          name: 'Annotations & Alerts',
          type: 'dashboard',
        },
      ],
    },
    templating: { list: VARIABLES },
    panels: layout(spec.sections),
  };
}
