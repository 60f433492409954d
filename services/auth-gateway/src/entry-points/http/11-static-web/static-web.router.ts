import fs from 'node:fs';
import path from 'node:path';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Paths the web app never owns: the SPA fallback leaves them to their routers (or the 404 problem). */
const NOT_THE_WEB_APP = /^\/(bff|auth|video|thumbs|blobs|v|health|metrics|assets)(\/|$)/;

/** The landing page prerendered by the web build (web/scripts/prerender-landing.ts), served at `/`. */
const PRERENDERED_LANDING = 'landing.html';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The built web app (embedded mode), from `distDir` (WEB_DIST_DIR): hashed files under `/assets/`
 * cached for a year (`immutable`: a new build has new names); `index.html` and every other file
 * revalidated on each use (`no-cache`, ETag), so a deploy shows at once; and the SPA fallback — a
 * GET or HEAD that asks for HTML, outside the gateway's own prefixes and `/assets/`, gets
 * `index.html` — except `/` itself, which gets `landing.html` when the build has it: the landing
 * page's markup made at build time, which the app hydrates. Without a build (no `index.html` in
 * `distDir`, or no `distDir`) the router passes everything on.
 *
 * Compression: the web build writes `<file>.br` and `<file>.gz` next to each text file
 * (web/scripts/precompress.ts); express-static-gzip sends the brotli one to a client that accepts
 * `br`, else the gzip one, else the file itself, with `Content-Encoding`, `Vary: Accept-Encoding`
 * and the original file's Content-Type. It lists the compressed files once, when the router is
 * made: the gateway serves one build for its lifetime. Nothing is compressed per request.
 */
export function createStaticWebRouter(distDir: string | undefined): Router {
  const router = Router();
  if (!distDir) return router;
  const root = path.resolve(distDir);
  if (!fs.existsSync(path.join(root, 'index.html'))) return router;
  const landing = fs.existsSync(path.join(root, PRERENDERED_LANDING)) ? `/${PRERENDERED_LANDING}` : '/index.html';

  const serveBuild: RequestHandler = expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      // For `x.js.br` too: the compressed file sits next to the original, so the same rule holds.
      setHeaders: (res, filePath) => {
        const relative = path.relative(root, filePath).split(path.sep).join('/');
        res.setHeader('Cache-Control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      },
    },
  });

  router.use(serveBuild);
  router.use((req: Request, res: Response, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_THE_WEB_APP.test(req.path) || !wantsHtml(req)) {
      next();
      return;
    }
    // The fallback is index.html served like a request for it by name (compressed, ETag, no-cache);
    // serveBuild puts the original URL back before it calls next.
    req.url = req.path === '/' ? landing : '/index.html';
    serveBuild(req, res, next);
  });
  return router;
}

// A browser navigation names text/html; a bare wildcard (scripts, fetches, curl) does not count.
function wantsHtml(req: Request): boolean {
  return /\btext\/html\b/i.test(req.get('accept') ?? '');
}
