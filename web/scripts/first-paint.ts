import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The classic scripts that must run before the first paint, in web/src/first-paint/. */
export type FirstPaintScript = 'theme-init.js' | 'prerender-boot.js';

/** Where they are. `__dirname`: Vite's config loader defines it for the config's imports, as jest does. */
const FIRST_PAINT_DIR = path.resolve(__dirname, '../src/first-paint');

/** Where the theme script goes in web/index.html. */
const THEME_INIT_PLACEHOLDER = '<!-- first-paint: theme-init.js -->';

/**
 * The text a page carries inline for `name`: the file without its leading comment (the why is in the
 * file; every page need not carry it). The Content-Security-Policy names this exact text by its hash.
 */
export function inlineScriptText(name: FirstPaintScript): string {
  const source = readFileSync(path.join(FIRST_PAINT_DIR, name), 'utf8');
  const lines = source.split('\n');
  const firstCode = lines.findIndex((line) => !line.startsWith('//'));
  return lines.slice(firstCode).join('\n').trim();
}

/** The CSP source expression that allows an inline script with exactly this text. */
export function inlineScriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** `<script>…</script>` for `name`; a closing tag inside the text would end it early, so there must be none. */
export function inlineScriptTag(name: FirstPaintScript, attributes = ''): string {
  const text = inlineScriptText(name);
  if (/<\/script/i.test(text)) throw new Error(`first-paint: ${name} must not contain "</script"`);
  return `<script${attributes}>${text}</script>`;
}

/**
 * The Vite plugin (build and dev server): web/index.html's placeholder becomes the theme script, inline
 * (issue 19: a script file in <head> held every page's first paint back by a round trip).
 */
export function inlineThemeScript(): Plugin {
  return {
    name: 'kadr-inline-theme-script',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(THEME_INIT_PLACEHOLDER))
          throw new Error(`web/index.html must contain ${THEME_INIT_PLACEHOLDER} in its <head>`);
        return html.replace(THEME_INIT_PLACEHOLDER, () => inlineScriptTag('theme-init.js'));
      },
    },
  };
}
