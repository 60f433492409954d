/**
 * Test data of the job screens (never imported by app code): models shaped like the jobs
 * service's catalogue (services/jobs `MODEL_CATALOGUE`), price rules included.
 */
import type { AiModel, GroupedAiModelsResponse, JobQuality, JobSpeed, Resolution } from '@kadr/contracts';

const QUALITY_FACTORS: Record<JobQuality, number> = { Lite: 0.5, Standard: 1, Pro: 2, Ultra: 4 };
const SPEED_FACTORS: Record<JobSpeed, number> = { Slow: 0.8, Normal: 1, Fast: 1.25, 'Ultra Fast': 1.5 };
const RESOLUTION: Record<JobQuality, Resolution> = { Lite: '480p', Standard: '720p', Pro: '1080p', Ultra: '2160p' };

export function makeModel(patch: Partial<AiModel> & { creditsPerSecond?: number } = {}): AiModel {
  const { creditsPerSecond = 1, ...rest } = patch;
  const qualities = rest.qualities ?? (['Lite', 'Standard', 'Pro', 'Ultra'] as JobQuality[]);
  return {
    id: 'kadr-motion-v1',
    name: 'Kadr Motion',
    provider: 'local',
    description: 'Built-in motion graphics.',
    durations: [5, 10, 15],
    qualities,
    speeds: ['Normal', 'Fast', 'Slow', 'Ultra Fast'],
    maxResolution: '2160p',
    resolutionByQuality: Object.fromEntries(qualities.map((q) => [q, RESOLUTION[q]])),
    aspectRatios: ['16:9', '9:16', '1:1'],
    supportsSeed: true,
    supportsNegativePrompt: false,
    supportsStartImage: true,
    price: {
      formula: 'credits = ⌈credits per second × duration (s) × quality factor × speed factor⌉',
      creditsPerSecond,
      qualityFactors: { ...QUALITY_FACTORS },
      speedFactors: { ...SPEED_FACTORS },
      rounding: 'up',
    },
    ...rest,
  };
}

export const LOCAL_MODEL = makeModel();

export const FAL_MODEL = makeModel({
  id: 'fal-kling-standard',
  name: 'Kling 2.1 Standard (fal)',
  provider: 'fal',
  description: 'A hosted text-to-video model.',
  durations: [5, 10],
  qualities: ['Lite', 'Standard', 'Pro'],
  maxResolution: '1080p',
  supportsSeed: false,
  supportsNegativePrompt: true,
  supportsStartImage: true,
  creditsPerSecond: 4,
});

export function groupedModels(...models: AiModel[]): GroupedAiModelsResponse {
  const byProvider = new Map<string, AiModel[]>();
  for (const model of models) byProvider.set(model.provider, [...(byProvider.get(model.provider) ?? []), model]);
  return { data: [...byProvider].map(([provider, list]) => ({ provider, models: list })) };
}
