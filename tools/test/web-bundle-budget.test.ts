/**
 * The web app's initial JavaScript (entry chunk + its static imports, gzip) stays within 170 KiB:
 * `make test` enforces web/scripts/check-bundle-size.mjs. The build is reused when web/dist is
 * fresh (tools/launcher/web-build.ts), so this costs one `vite build` at most.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild, WEB_DIR } from '../launcher/web-build';

interface BudgetResult {
  initialGzipBytes: number;
  budgetBytes: number;
  withinBudget: boolean;
}

describe('web bundle budget', () => {
  it('keeps the initial JavaScript within 170 KiB gzip', async () => {
    const build = await ensureWebBuild();
    const script = path.join(WEB_DIR, 'scripts', 'check-bundle-size.mjs');
    const check = spawnSync(process.execPath, [script, '--no-build', '--json'], { encoding: 'utf8' });
    const lines = check.stdout.trimEnd().split('\n');
    const table = lines.slice(0, -1).join('\n');
    // The table, for the log of every run (and the reason when it fails).
    process.stdout.write(
      `\nweb bundle (${build.built ? `built in ${build.durationMs} ms` : 'existing build'}):\n${table}\n`,
    );
    expect(check.stderr).toBe('');
    const result = JSON.parse(lines.at(-1) ?? '{}') as BudgetResult;
    if (!result.withinBudget) {
      // What the initial chunks are made of, to see what to split off or drop.
      const parts = spawnSync(process.execPath, [script, '--no-build', '--by-package'], { encoding: 'utf8' }).stdout;
      throw new Error(
        `initial JavaScript is ${result.initialGzipBytes} bytes gzip, over the ${result.budgetBytes}-byte budget:\n${parts}`,
      );
    }
    expect(check.status).toBe(0);
  }, 120_000);
});
