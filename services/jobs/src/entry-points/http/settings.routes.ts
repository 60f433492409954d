import { Router } from 'express';
import { ProviderSettingBodySchema, type ProviderSetting } from '@kadr/contracts';
import { HttpProblem, parseInput } from '@kadr/http-kit';
import type { ProviderSettingsRepository } from '../../data-access/settings/provider-settings.repository';
import type { ProviderRegistry } from '../../domain/generation/provider-registry';
import { requireUser } from './callers';

/** `GET` / `PUT /api/settings/ai-provider`: the user's preferred provider (default `local`). */
export function settingsRoutes(settings: ProviderSettingsRepository, providers: ProviderRegistry): Router {
  const router = Router();

  router.get('/api/settings/ai-provider', async (_req, res) => {
    const { userId } = requireUser(res);
    const body: ProviderSetting = { provider: (await settings.get(userId))?.provider ?? 'local' };
    res.json(body);
  });

  router.put('/api/settings/ai-provider', async (req, res) => {
    const { userId } = requireUser(res);
    const { provider } = parseInput(ProviderSettingBodySchema, req.body);
    if (!providers.names().includes(provider)) {
      throw new HttpProblem('validation', {
        detail: 'Please fix highlighted fields.',
        errors: { provider: `Choose one of: ${providers.names().join(', ')}.` },
      });
    }
    const saved = await settings.set(userId, provider);
    const body: ProviderSetting = { provider: saved.provider };
    res.json(body);
  });

  return router;
}
