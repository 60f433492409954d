/**
 * Web first-paint benchmark (issue 19): Lighthouse (mobile, default simulated throttling) on the
 * embedded product's landing, dashboard, generator and gallery, and on a static baseline page (a
 * minimal HTML page from a bare node:http server) measured in the same run. Prints the median of
 * `--runs` Lighthouse runs per page: LCP, TBT, CLS, performance and accessibility scores, LCP as a
 * ratio of the baseline's, and the bytes transferred; plus the 1-minute load average. Not part of
 * the test suite; it stops by itself.
 *
 *   node --conditions=kadr-source --import tsx bench/web/run.ts [--runs 3] [--pages landing,dashboard]
 *
 * Needs Debian's Chromium (/usr/bin/chromium, or CHROME_PATH) and the bench tools (installed here
 * with `npm ci --prefix bench` when missing).
 */
import { spawnSync, execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureWebBuild } from '../../tools/launcher/web-build';
import { ApiClient } from '../../tools/test/support/api-client';
import { EmbeddedProcess, embeddedTestEnv } from '../../tools/test/support/embedded-process';

const ROOT = path.resolve(__dirname, '../..');
const LIGHTHOUSE = path.join(ROOT, 'bench/node_modules/.bin/lighthouse');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const run = promisify(execFile);

interface Page {
  name: string;
  path: string;
  signedIn: boolean;
}

const PAGES: Page[] = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'generator', path: '/generate', signedIn: true },
  { name: 'gallery', path: '/gallery', signedIn: true },
];

/** What one Lighthouse run says about a page. */
interface Sample {
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  performance: number;
  accessibility: number;
  bytes: number;
  /** Lighthouse's measure of the host's CPU speed during the run (higher is faster; it drops when other processes take the cores). */
  benchmarkIndex: number;
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

function ensureTools(): void {
  if (fs.existsSync(LIGHTHOUSE)) return;
  process.stdout.write('installing the bench tools (npm ci --prefix bench)…\n');
  const result = spawnSync('npm', ['ci', '--prefix', path.join(ROOT, 'bench'), '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('npm ci --prefix bench failed');
}

/** The baseline: a page with a heading and a paragraph, nothing to fetch, from a bare node:http server. */
async function startBaseline(): Promise<{ url: string; close: () => Promise<void> }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title></head>' +
    '<body><main><h1>Turn a prompt into a video</h1><p>A static page: the floor of what this host, ' +
    'Chromium and Lighthouse measure.</p></main></body></html>';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface LighthouseResult {
  audits: Record<string, { numericValue?: number } | undefined>;
  categories: Record<string, { score: number | null } | undefined>;
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
}

/** Lighthouse sometimes loses the trace on a busy host (NO_NAVSTART, NO_FCP): such a run is repeated, at most twice. */
async function lighthouseWithRetry(url: string, outFile: string, cookie: string | undefined): Promise<Sample> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, outFile, cookie);
    } catch (error) {
      if (attempt === 3) throw error;
      process.stdout.write(
        `  (Lighthouse failed on ${url}, attempt ${attempt}: ${String(error).split('\n')[1] ?? String(error)}; again)\n`,
      );
    }
  }
}

async function lighthouse(url: string, outFile: string, cookie: string | undefined): Promise<Sample> {
  const args = [
    url,
    '--output=json',
    `--output-path=${outFile}`,
    '--only-categories=performance,accessibility',
    '--form-factor=mobile',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--quiet',
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  await run(LIGHTHOUSE, args, { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 * 1024 * 1024 });
  const report = JSON.parse(fs.readFileSync(outFile, 'utf8')) as LighthouseResult;
  if (report.runtimeError)
    throw new Error(`Lighthouse on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const audit = (id: string) => {
    const value = report.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse on ${url}: no ${id}`);
    return value;
  };
  return {
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    performance: report.categories['performance']?.score ?? 0,
    accessibility: report.categories['accessibility']?.score ?? 0,
    bytes: audit('total-byte-weight'),
    benchmarkIndex: report.environment?.benchmarkIndex ?? 0,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function medianSample(samples: Sample[]): Sample {
  const of = (key: keyof Sample) => median(samples.map((s) => s[key]));
  return {
    lcpMs: of('lcpMs'),
    fcpMs: of('fcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    performance: of('performance'),
    accessibility: of('accessibility'),
    bytes: of('bytes'),
    benchmarkIndex: of('benchmarkIndex'),
  };
}

/**
 * `npm start`'s process on the current web build. The free ports it is given can be taken by
 * another process before it listens (a shared host): then it is started again on new ones.
 */
async function startProduct(workDir: string, distDir: string): Promise<{ product: EmbeddedProcess; base: string }> {
  for (let attempt = 1; ; attempt++) {
    const { env, base } = await embeddedTestEnv(workDir, { env: { WEB_DIST_DIR: distDir, LOG_LEVEL: 'info' } });
    const product = new EmbeddedProcess(env, workDir);
    try {
      await product.start();
      return { product, base };
    } catch (error) {
      await product.stop();
      if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function main(): Promise<void> {
  const runs = Number(option('runs') ?? 3);
  const only = option('pages')?.split(',');
  const pages = only ? PAGES.filter((p) => only.includes(p.name)) : PAGES;
  ensureTools();
  if (!fs.existsSync(CHROME)) throw new Error(`no Chromium at ${CHROME} (set CHROME_PATH)`);

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-bench-web-'));
  const reports = path.join(workDir, 'reports');
  fs.mkdirSync(reports);
  const build = await ensureWebBuild();
  const { product, base } = await startProduct(workDir, build.distDir);
  const baseline = await startBaseline();
  const loads: number[] = [];
  try {
    // The signed-in screens: a new user through the development identity provider, its cookies
    // sent by Lighthouse on every request (--extra-headers).
    const client = await ApiClient.signIn(base, `bench-web-${process.pid}@bench.kadr.test`);
    const cookie = client.browser.cookieHeader(new URL(base));
    if (!cookie) throw new Error('sign-in left no cookie');

    const targets = [
      { name: 'baseline (static page)', url: baseline.url, cookie: undefined as string | undefined },
    ].concat(pages.map((p) => ({ name: p.name, url: `${base}${p.path}`, cookie: p.signedIn ? cookie : undefined })));
    const results = new Map<string, Sample>();
    // Round-robin (each page once per round) so a burst of load from others spreads over every page alike.
    const samples = new Map<string, Sample[]>(targets.map((t) => [t.name, []]));
    for (let round = 1; round <= runs; round++) {
      for (const target of targets) {
        loads.push(os.loadavg()[0]!);
        const file = path.join(reports, `${target.name.split(' ')[0]}-${round}.json`);
        const sample = await lighthouseWithRetry(target.url, file, target.cookie);
        samples.get(target.name)!.push(sample);
        process.stdout.write(
          `round ${round} ${target.name}: LCP ${(sample.lcpMs / 1000).toFixed(2)} s, TBT ${sample.tbtMs.toFixed(0)} ms, ` +
            `perf ${sample.performance}, CPU benchmark index ${sample.benchmarkIndex.toFixed(0)}, load ${os.loadavg()[0]!.toFixed(2)}\n`,
        );
      }
    }
    for (const [name, list] of samples) results.set(name, medianSample(list));
    printTable(results, runs, loads);
    process.stdout.write(`reports: ${reports}\n`);
  } finally {
    await baseline.close();
    await product.stop();
  }
}

function printTable(results: Map<string, Sample>, runs: number, loads: number[]): void {
  const baseline = results.get('baseline (static page)')!;
  const lines = [
    `Lighthouse ${runs}× per page (mobile, simulated throttling), medians; 1-min load average during the runs ` +
      `${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} (median ${median(loads).toFixed(2)}) on ${os.cpus().length} cores`,
    '',
    '| Page | LCP | LCP ÷ baseline | FCP | TBT | CLS | Performance | Accessibility | Transferred | CPU benchmark index |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [name, s] of results) {
    lines.push(
      `| ${name} | ${(s.lcpMs / 1000).toFixed(2)} s | ${(s.lcpMs / baseline.lcpMs).toFixed(2)}× | ${(s.fcpMs / 1000).toFixed(2)} s | ` +
        `${s.tbtMs.toFixed(0)} ms | ${s.cls.toFixed(3)} | ${s.performance.toFixed(2)} | ${s.accessibility.toFixed(2)} | ` +
        `${(s.bytes / 1024).toFixed(1)} KiB | ${s.benchmarkIndex.toFixed(0)} |`,
    );
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
