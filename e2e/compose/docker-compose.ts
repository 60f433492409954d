/**
 * The drills' hands on the running stack: `docker compose` with the environment the compose CI
 * stage exports (COMPOSE_FILE, COMPOSE_PROJECT_NAME, DOCKER_HOST, DOCKER_CONFIG), run from the
 * repository root so relative COMPOSE_FILE paths resolve as they do for the stage itself.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '../..');

export interface ComposeOutput {
  stdout: string;
  stderr: string;
}

/** `docker compose <args>`; rejects with the command and its stderr when it fails. */
export function compose(args: readonly string[], timeoutMs = 180_000): Promise<ComposeOutput> {
  return new Promise((resolve, reject) => {
    execFile(
      'docker',
      ['compose', ...args],
      { cwd: REPO_ROOT, env: process.env, timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`docker compose ${args.join(' ')} failed: ${error.message}\n${stderr.trim()}`));
          return;
        }
        resolve({ stdout, stderr });
      },
    );
  });
}

/** One container of a service as `docker compose ps` reports it. */
export interface ServiceState {
  service: string;
  name: string;
  /** running, exited, restarting… */
  state: string;
  /** healthy, unhealthy, starting, or '' without a healthcheck. */
  health: string;
}

/** `docker compose ps --all` of one service (JSON lines in compose ≥ 2.21, one array before). */
export async function serviceStates(service: string): Promise<ServiceState[]> {
  const { stdout } = await compose(['ps', '--all', '--format', 'json', service]);
  const text = stdout.trim();
  if (!text) return [];
  type Row = Partial<Record<'Service' | 'Name' | 'State' | 'Health', string>>;
  const rows: Row[] = text.startsWith('[')
    ? (JSON.parse(text) as Row[])
    : text.split('\n').map((line) => JSON.parse(line) as Row);
  return rows.map((row) => ({
    service: row.Service ?? '',
    name: row.Name ?? '',
    state: row.State ?? '',
    health: row.Health ?? '',
  }));
}

/** Whether the service's container runs and (with a healthcheck) is healthy. */
export async function serviceReady(service: string): Promise<boolean> {
  const states = await serviceStates(service);
  return states.length > 0 && states.every((s) => s.state === 'running' && (s.health === '' || s.health === 'healthy'));
}

/**
 * The processes of a service's container (`docker compose top`): the ffmpeg a worker runs
 * carries the job's work folder in its arguments. Empty when the container is not running.
 */
export async function processesOf(service: string): Promise<string> {
  try {
    return (await compose(['top', service], 30_000)).stdout;
  } catch {
    return '';
  }
}

export const killService = (service: string, signal = 'SIGKILL') => compose(['kill', '-s', signal, service]);

export const restartService = (service: string) => compose(['restart', service], 300_000);

/** Brings a service back (and waits for its healthcheck): what every drill does at its end. */
export const upAndWait = (service: string) => compose(['up', '-d', '--wait', service], 300_000);

/** The service's log lines since `since` (RFC 3339 or a duration like `10m`), without colours or prefixes. */
export async function logsOf(service: string, since?: string): Promise<string> {
  const args = ['logs', '--no-color', '--no-log-prefix'];
  if (since) args.push('--since', since);
  return (await compose([...args, service], 60_000)).stdout;
}

/** A service's environment as the compose files configure it (`docker compose config`). */
export async function serviceEnvironment(service: string): Promise<Record<string, string>> {
  const { stdout } = await compose(['config', '--format', 'json'], 60_000);
  const config = JSON.parse(stdout) as { services?: Record<string, { environment?: Record<string, string | null> }> };
  const environment = config.services?.[service]?.environment ?? {};
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, value ?? '']));
}
