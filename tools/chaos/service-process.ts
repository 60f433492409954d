/**
 * One Kadr service (or jobs worker) as its own Node process, started the way its package's
 * `start` script does (`node --conditions=kadr-source --import tsx src/<entry>.ts`), with an
 * environment built from scratch (nothing leaks in from the test's shell), output to a log file.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ProcessRegistry } from './process-registry';

const REPO_ROOT = path.resolve(__dirname, '../..');

export interface ServiceProcessOptions {
  name: string;
  /** The entry file, relative to the repository root, e.g. services/jobs/src/worker.ts. */
  entry: string;
  env: Record<string, string>;
  logDir: string;
  processes: ProcessRegistry;
  /** `http://127.0.0.1:<port>` for services with an HTTP server: ready = `/health/ready` answers 200. */
  url?: string;
  /** For processes without a server: ready = this text appears in the log. */
  readyLine?: string;
}

export class ServiceProcess {
  private pid: number | undefined;
  private readyPid: number | undefined;
  private starts = 0;

  constructor(readonly options: ServiceProcessOptions) {}

  get logFile(): string {
    return path.join(this.options.logDir, `${this.options.name}.log`);
  }

  get currentPid(): number | undefined {
    return this.pid;
  }

  /** Running and past its readiness check. */
  get ready(): boolean {
    return this.pid !== undefined && this.readyPid === this.pid;
  }

  async start(timeoutMs = 60_000): Promise<void> {
    if (this.pid !== undefined) throw new Error(`${this.options.name} is already running`);
    this.starts += 1;
    fs.mkdirSync(this.options.logDir, { recursive: true });
    const logOffset = fs.existsSync(this.logFile) ? fs.statSync(this.logFile).size : 0;
    const out = fs.openSync(this.logFile, 'a');
    fs.writeSync(out, `\n==== start ${this.starts} at ${new Date().toISOString()}\n`);
    const child = spawn(
      process.execPath,
      ['--conditions=kadr-source', '--import', 'tsx', path.join(REPO_ROOT, this.options.entry)],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...this.options.env },
        detached: true,
        stdio: ['ignore', out, out],
      },
    );
    fs.closeSync(out);
    child.unref();
    const pid = this.options.processes.add(this.options.name, child);
    this.pid = pid;
    const deadline = Date.now() + timeoutMs;
    while (!(await this.isReady(logOffset))) {
      if (!this.options.processes.isAlive(pid)) {
        this.pid = undefined;
        throw new Error(`${this.options.name} exited during startup:\n${this.logTail()}`);
      }
      if (Date.now() > deadline)
        throw new Error(`${this.options.name} not ready in ${timeoutMs} ms:\n${this.logTail()}`);
      await sleep(200);
    }
    this.readyPid = pid;
  }

  /** kill -9: no shutdown hook runs, nothing is flushed or committed. */
  async kill(): Promise<void> {
    if (this.pid === undefined) return;
    await this.options.processes.kill(this.pid, 'SIGKILL');
    this.pid = undefined;
  }

  async stop(): Promise<void> {
    if (this.pid === undefined) return;
    await this.options.processes.stop(this.pid);
    this.pid = undefined;
  }

  logTail(lines = 30): string {
    if (!fs.existsSync(this.logFile)) return '(no log)';
    return fs.readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
  }

  private async isReady(logOffset: number): Promise<boolean> {
    if (this.options.url) {
      try {
        const response = await fetch(`${this.options.url}/health/ready`, { signal: AbortSignal.timeout(2_000) });
        return response.status === 200;
      } catch {
        return false;
      }
    }
    if (!this.options.readyLine || !fs.existsSync(this.logFile)) return false;
    const text = fs.readFileSync(this.logFile).subarray(logOffset).toString('utf8');
    return text.includes(this.options.readyLine);
  }
}
