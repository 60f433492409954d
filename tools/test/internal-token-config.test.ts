/**
 * Every service that mints or verifies internal tokens reads the same four variables
 * (@kadr/config's `internalTokenEnv` and `internalTokenKeyCheck`) and builds its key ring with
 * @kadr/http-kit's `internalTokenKeys` — checked here on each service's own schema.
 */
import { ConfigError, parseConfig } from '@kadr/config';
import { internalTokenKeys, type InternalTokenKeyConfig } from '@kadr/http-kit';
import type { z } from 'zod';
import { adminConfigSchema } from '../../services/admin/src/config';
import { gatewayConfigSchema } from '../../services/auth-gateway/src/config';
import { commerceConfigSchema } from '../../services/commerce/src/config';
import { i18nConfigSchema } from '../../services/i18n/src/config';
import { jobsConfigSchema } from '../../services/jobs/src/config';
import { mediaConfigSchema } from '../../services/media/src/config';
import { notificationsConfigSchema } from '../../services/notifications/src/config';

const SECRET = 'x'.repeat(32);
const OTHER_SECRET = 'y'.repeat(32);

/** Typed so that a schema without the four variables does not compile. */
const services: [string, z.ZodType<InternalTokenKeyConfig>, Record<string, string>][] = [
  ['admin', adminConfigSchema, {}],
  ['auth-gateway', gatewayConfigSchema, {}],
  ['commerce', commerceConfigSchema, {}],
  ['i18n', i18nConfigSchema, {}],
  ['jobs', jobsConfigSchema, {}],
  ['media', mediaConfigSchema, { MEDIA_SIGNING_SECRET: SECRET }],
  ['notifications', notificationsConfigSchema, { UNSUBSCRIBE_TOKEN_SECRET: SECRET }],
];

function problemsOf(service: string, schema: z.ZodType, env: Record<string, string>): string[] {
  try {
    parseConfig(service, schema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error(`${service} accepted the configuration`);
}

describe.each(services)('%s: internal token keys', (service, schema, base) => {
  const env = { ...base, INTERNAL_TOKEN_SECRET: SECRET };

  it('builds its key ring from the configuration (default key id k1; accepted key optional)', () => {
    expect(internalTokenKeys(parseConfig(service, schema, env))).toEqual({
      current: { kid: 'k1', secret: SECRET },
    });
    const rotating = {
      ...env,
      INTERNAL_TOKEN_KEY_ID: 'k2',
      INTERNAL_TOKEN_ACCEPTED_SECRET: OTHER_SECRET,
      INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k1',
    };
    expect(internalTokenKeys(parseConfig(service, schema, rotating))).toEqual({
      current: { kid: 'k2', secret: SECRET },
      accepted: { kid: 'k1', secret: OTHER_SECRET },
    });
  });

  it('refuses to start with half an accepted key, the same key id twice or a bad key id', () => {
    expect(problemsOf(service, schema, { ...env, INTERNAL_TOKEN_ACCEPTED_SECRET: OTHER_SECRET })).toEqual([
      'INTERNAL_TOKEN_ACCEPTED_KEY_ID: required but not set',
    ]);
    expect(problemsOf(service, schema, { ...env, INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k2' })).toEqual([
      'INTERNAL_TOKEN_ACCEPTED_SECRET: required but not set',
    ]);
    expect(
      problemsOf(service, schema, {
        ...env,
        INTERNAL_TOKEN_ACCEPTED_SECRET: OTHER_SECRET,
        INTERNAL_TOKEN_ACCEPTED_KEY_ID: 'k1',
      }),
    ).toEqual([expect.stringMatching(/^INTERNAL_TOKEN_ACCEPTED_KEY_ID: must differ from INTERNAL_TOKEN_KEY_ID/)]);
    expect(problemsOf(service, schema, { ...env, INTERNAL_TOKEN_KEY_ID: 'k 1' })).toEqual([
      'INTERNAL_TOKEN_KEY_ID: must be 1 to 64 characters of A-Z a-z 0-9 . _ -',
    ]);
  });
});
