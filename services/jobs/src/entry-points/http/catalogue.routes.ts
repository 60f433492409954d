import { Router } from 'express';
import type { AiModelsResponse, GroupedAiModelsResponse } from '@kadr/contracts';
import { callerOf } from '@kadr/http-kit';
import type { ProviderRegistry } from '../../domain/generation/provider-registry';
import { upscaleOfferOf } from '../../domain/upscale/upscale-offer';

/**
 * `GET /ai-models` and `GET /api/ai-models/grouped`: the models of configured, healthy providers; the first also says
 * what upscaling offers (it runs on the built-in ffmpeg, so it is available when the local renderer is).
 */
export function catalogueRoutes(providers: ProviderRegistry): Router {
  const router = Router();

  router.get('/ai-models', async (_req, res) => {
    callerOf(res);
    const [data, local] = await Promise.all([providers.availableModels(), providers.isHealthy('local')]);
    const body: AiModelsResponse = { data, upscale: upscaleOfferOf(local) };
    res.json(body);
  });

  router.get('/api/ai-models/grouped', async (_req, res) => {
    callerOf(res);
    const models = await providers.availableModels();
    const groups = new Map<string, typeof models>();
    for (const model of models) groups.set(model.provider, [...(groups.get(model.provider) ?? []), model]);
    const body: GroupedAiModelsResponse = {
      data: [...groups].map(([provider, grouped]) => ({ provider, models: grouped })),
    };
    res.json(body);
  });

  return router;
}
