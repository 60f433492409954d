import { AI_MODEL_OPTIONS, isWithinResolution, JOB_DURATIONS, JOB_QUALITIES, JOB_SPEEDS } from '@kadr/contracts';
import type { AiModel, AiModelId, JobQuality, Resolution } from '@kadr/contracts';
import { priceRule } from './price-rule';
import { FRAME_OF_QUALITY } from './video-options';

function resolutionsUpTo(maxResolution: Resolution): {
  qualities: JobQuality[];
  byQuality: Record<string, Resolution>;
} {
  const qualities = JOB_QUALITIES.filter((q) => isWithinResolution(FRAME_OF_QUALITY[q].resolution, maxResolution));
  return {
    qualities,
    byQuality: Object.fromEntries(qualities.map((q) => [q, FRAME_OF_QUALITY[q].resolution])),
  };
}

function model(
  fields: Omit<
    AiModel,
    | 'qualities'
    | 'resolutionByQuality'
    | 'durations'
    | 'speeds'
    | 'price'
    | 'aspectRatios'
    | 'supportsSeed'
    | 'supportsNegativePrompt'
    | 'supportsStartImage'
  > & {
    /** One of the contract's `AI_MODEL_IDS` (the public API documents them as an enum). */
    id: AiModelId;
    creditsPerSecond: number;
    durations?: AiModel['durations'];
  },
): AiModel {
  const { creditsPerSecond, durations, ...rest } = fields;
  const { qualities, byQuality } = resolutionsUpTo(fields.maxResolution);
  // The creative options (issue 21) are the contract's table: the OpenAPI document states the same.
  const options = AI_MODEL_OPTIONS[fields.id];
  return {
    ...rest,
    durations: durations ?? [...JOB_DURATIONS],
    qualities,
    speeds: [...JOB_SPEEDS],
    resolutionByQuality: byQuality,
    aspectRatios: [...options.aspectRatios],
    supportsSeed: options.seed,
    supportsNegativePrompt: options.negativePrompt,
    supportsStartImage: options.startImage,
    price: priceRule(creditsPerSecond),
  };
}

/** Every model the service knows; which are offered depends on which providers are available. */
export const MODEL_CATALOGUE: readonly AiModel[] = [
  model({
    id: 'kadr-motion-v1',
    name: 'Kadr Motion',
    provider: 'local',
    description:
      'Built-in motion graphics: an animated scene whose colours and movement come from your prompt, with its words on screen.',
    maxResolution: '2160p',
    creditsPerSecond: 1,
  }),
  model({
    id: 'fal-kling-standard',
    name: 'Kling 2.1 Standard (fal)',
    provider: 'fal',
    description: 'A hosted text-to-video model through the fal.ai queue API.',
    maxResolution: '1080p',
    creditsPerSecond: 4,
    // Kling on fal renders 5 or 10 s.
    durations: [5, 10],
  }),
  model({
    id: 'faulty-test',
    name: 'Faulty (tests only)',
    provider: 'faulty',
    description: 'Fails or hangs on purpose; only registered when the test variable enables it.',
    maxResolution: '2160p',
    creditsPerSecond: 1,
  }),
];

export function findModel(modelId: string): AiModel | undefined {
  return MODEL_CATALOGUE.find((m) => m.id === modelId);
}
