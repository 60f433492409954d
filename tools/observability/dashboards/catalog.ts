// Every dashboard Kadr ships, by the file name it is written to, and the folders it is written to (the chart
// names each ConfigMap after its file).
import path from 'node:path';
import type { Dashboard } from '@grafana/schema';
import { jobPipeline } from './job-pipeline';
import { kafkaAndDependencies } from './kafka-and-dependencies';
import { liveUpdates } from './live-updates';
import { money } from './money';
import { overview } from './overview';

const root = path.resolve(__dirname, '../../..');

/** The chart's ConfigMaps (charts/kadr/templates/dashboards-configmaps.yaml) and docker compose's Grafana read the same files. */
export const OUTPUT_DIRS = ['charts/kadr/dashboards', 'deploy/compose/grafana/dashboards'].map((dir) =>
  path.join(root, dir),
);

export interface DashboardFile {
  /** Lowercase with dashes, `.json`. */
  file: string;
  model: Dashboard;
}

export const DASHBOARDS: DashboardFile[] = [
  { file: 'overview.json', model: overview },
  { file: 'job-pipeline.json', model: jobPipeline },
  { file: 'live-updates.json', model: liveUpdates },
  { file: 'money.json', model: money },
  { file: 'kafka-and-dependencies.json', model: kafkaAndDependencies },
];
