import { z } from 'zod';
import { ADMIN_DEFAULT_TAKE, ADMIN_LOG_KINDS, ADMIN_MAX_TAKE } from '@kadr/contracts';

const wholeNumber = (min: number, max: number) => {
  const message = `Must be a whole number from ${min} to ${max}.`;
  return z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, {
    error: message,
  });
};
/** An empty query value (`?q=`) means "not given". */
const optionalText = (max: number) =>
  z
    .string({ error: 'Must be text.' })
    .trim()
    .max(max, { error: `Must be at most ${max} characters.` })
    .optional()
    .transform((value) => (value ? value : undefined));
const isoTime = z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 time, e.g. 2026-01-31T12:00:00Z.' });

const skip = wholeNumber(0, 1_000_000).default(0);

export const UsersQuerySchema = z.object({
  skip,
  take: wholeNumber(1, ADMIN_MAX_TAKE).default(ADMIN_DEFAULT_TAKE),
  q: optionalText(200),
});

/** The jobs service pages a user's jobs by at most 100. */
export const UserJobsQuerySchema = z.object({ skip, take: wholeNumber(1, 100).default(50) });

export const LogsQuerySchema = z
  .object({
    skip,
    take: wholeNumber(1, ADMIN_MAX_TAKE).default(ADMIN_DEFAULT_TAKE),
    action: optionalText(100),
    userId: optionalText(128),
    kind: z.enum(ADMIN_LOG_KINDS, { error: `Must be one of: ${ADMIN_LOG_KINDS.join(', ')}.` }).optional(),
    from: isoTime.optional().transform((value) => (value ? new Date(value) : undefined)),
    to: isoTime.optional().transform((value) => (value ? new Date(value) : undefined)),
  })
  .refine((q) => !q.from || !q.to || q.from.getTime() <= q.to.getTime(), {
    path: ['to'],
    error: 'Must not be before from.',
  });

export const IdParamSchema = z.object({ id: z.string().min(1).max(128) });

/** Only a deletion with purge exists (spec §6). */
export const DeleteUserQuerySchema = z.object({
  purge: z.literal('true', { error: 'Must be true: a user is deleted with purge.' }),
});

export const DeleteJobQuerySchema = z.object({
  force: z.enum(['true', 'false'], { error: 'Must be true or false.' }).optional(),
});

/** Express gives repeated query parameters as arrays; the routes take the first. */
export function firstValues(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? (value as unknown[])[0] : value]),
  );
}
