import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Request, type Response } from 'express';

/** Paths the web app never owns: the SPA fallback leaves them to their routers (or the 404 problem). */
const NOT_THE_WEB_APP = /^\/(bff|auth|video|thumbs|blobs|health|metrics|assets)(\/|$)/;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The built web app (embedded mode), from `distDir` (WEB_DIST_DIR): files as they are; hashed
 * files under `/assets/` cached for a year (`immutable`: a new build has new names);
 * `index.html` and every other file revalidated on each use (`no-cache`, ETag), so a deploy shows
 * at once; and the SPA fallback — a GET or HEAD that asks for HTML, outside the gateway's own
 * prefixes and `/assets/`, gets `index.html`. Without a build (no `index.html` in `distDir`, or
 * no `distDir`) the router passes everything on.
 */
export function createStaticWebRouter(distDir: string | undefined): Router {
  const router = Router();
  if (!distDir) return router;
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) return router;

  router.use(
    express.static(root, {
      index: false,
      redirect: false,
      setHeaders: (res, filePath) => {
        const relative = path.relative(root, filePath).split(path.sep).join('/');
        res.setHeader('Cache-Control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      },
    }),
  );
  router.use((req: Request, res: Response, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_THE_WEB_APP.test(req.path) || !wantsHtml(req)) {
      next();
      return;
    }
    res.setHeader('Cache-Control', REVALIDATE);
    res.sendFile(indexFile);
  });
  return router;
}

// A browser navigation names text/html; a bare wildcard (scripts, fetches, curl) does not count.
function wantsHtml(req: Request): boolean {
  return /\btext\/html\b/i.test(req.get('accept') ?? '');
}
