import {
  AiModelsResponseSchema,
  CreateJobBodySchema,
  CreateJobResponseSchema,
  GalleryFavouriteResponseSchema,
  GalleryPageResponseSchema,
  GalleryQuerySchema,
  GroupedAiModelsResponseSchema,
  JobIdParamsSchema,
  JobHistoryQuerySchema,
  JobListQuerySchema,
  JobListResponseSchema,
  JobResponseSchema,
  ProviderSettingBodySchema,
  ProviderSettingSchema,
  UpscaleQuoteResponseSchema,
} from '@kadr/contracts';
import type { OpenApiRegistry } from './openapi-registry';
import { platformPath } from './platform-path';

/** The jobs service's public routes, with the schemas it validates them with (`@kadr/contracts`). */
export function addJobsOperations(registry: OpenApiRegistry): OpenApiRegistry {
  const common = { tags: ['jobs'], proxied: true };
  for (const [method, summary] of [
    ['put', 'Star one of the user’s jobs'],
    ['delete', 'Unstar one of the user’s jobs'],
  ] as const) {
    registry.add({
      ...common,
      tags: ['jobs', 'gallery'],
      method,
      path: platformPath('/jobs/{id}/favourite'),
      summary,
      description: "Idempotent: again, the same answer. Kept server-side per user. Someone else's job is a 404.",
      params: JobIdParamsSchema,
      owned: { kind: 'job', in: 'path', name: 'id' },
      responses: { 200: { description: 'The star as it now is', schema: GalleryFavouriteResponseSchema } },
      problems: [404],
    });
  }
  return registry
    .add({
      ...common,
      method: 'get',
      path: platformPath('/ai-models'),
      summary: 'The models of configured, healthy providers',
      responses: { 200: { description: 'The models with their price rules', schema: AiModelsResponseSchema } },
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/ai-models/grouped'),
      summary: 'The same models grouped by provider',
      responses: { 200: { description: 'Models by provider', schema: GroupedAiModelsResponseSchema } },
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/settings/ai-provider'),
      summary: "The user's preferred provider",
      responses: { 200: { description: 'The provider (default `local`)', schema: ProviderSettingSchema } },
    })
    .add({
      ...common,
      method: 'put',
      path: platformPath('/api/settings/ai-provider'),
      summary: "Change the user's preferred provider",
      body: ProviderSettingBodySchema,
      responses: { 200: { description: 'The saved provider', schema: ProviderSettingSchema } },
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/jobs'),
      summary: 'Start a generation',
      description:
        "Holds the price (credits or the plan allowance) and queues the job. 402 when neither covers it, 403 `tier_cap` above the plan's resolution (the frame's long side), 429 when the user already has the most active jobs their tier allows. " +
        '`aspectRatio` (default 16:9), `seed` (absent: one at random, stored and shown on the job) and `negativePrompt` only where the model takes them (`GET /ai-models`: `aspectRatios`, `supportsSeed`, `supportsNegativePrompt`); another is a 400 `validation` naming the field.',
      body: CreateJobBodySchema,
      responses: { 202: { description: 'Queued (PENDING)', schema: CreateJobResponseSchema } },
      problems: [402, 404],
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/jobs/active'),
      summary: "The user's PENDING and PROCESSING jobs, newest first",
      query: JobListQuerySchema,
      responses: { 200: { description: 'The jobs', schema: JobListResponseSchema } },
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/jobs/recent'),
      summary: "The user's recent jobs, newest first",
      description: '`skip` pages further back through the history (0 = the newest).',
      query: JobHistoryQuerySchema,
      responses: { 200: { description: 'The jobs', schema: JobListResponseSchema } },
    })
    .add({
      ...common,
      tags: ['jobs', 'gallery'],
      method: 'get',
      path: platformPath('/jobs/gallery'),
      summary: "The user's gallery: search, filters, sort, favourites",
      description:
        'Every visible status (not only finished videos), 12 a page by default. `q`: words of the prompt, any letter ' +
        'case, each must be a whole word of it; `status`: one or several separated by commas; `model`; `from` ' +
        '(inclusive) and `to` (exclusive) ISO instants of creation, `from` before `to`; `sort` newest (default) or ' +
        'oldest; `favourites=true` only starred jobs. An empty value is "not given"; a bad one is 400 `validation` ' +
        'naming it. `url` and `thumbnailUrl` play once the job is COMPLETED.',
      query: GalleryQuerySchema,
      responses: {
        200: { description: 'One page and the count of everything found', schema: GalleryPageResponseSchema },
      },
    })
    .add({
      ...common,
      tags: ['jobs', 'gallery'],
      method: 'delete',
      path: platformPath('/jobs/{id}'),
      summary: 'Delete one of the user’s videos',
      description:
        'A finished job (COMPLETED, FAILED, CANCELLED) is deleted with `job.deleted`, the path the administrator ' +
        'uses: its video, thumbnail and files go, any open hold is released, the ledger keeps its lines. A job ' +
        "still under way is 409 `conflict` (cancel it first). Deleting it again answers 204 until it is gone. Someone else's job is a 404.",
      params: JobIdParamsSchema,
      owned: { kind: 'job', in: 'path', name: 'id' },
      responses: { 204: { description: 'Deleted' } },
      problems: [404, 409],
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/jobs/{id}'),
      summary: 'One of the user’s jobs',
      description: "Someone else's job is a 404, never a 403.",
      params: JobIdParamsSchema,
      owned: { kind: 'job', in: 'path', name: 'id' },
      responses: { 200: { description: 'The job', schema: JobResponseSchema } },
      problems: [404],
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/jobs/{id}/cancel'),
      summary: 'Cancel one of the user’s jobs',
      description:
        'A PENDING or PROCESSING job becomes CANCELLED (a `cancelled` event on the live stream) and its hold is released: ' +
        'credits or the allowance generation come back. Cancelling a cancelled job answers it again. 409 `conflict` when ' +
        "the job completed or failed first (the detail says which). Someone else's job is a 404.",
      params: JobIdParamsSchema,
      owned: { kind: 'job', in: 'path', name: 'id' },
      responses: { 200: { description: 'The job, CANCELLED', schema: JobResponseSchema } },
      problems: [404, 409],
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/jobs/{id}/upscale'),
      summary: 'The quote for upscaling one of the user’s videos',
      description:
        'The next quality up in the video’s shape (Lite → Standard → Pro → Ultra; 9:16 Standard 720×1280 → Pro ' +
        '1080×1920) and its price: the price rule for the target quality at the source’s length and speed, at 1 credit ' +
        'per second (ffmpeg does the work). `available: false` says why not: `top`, `plan_cap` (above the plan’s cap on ' +
        "the long side; `requiredPlan` lifts it) or `not_finished`. Someone else's job is a 404.",
      params: JobIdParamsSchema,
      owned: { kind: 'job', in: 'path', name: 'id' },
      responses: { 200: { description: 'The target and its price, or why not', schema: UpscaleQuoteResponseSchema } },
      problems: [404],
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/jobs/{id}/upscale'),
      summary: 'Upscale one of the user’s finished videos',
      description:
        'A new job of kind `upscale` (its own id, page, live progress and receipt) scales the COMPLETED video to the ' +
        'quote’s frame with ffmpeg (`scale=W:H:flags=lanczos`, the source’s frame rate) and is checked with ffprobe. ' +
        'Held and charged like `POST /jobs`: a retry with the same Idempotency-Key answers the same job. No body. 402 ' +
        "when neither credits nor the allowance cover it, 403 `tier_cap` above the plan's cap, 409 `conflict` for a " +
        "video not COMPLETED or already at the top, 429 at the tier's cap of active jobs. Someone else's job is a 404.",
      params: JobIdParamsSchema,
      owned: { kind: 'job', in: 'path', name: 'id' },
      responses: { 202: { description: 'Queued (PENDING)', schema: CreateJobResponseSchema } },
      problems: [402, 404, 409],
    });
}
