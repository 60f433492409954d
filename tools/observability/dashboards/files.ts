// Writes the dashboards' JSON where the chart and docker compose read it.
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { DASHBOARDS, OUTPUT_DIRS } from './catalog';

const root = path.resolve(__dirname, '../../..');

/**
 * Writes every dashboard to both folders, formatted as `prettier --check` expects, and removes JSON no
 * dashboard makes (the folders hold generated dashboards only).
 */
export async function writeDashboards(): Promise<string[]> {
  const wanted = new Set(DASHBOARDS.map(({ file }) => file));
  const written: string[] = [];
  for (const dir of OUTPUT_DIRS) {
    for (const stale of readdirSync(dir).filter((name) => name.endsWith('.json') && !wanted.has(name))) {
      rmSync(path.join(dir, stale));
    }
    for (const { file, model } of DASHBOARDS) {
      const target = path.join(dir, file);
      const options = await resolveConfig(target);
      writeFileSync(target, await format(JSON.stringify(model), { ...options, filepath: target }));
      written.push(path.relative(root, target));
    }
  }
  return written;
}
