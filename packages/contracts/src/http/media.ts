import { z } from 'zod';
import { MAX_START_IMAGE_BYTES, START_IMAGE_CONTENT_TYPES } from '../values/start-image';

/**
 * The media service's API as the gateway reaches it (the user's internal token, audience `media`).
 * Paths are relative to media's base URL; the browser sees them below `/bff/platform`, except the
 * byte-serving routes, which the gateway answers same-origin as `/video/{jobId}` and `/thumbs/{jobId}`.
 */

export const MEDIA_VIDEOS_PATH = '/api/media/videos';

/** The gallery's page size (spec §9) and the largest page a client may ask for. */
export const MEDIA_DEFAULT_PAGE_LIMIT = 12;
export const MEDIA_MAX_PAGE_LIMIT = 48;

/** The video's bytes (Range requests answered with 206), owner or administrator only. */
export const mediaVideoContentPath = (jobId: string): string =>
  `/api/media/videos/${encodeURIComponent(jobId)}/content`;

/** The thumbnail's bytes (image/jpeg), owner or administrator only. */
export const mediaThumbnailContentPath = (jobId: string): string =>
  `/api/media/thumbnail/${encodeURIComponent(jobId)}/content`;

// Where the browser plays a video and shows its thumbnail (`publicVideoPath`, `publicThumbnailPath`): `values/media.ts`.

/** A finished video in the gallery (spec §3 "Video / media item"). */
export const MediaItemSchema = z.object({
  id: z.string().min(1),
  jobId: z.string().min(1),
  /** When the video was finished (ISO 8601); the gallery's order, newest first. */
  createdAt: z.iso.datetime({ offset: true }),
  filename: z.string().min(1),
  type: z.literal('video/mp4'),
  /** Same-origin `/video/{jobId}`. */
  url: z.string().min(1),
  /** Same-origin `/thumbs/{jobId}`. */
  thumbnailUrl: z.string().min(1),
  durationSeconds: z.number().nonnegative(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  sizeBytes: z.number().int().nonnegative(),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

export const MediaPaginationSchema = z.object({
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  /** Every item the query found, across all pages (the gallery's count of found items). */
  total: z.number().int().nonnegative(),
  hasNext: z.boolean(),
});
export type MediaPagination = z.infer<typeof MediaPaginationSchema>;

/** `GET /api/media/videos?page&limit`: the caller's videos, newest first. */
export const MediaPageResponseSchema = z.object({
  data: z.array(MediaItemSchema),
  pagination: MediaPaginationSchema,
});
export type MediaPageResponse = z.infer<typeof MediaPageResponseSchema>;

/** `GET /api/media/videos/{jobId}/stream?format=json`: a short-lived signed URL of the video. */
export const VideoStreamResponseSchema = z.object({
  url: z.string().min(1),
  contentType: z.string().min(1),
});
export type VideoStreamResponse = z.infer<typeof VideoStreamResponseSchema>;

/** `GET /api/media/thumbnail/{jobId}?format=json`: a short-lived signed URL of the thumbnail. */
export const ThumbnailResponseSchema = z.object({
  data: z.object({ url: z.string().min(1) }),
});
export type ThumbnailResponse = z.infer<typeof ThumbnailResponseSchema>;

// ---------------------------------------------------------------- requests (what the media service validates)

/** A whole-number query parameter from `min` to `max`, one message for every way it is wrong. */
export const wholeNumberParam = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** `GET /api/media/videos?page&limit` (an empty value means "not given"). */
export const MediaPageQuerySchema = z.object({
  page: wholeNumberParam(1, Number.MAX_SAFE_INTEGER, 'Must be a whole number of 1 or more.').default(1),
  limit: wholeNumberParam(1, MEDIA_MAX_PAGE_LIMIT, `Must be a whole number from 1 to ${MEDIA_MAX_PAGE_LIMIT}.`).default(
    MEDIA_DEFAULT_PAGE_LIMIT,
  ),
});

/** `{jobId}` of the media routes; an id the jobs service could not have made is answered 404, like a stranger's. */
export const MediaJobIdParamsSchema = z.object({ jobId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) });

/** `?format` of the signed-URL routes: `json` answers the URL as JSON, anything else redirects (302) to it. */
export const MediaLinkQuerySchema = z.object({ format: z.string().optional() });

// ---------------------------------------------------------------- start image uploads (issue 21)

/** `POST /api/media/uploads`: the image the browser is about to upload (its type and size, as the file says). */
export const StartImageUploadRequestSchema = z
  .strictObject({
    contentType: z.enum(START_IMAGE_CONTENT_TYPES, { error: 'Choose a JPEG, PNG or WebP image.' }),
    sizeBytes: z
      .number({ error: 'The image size must be a whole number of bytes.' })
      .int({ error: 'The image size must be a whole number of bytes.' })
      .min(1, { error: 'The image is empty.' })
      .max(MAX_START_IMAGE_BYTES, { error: `The image can be at most ${MAX_START_IMAGE_BYTES / (1024 * 1024)} MB.` }),
  })
  .meta({ id: 'StartImageUploadRequest' });
export type StartImageUploadRequest = z.infer<typeof StartImageUploadRequestSchema>;

/**
 * `POST /api/media/uploads` → 201: where to send the image, and the name a job takes it by (`image`
 * of `POST /jobs`). POST a multipart/form-data body to `upload.url` with every field of
 * `upload.fields`, then the file as the last part named `file`; 204 means it is stored.
 */
export const StartImageUploadResponseSchema = z
  .object({
    image: z.string().min(1),
    upload: z.object({ url: z.string().min(1), fields: z.record(z.string(), z.string()) }),
    maxBytes: z.number().int().positive(),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'StartImageUpload' });
export type StartImageUploadResponse = z.infer<typeof StartImageUploadResponseSchema>;

export const MEDIA_UPLOADS_PATH = '/api/media/uploads';

/**
 * `POST /blobs` in embedded mode (the filesystem store's stand-in for S3's POST Object): the fields
 * of `upload.fields` as they were given, then the file as the last part. What the document states;
 * the signed policy is what is checked.
 */
export const SignedUploadFormSchema = z
  .object({
    key: z.string().min(1),
    'Content-Type': z.enum(START_IMAGE_CONTENT_TYPES),
    policy: z.string().min(1),
    'x-kadr-signature': z.string().regex(/^[0-9a-f]{64}$/),
    file: z.string().meta({ format: 'binary' }),
  })
  .meta({ id: 'SignedUploadForm' });

/** A job's start image bytes (owner only); the browser's same-origin `/start-images/{jobId}`. */
export const mediaStartImageContentPath = (jobId: string): string =>
  `/api/media/start-images/${encodeURIComponent(jobId)}/content`;
