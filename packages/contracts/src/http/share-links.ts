import { z } from 'zod';
import {
  SHARE_LABEL_MAX,
  SHARE_REPORT_DETAILS_MAX,
  SHARE_REPORT_REASONS,
  SHARE_SHOWN_AS_MAX,
  SHARE_TOKEN_PATTERN,
} from '../values/share-links';

/**
 * Share links (issue 21): a finished video's public page `/v/{token}`. Media owns the links; the
 * owner's routes are below `/bff/platform` like the rest of media, the public page and its bytes are
 * the gateway's (`/v/{token}`, `/v/{token}/video`, `/v/{token}/thumbnail`, `POST /v/{token}/reports`).
 */

/**
 * Control characters (C0, DEL, C1) are refused in every free text of a link or report — as a pattern, so the
 * OpenAPI document states the rule too (fuzzers then send only what the service takes as valid).
 */
// eslint-disable-next-line no-control-regex -- refusing them is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;
const plainText = (max: number, what: string) =>
  z
    .string({ error: `${what} must be text.` })
    .regex(NO_CONTROL_CHARACTERS, { error: `${what} must not contain control characters.` })
    .trim()
    .max(max, { error: `${what} must be at most ${max} characters.` });

/** What the owner sends to create a link; empty texts are "none". */
export const ShareLinkCreateRequestSchema = z.object({
  label: plainText(SHARE_LABEL_MAX, 'The label').optional(),
  expiresInDays: z
    .union([z.literal(1), z.literal(7), z.literal(30), z.null()], { error: 'Choose 1, 7 or 30 days, or none.' })
    .optional(),
  hidePrompt: z.boolean({ error: 'Must be true or false.' }).optional(),
  allowIndexing: z.boolean({ error: 'Must be true or false.' }).optional(),
  /** The only thing about the owner the page shows; none by default. */
  shownAs: plainText(SHARE_SHOWN_AS_MAX, 'The name').optional(),
});
export type ShareLinkCreateRequest = z.infer<typeof ShareLinkCreateRequestSchema>;

/** A link as its owner sees it. */
export const ShareLinkViewSchema = z.object({
  id: z.string().min(1),
  jobId: z.string().min(1),
  token: z.string().regex(SHARE_TOKEN_PATTERN),
  /** Same-origin `/v/{token}`; the web app makes it absolute for copying. */
  path: z.string().min(1),
  label: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  hidePrompt: z.boolean(),
  allowIndexing: z.boolean(),
  shownAs: z.string().nullable(),
  views: z.number().int().nonnegative(),
  /** `active`, or why the page answers 404. */
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ShareLinkView = z.infer<typeof ShareLinkViewSchema>;

export const ShareLinkResponseSchema = z.object({ data: ShareLinkViewSchema });
export type ShareLinkResponse = z.infer<typeof ShareLinkResponseSchema>;
export const ShareLinkListResponseSchema = z.object({ data: z.array(ShareLinkViewSchema) });
export type ShareLinkListResponse = z.infer<typeof ShareLinkListResponseSchema>;

/** What the public page shows (media → gateway, service identity): nothing else of the owner. */
export const SharedVideoSchema = z.object({
  token: z.string().regex(SHARE_TOKEN_PATTERN),
  /** The prompt, or null when the owner hid it. */
  prompt: z.string().nullable(),
  shownAs: z.string().nullable(),
  allowIndexing: z.boolean(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  durationSeconds: z.number().nonnegative(),
  contentType: z.string().min(1),
});
export type SharedVideo = z.infer<typeof SharedVideoSchema>;
export const SharedVideoResponseSchema = z.object({ data: SharedVideoSchema });

/** `POST /v/{token}/reports` (form or JSON): a reason from the list, optional words. */
export const ShareReportRequestSchema = z.object({
  reason: z.enum(SHARE_REPORT_REASONS, { error: 'Choose one of the reasons.' }),
  details: plainText(SHARE_REPORT_DETAILS_MAX, 'The details').optional(),
});
export type ShareReportRequest = z.infer<typeof ShareReportRequestSchema>;

/** A report as the administrator sees it, with the link's state. */
export const ShareReportViewSchema = z.object({
  id: z.string().min(1),
  linkId: z.string().min(1),
  jobId: z.string().min(1),
  ownerId: z.string().min(1),
  reason: z.enum(SHARE_REPORT_REASONS),
  details: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  link: z
    .object({
      path: z.string().min(1),
      label: z.string().nullable(),
      state: z.enum(['active', 'expired', 'revoked']),
      views: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type ShareReportView = z.infer<typeof ShareReportViewSchema>;
export const ShareReportsPageSchema = z.object({
  data: z.array(ShareReportViewSchema),
  pagination: z.object({
    skip: z.number().int().nonnegative(),
    take: z.number().int().positive(),
    total: z.number().int().nonnegative(),
  }),
});
export type ShareReportsPage = z.infer<typeof ShareReportsPageSchema>;

export const ShareReportsQuerySchema = z.object({
  skip: z.coerce.number({ error: 'Must be a whole number of 0 or more.' }).int().min(0).default(0),
  take: z.coerce.number({ error: 'Must be a whole number from 1 to 100.' }).int().min(1).max(100).default(50),
});

/** Media's paths (relative to its base URL). */
export const SHARE_PATHS = {
  /** Owner: list (GET) and create (POST) a video's links; `{jobId}` is the job id. */
  videoShares: (jobId: string) => `/api/media/videos/${encodeURIComponent(jobId)}/shares`,
  /** Owner: revoke one link. */
  revoke: (jobId: string, linkId: string) =>
    `/api/media/videos/${encodeURIComponent(jobId)}/shares/${encodeURIComponent(linkId)}/revoke`,
  /**
   * Gateway (service identity): the page's data (each call counts one view), the bytes, reports.
   * Below `/internal`, which the gateway's route table does not forward: no browser reaches them.
   */
  publicView: (token: string) => `/internal/shared/${token}/views`,
  /** The same without counting a view (a HEAD of the page). */
  publicPeek: (token: string) => `/internal/shared/${token}`,
  publicVideo: (token: string) => `/internal/shared/${token}/video`,
  publicThumbnail: (token: string) => `/internal/shared/${token}/thumbnail`,
  publicReports: (token: string) => `/internal/shared/${token}/reports`,
  /** Administrator, through admin (which audits): every report, and revoking any link. */
  adminReports: '/internal/admin/share-reports',
  adminRevoke: (linkId: string) => `/internal/admin/share-links/${encodeURIComponent(linkId)}/revoke`,
} as const;
