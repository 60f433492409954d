import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineThemeScript } from './scripts/first-paint';
import { precompress } from './scripts/precompress';
import { prerenderLanding } from './scripts/prerender-landing';

/**
 * The gateway serves the build (`WEB_DIST_DIR`, embedded mode) or nginx does (cluster). In
 * development, `npm run dev -w web` proxies every server path to a running `npm start`.
 */
const gateway = process.env.KADR_GATEWAY_URL ?? 'http://localhost:8080';
const serverPaths = ['/auth', '/bff', '/health', '/video', '/thumbs', '/start-images', '/blobs', '/v'];

/**
 * `@kadr/contracts/values` — the zod-free values the app imports (enum values, resolutions, the
 * telemetry batch) — is bundled from the source file its package.json names for `kadr-source`,
 * found by path: the web image installs the web workspace's dependencies only (no link to
 * @kadr/contracts) and copies just that folder (web/Dockerfile).
 */
function contractsValuesSource(): string {
  const contractsDir = new URL('../packages/contracts/', import.meta.url);
  const manifest = JSON.parse(readFileSync(new URL('package.json', contractsDir), 'utf8')) as {
    exports: Record<string, Record<string, string> | undefined>;
  };
  const source = manifest.exports['./values']?.['kadr-source'];
  if (!source) throw new Error('packages/contracts/package.json: no "kadr-source" export for ./values');
  return fileURLToPath(new URL(source, contractsDir));
}

export default defineConfig({
  // inlineThemeScript: index.html's pre-paint theme script, inline (web/scripts/first-paint.ts);
  // prerenderLanding: dist/landing.html, the landing page's markup made at build time (web/scripts/prerender-landing.ts);
  // precompress: .br and .gz next to every text file of dist, landing.html included (web/scripts/precompress.ts).
  plugins: [react(), inlineThemeScript(), prerenderLanding(), precompress()],
  resolve: {
    conditions: ['kadr-source'],
    alias: [{ find: /^@kadr\/contracts\/values$/, replacement: contractsValuesSource() }],
  },
  // The manifest (dist/.vite/manifest.json) lets web/scripts/check-bundle-size.mjs tell the initial chunks from the lazy ones.
  build: { outDir: 'dist', sourcemap: true, target: 'es2022', manifest: true },
  server: { proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: gateway, changeOrigin: false }])) },
});
