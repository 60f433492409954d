import fs from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { inlineScriptTag } from './first-paint';

/** The page prerendered: its source module, as Vite's manifest names it. */
const LANDING_SOURCE = 'src/pages/landing/index.tsx';
/** The build's own document, the shell every other route gets. */
const SHELL_SOURCE = 'index.html';
/** Where the prerendered landing page is written in dist (the gateway and nginx serve it at `/`). */
const LANDING_FILE = 'landing.html';
/** The module that renders it (src/prerender/landing.tsx), loaded through Vite with the app's own config. */
const PRERENDER_MODULE = '/src/prerender/landing.tsx';
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface PrerenderedLanding {
  html: string;
  title: string;
  language: string;
}

/**
 * The files a chunk needs, its static imports included — scripts and stylesheets in load order —
 * leaving out the chunks already in `seen` (and adding the ones it visits).
 */
function chunkClosure(manifest: Manifest, key: string, seen: Set<string>): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = manifest[name];
    if (!chunk) throw new Error(`prerender-landing: the build manifest has no chunk ${name}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    js.push(chunk.file);
    css.push(...(chunk.css ?? []));
  };
  visit(key);
  return { js, css };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function replaceOnce(document: string, search: string, replacement: string): string {
  const at = document.indexOf(search);
  if (at < 0 || document.indexOf(search, at + search.length) >= 0)
    throw new Error(`prerender-landing: the built index.html must contain ${search} exactly once`);
  return document.slice(0, at) + replacement + document.slice(at + search.length);
}

/**
 * `landing.html`: the built shell with the landing page's markup in `#root` and its title. In the
 * head: the landing chunk's stylesheets (render-blocking, so the markup paints styled, with no shift
 * when the chunk arrives) and, instead of the shell's module script and modulepreloads,
 * the inline `prerender-boot.js` (src/first-paint/), which loads those same scripts (the landing chunk's too) once the page has
 * painted, and first hides the markup from a visitor it was not made for (another stored language);
 * main.tsx then renders afresh for them and hydrates for everyone else.
 */
export function landingDocument(shell: string, manifest: Manifest, landing: PrerenderedLanding): string {
  const shellChunk = manifest[SHELL_SOURCE];
  if (!shellChunk) throw new Error(`prerender-landing: the build manifest has no ${SHELL_SOURCE}`);
  const loaded = new Set<string>();
  const shellFiles = chunkClosure(manifest, SHELL_SOURCE, loaded);
  const page = chunkClosure(manifest, LANDING_SOURCE, loaded);

  let document = replaceOnce(shell, '<title>Kadr</title>', `<title>${escapeHtml(landing.title)}</title>`);
  // The tags Vite wrote for the shell's scripts go; prerender-boot.js adds them after the first paint.
  document = replaceOnce(document, `    <script type="module" crossorigin src="/${shellChunk.file}"></script>\n`, '');
  const shellPreloads = shellFiles.js.filter((file) => file !== shellChunk.file);
  for (const file of shellPreloads)
    document = replaceOnce(document, `    <link rel="modulepreload" crossorigin href="/${file}">\n`, '');
  const boot = inlineScriptTag(
    'prerender-boot.js',
    [
      ` data-language="${escapeHtml(landing.language)}"`,
      ` data-entry="/${shellChunk.file}"`,
      ` data-preload="${[...shellPreloads, ...page.js].map((file) => `/${file}`).join(' ')}"`,
    ].join(''),
  );
  // Next to the theme script: both run before anything is painted, before the stylesheets have loaded.
  const themeInit = inlineScriptTag('theme-init.js');
  document = replaceOnce(document, themeInit, `${themeInit}\n    ${boot}`);
  const stylesheets = page.css.map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">\n`).join('');
  document = replaceOnce(document, '  </head>', `${stylesheets}  </head>`);
  document = replaceOnce(
    document,
    '<div id="root"></div>',
    `<div id="root" data-prerendered="${escapeHtml(landing.language)}">${landing.html}</div>`,
  );
  if (!document.includes(`<html lang="${landing.language}">`))
    throw new Error(`prerender-landing: the built index.html must say <html lang="${landing.language}">`);
  return document;
}

/**
 * The Vite plugin: every production build writes `dist/landing.html`, the landing page rendered in
 * Node by the app's own components (issue 19: its largest paint no longer waits for the scripts).
 * It runs in `writeBundle`, after the files are written and before `closeBundle`, where
 * web/scripts/precompress.ts compresses them — landing.html included.
 */
export function prerenderLanding(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'kadr-prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      async handler() {
        const manifest = JSON.parse(await fs.readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
        const shell = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
        // A Vite server in middleware mode transforms the app's modules for Node (CSS imports dropped,
        // the same aliases and conditions as the build); no port is opened.
        const server = await createServer({
          root,
          mode: 'production',
          logLevel: 'warn',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const module = (await server.ssrLoadModule(PRERENDER_MODULE)) as {
            prerenderLanding: () => Promise<PrerenderedLanding>;
          };
          const landing = await module.prerenderLanding();
          await fs.writeFile(path.join(outDir, LANDING_FILE), landingDocument(shell, manifest, landing));
        } finally {
          await server.close();
        }
      },
    },
  };
}
