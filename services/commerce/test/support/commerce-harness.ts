import { DEFAULT_INTERNAL_TOKEN_KEY_ID, parseConfig } from '@kadr/config';
import { encodeEvent, type EventPayloadInit } from '@kadr/contracts';
import { MemoryEventBus, type EventBus } from '@kadr/event-bus';
import { mintInternalToken, type InternalTokenKeys } from '@kadr/http-kit';
import { createLogger, createMetrics, type Logger, type ServiceMetrics } from '@kadr/telemetry';
import { commerceConfigSchema, type CommerceConfig } from '../../src/config';
import { MemoryAccountRepository } from '../../src/data-access/accounts/memory-account.repository';
import { MemoryLedgerRepository } from '../../src/data-access/ledger/memory-ledger.repository';
import { MemoryOrderRepository } from '../../src/data-access/orders/memory-order.repository';
import type { CommerceAdapters } from '../../src/adapters';
import type { EgressClient } from '../../src/integrations/tpay/egress';
import { composeCommerce, type ComposedCommerce } from '../../src/service';
export { eventually } from '@kadr/tooling/test-helpers';

export const SECRET = 'test-internal-token-secret-0123456789abcdef';
/** The keys of a service configured with SECRET alone (the default key id). */
export const KEYS: InternalTokenKeys = { current: { kid: DEFAULT_INTERNAL_TOKEN_KEY_ID, secret: SECRET } };

export function testConfig(env: Record<string, string> = {}): CommerceConfig {
  return parseConfig('commerce', commerceConfigSchema, {
    INTERNAL_TOKEN_SECRET: SECRET,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    PUBLIC_URL: 'http://kadr.test',
    ...env,
  });
}

export const silentLogger = (): Logger => createLogger({ service: 'commerce', level: 'silent' });

export function userToken(userId: string, roles: string[] = ['user'], email = `${userId}@example.com`) {
  return mintInternalToken(
    { kind: 'user', userId, email, name: 'Test User', roles },
    { keys: KEYS, audience: 'commerce' },
  );
}

export function serviceToken(service: string) {
  return mintInternalToken({ kind: 'service', service, roles: [] }, { keys: KEYS, audience: 'commerce' });
}

export const bearer = async (token: Promise<string>) => `Bearer ${await token}`;

export interface Harness extends ComposedCommerce {
  adapters: CommerceAdapters & {
    accounts: MemoryAccountRepository;
    ledger: MemoryLedgerRepository;
    orders: MemoryOrderRepository;
  };
  bus: EventBus;
  config: CommerceConfig;
  logger: Logger;
  /** The service's metrics (its registry). */
  metrics: ServiceMetrics;
  /** Publishes an event as another service would. */
  publish(payload: EventPayloadInit, correlationId?: string): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  clock?: () => Date;
  tpayEgress?: EgressClient;
  logger?: Logger;
  background?: boolean;
}

/** Commerce on memory stores and a memory bus, without a socket (supertest drives `app`). */
export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const config = testConfig(options.env);
  const bus = new MemoryEventBus();
  const adapters = {
    accounts: await MemoryAccountRepository.create(),
    ledger: await MemoryLedgerRepository.create(),
    orders: await MemoryOrderRepository.create(),
    eventBus: bus,
  };
  const logger = options.logger ?? silentLogger();
  const metrics = createMetrics({ service: 'commerce', defaultMetrics: false });
  const composed = composeCommerce({
    config,
    adapters,
    logger,
    metrics,
    clock: options.clock,
    tpayEgress: options.tpayEgress,
    relayIntervalMs: 50,
  });
  if (options.background !== false) await composed.startBackground();
  return {
    ...composed,
    adapters,
    bus,
    config,
    logger,
    metrics,
    async publish(payload, correlationId = 'test-correlation') {
      const event = encodeEvent(payload, { producer: 'test', correlationId });
      await bus.publish(event.topic, [event]);
    },
    async close() {
      await composed.stop();
      await bus.close();
      await adapters.accounts.close();
      await adapters.ledger.close();
      await adapters.orders.close();
    },
  };
}

/** Polls until `check` passes (no exception) or the deadline; rethrows the last failure. */
