import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const serviceDir = path.resolve(__dirname, '..');
const nodeArgs = ['--conditions=kadr-source', '--import', 'tsx', 'src/main.ts'];
const secret = 'test-only-internal-secret-0123456789abcdef';

describe('auth-gateway main', () => {
  it('exits non-zero naming a missing required variable', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, OTEL_SDK_DISABLED: 'true' };
    delete env.INTERNAL_TOKEN_SECRET;
    const result = spawnSync(process.execPath, nodeArgs, { cwd: serviceDir, env, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('auth-gateway: invalid configuration');
    expect(result.stderr).toContain('INTERNAL_TOKEN_SECRET: required but not set');
  });

  it('names a bad variable without printing its value', () => {
    const env = { ...process.env, OTEL_SDK_DISABLED: 'true', INTERNAL_TOKEN_SECRET: 'too-short-value', PORT: 'eighty' };
    const result = spawnSync(process.execPath, nodeArgs, { cwd: serviceDir, env, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('INTERNAL_TOKEN_SECRET: must be at least 32 characters');
    expect(result.stderr).toContain('PORT: must be a port number');
    expect(result.stderr).not.toContain('too-short-value');
  });

  it('starts, answers health and a 404 problem, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, nodeArgs, {
      cwd: serviceDir,
      env: { ...process.env, INTERNAL_TOKEN_SECRET: secret, PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const [url, metricsUrl] = await new Promise<[string, string]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line in: ${output}`)), 30_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /"url":"(http:\/\/127\.0\.0\.1:\d+)","metricsUrl":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve([match[1]!, match[2]!]);
        }
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    const live = await fetch(`${url}/health/live`);
    expect(await live.json()).toEqual({ status: 'ok', service: 'auth-gateway' });
    const missing = await fetch(`${url}/no-such-route`, { headers: { 'x-correlation-id': 'corr-main-test-1' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(await missing.json()).toMatchObject({ type: '/problems/not_found', correlationId: 'corr-main-test-1' });
    // Issue 13: /metrics is not on the public port, only on METRICS_PORT.
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    const metrics = await fetch(`${metricsUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/http_request_duration_seconds_count\{[^}]*service="auth-gateway"/);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 40_000);
});
