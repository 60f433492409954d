/**
 * Every process the chaos harness starts, by pid: killed with SIGKILL when the test process
 * exits (also on a failure or an interrupted run), so no broker or service outlives the test.
 * Only pids recorded here are ever signalled.
 */
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

export class ProcessRegistry {
  private readonly running = new Map<number, string>();
  private readonly killAllOnExit = (): void => this.killAllNow();

  constructor() {
    process.on('exit', this.killAllOnExit);
  }

  /** Records a started child (spawned with `detached: true`, so it leads its own process group). */
  add(name: string, child: ChildProcess): number {
    if (child.pid === undefined) throw new Error(`${name} did not start`);
    const pid = child.pid;
    this.running.set(pid, name);
    child.once('exit', () => this.running.delete(pid));
    return pid;
  }

  isAlive(pid: number): boolean {
    if (!this.running.has(pid)) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  /** Sends `signal` to the child's process group and waits until the child is gone. */
  async kill(pid: number, signal: NodeJS.Signals, waitMs = 15_000): Promise<void> {
    if (!this.running.has(pid)) return;
    signalGroup(pid, signal);
    const deadline = Date.now() + waitMs;
    while (this.isAlive(pid) && Date.now() < deadline) await sleep(50);
    if (this.isAlive(pid)) throw new Error(`${this.running.get(pid)} (pid ${pid}) survived ${signal}`);
    this.running.delete(pid);
  }

  /** SIGTERM (the process shuts down cleanly), SIGKILL after `graceMs`. */
  async stop(pid: number, graceMs = 15_000): Promise<void> {
    if (!this.isAlive(pid)) {
      this.running.delete(pid);
      return;
    }
    try {
      await this.kill(pid, 'SIGTERM', graceMs);
    } catch {
      await this.kill(pid, 'SIGKILL');
    }
  }

  /** Stops everything still running, services before the broker (they flush through it). */
  async stopAll(): Promise<void> {
    const entries = [...this.running.entries()];
    const services = entries.filter(([, name]) => name !== 'kafka');
    await Promise.all(services.map(([pid]) => this.stop(pid)));
    await Promise.all(entries.filter(([, name]) => name === 'kafka').map(([pid]) => this.stop(pid, 20_000)));
    process.off('exit', this.killAllOnExit);
  }

  private killAllNow(): void {
    for (const pid of this.running.keys()) signalGroup(pid, 'SIGKILL');
    this.running.clear();
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}
