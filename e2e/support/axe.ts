/**
 * Issue 19's accessibility check: axe-core (the root devDependency, injected from its own
 * `axe.min.js`) run on the screen a journey has just reached, at the phone and the desktop width,
 * failing on any violation of any impact with each one's rule, impact, elements and help.
 *
 * Cheap on purpose: no page load of its own. The other width is reached by resizing the same page
 * (the layout is CSS media queries only: nothing has to re-fetch), and the page's viewport is put back after.
 *
 * axe's source is evaluated through the DevTools protocol rather than added as a `<script>` tag
 * (`page.addScriptTag`): the product's Content-Security-Policy (`script-src 'self'`) rightly blocks an
 * inline script, and the journeys count every CSP violation as a page error.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import { VIEWPORTS, type ViewportName } from './browser';

let axeSource: string | undefined;
/** axe.min.js, read once; `void 0` at the end so the evaluation returns nothing to serialise. */
const axeScript = (): string =>
  (axeSource ??= `${fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')}\n;void 0;`);

/** One violation as the failure message shows it. */
export interface AxeViolation {
  id: string;
  impact: ImpactValue | null;
  help: string;
  helpUrl: string;
  /** Each failing element: its selector and axe's summary of what is wrong with it. */
  nodes: { target: string; summary: string }[];
}

/** The in-page part: `axe.run` on the whole document, only violations wanted (the cheapest result type). */
async function runAxeInPage(): Promise<AxeViolation[]> {
  const scope = globalThis as unknown as {
    document: unknown;
    requestAnimationFrame(callback: () => void): number;
    axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> };
  };
  // Two frames: styles of a resize or of the last state change are applied before axe reads them.
  await new Promise<void>((resolve) => scope.requestAnimationFrame(() => scope.requestAnimationFrame(resolve)));
  const results = await scope.axe.run(scope.document, { resultTypes: ['violations'] });
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    helpUrl: violation.helpUrl,
    nodes: violation.nodes.map((node) => ({
      target: node.target.map(String).join(' '),
      summary: node.failureSummary ?? '',
    })),
  }));
}

/** axe's violations on the page as it is now (the script is injected once per document). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(axeScript());
  return page.evaluate(runAxeInPage);
}

/** The failure message: every violation with its impact, help and elements. */
export function describeViolations(screen: string, violations: readonly AxeViolation[]): string {
  const lines = [`axe-core found ${violations.length} violation(s) on ${screen}:`];
  for (const violation of violations) {
    lines.push(`- ${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help} — ${violation.helpUrl}`);
    for (const node of violation.nodes) {
      lines.push(`    ${node.target}`);
      if (node.summary) lines.push(`      ${node.summary.replace(/\n/g, '\n      ')}`);
    }
  }
  return lines.join('\n');
}

/**
 * Fails with every violation axe-core finds on the page at each of `widths` (default: the phone's
 * 360 px and the desktop's 1280 px; the current width first). `screen` names the page in the message.
 */
export async function expectNoAxeViolations(
  page: Page,
  screen: string,
  widths: readonly ViewportName[] = ['phone', 'desktop'],
): Promise<void> {
  const original = page.viewportSize();
  const current = widths.filter((name) => VIEWPORTS[name].width === original?.width);
  const ordered = [...current, ...widths.filter((name) => !current.includes(name))];
  const failures: string[] = [];
  let size = original;
  try {
    for (const name of ordered) {
      const viewport = VIEWPORTS[name];
      if (size?.width !== viewport.width || size.height !== viewport.height) {
        await page.setViewportSize(viewport);
        size = viewport;
      }
      const violations = await axeViolations(page);
      if (violations.length > 0) failures.push(describeViolations(`${screen} at ${viewport.width} px`, violations));
    }
  } finally {
    if (original && size !== original) await page.setViewportSize(original);
  }
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
}
