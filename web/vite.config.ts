import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The gateway serves the build (`WEB_DIST_DIR`, embedded mode) or nginx does (cluster). In
 * development, `npm run dev -w web` proxies every server path to a running `npm start`.
 */
const gateway = process.env.KADR_GATEWAY_URL ?? 'http://localhost:8080';
const serverPaths = ['/auth', '/bff', '/health', '/video', '/thumbs', '/blobs'];

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['kadr-source'] },
  // The manifest (dist/.vite/manifest.json) lets web/scripts/check-bundle-size.mjs tell the initial chunks from the lazy ones.
  build: { outDir: 'dist', sourcemap: true, target: 'es2022', manifest: true },
  server: { proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: gateway, changeOrigin: false }])) },
});
