/**
 * The web app's production build (`vite build` in web/), made only when it is missing or older
 * than its sources: `npm start` serves it, the browser journeys and the bundle budget read it.
 *
 * Fresh means: `web/dist/.vite/manifest.json` exists and is newer than every build input (web/src
 * without its tests, web/public, web/scripts, index.html, vite.config.ts, package.json, tsconfig.json).
 * Comparing modification times is enough for a developer's tree and for CI, and costs a few
 * milliseconds. Builds are serialised across processes by a lock directory, so `npm start` and a
 * test run (or two test files) never write into web/dist at the same time.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const WEB_DIR = path.resolve(__dirname, '../../web');

/** Where Vite writes its manifest (`build.manifest: true` in web/vite.config.ts). */
export const MANIFEST_PATH = path.join('.vite', 'manifest.json');

const INPUT_FILES = ['index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'];
// scripts/: the build's own plugins (precompress, prerender-landing) shape what it writes.
const INPUT_DIRS = ['src', 'public', 'scripts'];
/** Test files and test helpers are not part of the build: editing them must not trigger one. */
const NOT_AN_INPUT = /\.test\.[cm]?[jt]sx?$|(^|[\\/])test-support([\\/]|$)/;

export interface WebBuild {
  /** The folder to serve (WEB_DIST_DIR). */
  distDir: string;
  /** True when this call ran `vite build`; false when the existing build was fresh. */
  built: boolean;
  durationMs: number;
}

export interface EnsureWebBuildOptions {
  webDir?: string;
  /** Copy the (fresh) build here while holding the lock: a snapshot no later build can change under a test. */
  copyTo?: string;
  /** Longest wait for another process's build. */
  lockTimeoutMs?: number;
}

function newestInputMtime(webDir: string): number {
  let newest = 0;
  const visit = (file: string, stat: fs.Stats) => {
    if (!NOT_AN_INPUT.test(path.relative(webDir, file))) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const name of INPUT_FILES) {
    const file = path.join(webDir, name);
    if (fs.existsSync(file)) visit(file, fs.statSync(file));
  }
  for (const name of INPUT_DIRS) {
    const dir = path.join(webDir, name);
    if (!fs.existsSync(dir)) continue;
    visit(dir, fs.statSync(dir));
    for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
      const file = path.join(entry.parentPath, entry.name);
      // Directories count too: deleting or renaming a file changes only its folder's mtime.
      visit(file, fs.statSync(file));
    }
  }
  return newest;
}

/** True when web/dist holds a build at least as new as every build input. */
export function webBuildIsFresh(webDir = WEB_DIR): boolean {
  const manifest = path.join(webDir, 'dist', MANIFEST_PATH);
  if (!fs.existsSync(manifest) || !fs.existsSync(path.join(webDir, 'dist', 'index.html'))) return false;
  return fs.statSync(manifest).mtimeMs >= newestInputMtime(webDir);
}

function viteBin(webDir: string): string {
  const pkgPath = require.resolve('vite/package.json', { paths: [webDir] });
  const { bin } = JSON.parse(fs.readFileSync(pkgPath, 'utf8')) as { bin: { vite: string } };
  return path.join(path.dirname(pkgPath), bin.vite);
}

/** Runs `vite build` in web/ (production mode whatever NODE_ENV the caller has, e.g. jest's `test`). */
function runViteBuild(webDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin(webDir), 'build', '--logLevel', 'warn'], {
      cwd: webDir,
      // Colour codes only when a person reads the output in a terminal, not in logs or test reports.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...(process.stderr.isTTY ? {} : { NO_COLOR: '1', FORCE_COLOR: '0' }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build in ${webDir} failed (exit ${code}):\n${output.trim()}`));
    });
  });
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** A lock directory in the temp folder, one per web/ folder; a lock left by a dead process is taken over. */
async function withBuildLock<T>(webDir: string, timeoutMs: number, run: () => Promise<T>): Promise<T> {
  const key = createHash('sha256').update(path.resolve(webDir)).digest('hex').slice(0, 12);
  const lockDir = path.join(os.tmpdir(), `kadr-web-build-${key}.lock`);
  const ownerFile = path.join(lockDir, 'pid');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(ownerFile, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.existsSync(ownerFile) ? fs.readFileSync(ownerFile, 'utf8') : NaN);
      const ownerGone = Number.isInteger(owner) && owner > 0 && !isAlive(owner);
      // No pid yet: the owner is between mkdir and write; give it a moment before calling it stale.
      const staleWithoutPid = !Number.isInteger(owner) && Date.now() - fs.statSync(lockDir).mtimeMs > 10_000;
      if (ownerGone || staleWithoutPid) {
        fs.rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for the web build lock ${lockDir}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await run();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Builds the web app unless web/dist is fresh; returns where the build is. */
export async function ensureWebBuild(options: EnsureWebBuildOptions = {}): Promise<WebBuild> {
  const webDir = options.webDir ?? WEB_DIR;
  const distDir = path.join(webDir, 'dist');
  const started = Date.now();
  return withBuildLock(webDir, options.lockTimeoutMs ?? 5 * 60_000, async () => {
    // Checked under the lock: another process may have just built it.
    const built = !webBuildIsFresh(webDir);
    if (built) {
      const buildStarted = new Date();
      await runViteBuild(webDir);
      if (!fs.existsSync(path.join(distDir, MANIFEST_PATH))) {
        throw new Error(`vite build wrote no ${MANIFEST_PATH}: web/vite.config.ts must keep build.manifest: true`);
      }
      // Dated when the build started: a source saved while it ran still makes the next check rebuild.
      fs.utimesSync(path.join(distDir, MANIFEST_PATH), buildStarted, buildStarted);
    }
    if (options.copyTo) fs.cpSync(distDir, options.copyTo, { recursive: true });
    return { distDir: options.copyTo ?? distDir, built, durationMs: Date.now() - started };
  });
}
