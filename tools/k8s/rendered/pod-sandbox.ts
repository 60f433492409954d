// A pod's network namespace on the local Docker engine: a sleeping container on `--network none`
// (loopback only, nothing reachable outside it, like a pod with no Service in front), which the
// infrastructure servers and then each pod's container join. The Service names of the release resolve to
// 127.0.0.1 in it. Probes run from the host inside that namespace (nsenter), as the kubelet probes a pod.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command; never throws for a non-zero exit (the caller reads code). */
export async function command(
  file: string,
  args: string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await run(file, args, {
      env: { ...process.env, ...options.env },
      timeout: options.timeoutMs ?? 120_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number | string; stdout?: string; stderr?: string; message: string };
    return {
      code: typeof failure.code === 'number' ? failure.code : 1,
      stdout: failure.stdout ?? '',
      stderr: failure.stderr || failure.message,
    };
  }
}

export async function docker(args: string[], env?: Record<string, string>, timeoutMs?: number): Promise<string> {
  const result = await command('docker', args, { env, timeoutMs });
  if (result.code !== 0) throw new Error(`docker ${args.slice(0, 2).join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** Every container of a sandbox carries `kadr.pod-run=<sandbox name>`, so the whole run is removed by it. */
const LABEL_KEY = 'kadr.pod-run';

export class PodSandbox {
  private constructor(
    readonly name: string,
    private readonly pid: number,
  ) {}

  /** Starts the namespace holder from `image` (any image with `sleep`). */
  static async start(name: string, image: string, serviceNames: string[]): Promise<PodSandbox> {
    const hosts = serviceNames.flatMap((service) => ['--add-host', `${service}:127.0.0.1`]);
    await docker([
      'run',
      '--detach',
      '--name',
      name,
      '--label',
      `${LABEL_KEY}=${name}`,
      '--network',
      'none',
      ...hosts,
      '--entrypoint',
      'sleep',
      image,
      'infinity',
    ]);
    const pid = Number(await docker(['inspect', '--format', '{{.State.Pid}}', name]));
    return new PodSandbox(name, pid);
  }

  /** The label every container of this sandbox carries (`docker run --label`). */
  get label(): string {
    return `${LABEL_KEY}=${this.name}`;
  }

  get network(): string {
    return `container:${this.name}`;
  }

  /** A command on the host, inside the pod's network namespace. */
  inside(file: string, args: string[], timeoutMs = 10_000): Promise<CommandResult> {
    return command('nsenter', [`--net=/proc/${this.pid}/ns/net`, file, ...args], { timeoutMs });
  }

  /** The HTTP status of a GET inside the namespace; 0 when nothing answered within the time-out. */
  async httpStatus(url: string, timeoutSeconds: number): Promise<number> {
    const result = await this.inside(
      'curl',
      ['-s', '-o', '/dev/null', '-w', '%{http_code}', '--max-time', String(timeoutSeconds), url],
      (timeoutSeconds + 5) * 1000,
    );
    return Number(result.stdout.trim()) || 0;
  }

  /** Whether something accepts TCP connections on 127.0.0.1:port inside the namespace. */
  async listening(port: number): Promise<boolean> {
    const result = await this.inside('bash', ['-c', `exec 3<>/dev/tcp/127.0.0.1/${port}`]);
    return result.code === 0;
  }

  /** Removes every container with this sandbox's label, the holder last. */
  async remove(): Promise<void> {
    const listed = await command('docker', [
      'ps',
      '--all',
      '--filter',
      `label=${this.label}`,
      '--format',
      '{{.Names}}',
    ]);
    const others = listed.stdout.split('\n').filter((name) => name && name !== this.name);
    if (others.length > 0) await command('docker', ['rm', '--force', ...others]);
    await command('docker', ['rm', '--force', this.name]);
  }
}
