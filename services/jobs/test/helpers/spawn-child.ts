import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '../../../..');

export interface Child {
  process: ChildProcess;
  lines: string[];
  /** Resolves with the first stdout line matching. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
  kill(): Promise<void>;
}

/** Runs test/helpers/child-process.ts in its own Node process (tsx, source condition), as `npm start` does. */
export function spawnChild(env: Record<string, string>): Child {
  const child = spawn(
    process.execPath,
    ['--conditions=kadr-source', '--import', 'tsx', path.join(__dirname, 'child-process.ts')],
    { cwd: REPO_ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  const listeners: Array<() => void> = [];
  let buffer = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    lines.push(...parts);
    for (const listener of [...listeners]) listener();
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    process: child,
    lines,
    exited,
    waitForLine(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find((line) => pattern.test(line));
          if (!found) return;
          clearTimeout(timer);
          listeners.splice(listeners.indexOf(check), 1);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.splice(listeners.indexOf(check), 1);
          reject(new Error(`no line matching ${String(pattern)}; stderr: ${stderr}`));
        }, timeoutMs);
        listeners.push(check);
        check();
        void exited.then(() => setTimeout(check, 10));
      });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
