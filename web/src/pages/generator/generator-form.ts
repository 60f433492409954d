import type { AiModel, JobAspectRatio, JobDuration, JobQuality, JobSpeed, PlanId, Resolution } from '@kadr/contracts';
import { DEFAULT_ASPECT_RATIO, NEGATIVE_PROMPT_MAX_LENGTH, SEED_MAX } from '@kadr/contracts/values';
import { PROMPT_MAX_LENGTH } from '../../config/constants';
import { isWithinResolution, planLifting, resolutionOf, resolutionRank, type JobOptions } from '../../features/jobs';

/** What the person has chosen; the options actually sent are derived from it (`effectiveOptions`). */
export interface GeneratorForm extends JobOptions {
  prompt: string;
  modelId: string | null;
}

export const INITIAL_OPTIONS: JobOptions = {
  duration: 5,
  quality: 'Standard',
  speed: 'Normal',
  aspectRatio: DEFAULT_ASPECT_RATIO,
};

/** Speeds from the slowest (cheapest) to the fastest. */
const SPEED_ORDER: readonly JobSpeed[] = ['Slow', 'Normal', 'Fast', 'Ultra Fast'];

export interface QualityChoice {
  value: JobQuality;
  resolution: Resolution;
  /** Within the user's resolution cap (an unknown cap allows everything; the server decides). */
  allowed: boolean;
  /** The plan that would include it when it is not allowed. */
  plan: PlanId | null;
}

export interface ModelOptions {
  durations: JobDuration[];
  qualities: QualityChoice[];
  speeds: JobSpeed[];
  /** The frame shapes the model renders (issue 21), in the catalogue's order (the first is its default). */
  aspectRatios: JobAspectRatio[];
  /** Whether the model takes a seed / a negative prompt: the generator offers only those fields. */
  seed: boolean;
  negativePrompt: boolean;
}

/** The shape that will be sent: the person's choice when the model renders it, else the model's first. */
export function effectiveAspectRatio(model: Pick<AiModel, 'aspectRatios'>, chosen: JobAspectRatio | undefined) {
  return chosen && model.aspectRatios.includes(chosen) ? chosen : (model.aspectRatios[0] ?? DEFAULT_ASPECT_RATIO);
}

/**
 * The options a model offers, in a sensible order (short → long, low → high resolution, slow → fast). The qualities'
 * resolutions are those of the frame in `aspectRatio` (the plan's cap applies to the long side).
 */
export function optionsOf(
  model: AiModel,
  cap: string | null,
  aspectRatio: JobAspectRatio = DEFAULT_ASPECT_RATIO,
): ModelOptions {
  const qualities = model.qualities
    .map((value): QualityChoice => {
      const resolution = resolutionOf(model, value, aspectRatio);
      const allowed = isWithinResolution(resolution, cap);
      return { value, resolution, allowed, plan: allowed ? null : planLifting(resolution) };
    })
    .sort((a, b) => resolutionRank(a.resolution) - resolutionRank(b.resolution));
  return {
    durations: [...model.durations].sort((a, b) => a - b),
    qualities,
    speeds: SPEED_ORDER.filter((speed) => model.speeds.includes(speed)),
    aspectRatios: [...model.aspectRatios],
    seed: model.supportsSeed,
    negativePrompt: model.supportsNegativePrompt,
  };
}

/**
 * The options that will be sent: the person's choice where the model offers it (and the plan
 * allows it), else the nearest sensible default — so switching models or a late summary never
 * leaves an impossible choice selected.
 */
export function effectiveOptions(chosen: JobOptions, options: ModelOptions): JobOptions {
  const duration = options.durations.includes(chosen.duration)
    ? chosen.duration
    : (options.durations.find((d) => d === INITIAL_OPTIONS.duration) ?? options.durations[0] ?? chosen.duration);

  const allowed = options.qualities.filter((q) => q.allowed);
  // Above the cap: the best quality the plan allows, not lower than needed. Not offered at all
  // (another model): the default, else the best allowed.
  const chosenRank = resolutionRank(resolutionOf(undefined, chosen.quality, chosen.aspectRatio));
  const quality =
    allowed.find((q) => q.value === chosen.quality)?.value ??
    (options.qualities.some((q) => q.value === chosen.quality)
      ? allowed.filter((q) => resolutionRank(q.resolution) <= chosenRank).pop()?.value
      : undefined) ??
    allowed.find((q) => q.value === INITIAL_OPTIONS.quality)?.value ??
    allowed[allowed.length - 1]?.value ??
    chosen.quality;

  const speed = options.speeds.includes(chosen.speed)
    ? chosen.speed
    : (options.speeds.find((s) => s === INITIAL_OPTIONS.speed) ?? options.speeds[0] ?? chosen.speed);

  const aspectRatio = effectiveAspectRatio(options, chosen.aspectRatio);
  return { duration, quality, speed, aspectRatio };
}

/** The seed field's text: empty → none (the service picks one), a whole number 0 … SEED_MAX, else invalid. */
export function parseSeed(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d{1,10}$/.test(trimmed)) return 'invalid';
  const seed = Number(trimmed);
  return seed <= SEED_MAX ? seed : 'invalid';
}

/** The negative prompt as sent: line breaks → spaces, other control characters dropped, cut to the limit. */
export function sanitizeNegativePrompt(value: string): string {
  return sanitizePrompt(value).slice(0, NEGATIVE_PROMPT_MAX_LENGTH);
}

const LINE_BREAKS = /[\r\n\t\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex
const OTHER_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The jobs service refuses control characters (newlines and tabs included), so line breaks
 * typed or pasted become spaces and the rest are dropped as they arrive.
 */
export function sanitizePrompt(value: string): string {
  return value.replace(LINE_BREAKS, ' ').replace(OTHER_CONTROL_CHARACTERS, '');
}

/** A prompt handed over by another page (dashboard, links): cleaned and cut to the limit. */
export function initialPrompt(value: unknown): string {
  return typeof value === 'string' ? sanitizePrompt(value).slice(0, PROMPT_MAX_LENGTH) : '';
}

export type ClientFieldError = 'promptRequired' | 'promptTooLong' | 'modelRequired' | 'seedInvalid';

/** The checks the service would make anyway, made before sending (messages are message keys). */
export function validateForm(
  form: Pick<GeneratorForm, 'prompt' | 'modelId'> & { seed?: string },
): Partial<Record<'prompt' | 'modelId' | 'seed', ClientFieldError>> {
  const errors: Partial<Record<'prompt' | 'modelId' | 'seed', ClientFieldError>> = {};
  const prompt = form.prompt.trim();
  if (prompt === '') errors.prompt = 'promptRequired';
  else if (prompt.length > PROMPT_MAX_LENGTH) errors.prompt = 'promptTooLong';
  if (!form.modelId) errors.modelId = 'modelRequired';
  if (form.seed !== undefined && parseSeed(form.seed) === 'invalid') errors.seed = 'seedInvalid';
  return errors;
}
