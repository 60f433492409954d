import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createMetrics, type ServiceMetrics } from '@kadr/telemetry';
import type { CommerceStores } from '../../../src/data-access/stores';
import { composeCommerce, type ComposedCommerce } from '../../../src/service';
import { serviceToken, silentLogger, testConfig, userToken } from '../commerce-harness';
import { ScriptedEventBus, type BusMessage } from '@kadr/tooling/scripted-bus';

export interface HttpAnswer {
  status: number;
  body: unknown;
}

/**
 * Commerce as it runs, on the given stores, listening on a free port: the model check drives it
 * through its HTTP routes and its event consumers only. The clock is the test's (period
 * roll-over without waiting); the bus is scripted (the test decides which event arrives when,
 * how often); the relay runs only when the test asks (a slow relay is one of the interleavings).
 */
export class CommerceUnderTest {
  private constructor(
    readonly composed: ComposedCommerce,
    readonly stores: CommerceStores,
    readonly metrics: ServiceMetrics,
    readonly bus: ScriptedEventBus,
    private readonly server: Server,
    private readonly baseUrl: string,
    private readonly clock: { now: number },
  ) {}

  static async start(stores: CommerceStores): Promise<CommerceUnderTest> {
    const clock = { now: Date.parse('2026-01-31T12:00:00.000Z') };
    const bus = new ScriptedEventBus();
    const metrics = createMetrics({ service: 'commerce', defaultMetrics: false });
    const composed = composeCommerce({
      config: testConfig({ WELCOME_CREDITS: '50', PAYMENT_PROVIDER: 'mock' }),
      adapters: { ...stores, eventBus: bus },
      logger: silentLogger(),
      metrics,
      clock: () => new Date(clock.now),
    });
    await composed.startBackground();
    // The relay passes only when the model says so (`relay` steps, and the drain at the end).
    await composed.relay.stop();
    const server = composed.app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    return new CommerceUnderTest(composed, stores, metrics, bus, server, `http://127.0.0.1:${port}`, clock);
  }

  now(): Date {
    return new Date(this.clock.now);
  }

  advance(ms: number): void {
    this.clock.now += ms;
  }

  /** Resets the clock for a new case (each case has its own user, so nothing else carries over). */
  resetClock(at: number): void {
    this.clock.now = at;
  }

  /** Internal tokens by caller, minted again well before they expire (they live about a minute, by the real clock). */
  private readonly tokens = new Map<string, { token: Promise<string>; mintedAt: number }>();

  private bearer(caller: { user: string } | { service: string }): Promise<string> {
    const key = 'user' in caller ? `user:${caller.user}` : `service:${caller.service}`;
    const cached = this.tokens.get(key);
    if (cached && Date.now() - cached.mintedAt < 20_000) return cached.token;
    const token = 'user' in caller ? userToken(caller.user) : serviceToken(caller.service);
    this.tokens.set(key, { token, mintedAt: Date.now() });
    return token;
  }

  async call(
    method: 'GET' | 'POST',
    path: string,
    caller: { user: string } | { service: string },
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpAnswer> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.bearer(caller)}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text for the failure message.
    }
    if (response.status >= 500) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return { status: response.status, body: parsed };
  }

  /** Hands one event to commerce's consumer, as the bus would (errors propagate: a handler must not fail). */
  deliver(event: BusMessage): Promise<void> {
    return this.bus.deliver(event);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
    await this.composed.stop();
  }
}
