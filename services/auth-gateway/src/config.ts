import { z } from 'zod';
import { envPort } from '@kadr/config';

/** The gateway's environment. Later issues add OIDC, session and upstream settings here. */
export const gatewayConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: envPort(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  INTERNAL_TOKEN_SECRET: z
    .string({ error: 'required: the key that signs internal identity tokens (at least 32 characters)' })
    .min(32, { error: 'must be at least 32 characters' }),
});

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;
