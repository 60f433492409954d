import { z } from 'zod';
import { ALL_TOPICS, type Topic } from '../topics';
import { LedgerEntrySchema } from './commerce-api';
import { PlanIdSchema } from './commerce';
import { TierSchema } from './commerce-api';
import { AdminJobViewSchema, JobEventSchema } from './jobs';

/**
 * The admin service's HTTP API. Paths are relative to the admin service's base URL and are what
 * the gateway forwards from `/bff/platform/<path>` with the administrator's user token (audience
 * `admin`). Every route needs a user token whose roles include `admin` (403 `forbidden` otherwise).
 */

export const ADMIN_PATHS = {
  users: '/admin/users',
  user: (userId: string) => `/admin/users/${encodeURIComponent(userId)}`,
  userJobs: (userId: string) => `/admin/users/${encodeURIComponent(userId)}/jobs`,
  /** The administrator adjusts a user's credits (Idempotency-Key: applied once). */
  creditAdjustments: (userId: string) => `/admin/users/${encodeURIComponent(userId)}/credit-adjustments`,
  /** A user's orders, newest first, with each refunded order's chargeback. */
  userOrders: (userId: string) => `/admin/users/${encodeURIComponent(userId)}/orders`,
  /** The administrator marks a paid order refunded after a chargeback (Idempotency-Key: applied once). */
  orderChargeback: (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}/chargeback`,
  job: (jobId: string) => `/admin/jobs/${encodeURIComponent(jobId)}`,
  requeueJob: (jobId: string) => `/admin/jobs/${encodeURIComponent(jobId)}/requeue`,
  markJobFailed: (jobId: string) => `/admin/jobs/${encodeURIComponent(jobId)}/mark-failed`,
  logs: '/admin/logs',
  deadLetters: '/admin/dead-letters',
  topicDeadLetters: (topic: string) => `/admin/dead-letters/${encodeURIComponent(topic)}`,
  replayDeadLetter: (topic: string, id: string) =>
    `/admin/dead-letters/${encodeURIComponent(topic)}/${encodeURIComponent(id)}/replay`,
  discardDeadLetter: (topic: string, id: string) =>
    `/admin/dead-letters/${encodeURIComponent(topic)}/${encodeURIComponent(id)}/discard`,
} as const;

/**
 * Internal (not forwarded from the browser): the gateway asks admin to delete the signed-in user's own account
 * with purge, with that user's token; the purge it starts is the administrator's (`user.deleted` with purge,
 * every service answers `user.purged`), requested by the user. → 202 `AdminUserDeletionResponse`.
 */
export const ACCOUNT_DELETION_PATH = '/internal/account-deletion';

/** `take` of the users list and the logs: default 50, at most 200. */
export const ADMIN_DEFAULT_TAKE = 50;
export const ADMIN_MAX_TAKE = 200;

/** The services that acknowledge a user purge with `user.purged` (the admin service's default list). */
export const PURGE_ACKNOWLEDGING_SERVICES = [
  'auth-gateway',
  'commerce',
  'jobs',
  'media',
  'i18n',
  'admin',
  'notifications',
] as const;

const isoDate = z.iso.datetime({ offset: true });

export const AdminPaginationSchema = z.object({
  skip: z.number().int().nonnegative(),
  take: z.number().int().positive(),
  total: z.number().int().nonnegative(),
});
export type AdminPagination = z.infer<typeof AdminPaginationSchema>;

/** A purge's progress: one line per service expected to acknowledge, complete when all have. */
export const AdminPurgeStatusSchema = z.object({
  requestedAt: isoDate,
  requestedBy: z.string().min(1),
  services: z.array(
    z.object({ service: z.string().min(1), acknowledged: z.boolean(), acknowledgedAt: isoDate.nullable() }),
  ),
  complete: z.boolean(),
  completedAt: isoDate.nullable(),
});
export type AdminPurgeStatus = z.infer<typeof AdminPurgeStatusSchema>;

export const AdminJobCountsSchema = z.object({
  total: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** PENDING and PROCESSING. */
  active: z.number().int().nonnegative(),
});
export type AdminJobCounts = z.infer<typeof AdminJobCountsSchema>;

/** One user of the admin read model (built from events, so it may lag the owning services briefly). */
export const AdminUserSchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  name: z.string(),
  createdAt: isoDate,
  lastSeenAt: isoDate,
  tier: TierSchema,
  plan: PlanIdSchema.nullable(),
  balance: z.number().int(),
  jobs: AdminJobCountsSchema,
  /** Only while (or after) the user is being purged. */
  purge: AdminPurgeStatusSchema.optional(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** `GET /admin/users?skip&take&q`, newest first. */
export const AdminUsersPageSchema = z.object({ data: z.array(AdminUserSchema), pagination: AdminPaginationSchema });
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;

/**
 * `GET /admin/users/{id}`: the user, or — once the read model dropped a purged user — only the
 * purge status (`user` null, `deleted` true).
 */
export const AdminUserDetailResponseSchema = z.object({
  data: z.object({
    id: z.string().min(1),
    deleted: z.boolean(),
    user: AdminUserSchema.nullable(),
    purge: AdminPurgeStatusSchema.nullable(),
  }),
});
export type AdminUserDetailResponse = z.infer<typeof AdminUserDetailResponseSchema>;

/** `GET /admin/users/{id}/jobs?skip&take` (take 1–100, default 50), newest first, from the jobs service. */
export const AdminUserJobsPageSchema = z.object({
  data: z.array(AdminJobViewSchema),
  pagination: AdminPaginationSchema.extend({ hasNext: z.boolean() }),
});
export type AdminUserJobsPage = z.infer<typeof AdminUserJobsPageSchema>;

export const AdminHoldSchema = z.object({
  holdId: z.string().min(1),
  takenFrom: z.enum(['credits', 'allowance']),
  amount: z.number().int().nonnegative(),
  state: z.enum(['held', 'captured', 'released']),
});

/**
 * `GET /admin/jobs/{id}`: composed from the jobs service (job and history) and commerce (the
 * job's hold). A part that could not be read is null and named in `meta.missing`.
 */
export const AdminJobDetailPageSchema = z.object({
  data: z.object({
    job: AdminJobViewSchema,
    events: z.array(JobEventSchema),
    hold: AdminHoldSchema.nullable(),
    /** Commerce's ledger entries caused by the job (hold, capture, release), oldest first. */
    ledger: z.array(LedgerEntrySchema).nullable(),
  }),
  meta: z.object({ missing: z.array(z.enum(['hold', 'ledger'])) }),
});
export type AdminJobDetailPage = z.infer<typeof AdminJobDetailPageSchema>;

/** `DELETE /admin/users/{id}?purge=true` and `POST /internal/account-deletion` → 202. */
export const AdminUserDeletionResponseSchema = z.object({
  data: z.object({ userId: z.string().min(1), purge: z.literal('accepted') }),
});
export type AdminUserDeletionResponse = z.infer<typeof AdminUserDeletionResponseSchema>;

export const ADMIN_LOG_KINDS = ['admin_action', 'system_event'] as const;
export const ADMIN_LOG_OUTCOMES = ['success', 'failure', 'denied'] as const;

/** One line of the Logs screen: an administrator's action (audit) or a recent system event. */
export const AdminLogEntrySchema = z.object({
  id: z.string().min(1),
  kind: z.enum(ADMIN_LOG_KINDS),
  /** e.g. `users.delete`, `jobs.requeue`; system events: `job.failed`, `payment.completed`, `message.dead_lettered`. */
  action: z.string().min(1),
  /** Who did it (the administrator's user id); null for a system event. */
  actorId: z.string().nullable(),
  /** What it was done to (a user id or a job id). */
  targetId: z.string().nullable(),
  /** The user the entry concerns, when known. */
  userId: z.string().nullable(),
  at: isoDate,
  outcome: z.enum(ADMIN_LOG_OUTCOMES),
  correlationId: z.string().nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AdminLogEntry = z.infer<typeof AdminLogEntrySchema>;

/** `GET /admin/logs?skip&take&action&userId&from&to&kind`, newest first. */
export const AdminLogsPageSchema = z.object({ data: z.array(AdminLogEntrySchema), pagination: AdminPaginationSchema });
export type AdminLogsPage = z.infer<typeof AdminLogsPageSchema>;

// ---------------------------------------------------------------- dead letters

/** How a dead letter was handled: a replay still publishing (`replaying`), done, or discarded. */
export const ADMIN_DEAD_LETTER_ACTIONS = ['replaying', 'replayed', 'discarded'] as const;
/** `pending`: not yet replayed or discarded (a replay still publishing counts as pending). */
export const ADMIN_DEAD_LETTER_STATUSES = ['pending', 'handled', 'all'] as const;

/** One topic's `.dlq`: how many dead letters wait and how many were handled. */
export const AdminDeadLetterTopicSchema = z.object({
  topic: z.string().min(1),
  pending: z.number().int().nonnegative(),
  handled: z.number().int().nonnegative(),
});
export type AdminDeadLetterTopic = z.infer<typeof AdminDeadLetterTopicSchema>;

/** `GET /admin/dead-letters`: every topic of the catalogue, in its order. */
export const AdminDeadLetterTopicsResponseSchema = z.object({ data: z.array(AdminDeadLetterTopicSchema) });
export type AdminDeadLetterTopicsResponse = z.infer<typeof AdminDeadLetterTopicsResponseSchema>;

export const AdminDeadLetterHandlingSchema = z.object({
  action: z.enum(ADMIN_DEAD_LETTER_ACTIONS),
  /** The administrator's user id. */
  by: z.string().min(1),
  at: isoDate,
  /** Required for a discard. */
  reason: z.string().nullable(),
});
export type AdminDeadLetterHandling = z.infer<typeof AdminDeadLetterHandlingSchema>;

/** A message of `<topic>.dlq`: its place, the original message (decoded when it is an event) and why it failed. */
export const AdminDeadLetterSchema = z.object({
  /** `<partition>-<offset>` in `<topic>.dlq`. */
  id: z.string().min(1),
  topic: z.string().min(1),
  partition: z.number().int().nonnegative(),
  offset: z.string().min(1),
  key: z.string(),
  /** When the last attempt failed (`dlq-failed-at`). */
  failedAt: isoDate.nullable(),
  error: z.string(),
  attempts: z.number().int().nullable(),
  originalTopic: z.string().nullable(),
  /** The original headers (event id, type, correlation id, trace context), without the `dlq-*` ones. */
  headers: z.record(z.string(), z.string()),
  eventId: z.string().nullable(),
  /** The event envelope as protobuf JSON; null when the value is not one (then `decodeError` says why). */
  payload: z.record(z.string(), z.unknown()).nullable(),
  decodeError: z.string().nullable(),
  /** The raw value, base64. */
  value: z.string(),
  /** Null while pending and never touched. */
  handling: AdminDeadLetterHandlingSchema.nullable(),
});
export type AdminDeadLetter = z.infer<typeof AdminDeadLetterSchema>;

/** `GET /admin/dead-letters/{topic}?skip&take&status`, newest failure first. */
export const AdminDeadLettersPageSchema = z.object({
  data: z.array(AdminDeadLetterSchema),
  pagination: AdminPaginationSchema,
});
export type AdminDeadLettersPage = z.infer<typeof AdminDeadLettersPageSchema>;

/**
 * `POST …/replay` and `POST …/discard` → 200 with the dead letter as it is now. `alreadyHandled`: it
 * was replayed (or discarded) before, and this call changed nothing — nothing was published again.
 */
export const AdminDeadLetterActionResponseSchema = z.object({
  data: AdminDeadLetterSchema,
  meta: z.object({ alreadyHandled: z.boolean() }),
});
export type AdminDeadLetterActionResponse = z.infer<typeof AdminDeadLetterActionResponseSchema>;

// ---------------------------------------------------------------- requests (what the admin service validates)

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

export const AdminUsersQuerySchema = z.object({
  skip,
  take: wholeNumber(1, ADMIN_MAX_TAKE).default(ADMIN_DEFAULT_TAKE),
  q: optionalText(200),
});

/** The jobs service pages a user's jobs by at most 100. */
export const AdminUserJobsQuerySchema = z.object({ skip, take: wholeNumber(1, 100).default(50) });

/** Commerce pages a user's orders by at most 100. */
export const AdminUserOrdersQuerySchema = z.object({ skip, take: wholeNumber(1, 100).default(20) });

/**
 * `from` and `to` are inclusive bounds on an entry's time. A `from` later than `to` is an empty range,
 * answered 200 with no entries (no entry lies in it), not a 400: the OpenAPI document cannot state an
 * order between two parameters, and a refinement across fields also ran on values that had already
 * failed (`to=null` reached it as text, a 500).
 */
export const AdminLogsQuerySchema = z.object({
  skip,
  take: wholeNumber(1, ADMIN_MAX_TAKE).default(ADMIN_DEFAULT_TAKE),
  action: optionalText(100),
  userId: optionalText(128),
  kind: z.enum(ADMIN_LOG_KINDS, { error: `Must be one of: ${ADMIN_LOG_KINDS.join(', ')}.` }).optional(),
  from: isoTime.optional().transform((value) => (value ? new Date(value) : undefined)),
  to: isoTime.optional().transform((value) => (value ? new Date(value) : undefined)),
});

/** A user id or a job id: the letters, digits, `-` and `_` of the ids the services make. */
export const AdminIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) });

/** Only a deletion with purge exists (spec §6). */
export const AdminDeleteUserQuerySchema = z.object({
  purge: z.literal('true', { error: 'Must be true: a user is deleted with purge.' }),
});

export const AdminDeleteJobQuerySchema = z.object({
  force: z.enum(['true', 'false'], { error: 'Must be true or false.' }).optional(),
});

/** A topic of the catalogue (ARCHITECTURE §2): the dead letters of other topics are not admin's to touch. */
export const AdminDeadLetterTopicParamsSchema = z.object({
  topic: z.enum(ALL_TOPICS as [Topic, ...Topic[]], { error: `Must be one of: ${ALL_TOPICS.join(', ')}.` }),
});

/** A dead letter's id: `<partition>-<offset>` in the topic's `.dlq`. */
export const AdminDeadLetterParamsSchema = AdminDeadLetterTopicParamsSchema.extend({
  id: z.string().regex(/^\d{1,5}-\d{1,19}$/, { error: 'Must be <partition>-<offset>, e.g. 2-17.' }),
});

export const AdminDeadLettersQuerySchema = z.object({
  skip,
  take: wholeNumber(1, ADMIN_MAX_TAKE).default(ADMIN_DEFAULT_TAKE),
  status: z
    .enum(ADMIN_DEAD_LETTER_STATUSES, { error: `Must be one of: ${ADMIN_DEAD_LETTER_STATUSES.join(', ')}.` })
    .default('pending'),
});

/** Longest discard reason. */
export const ADMIN_DISCARD_REASON_MAX_LENGTH = 500;

/** Discarding needs a reason: the record of why a message was never applied. */
export const AdminDiscardDeadLetterRequestSchema = z.strictObject({
  reason: z
    .string({ error: 'A reason is required.' })
    .trim()
    .min(1, { error: 'A reason is required.' })
    .max(ADMIN_DISCARD_REASON_MAX_LENGTH, { error: `Must be at most ${ADMIN_DISCARD_REASON_MAX_LENGTH} characters.` }),
});
