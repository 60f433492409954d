import { z } from 'zod';
import { JOB_ASPECT_RATIOS, PUBLIC_JOB_STATUSES } from '../values';
import { AI_MODEL_IDS, JobKindNameSchema, PublicJobStatusSchema } from './jobs';
import {
  MEDIA_DEFAULT_PAGE_LIMIT,
  MEDIA_MAX_PAGE_LIMIT,
  MediaItemSchema,
  MediaPaginationSchema,
  wholeNumberParam,
} from './media';

/**
 * The gallery people manage (issue 21): the jobs service serves it, because it owns every field the
 * gallery filters by (prompt, model, status, creation time) for every status, not only finished
 * videos (docs/decisions.md "A gallery people can manage"). Paths are the jobs service's; the
 * browser sees them below `/bff/platform`.
 */
export const GALLERY_PATHS = {
  gallery: '/jobs/gallery',
  favourite: (jobId: string) => `/jobs/${encodeURIComponent(jobId)}/favourite`,
} as const;

export const GALLERY_SORTS = ['newest', 'oldest'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];

/** The longest search (`q`) the gallery takes. */
export const GALLERY_SEARCH_MAX_LENGTH = 200;

const isoInstant = z.iso.datetime({ offset: true });
const STATUS_LIST = new RegExp(`^(?:(?:${PUBLIC_JOB_STATUSES.join('|')})(?:,(?:${PUBLIC_JOB_STATUSES.join('|')}))*)?$`);

/**
 * `GET /jobs/gallery?page&limit&q&status&model&aspect&from&to&sort&favourites`. Every parameter is
 * optional; a bad one is a 400 `validation` naming it, and so is an empty one, which the document
 * does not allow — except `q` and `status`, where empty is no search and every status. `status` is
 * one or several statuses separated by commas; `from` is inclusive and `to` exclusive (ISO
 * instants): `from` at or after `to` is an empty range, not an error; `favourites=true` keeps only
 * starred jobs; `aspect` keeps one frame shape.
 */
export const GalleryQuerySchema = z.object({
  page: wholeNumberParam(1, 100_000, 'Must be a whole number from 1 to 100000.').default(1),
  limit: wholeNumberParam(1, MEDIA_MAX_PAGE_LIMIT, `Must be a whole number from 1 to ${MEDIA_MAX_PAGE_LIMIT}.`).default(
    MEDIA_DEFAULT_PAGE_LIMIT,
  ),
  /** Words of the prompt, any letter case; every word must be in the prompt. */
  q: z
    .string({ error: 'Must be text.' })
    .max(GALLERY_SEARCH_MAX_LENGTH, { error: `At most ${GALLERY_SEARCH_MAX_LENGTH} characters.` })
    .optional(),
  status: z
    .string({ error: 'Must be text.' })
    .regex(STATUS_LIST, { error: `One or more of ${PUBLIC_JOB_STATUSES.join(', ')}, separated by commas.` })
    .transform((value) => (value === '' ? undefined : (value.split(',') as z.infer<typeof PublicJobStatusSchema>[])))
    .optional(),
  model: z.enum(AI_MODEL_IDS, { error: `One of ${AI_MODEL_IDS.join(', ')}.` }).optional(),
  /** The frame shape (a job stored before shapes existed is 16:9). */
  aspect: z.enum(JOB_ASPECT_RATIOS, { error: `One of ${JOB_ASPECT_RATIOS.join(', ')}.` }).optional(),
  from: isoInstant.optional(),
  to: isoInstant.optional(),
  sort: z.enum(GALLERY_SORTS, { error: `One of ${GALLERY_SORTS.join(', ')}.` }).default('newest'),
  favourites: z
    .enum(['true', 'false'], { error: 'Must be true or false.' })
    .transform((value) => value === 'true')
    .default(false),
});
export type GalleryQuery = z.infer<typeof GalleryQuerySchema>;

/**
 * One job in the gallery: the media item's fields (so the same card plays it; `id` is the job id) with what
 * the gallery filters by. `url` and `thumbnailUrl` answer only once the job is COMPLETED (and media registered it).
 */
export const GalleryItemSchema = MediaItemSchema.extend({
  /** When the job was created (ISO 8601): the gallery's order. */
  createdAt: isoInstant,
  prompt: z.string(),
  modelId: z.string(),
  status: PublicJobStatusSchema,
  progress: z.number().min(0).max(100),
  favourite: z.boolean(),
  /** `upscale` for a video scaled up from another (its card says so); `generate` otherwise. */
  kind: JobKindNameSchema,
  /** Image-to-video: the same-origin `/start-images/{jobId}` of the picture it started from; null or absent otherwise. */
  startImageUrl: z.string().min(1).nullable().optional(),
});
export type GalleryItem = z.infer<typeof GalleryItemSchema>;

/** `GET /jobs/gallery`: one page of the caller's jobs and the count of everything the query found. */
export const GalleryPageResponseSchema = z.object({
  data: z.array(GalleryItemSchema),
  pagination: MediaPaginationSchema,
});
export type GalleryPageResponse = z.infer<typeof GalleryPageResponseSchema>;

/** `PUT` / `DELETE /jobs/{id}/favourite` → 200: the star as it now is (idempotent: again, the same answer). */
export const GalleryFavouriteResponseSchema = z.object({
  data: z.object({ jobId: z.string().min(1), favourite: z.boolean() }),
});
export type GalleryFavouriteResponse = z.infer<typeof GalleryFavouriteResponseSchema>;
