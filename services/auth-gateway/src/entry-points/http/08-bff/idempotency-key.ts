import { z } from 'zod';
import { HttpProblem } from '@kadr/http-kit';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** The methods that change state: each needs an Idempotency-Key on `/bff`. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** 8–128 characters of letters, digits and `_ - : .` (a UUID fits; no header or key injection). */
export const IdempotencyKeySchema = z
  .string({ error: 'is required on every state-changing request' })
  .regex(/^[A-Za-z0-9_\-:.]{8,128}$/, {
    error: 'must be 8 to 128 characters of letters, digits, "_", "-", ":" or "."',
  })
  .meta({ description: 'A unique value per intended action (a UUID), reused only to retry that same action.' });

/** The header's value, or a 400 `validation` problem naming the header. */
export function parseIdempotencyKey(value: string | undefined): string {
  const parsed = IdempotencyKeySchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new HttpProblem('validation', {
    detail: 'Please fix highlighted fields.',
    errors: { [IDEMPOTENCY_KEY_HEADER]: parsed.error.issues[0]?.message ?? 'is invalid' },
  });
}
