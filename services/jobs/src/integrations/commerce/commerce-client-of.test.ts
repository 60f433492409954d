import { createLogger, createMetrics } from '@kadr/telemetry';
import { metricValue } from '@kadr/tooling/test-helpers';
import { internalTokenKeys } from '@kadr/http-kit';
import {
  CommerceUnavailableError,
  HttpCommerceClient,
  UnconfiguredCommerceClient,
  commerceClientOf,
} from './commerce-client';

const keys = internalTokenKeys({ INTERNAL_TOKEN_SECRET: 'x'.repeat(32), INTERNAL_TOKEN_KEY_ID: 'k1' });
const logger = createLogger({ service: 'jobs', level: 'silent' });
const settings = { COMMERCE_TIMEOUT_MS: 1_000, BREAKER_FAILURE_THRESHOLD: 2, BREAKER_OPEN_MS: 60_000 };

describe('commerceClientOf', () => {
  it('without COMMERCE_URL answers every call as unavailable (creating a job: 503)', async () => {
    const client = commerceClientOf(settings, keys, logger);
    expect(client).toBeInstanceOf(UnconfiguredCommerceClient);
    await expect(client.entitlements('u1')).rejects.toMatchObject({
      name: 'CommerceUnavailableError',
      problem: { status: 503, reason: 'service_unavailable' },
    });
  });

  it('with COMMERCE_URL calls it, behind a breaker that opens after BREAKER_FAILURE_THRESHOLD failures', async () => {
    // Port 1 on loopback: nothing listens, every call fails at once.
    const { registry } = createMetrics({ service: 'jobs', defaultMetrics: false });
    const client = commerceClientOf({ ...settings, COMMERCE_URL: 'http://127.0.0.1:1' }, keys, logger, registry);
    expect(client).toBeInstanceOf(HttpCommerceClient);
    const breakerState = () => metricValue(registry, 'internal_call_breaker_state', { upstream: 'commerce' });
    expect(await breakerState()).toBe(0);
    const causes: string[] = [];
    for (let call = 0; call < 3; call += 1) {
      const error = await client.entitlements('u1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CommerceUnavailableError);
      causes.push(String((error as Error).cause));
    }
    // Two refused connections, then the open breaker answers without calling.
    expect(causes[0]).not.toMatch(/circuit breaker is open/i);
    expect(causes[2]).toMatch(/circuit breaker is open/i);
    expect(await breakerState()).toBe(1);
  });
});
