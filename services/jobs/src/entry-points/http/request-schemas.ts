import { z } from 'zod';

// The public routes' schemas live in @kadr/contracts: the gateway's OpenAPI document is generated from them.
export {
  CreateJobBodySchema,
  JobIdParamsSchema as IdParamSchema,
  JobListQuerySchema as TakeQuerySchema,
  JobHistoryQuerySchema as HistoryQuerySchema,
  PROMPT_MAX_LENGTH,
} from '@kadr/contracts';

/** `?skip&take` of the admin list: take 1–100, default 50. */
export const AdminPageQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(100).default(50),
});

export const UserIdParamSchema = z.object({ userId: z.string().min(1).max(128) });

/** The gateway forwards the client's Idempotency-Key (it already enforced it); 1–128 visible characters. */
export const IdempotencyKeySchema = z
  .string({ error: 'An Idempotency-Key header is required.' })
  .regex(/^[\x21-\x7e]{1,128}$/, { error: 'The Idempotency-Key must be 1–128 visible ASCII characters.' });
