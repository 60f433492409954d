import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { startDevIdentityProvider, type RunningDevIdentityProvider } from '../src/dev-identity-provider';
import { TestBrowser, formAction } from './identity/helpers/browser';
import { deferred, startFakeUpstream, TEST_SECRET, type FakeUpstream } from './pipeline/helpers/fake-upstream';
import { freePort } from '@kadr/tooling/test-helpers';

const serviceDir = path.resolve(__dirname, '..');

function withoutVariables(env: NodeJS.ProcessEnv, names: string[]): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));
}

/** One gateway as production runs it: its own OS process (src/main.ts), state in the shared Redis. */
async function startGatewayProcess(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--conditions=kadr-source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serviceDir,
    // Memory users and bus per process (the real-server run exports MONGODB_URI and KAFKA_BROKERS):
    // what the replicas share here is Redis alone.
    env: {
      ...withoutVariables(process.env, ['MONGODB_URI', 'KAFKA_BROKERS']),
      OTEL_SDK_DISABLED: 'true',
      LOG_LEVEL: 'info',
      // Two gateways on one machine: each its own free metrics port.
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gateway did not start: ${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`gateway exited ${code}: ${output}`)));
  });
  return { url, child };
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

describeWithRealServer('redis', 'auth-gateway: two processes sharing one Redis', (redis) => {
  let provider: RunningDevIdentityProvider;
  let commerce: FakeUpstream;
  let gatewayA: { url: string; child: ChildProcess };
  let gatewayB: { url: string; child: ChildProcess };
  const browser = new TestBrowser();

  beforeAll(async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const urlA = `http://127.0.0.1:${portA}`;
    const urlB = `http://127.0.0.1:${portB}`;
    provider = await startDevIdentityProvider({
      port: 0,
      host: '127.0.0.1',
      clients: [{ client_id: 'kadr-web', redirect_uris: [`${urlA}/auth/callback`, `${urlB}/auth/callback`] }],
      accounts: [{ email: 'demo@kadr.local', name: 'Demo User' }],
      adminEmail: 'admin@kadr.local',
    });
    commerce = await startFakeUpstream('commerce');
    const shared = {
      NODE_ENV: 'test',
      INTERNAL_TOKEN_SECRET: TEST_SECRET,
      OIDC_ISSUER_URL: provider.issuer,
      REDIS_URL: redis.url,
      COMMERCE_URL: commerce.url,
    };
    const env = (extra: Record<string, string>) => ({ ...shared, ...extra });
    [gatewayA, gatewayB] = await Promise.all([
      startGatewayProcess(env({ PORT: String(portA), PUBLIC_URL: urlA })),
      startGatewayProcess(env({ PORT: String(portB), PUBLIC_URL: urlB })),
    ]);

    // Sign in once, through replica A; the session lives in Redis, so replica B knows it too.
    const page = await browser.follow(`${gatewayA.url}/auth/login?returnTo=/dashboard`);
    const html = await page.response!.text();
    const landed = await browser.submitForm(
      formAction(html, page.url, '/login'),
      { email: 'demo@kadr.local' },
      (url) => url.origin === gatewayA.url && !url.pathname.startsWith('/auth/'),
    );
    expect(landed.url.pathname).toBe('/dashboard');
  }, 90_000);

  afterAll(async () => {
    await Promise.all([stopProcess(gatewayA?.child), stopProcess(gatewayB?.child)]);
    await commerce?.close();
    await provider?.stop();
  });

  const createOrder = (gatewayUrl: string, key: string) =>
    browser.request(`${gatewayUrl}/bff/platform/api/commerce/payment/create-order`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': key,
        'x-csrf-token': browser.cookie('127.0.0.1', 'kadr_csrf')!,
        origin: gatewayUrl,
      },
      body: JSON.stringify({ packageId: 'credits-100' }),
    });

  it('each replica is ready only with Redis answering: it is among the readiness checks', async () => {
    for (const url of [gatewayA.url, gatewayB.url]) {
      const ready = await fetch(`${url}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ok', checks: { redis: 'ok' } });
    }
  });

  it('a session made on one replica is valid on the other', async () => {
    for (const url of [gatewayA.url, gatewayB.url]) {
      const session = await browser.request(`${url}/auth/session`);
      expect(await session.json()).toMatchObject({ authenticated: true, user: { email: 'demo@kadr.local' } });
    }
  });

  it('one Idempotency-Key sent to both replicas at once reaches the service exactly once', async () => {
    const release = deferred();
    commerce.answer(async (_req, res) => {
      await release.promise;
      res.status(201).json({ data: { orderId: 'order-1', paymentUrl: '/payment/mock-process?orderId=order-1' } });
    });
    const key = `two-process-${Date.now()}`;
    const before = commerce.received.length;
    const first = createOrder(gatewayA.url, key);
    const second = createOrder(gatewayB.url, key);
    // The winner waits on the service until released, so the first answer is the loser's 409.
    const firstAnswer = await Promise.race([first, second]);
    expect(firstAnswer.status).toBe(409);
    expect(await firstAnswer.json()).toMatchObject({ type: '/problems/conflict' });
    release.resolve();
    const answers = await Promise.all([first, second]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    // fetch resolves on the headers; the winner's response is kept for replay before its body ends.
    // A replay sent before that finds the request still in progress (409), as it should.
    await Promise.all(answers.map((r) => (r.bodyUsed ? Promise.resolve(null) : r.arrayBuffer())));
    expect(commerce.received.length - before).toBe(1);

    for (const url of [gatewayA.url, gatewayB.url]) {
      const replay = await createOrder(url, key);
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await replay.json()).toEqual({
        data: { orderId: 'order-1', paymentUrl: '/payment/mock-process?orderId=order-1' },
      });
    }
    expect(commerce.received.length - before).toBe(1);
  }, 30_000);
});
