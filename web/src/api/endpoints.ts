import type {
  AdminDeadLetterActionResponse,
  AdminDeadLettersPage,
  AdminDeadLetterTopicsResponse,
  AdminJobActionResponse,
  AdminJobDetailPage,
  AdminLogsPage,
  AdminUserDeletionResponse,
  AdminUserDetailResponse,
  AdminUserJobsPage,
  AdminUsersPage,
  AiModelsResponse,
  BillingLedgerResponse,
  ChargebackRequest,
  ChargebackResponse,
  CreateJobRequest,
  CreateJobResponse,
  CreateOrderRequest,
  CreateOrderResponse,
  CreditAdjustmentRequest,
  CreditAdjustmentResponse,
  CreditsResponse,
  GalleryFavouriteResponse,
  GalleryPageResponse,
  GallerySort,
  GroupedAiModelsResponse,
  JobAspectRatio,
  JobListResponse,
  JobReceiptResponse,
  JobResponse,
  LanguageCode,
  LedgerKind,
  MediaPageResponse,
  PublicJobStatus,
  MockProcessRequest,
  OrderListResponse,
  OrderResponse,
  PackagesResponse,
  PlanId,
  PlansResponse,
  ProviderSetting,
  StartImageUploadRequest,
  StartImageUploadResponse,
  UpscaleQuoteResponse,
  UserLanguageResponse,
  ShareLinkCreateRequest,
  ShareLinkListResponse,
  ShareLinkResponse,
  ShareReportsPage,
  UserOrdersPage,
  VideoStreamResponse,
} from '@kadr/contracts';
import {
  ACTIVE_JOBS_TAKE,
  ADMIN_USERS_DEFAULT_TAKE,
  GALLERY_PAGE_SIZE,
  JOB_SEED_TAKE,
  USER_SUMMARY_MAX_RETRIES,
  USER_SUMMARY_RETRY_BASE_MS,
} from '../config/constants';
import { apiRequest, type ApiRequestOptions } from './api-client';
import { isCancelledError } from './api-error';
import { USER_SUMMARY_RETRY_REASONS, localProblem } from './problem-catalogue';
import type {
  AccountDeletedAnswer,
  AccountExportAnswer,
  AdminJobDeletedResponse,
  AdminLogFilters,
  CurrentUserResponse,
  FeatureFlagAnswer,
  LanguageOption,
  LogoutAnswer,
  NotificationInboxResponse,
  NotificationPreferences,
  NotificationPreferencesResponse,
  NotificationReadResponse,
  NotificationsAllReadResponse,
  SessionAnswer,
  SubscriptionDetailsResponse,
  ThumbnailUrl,
  TpayDiagnosticsResponse,
  UnsubscribeResponse,
  UserSummaryResponse,
} from './answer-types';

export type * from './answer-types';

/**
 * One typed function per call of spec §7 and ARCHITECTURE §6. Browser paths are `/bff/platform` +
 * the service's path (`COMMERCE_PATHS`, `JOBS_PATHS`, `ADMIN_PATHS`, … of `@kadr/contracts`, which
 * the web bundle cannot import as values; `endpoints.test.ts` checks every path against them).
 * `/auth/*` and `/bff/telemetry` are the gateway's own; `/bff/public/*` are the calls that need no session.
 *
 * Every function takes optional `CallOptions` last (the query's abort signal; offline queueing).
 * Settings changes (language, AI provider) wait for the connection when offline by default; money,
 * jobs and admin actions never do — a person must see that they did not happen.
 */
export type CallOptions = Pick<ApiRequestOptions, 'signal' | 'queueWhenOffline'>;

const PLATFORM = '/bff/platform';
const id = (value: string) => encodeURIComponent(value);

// ---------------------------------------------------------------- session and user

export function getSession(options: CallOptions = {}): Promise<SessionAnswer> {
  return apiRequest('GET', '/auth/session', options);
}

export function logout(options: CallOptions = {}): Promise<LogoutAnswer> {
  return apiRequest('POST', '/auth/logout', options);
}

export function getMe(options: CallOptions = {}): Promise<CurrentUserResponse> {
  return apiRequest('GET', `${PLATFORM}/api/auth/me`, options);
}

/** The top bar's data; retried on timeout, 503, proxy, backend, network and 429 (spec §7). */
export function getUserSummary(options: CallOptions = {}): Promise<UserSummaryResponse> {
  return apiRequest('GET', `${PLATFORM}/api/users/me/summary`, {
    ...options,
    retry: {
      reasons: USER_SUMMARY_RETRY_REASONS,
      maxRetries: USER_SUMMARY_MAX_RETRIES,
      baseDelayMs: USER_SUMMARY_RETRY_BASE_MS,
    },
  });
}

/**
 * Everything Kadr keeps about the person, as one JSON document. One plain request (no retries, no
 * 429 queue): the export has an hourly budget, and its `Retry-After` must not hold every other call.
 */
export function getAccountExport(options: CallOptions = {}): Promise<AccountExportAnswer> {
  return apiRequest('GET', `${PLATFORM}/account/export`, { ...options, resilience: 'bypass' });
}

/**
 * Deletes the person's own account (`confirmEmail`: their e-mail typed again). 202 once the purge
 * has started; the gateway has then ended every session. Pass one key per confirmed dialog.
 */
export function deleteOwnAccount(
  confirmEmail: string,
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<AccountDeletedAnswer> {
  return apiRequest('DELETE', `${PLATFORM}/account`, { ...options, body: { confirmEmail }, idempotencyKey });
}

/**
 * The spec's "helper, then the direct GET": the call with the full resilience (breaker, retries,
 * 429 queue); when it fails, one plain request past all of it. A cancelled call is not repeated.
 */
async function getWithDirectFallback<T>(path: string, options: ApiRequestOptions): Promise<T> {
  try {
    return await apiRequest<T>('GET', path, options);
  } catch (error) {
    if (isCancelledError(error)) throw error;
    return apiRequest<T>('GET', path, { ...options, resilience: 'bypass', retry: 'none' });
  }
}

export function getCredits(options: CallOptions = {}): Promise<CreditsResponse> {
  return getWithDirectFallback(`${PLATFORM}/api/commerce/credits`, options);
}

// ---------------------------------------------------------------- languages

export function getLanguages(options: CallOptions = {}): Promise<LanguageOption[]> {
  return apiRequest('GET', `${PLATFORM}/api/i18n/languages`, options);
}

export function putUserLanguage(language: LanguageCode, options: CallOptions = {}): Promise<UserLanguageResponse> {
  return apiRequest('PUT', `${PLATFORM}/api/i18n/user-language`, {
    queueWhenOffline: true,
    ...options,
    body: { language },
  });
}

// ---------------------------------------------------------------- models, jobs, provider

export function getModels(options: CallOptions = {}): Promise<AiModelsResponse> {
  return apiRequest('GET', `${PLATFORM}/ai-models`, options);
}

export function getGroupedModels(options: CallOptions = {}): Promise<GroupedAiModelsResponse> {
  return apiRequest('GET', `${PLATFORM}/api/ai-models/grouped`, options);
}

/** `idempotencyKey`: one per logical "Generate" (kept across the person's re-submits of it). */
export function createJob(
  body: CreateJobRequest,
  idempotencyKey: string,
  options: CallOptions = {},
): Promise<CreateJobResponse> {
  return apiRequest('POST', `${PLATFORM}/jobs`, { ...options, body, idempotencyKey });
}

export function getActiveJobs(take: number = ACTIVE_JOBS_TAKE, options: CallOptions = {}): Promise<JobListResponse> {
  return apiRequest('GET', `${PLATFORM}/jobs/active`, { ...options, query: { take } });
}

export function getRecentJobs(take: number = JOB_SEED_TAKE, options: CallOptions = {}): Promise<JobListResponse> {
  return apiRequest('GET', `${PLATFORM}/jobs/recent`, { ...options, query: { take } });
}

export function getJob(jobId: string, options: CallOptions = {}): Promise<JobResponse> {
  return apiRequest('GET', `${PLATFORM}/jobs/${id(jobId)}`, { ...options, endpoint: 'GET /bff/platform/jobs/:id' });
}

/**
 * Cancels a PENDING or PROCESSING job: 200 with the job CANCELLED (also when it already was), 409
 * `conflict` with a `detail` saying why when it completed or failed first, 404 for an unknown job.
 */
export function cancelJob(jobId: string, idempotencyKey?: string, options: CallOptions = {}): Promise<JobResponse> {
  return apiRequest('POST', `${PLATFORM}/jobs/${id(jobId)}/cancel`, {
    ...options,
    idempotencyKey,
    endpoint: 'POST /bff/platform/jobs/:id/cancel',
  });
}

/** An upload form for a start image (image-to-video): where to POST the file and the name `createJob` takes it by. */
export function requestStartImageUpload(
  body: StartImageUploadRequest,
  idempotencyKey: string,
  options: CallOptions = {},
): Promise<StartImageUploadResponse> {
  return apiRequest('POST', `${PLATFORM}/api/media/uploads`, { ...options, body, idempotencyKey });
}

/**
 * Sends the file with the upload form: every field, then the file last (S3's POST Object, or the embedded store's
 * `/blobs` handler). true on 2xx; the storage refuses a file outside the form's policy (type, size, expiry).
 */
export async function sendStartImage(
  upload: StartImageUploadResponse['upload'],
  file: Blob,
  signal?: AbortSignal,
): Promise<boolean> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  // No credentials: the signed form is the whole authorisation (and S3 is another origin).
  const answer = await fetch(upload.url, { method: 'POST', body: form, credentials: 'omit', signal });
  return answer.ok;
}

/** The quote for upscaling a finished video: the target frame and its price, or why there is none (404: not the person's). */
export function getUpscaleQuote(jobId: string, options: CallOptions = {}): Promise<UpscaleQuoteResponse> {
  return apiRequest('GET', `${PLATFORM}/jobs/${id(jobId)}/upscale`, {
    ...options,
    endpoint: 'GET /bff/platform/jobs/:id/upscale',
  });
}

/** Upscales a finished video as a new job (202, like `createJob`); one Idempotency-Key per confirmation. */
export function upscaleJob(
  jobId: string,
  idempotencyKey: string,
  options: CallOptions = {},
): Promise<CreateJobResponse> {
  return apiRequest('POST', `${PLATFORM}/jobs/${id(jobId)}/upscale`, {
    ...options,
    idempotencyKey,
    endpoint: 'POST /bff/platform/jobs/:id/upscale',
  });
}

export function getProviderSetting(options: CallOptions = {}): Promise<ProviderSetting> {
  return apiRequest('GET', `${PLATFORM}/api/settings/ai-provider`, options);
}

export function putProviderSetting(provider: string, options: CallOptions = {}): Promise<ProviderSetting> {
  return apiRequest('PUT', `${PLATFORM}/api/settings/ai-provider`, {
    queueWhenOffline: true,
    ...options,
    body: { provider },
  });
}

// ---------------------------------------------------------------- media

export function getVideos(
  page: number = 1,
  limit: number = GALLERY_PAGE_SIZE,
  options: CallOptions = {},
): Promise<MediaPageResponse> {
  return getWithDirectFallback(`${PLATFORM}/api/media/videos`, { ...options, query: { page, limit } });
}

/** The gallery's search and filters (issue 21); every field optional. Dates are ISO instants (`from` inclusive, `to` exclusive). */
export interface GalleryRequest {
  page: number;
  limit?: number;
  q?: string | undefined;
  status?: PublicJobStatus | undefined;
  model?: string | undefined;
  aspect?: JobAspectRatio | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: GallerySort | undefined;
  favourites?: boolean | undefined;
}

/**
 * The gallery people manage: the user's jobs of every status, searched and filtered (the jobs service's
 * `GET /jobs/gallery`), with the same retries and direct GET as the plain video list (spec §7).
 */
export function getGallery(request: GalleryRequest, options: CallOptions = {}): Promise<GalleryPageResponse> {
  const { page, limit = GALLERY_PAGE_SIZE, q, status, model, aspect, from, to, sort, favourites } = request;
  return getWithDirectFallback(`${PLATFORM}/jobs/gallery`, {
    ...options,
    query: {
      page,
      limit,
      q: q || undefined,
      status: status || undefined,
      model: model || undefined,
      aspect: aspect || undefined,
      from: from || undefined,
      to: to || undefined,
      sort: sort && sort !== 'newest' ? sort : undefined,
      favourites: favourites ? 'true' : undefined,
    },
  });
}

/** Stars (PUT) or unstars (DELETE) one of the user's jobs; idempotent, so a replay answers the same. */
export function setFavourite(
  jobId: string,
  favourite: boolean,
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<GalleryFavouriteResponse> {
  return apiRequest(favourite ? 'PUT' : 'DELETE', `${PLATFORM}/jobs/${id(jobId)}/favourite`, {
    ...options,
    idempotencyKey,
    endpoint: `${favourite ? 'PUT' : 'DELETE'} /bff/platform/jobs/:id/favourite`,
  });
}

/**
 * Deletes one of the user's finished videos (204): the video, its thumbnail and files go, the ledger keeps
 * its lines. 409 `conflict` while the job is under way (cancel it first), 404 for an unknown job.
 */
export function deleteVideo(jobId: string, idempotencyKey?: string, options: CallOptions = {}): Promise<unknown> {
  return apiRequest('DELETE', `${PLATFORM}/jobs/${id(jobId)}`, {
    ...options,
    idempotencyKey,
    endpoint: 'DELETE /bff/platform/jobs/:id',
  });
}

/** Spec §5: a lookup needs a job id; without one no request is made. */
function requireJobId(jobId: string | null | undefined): string {
  if (typeof jobId === 'string' && jobId.trim() !== '') return jobId;
  throw localProblem('validation', { detail: 'A job id is required.' });
}

/** The video's short-lived URL (`{ url, contentType }`); the player prefers `/video/{jobId}` first. */
export async function getVideoStream(jobId: string, options: CallOptions = {}): Promise<VideoStreamResponse> {
  const known = requireJobId(jobId);
  return apiRequest('GET', `${PLATFORM}/api/media/videos/${id(known)}/stream`, {
    ...options,
    query: { format: 'json' },
    endpoint: 'GET /bff/platform/api/media/videos/:jobId/stream',
  });
}

/** The thumbnail's URL from `data.url` or `url` (asked once after `/thumbs/{jobId}` failed to load). */
export async function getThumbnail(jobId: string, options: CallOptions = {}): Promise<ThumbnailUrl> {
  const known = requireJobId(jobId);
  const answer = await apiRequest<unknown>('GET', `${PLATFORM}/api/media/thumbnail/${id(known)}`, {
    ...options,
    query: { format: 'json' },
    endpoint: 'GET /bff/platform/api/media/thumbnail/:jobId',
  });
  return { url: thumbnailUrlOf(answer) };
}

function thumbnailUrlOf(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { data, url } = answer as { data?: unknown; url?: unknown };
  const nested = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  if (typeof nested === 'string' && nested !== '') return nested;
  return typeof url === 'string' && url !== '' ? url : null;
}

// ---------------------------------------------------------------- commerce

export function getPackages(options: CallOptions = {}): Promise<PackagesResponse> {
  return apiRequest('GET', `${PLATFORM}/api/commerce/packages`, options);
}

export function getPlans(options: CallOptions = {}): Promise<PlansResponse> {
  return apiRequest('GET', `${PLATFORM}/api/commerce/plans`, options);
}

/** Body: `{ packageId }` or `{ planId }` (commerce's `CreateOrderRequestSchema`); the answer has `data.paymentUrl`. */
export function createOrder(
  body: CreateOrderRequest,
  idempotencyKey: string,
  options: CallOptions = {},
): Promise<CreateOrderResponse> {
  return apiRequest('POST', `${PLATFORM}/api/commerce/payment/create-order`, { ...options, body, idempotencyKey });
}

export function getOrder(orderId: string, options: CallOptions = {}): Promise<OrderResponse> {
  return apiRequest('GET', `${PLATFORM}/api/commerce/orders/${id(orderId)}`, {
    ...options,
    endpoint: 'GET /bff/platform/api/commerce/orders/:id',
  });
}

/** The caller's own orders, newest first (`/billing`'s order history). */
export function getOwnOrders(
  page: { skip: number; take: number },
  options: CallOptions = {},
): Promise<OrderListResponse> {
  return apiRequest('GET', `${PLATFORM}/api/commerce/orders`, {
    ...options,
    query: { skip: page.skip, take: page.take },
    endpoint: 'GET /bff/platform/api/commerce/orders',
  });
}

export function getTpayDiagnostics(options: CallOptions = {}): Promise<TpayDiagnosticsResponse> {
  return apiRequest('GET', `${PLATFORM}/api/commerce/payment/tpay/diag`, options);
}

/** Development payments: settles the order as `success` or `failure`. */
export function mockProcess(
  body: MockProcessRequest,
  idempotencyKey: string,
  options: CallOptions = {},
): Promise<OrderResponse> {
  return apiRequest('POST', `${PLATFORM}/api/commerce/payment/mock-process`, { ...options, body, idempotencyKey });
}

/** What the credit history shows: some kinds of line, from an instant (inclusive) to another (exclusive). */
export interface BillingLedgerFilter {
  /** Sent comma-separated; none or empty = every kind. */
  kind?: readonly LedgerKind[] | undefined;
  /** ISO 8601 instants. */
  from?: string | undefined;
  to?: string | undefined;
}

const LEDGER_PATH = `${PLATFORM}/api/commerce/ledger`;

function ledgerFilterQuery({ kind, from, to }: BillingLedgerFilter) {
  return { kind: kind && kind.length > 0 ? kind.join(',') : undefined, from: from || undefined, to: to || undefined };
}

/** A page of the user's credit ledger, newest first, with the balance after each line (take 1–100, default 20). */
export function getBillingLedger(
  filter: BillingLedgerFilter & { skip?: number; take?: number } = {},
  options: CallOptions = {},
): Promise<BillingLedgerResponse> {
  return apiRequest('GET', LEDGER_PATH, {
    ...options,
    query: { skip: filter.skip, take: filter.take, ...ledgerFilterQuery(filter) },
  });
}

/**
 * The address of the same lines as a CSV attachment (the filter, no paging): for a plain
 * `<a href download>`, which sends the session cookie like any same-origin navigation.
 */
export function billingLedgerCsvUrl(filter: BillingLedgerFilter = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(ledgerFilterQuery(filter))) {
    if (value !== undefined) params.set(name, value);
  }
  const search = params.toString();
  return `${LEDGER_PATH}.csv${search ? `?${search}` : ''}`;
}

/** What one of the user's jobs cost: its hold and how it was settled; 404 for a job the user does not have. */
export function getJobReceipt(jobId: string, options: CallOptions = {}): Promise<JobReceiptResponse> {
  return apiRequest('GET', `${PLATFORM}/api/commerce/jobs/${id(jobId)}/receipt`, {
    ...options,
    endpoint: 'GET /bff/platform/api/commerce/jobs/:id/receipt',
  });
}

export function getSubscription(options: CallOptions = {}): Promise<SubscriptionDetailsResponse> {
  return apiRequest('GET', `${PLATFORM}/api/commerce/subscription`, options);
}

/** Subscribing is ordering the plan: `create-order` with `{ planId }`; the answer's `paymentUrl` takes over. */
export function subscribe(
  planId: PlanId,
  idempotencyKey: string,
  options: CallOptions = {},
): Promise<CreateOrderResponse> {
  return createOrder({ planId }, idempotencyKey, options);
}

export function cancelSubscription(
  idempotencyKey: string,
  options: CallOptions = {},
): Promise<SubscriptionDetailsResponse> {
  return apiRequest('POST', `${PLATFORM}/api/commerce/subscription/cancel`, { ...options, idempotencyKey });
}

// ---------------------------------------------------------------- notifications

const NOTIFICATIONS_PATH = `${PLATFORM}/api/notifications`;

/** The user's inbox: the last 50 notifications, newest first, and how many are unread. */
export function getNotifications(options: CallOptions = {}): Promise<NotificationInboxResponse> {
  return apiRequest('GET', NOTIFICATIONS_PATH, options);
}

/** Marks one notification read (again: no change); 404 for one the user does not have. */
export function markNotificationRead(
  notificationId: string,
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<NotificationReadResponse> {
  return apiRequest('POST', `${NOTIFICATIONS_PATH}/${id(notificationId)}/read`, {
    ...options,
    idempotencyKey,
    endpoint: 'POST /bff/platform/api/notifications/:id/read',
  });
}

export function markAllNotificationsRead(
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<NotificationsAllReadResponse> {
  return apiRequest('POST', `${NOTIFICATIONS_PATH}/read-all`, { ...options, idempotencyKey });
}

export function getNotificationPreferences(options: CallOptions = {}): Promise<NotificationPreferencesResponse> {
  return apiRequest('GET', `${NOTIFICATIONS_PATH}/preferences`, options);
}

/** Changes the named preferences only; a setting, so it waits for the connection when offline. */
export function putNotificationPreferences(
  change: Partial<NotificationPreferences>,
  options: CallOptions = {},
): Promise<NotificationPreferencesResponse> {
  return apiRequest('PUT', `${NOTIFICATIONS_PATH}/preferences`, { queueWhenOffline: true, ...options, body: change });
}

/**
 * The e-mail's unsubscribe link, without a session: turns the e-mails off for the user the signed
 * token names. 400 (`validation`, `unsubscribe-link-invalid`) for a bad or expired token.
 */
export function unsubscribeFromEmails(
  token: string,
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<UnsubscribeResponse> {
  return apiRequest('POST', '/bff/public/notifications/unsubscribe', { ...options, body: { token }, idempotencyKey });
}

// ---------------------------------------------------------------- flags and telemetry

export function getFlags(options: CallOptions = {}): Promise<FeatureFlagAnswer[]> {
  return apiRequest('GET', `${PLATFORM}/api/flags`, options);
}

/** One batch of client telemetry; no retries (the next flush carries on) and never queued offline. */
export async function postTelemetry(batch: unknown, options: Pick<CallOptions, 'signal'> = {}): Promise<void> {
  await apiRequest('POST', '/bff/telemetry', { ...options, body: batch, retry: 'none' });
}

// ---------------------------------------------------------------- admin

export function getAdminUsers(
  filters: { skip?: number; take?: number; q?: string } = {},
  options: CallOptions = {},
): Promise<AdminUsersPage> {
  const { skip, take = ADMIN_USERS_DEFAULT_TAKE, q } = filters;
  return apiRequest('GET', `${PLATFORM}/admin/users`, {
    ...options,
    query: { skip, take, q: q?.trim() ? q.trim() : undefined },
  });
}

/** One user of the admin read model, or only the purge status once the user is gone. */
export function getAdminUser(userId: string, options: CallOptions = {}): Promise<AdminUserDetailResponse> {
  return apiRequest('GET', `${PLATFORM}/admin/users/${id(userId)}`, {
    ...options,
    endpoint: 'GET /bff/platform/admin/users/:id',
  });
}

export function getAdminUserJobs(
  userId: string,
  page: { skip?: number; take?: number } = {},
  options: CallOptions = {},
): Promise<AdminUserJobsPage> {
  return apiRequest('GET', `${PLATFORM}/admin/users/${id(userId)}/jobs`, {
    ...options,
    query: { skip: page.skip, take: page.take },
    endpoint: 'GET /bff/platform/admin/users/:id/jobs',
  });
}

export function getAdminJob(jobId: string, options: CallOptions = {}): Promise<AdminJobDetailPage> {
  return apiRequest('GET', `${PLATFORM}/admin/jobs/${id(jobId)}`, {
    ...options,
    endpoint: 'GET /bff/platform/admin/jobs/:id',
  });
}

/** Deletes the user everywhere (`purge=true`); 202 while the services acknowledge. */
export function deleteAdminUser(
  userId: string,
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<AdminUserDeletionResponse> {
  return apiRequest('DELETE', `${PLATFORM}/admin/users/${id(userId)}`, {
    ...options,
    query: { purge: true },
    idempotencyKey,
    endpoint: 'DELETE /bff/platform/admin/users/:id',
  });
}

/**
 * Adds credits to the user's balance, or takes them (a negative amount), with the reason the user
 * sees. 201 applied now, 200 applied before under the same Idempotency-Key (pass one per submitted
 * form, so a retry is not applied twice).
 */
export function adjustAdminUserCredits(
  userId: string,
  adjustment: CreditAdjustmentRequest,
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<CreditAdjustmentResponse> {
  return apiRequest('POST', `${PLATFORM}/admin/users/${id(userId)}/credit-adjustments`, {
    ...options,
    body: { amount: adjustment.amount, reason: adjustment.reason.trim() },
    idempotencyKey,
    endpoint: 'POST /bff/platform/admin/users/:id/credit-adjustments',
  });
}

/** The user's orders, newest first, each refunded one with its chargeback (from commerce). */
export function getAdminUserOrders(
  userId: string,
  page: { skip?: number; take?: number } = {},
  options: CallOptions = {},
): Promise<UserOrdersPage> {
  return apiRequest('GET', `${PLATFORM}/admin/users/${id(userId)}/orders`, {
    ...options,
    query: { skip: page.skip, take: page.take },
    endpoint: 'GET /bff/platform/admin/users/:id/orders',
  });
}

/**
 * Marks a paid order refunded after a chargeback: its credits are taken back as far as they are available and
 * the rest is recorded as the shortfall. 201 marked now, 200 marked before under the same Idempotency-Key (pass
 * one per confirmed dialog, so a retry is not a second chargeback).
 */
export function chargeBackAdminOrder(
  orderId: string,
  chargeback: ChargebackRequest,
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<ChargebackResponse> {
  return apiRequest('POST', `${PLATFORM}/admin/orders/${id(orderId)}/chargeback`, {
    ...options,
    body: { reason: chargeback.reason.trim() },
    idempotencyKey,
    endpoint: 'POST /bff/platform/admin/orders/:id/chargeback',
  });
}

export function requeueAdminJob(
  jobId: string,
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<AdminJobActionResponse> {
  return apiRequest('POST', `${PLATFORM}/admin/jobs/${id(jobId)}/requeue`, {
    ...options,
    idempotencyKey,
    endpoint: 'POST /bff/platform/admin/jobs/:id/requeue',
  });
}

export function markAdminJobFailed(
  jobId: string,
  reason?: string,
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<AdminJobActionResponse> {
  return apiRequest('POST', `${PLATFORM}/admin/jobs/${id(jobId)}/mark-failed`, {
    ...options,
    body: reason?.trim() ? { reason: reason.trim() } : {},
    idempotencyKey,
    endpoint: 'POST /bff/platform/admin/jobs/:id/mark-failed',
  });
}

/** Deletes the job (`force=true`: also while it is processing). */
export function deleteAdminJob(
  jobId: string,
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<AdminJobDeletedResponse> {
  return apiRequest('DELETE', `${PLATFORM}/admin/jobs/${id(jobId)}`, {
    ...options,
    query: { force: true },
    idempotencyKey,
    endpoint: 'DELETE /bff/platform/admin/jobs/:id',
  });
}

export function getAdminLogs(filters: AdminLogFilters = {}, options: CallOptions = {}): Promise<AdminLogsPage> {
  const { skip, take, action, userId, from, to, kind } = filters;
  return apiRequest('GET', `${PLATFORM}/admin/logs`, {
    ...options,
    query: { skip, take, action: action || undefined, userId: userId || undefined, from, to, kind },
  });
}

/** Pending and handled dead letters of every topic. */
export function getAdminDeadLetterTopics(options: CallOptions = {}): Promise<AdminDeadLetterTopicsResponse> {
  return apiRequest('GET', `${PLATFORM}/admin/dead-letters`, options);
}

export function getAdminDeadLetters(
  topic: string,
  filters: { skip?: number; take?: number; status?: 'pending' | 'handled' | 'all' } = {},
  options: CallOptions = {},
): Promise<AdminDeadLettersPage> {
  const { skip, take, status } = filters;
  return apiRequest('GET', `${PLATFORM}/admin/dead-letters/${id(topic)}`, {
    ...options,
    query: { skip, take, status },
    endpoint: 'GET /bff/platform/admin/dead-letters/:topic',
  });
}

/** Publishes the dead letter to its topic again; a repeat answers `alreadyHandled` and publishes nothing. */
export function replayAdminDeadLetter(
  topic: string,
  letterId: string,
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<AdminDeadLetterActionResponse> {
  return apiRequest('POST', `${PLATFORM}/admin/dead-letters/${id(topic)}/${id(letterId)}/replay`, {
    ...options,
    idempotencyKey,
    endpoint: 'POST /bff/platform/admin/dead-letters/:topic/:id/replay',
  });
}

/** Marks the dead letter as never to be applied; the reason is required. */
export function discardAdminDeadLetter(
  topic: string,
  letterId: string,
  reason: string,
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<AdminDeadLetterActionResponse> {
  return apiRequest('POST', `${PLATFORM}/admin/dead-letters/${id(topic)}/${id(letterId)}/discard`, {
    ...options,
    body: { reason: reason.trim() },
    idempotencyKey,
    endpoint: 'POST /bff/platform/admin/dead-letters/:topic/:id/discard',
  });
}

// ---------------------------------------------------------------- share links (issue 21)

/** One finished video's share links with their view counts (owner only). */
export function getShareLinks(jobId: string, options: CallOptions = {}): Promise<ShareLinkListResponse> {
  return apiRequest('GET', `${PLATFORM}/api/media/videos/${id(jobId)}/shares`, {
    ...options,
    endpoint: 'GET /bff/platform/api/media/videos/:jobId/shares',
  });
}

export function createShareLink(
  jobId: string,
  body: ShareLinkCreateRequest,
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<ShareLinkResponse> {
  return apiRequest('POST', `${PLATFORM}/api/media/videos/${id(jobId)}/shares`, {
    ...options,
    body,
    idempotencyKey,
    endpoint: 'POST /bff/platform/api/media/videos/:jobId/shares',
  });
}

export function revokeShareLink(
  jobId: string,
  linkId: string,
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<ShareLinkResponse> {
  return apiRequest('POST', `${PLATFORM}/api/media/videos/${id(jobId)}/shares/${id(linkId)}/revoke`, {
    ...options,
    idempotencyKey,
    endpoint: 'POST /bff/platform/api/media/videos/:jobId/shares/:linkId/revoke',
  });
}

/** The administrator: reports of shared videos, newest first. */
export function getAdminShareReports(
  page: { skip?: number; take?: number } = {},
  options: CallOptions = {},
): Promise<ShareReportsPage> {
  return apiRequest('GET', `${PLATFORM}/admin/share-reports`, { ...options, query: page });
}

/** The administrator revokes any link (admin audits it). */
export function adminRevokeShareLink(
  linkId: string,
  idempotencyKey?: string,
  options: CallOptions = {},
): Promise<ShareLinkResponse> {
  return apiRequest('POST', `${PLATFORM}/admin/share-links/${id(linkId)}/revoke`, {
    ...options,
    idempotencyKey,
    endpoint: 'POST /bff/platform/admin/share-links/:id/revoke',
  });
}
