/**
 * `npm start`'s process (`tools/launcher/embedded.ts`, OpenTelemetry loaded as in production)
 * as a child of a test: started in its own process group (ffmpeg children go with it), stopped
 * and killed by pid, its stdout and stderr in files next to the test's work.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePortPair } from '@kadr/tooling/test-helpers';

const ROOT = path.resolve(__dirname, '../../..');

/** Variables that would send the product to real servers; kept only when a test asks for them. */
const REAL_SERVER_VARIABLES = ['REDIS_URL', 'MONGODB_URI', 'KAFKA_BROKERS', 'S3_ENDPOINT'];

export interface EmbeddedTestEnv {
  env: NodeJS.ProcessEnv;
  /** Where the product answers (`http://127.0.0.1:<port>`). */
  base: string;
}

/**
 * The environment of `npm start` for a test: free ports, the data in `workDir` and a one-page web
 * build there (no vite build), fresh secrets, the instant renderer, info logs (`start` waits for the
 * launcher's line), OpenTelemetry loaded; the development identity provider, and the in-process
 * adapters unless `realServers` keeps the variables that name real ones. `env` is put on top.
 */
export async function embeddedTestEnv(
  workDir: string,
  { realServers = false, env = {} }: { realServers?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<EmbeddedTestEnv> {
  const port = await freePortPair();
  const base = `http://127.0.0.1:${port}`;
  const webDir = path.join(workDir, 'web');
  fs.mkdirSync(webDir, { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Kadr</title>\n');
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: path.join(workDir, 'data'),
    WEB_DIST_DIR: webDir,
    METRICS_PORT: '0',
    LOG_LEVEL: 'info',
    INTERNAL_TOKEN_SECRET: randomBytes(32).toString('hex'),
    BLOB_SIGNING_SECRET: randomBytes(32).toString('hex'),
    JOBS_RENDERER: 'instant',
  };
  for (const name of ['OIDC_ISSUER_URL', 'OTEL_SDK_DISABLED', ...(realServers ? [] : REAL_SERVER_VARIABLES)]) {
    delete merged[name];
  }
  return { env: { ...merged, ...env }, base };
}

interface Run {
  child: ChildProcess;
  pid: number;
  exited: Promise<void>;
  stdoutFile: string;
  stderrFile: string;
}

/** The embedded process, started and stopped by pid (its own process group: ffmpeg children go with it). */
export class EmbeddedProcess {
  readonly runs: Run[] = [];
  private current: Run | undefined;
  private readonly killOnExit = () => {
    if (this.current && this.current.child.exitCode === null && this.current.child.signalCode === null) {
      signalGroup(this.current.pid, 'SIGKILL');
    }
  };

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly logDir: string,
  ) {
    process.on('exit', this.killOnExit);
  }

  /** Starts it and waits until it serves; resolves with commerce's internal URL (from its log). */
  async start(): Promise<string> {
    const n = this.runs.length + 1;
    const stdoutFile = path.join(this.logDir, `run-${n}.out`);
    const stderrFile = path.join(this.logDir, `run-${n}.err`);
    const out = fs.openSync(stdoutFile, 'w');
    const err = fs.openSync(stderrFile, 'w');
    const child = spawn(
      process.execPath,
      ['--conditions=kadr-source', '--import', 'tsx', path.join(ROOT, 'tools/launcher/embedded.ts')],
      { cwd: ROOT, env: this.env, detached: true, stdio: ['ignore', out, err] },
    );
    fs.closeSync(out);
    fs.closeSync(err);
    if (child.pid === undefined) throw new Error('the embedded process did not start');
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const run: Run = { child, pid: child.pid, exited, stdoutFile, stderrFile };
    this.runs.push(run);
    this.current = run;
    const deadline = Date.now() + 90_000;
    for (;;) {
      const log = fs.readFileSync(stdoutFile, 'utf8');
      if (log.includes('Kadr is running at')) {
        const commerce = log
          .split('\n')
          .flatMap((line) => {
            try {
              const entry = JSON.parse(line) as { component?: string; url?: string };
              return entry.component === 'commerce' && entry.url ? [entry.url] : [];
            } catch {
              return [];
            }
          })
          .at(-1);
        if (!commerce) throw new Error('commerce URL not in the log');
        return commerce;
      }
      if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
        throw new Error(
          `embedded run ${n} did not start (exit ${child.exitCode ?? child.signalCode}):\n` +
            `${log.slice(-2000)}\n${fs.readFileSync(stderrFile, 'utf8').slice(-2000)}`,
        );
      }
      await sleep(100);
    }
  }

  /** Sends `signal` to the running process and waits until it is gone (SIGKILL after 30 s). */
  async kill(signal: NodeJS.Signals): Promise<void> {
    const run = this.current;
    if (!run || run.child.exitCode !== null || run.child.signalCode !== null) return;
    signalGroup(run.pid, signal);
    const gone = await Promise.race([run.exited.then(() => true), sleep(30_000).then(() => false)]);
    if (!gone) {
      signalGroup(run.pid, 'SIGKILL');
      await run.exited;
      throw new Error(`the embedded process (pid ${run.pid}) outlived ${signal} by 30 s`);
    }
  }

  async stop(): Promise<void> {
    try {
      await this.kill('SIGTERM');
    } finally {
      process.off('exit', this.killOnExit);
    }
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** A signed-in user who signs in again when the restarted gateway no longer knows the session. */
