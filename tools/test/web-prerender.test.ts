/**
 * The web build's prerendered landing page (issue 19, web/scripts/prerender-landing.ts), read from the
 * real build: what the browser gets at `/` before any script runs. Reuses a fresh web/dist
 * (tools/launcher/web-build.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { WEB_APP_INLINE_SCRIPT_HASHES } from '@kadr/contracts';
import { ensureWebBuild } from '../launcher/web-build';

const inlineScripts = (html: string) => [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the prerendered landing page (web/dist/landing.html)', () => {
  let dist: string;
  let landing: string;
  let shell: string;

  beforeAll(async () => {
    dist = (await ensureWebBuild()).distDir;
    landing = fs.readFileSync(path.join(dist, 'landing.html'), 'utf8');
    shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  }, 120_000);

  it('holds the page itself: the hero heading and lead, the title, the language', () => {
    expect(landing).toContain('<html lang="pl">');
    expect(landing).toContain('<title>Kadr — filmy z jednego zdania</title>');
    expect(landing).toMatch(/<div id="root" data-prerendered="pl"><!--\$-->/);
    expect(landing).toMatch(/<h1 id="hero-title" class="landing-hero__title">Opisz scenę\./);
    expect(landing).toContain('class="landing-hero__lead"');
  });

  it('loads no script before the first paint: the app comes from the inline boot script', () => {
    expect(landing).not.toMatch(/<script[^>]*\bsrc=/);
    expect(landing).not.toContain('rel="modulepreload"');
    const boot = inlineScripts(landing).find(([, attributes = '']) => attributes.includes('data-entry='));
    expect(boot).toBeDefined();
    const entry = /data-entry="\/([^"]+)"/.exec(boot![1]!)![1]!;
    const preloads = /data-preload="([^"]+)"/.exec(boot![1]!)![1]!.split(' ');
    // The entry is the shell's own, and every file the boot script asks for exists.
    expect(shell).toContain(`<script type="module" crossorigin src="/${entry}"></script>`);
    for (const file of [entry, ...preloads.map((href) => href.slice(1))])
      expect(fs.existsSync(path.join(dist, file))).toBe(true);
    expect(preloads.some((href) => /\/assets\/landing-[\w-]+\.js$/.test(href))).toBe(true);
  });

  it('links the landing chunk stylesheets, so the markup paints styled', () => {
    const stylesheets = [...landing.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)].map(
      (m) => m[1]!,
    );
    expect(stylesheets.some((file) => /^assets\/landing-[\w-]+\.css$/.test(file))).toBe(true);
    for (const file of stylesheets) expect(fs.existsSync(path.join(dist, file))).toBe(true);
  });

  it.each(['landing.html', 'index.html'])('%s: every inline script is one the CSP allows by its hash', (file) => {
    const html = file === 'landing.html' ? landing : shell;
    const scripts = inlineScripts(html).filter(([, attributes = '']) => !attributes.includes('src='));
    expect(scripts.length).toBe(file === 'landing.html' ? 2 : 1);
    for (const [, , text] of scripts) expect(WEB_APP_INLINE_SCRIPT_HASHES).toContain(hashOf(text!));
  });

  it('is precompressed like every other text file', () => {
    expect(fs.existsSync(path.join(dist, 'landing.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(dist, 'landing.html.gz'))).toBe(true);
  });
});
