import { z } from 'zod';
import { CreateJobRequestSchema } from '@kadr/contracts';

export const PROMPT_MAX_LENGTH = 1000;

// C0 and C1 control characters (newlines and tabs included) and DEL.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** `POST /jobs`: the contract's body with the prompt trimmed, 1–1000 characters and free of control characters. */
export const CreateJobBodySchema = CreateJobRequestSchema.extend({
  prompt: z
    .string({ error: 'Enter a prompt.' })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'The prompt must not contain control characters.' })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'Enter a prompt.' })
        .max(PROMPT_MAX_LENGTH, { error: `The prompt can be at most ${PROMPT_MAX_LENGTH} characters.` }),
    ),
  modelId: z.string({ error: 'Choose a model.' }).min(1, { error: 'Choose a model.' }).max(128),
  duration: z.union([z.literal(5), z.literal(10), z.literal(15)], { error: 'Choose 5, 10 or 15 seconds.' }),
  quality: z.enum(['Standard', 'Pro', 'Lite', 'Ultra'], { error: 'Choose Lite, Standard, Pro or Ultra.' }),
  speed: z.enum(['Normal', 'Fast', 'Slow', 'Ultra Fast'], { error: 'Choose Slow, Normal, Fast or Ultra Fast.' }),
});

/** `?take` of the job lists: 1–100, default 20 (spec §9). */
export const TakeQuerySchema = z.object({
  take: z.coerce.number().int().min(1).max(100).default(20),
});

/** `?skip&take` of the admin list: take 1–100, default 50. */
export const AdminPageQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(100).default(50),
});

export const IdParamSchema = z.object({ id: z.string().min(1).max(128) });
export const UserIdParamSchema = z.object({ userId: z.string().min(1).max(128) });

/** The gateway forwards the client's Idempotency-Key (it already enforced it); 1–128 visible characters. */
export const IdempotencyKeySchema = z
  .string({ error: 'An Idempotency-Key header is required.' })
  .regex(/^[\x21-\x7e]{1,128}$/, { error: 'The Idempotency-Key must be 1–128 visible ASCII characters.' });
