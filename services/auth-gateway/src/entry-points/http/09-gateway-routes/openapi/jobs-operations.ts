import {
  AiModelsResponseSchema,
  CreateJobBodySchema,
  CreateJobResponseSchema,
  GroupedAiModelsResponseSchema,
  JobIdParamsSchema,
  JobHistoryQuerySchema,
  JobListQuerySchema,
  JobListResponseSchema,
  JobResponseSchema,
  ProviderSettingBodySchema,
  ProviderSettingSchema,
} from '@kadr/contracts';
import type { OpenApiRegistry } from './openapi-registry';
import { platformPath } from './platform-path';

/** The jobs service's public routes, with the schemas it validates them with (`@kadr/contracts`). */
export function addJobsOperations(registry: OpenApiRegistry): OpenApiRegistry {
  const common = { tags: ['jobs'], proxied: true };
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
    });
}
