import type { EncodedEvent } from '@kadr/contracts';
import { MemoryEventBus } from '@kadr/event-bus';
import { DEFAULT_INTERNAL_TOKEN_KEY_ID } from '@kadr/config';
import { mintInternalToken, type InternalCaller, type InternalTokenKeys } from '@kadr/http-kit';
import { createLogger, createMetrics, type ServiceMetrics } from '@kadr/telemetry';
import type { AdminStores } from '../../src/data-access/stores';
import { openMemoryStores } from './memory-stores';
import { adminConfigSchema, type AdminConfig } from '../../src/config';
import { composeAdmin, type ComposedAdmin } from '../../src/service';

export const TEST_SECRET = 'test-only-internal-secret-0123456789abcdef';
/** The keys of a service configured with TEST_SECRET alone (the default key id). */
export const TEST_KEYS: InternalTokenKeys = { current: { kid: DEFAULT_INTERNAL_TOKEN_KEY_ID, secret: TEST_SECRET } };

export const user = (userId: string): InternalCaller => ({ kind: 'user', userId, roles: ['user'] });
export const administrator = (userId = 'admin-1'): InternalCaller => ({
  kind: 'user',
  userId,
  email: 'admin@kadr.local',
  roles: ['user', 'admin'],
});
export const gatewayService: InternalCaller = { kind: 'service', service: 'auth-gateway', roles: [] };

export interface AdminRig {
  config: AdminConfig;
  bus: MemoryEventBus;
  stores: AdminStores;
  admin: ComposedAdmin;
  /** Admin's metrics (the registry /metrics serves). */
  metrics: ServiceMetrics;
  /** `Authorization` header for a caller (audience `admin`). */
  auth(caller: InternalCaller): Promise<string>;
  publish(event: EncodedEvent): Promise<void>;
  close(): Promise<void>;
}

/** Admin composed on memory stores and an in-process bus, its consumer running. */
export async function startAdminRig(env: Record<string, string> = {}): Promise<AdminRig> {
  const config = adminConfigSchema.parse({
    NODE_ENV: 'test',
    INTERNAL_TOKEN_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    UPSTREAM_TIMEOUT_MS: '2000',
    ...env,
  });
  const bus = new MemoryEventBus();
  const stores = await openMemoryStores();
  const metrics = createMetrics({ service: 'admin', defaultMetrics: false });
  const admin = composeAdmin({
    config,
    adapters: { eventBus: bus, stores },
    logger: createLogger({ service: 'admin', level: 'silent' }),
    metrics,
  });
  await admin.startBackground();
  return {
    config,
    bus,
    stores,
    admin,
    metrics,
    auth: async (caller) => `Bearer ${await mintInternalToken(caller, { keys: TEST_KEYS, audience: 'admin' })}`,
    publish: (event) => bus.publish(event.topic, [event]),
    async close() {
      await admin.stop();
      await bus.close();
      await stores.close();
    },
  };
}
