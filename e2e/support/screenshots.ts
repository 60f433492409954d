/**
 * Screenshots as artifacts: PNGs under `e2e/artifacts/<journey>/` (gitignored; CI keeps the
 * folder) and `e2e/artifacts/manifest.json`, one entry per picture with what it shows. A journey
 * empties its own folder and replaces its own manifest entries when it starts, so the folder
 * always shows the latest run of each journey.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SHELL_TEXTS } from './texts';

export const ARTIFACTS_DIR = path.resolve(__dirname, '../artifacts');
const MANIFEST = path.join(ARTIFACTS_DIR, 'manifest.json');

export interface ScreenshotEntry {
  journey: string;
  name: string;
  /** Relative to e2e/artifacts. */
  file: string;
  url: string;
  viewport: { width: number; height: number } | null;
  /** The test that took it (jest's full name). */
  test: string | undefined;
  takenAt: string;
}

interface Manifest {
  screenshots: ScreenshotEntry[];
}

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

function readManifest(): Manifest {
  try {
    return JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Manifest;
  } catch {
    return { screenshots: [] };
  }
}

function writeManifest(manifest: Manifest): void {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  fs.writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The spec's "Loading…" fallback (while a lazily loaded page arrives), in either language. */
const LOADING = new RegExp(`^(${SHELL_TEXTS.en.loading}|${SHELL_TEXTS.pl.loading})$`);

/**
 * Best effort, never failing: fonts loaded and no "Loading…" fallback left (for up to 5 s), so a
 * picture shows the page rather than the moment before it. A journey that needs a state waits for it itself.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate('document.fonts.ready.then(() => true)').catch(() => undefined);
  await page
    .getByText(LOADING)
    .first()
    .waitFor({ state: 'hidden', timeout: 5_000 })
    .catch(() => undefined);
}

export class ScreenshotAlbum {
  readonly dir: string;

  constructor(readonly journey: string) {
    this.dir = path.join(ARTIFACTS_DIR, slug(journey));
  }

  /** Empties this journey's folder and its manifest entries (journeys run one at a time). */
  reset(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
    fs.mkdirSync(this.dir, { recursive: true });
    const manifest = readManifest();
    writeManifest({ screenshots: manifest.screenshots.filter((s) => s.journey !== this.journey) });
  }

  /** A full-page PNG named `name`, once the page has settled (see `settle`); returns its path. */
  async take(page: Page, name: string): Promise<string> {
    await settle(page);
    const file = path.join(this.dir, `${slug(name)}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    const entry: ScreenshotEntry = {
      journey: this.journey,
      name,
      file: path.relative(ARTIFACTS_DIR, file).split(path.sep).join('/'),
      url: page.url(),
      viewport: page.viewportSize(),
      test: expect.getState().currentTestName,
      takenAt: new Date().toISOString(),
    };
    const manifest = readManifest();
    writeManifest({ screenshots: [...manifest.screenshots.filter((s) => s.file !== entry.file), entry] });
    return file;
  }
}
