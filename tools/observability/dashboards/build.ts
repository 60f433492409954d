// Writes Kadr's Grafana dashboards as JSON where the chart and docker compose load them.
// Run after changing any dashboard here: node --import tsx tools/observability/dashboards/build.ts
// (tools/test/dashboards.test.ts fails while the committed JSON differs from what this writes).
import { writeDashboards } from './files';

writeDashboards().then(
  (written) => {
    for (const file of written) console.log(`wrote ${file}`);
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
