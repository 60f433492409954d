// Panel builders: one per visualisation the dashboards use, with Kadr's defaults (the Prometheus datasource
// variable, legends, tooltips). Options are checked against the panel plugin's own schema with `satisfies`:
// the dashboard's Panel type leaves them open (Record<string, unknown>).
import {
  BigValueColorMode,
  BigValueGraphMode,
  BigValueJustifyMode,
  BigValueTextMode,
  FieldColorModeId,
  GraphDrawStyle,
  GraphThresholdsStyleMode,
  PercentChangeColorMode,
  SortOrder,
  ThresholdsMode,
  TooltipDisplayMode,
  VisibilityMode,
  VizOrientation,
  type DataSourceRef,
  type Panel,
  type Threshold,
  type ValueMapping,
} from '@grafana/schema';
import type { Options as StatOptions } from '@grafana/schema/dist/esm/raw/composable/stat/panelcfg/x/StatPanelCfg_types.gen';
import type {
  FieldConfig as StateTimelineFieldConfig,
  Options as StateTimelineOptions,
} from '@grafana/schema/dist/esm/raw/composable/statetimeline/panelcfg/x/StateTimelinePanelCfg_types.gen';
import type {
  FieldConfig as TimeSeriesFieldConfig,
  Options as TimeSeriesOptions,
} from '@grafana/schema/dist/esm/raw/composable/timeseries/panelcfg/x/TimeSeriesPanelCfg_types.gen';

/** Every panel and query reads the dashboard's `datasource` variable, so the JSON works in any Grafana. */
export const DATASOURCE: DataSourceRef = { type: 'prometheus', uid: '${datasource}' };

/** The units the dashboards show; a per-second count of things other than requests is `short` with "/s" in its title. */
export type Unit = 's' | 'reqps' | 'percentunit' | 'bytes' | 'short';

export interface Query {
  expr: string;
  /** Legend template (`{{service}}`); Grafana's automatic legend when left out. */
  legend?: string;
  /** One value at the end of the range (a stat over `$__range`) instead of a series. */
  instant?: boolean;
}

export interface PanelSpec {
  title: string;
  /** What the panel shows and what normal looks like: the first thing an on-call engineer reads. */
  description: string;
  unit: Unit;
  queries: Query[];
  /** Grid columns out of 24; 8 by default (three panels a line). */
  width?: number;
  height?: number;
  /** Steps above the base colour: [value, colour] pairs, drawn as lines on a time series. */
  thresholds?: Array<[number, string]>;
  min?: number;
  max?: number;
}

/** Threshold steps: `base` from −∞, then each [value, colour] from its value up. */
function thresholdSteps(base: string, steps: Array<[number, string]> = []): Threshold[] {
  return [{ color: base, value: null }, ...steps.map(([value, color]) => ({ color, value }))];
}

function targets(queries: Query[]): Array<Record<string, unknown>> {
  return queries.map((query, index) => ({
    datasource: DATASOURCE,
    refId: String.fromCharCode(65 + index),
    expr: query.expr,
    legendFormat: query.legend ?? '__auto',
    range: !query.instant,
    instant: Boolean(query.instant),
    editorMode: 'code',
  }));
}

/** The parts every panel shares; `gridPos` x and y are set by the dashboard's layout. */
function basePanel(type: string, spec: PanelSpec): Panel {
  return {
    type,
    title: spec.title,
    description: spec.description,
    datasource: DATASOURCE,
    gridPos: { x: 0, y: 0, w: spec.width ?? 8, h: spec.height ?? 8 },
    targets: targets(spec.queries),
  };
}

const legendAndTooltip = {
  legend: { showLegend: true, placement: 'bottom', calcs: [] },
  tooltip: { mode: TooltipDisplayMode.Multi, sort: SortOrder.Descending },
} satisfies Pick<TimeSeriesOptions, 'legend' | 'tooltip'>;

/** A line per series. Thresholds, when given, are drawn as dashed lines (the alert's or objective's level). */
export function timeseries(spec: PanelSpec): Panel {
  return {
    ...basePanel('timeseries', spec),
    options: { ...legendAndTooltip } satisfies TimeSeriesOptions,
    fieldConfig: {
      defaults: {
        unit: spec.unit,
        // Left out of the JSON when undefined: Grafana then scales the axis to the data.
        min: spec.min,
        max: spec.max,
        color: { mode: FieldColorModeId.PaletteClassic },
        custom: {
          drawStyle: GraphDrawStyle.Line,
          lineWidth: 1,
          fillOpacity: 10,
          showPoints: VisibilityMode.Never,
          spanNulls: false,
          thresholdsStyle: { mode: spec.thresholds ? GraphThresholdsStyleMode.Dashed : GraphThresholdsStyleMode.Off },
        } satisfies TimeSeriesFieldConfig,
        thresholds: { mode: ThresholdsMode.Absolute, steps: thresholdSteps('green', spec.thresholds) },
      },
      overrides: [],
    },
  };
}

/**
 * One big number per series (last value). Coloured by its thresholds when it has any (green below, the
 * step's colour from its value up); plain otherwise, so a count without a good or bad level is not painted.
 */
export function stat(spec: PanelSpec & { mappings?: ValueMapping[] }): Panel {
  const coloured = Boolean(spec.thresholds || spec.mappings);
  return {
    ...basePanel('stat', { ...spec, width: spec.width ?? 6, height: spec.height ?? 5 }),
    options: {
      reduceOptions: { calcs: ['lastNotNull'], fields: '', values: false },
      orientation: VizOrientation.Auto,
      textMode: BigValueTextMode.Auto,
      colorMode: coloured ? BigValueColorMode.Background : BigValueColorMode.None,
      graphMode: BigValueGraphMode.Area,
      justifyMode: BigValueJustifyMode.Auto,
      showPercentChange: false,
      percentChangeColorMode: PercentChangeColorMode.Standard,
      wideLayout: true,
    } satisfies StatOptions,
    fieldConfig: {
      defaults: {
        unit: spec.unit,
        color: coloured ? { mode: FieldColorModeId.Thresholds } : { mode: FieldColorModeId.Fixed, fixedColor: 'text' },
        thresholds: { mode: ThresholdsMode.Absolute, steps: thresholdSteps('green', spec.thresholds) },
        mappings: spec.mappings ?? [],
      },
      overrides: [],
    },
  };
}

/** A band per series whose colour is its state over time (breaker states), named by value mappings. */
export function stateTimeline(spec: PanelSpec & { mappings: ValueMapping[] }): Panel {
  return {
    ...basePanel('state-timeline', spec),
    options: {
      ...legendAndTooltip,
      rowHeight: 0.9,
      showValue: VisibilityMode.Auto,
      mergeValues: true,
      alignValue: 'left',
    } satisfies StateTimelineOptions,
    fieldConfig: {
      defaults: {
        unit: spec.unit,
        color: { mode: FieldColorModeId.Thresholds },
        custom: { fillOpacity: 70, lineWidth: 0 } satisfies StateTimelineFieldConfig,
        thresholds: { mode: ThresholdsMode.Absolute, steps: thresholdSteps('green', spec.thresholds) },
        mappings: spec.mappings,
      },
      overrides: [],
    },
  };
}
