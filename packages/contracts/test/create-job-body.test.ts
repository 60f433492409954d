import { z } from 'zod';
import { AI_MODEL_IDS, AI_MODEL_OPTIONS, CreateJobBodySchema, qualitiesOfModel, trimInvisibleEdges } from '../src/http';

const body = (fields: Record<string, unknown>) => ({
  prompt: 'a red fox',
  modelId: 'kadr-motion-v1',
  duration: 5,
  quality: 'Lite',
  speed: 'Normal',
  ...fields,
});
const fieldErrors = (input: unknown) =>
  Object.fromEntries(
    (CreateJobBodySchema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
  );

describe('POST /jobs body, per model', () => {
  it('refuses a quality or duration the model does not render, naming the field', () => {
    expect(fieldErrors(body({ modelId: 'fal-kling-standard', quality: 'Ultra', duration: 15 }))).toEqual({
      quality: 'This model renders up to 1080p.',
      duration: 'This model renders 5, 10 seconds.',
    });
    expect(
      CreateJobBodySchema.safeParse(body({ modelId: 'fal-kling-standard', quality: 'Pro', duration: 10 })).success,
    ).toBe(true);
    expect(CreateJobBodySchema.safeParse(body({ quality: 'Ultra', duration: 15 })).success).toBe(true);
  });

  it('still reports every bad field of a body with an unknown model', () => {
    expect(
      Object.keys(fieldErrors({ prompt: ' ', modelId: '', duration: 7, quality: 'Max', speed: 'Warp' })).sort(),
    ).toEqual(['duration', 'modelId', 'prompt', 'quality', 'speed']);
  });

  it('states the rule in the document: one branch per model, told apart by modelId', () => {
    const json = z.toJSONSchema(CreateJobBodySchema, { io: 'input', unrepresentable: 'any' }) as unknown as {
      $defs: { CreateJobBody: { oneOf: Array<{ properties: Record<string, unknown> }>; discriminator: unknown } };
    };
    const { oneOf, discriminator } = json.$defs.CreateJobBody;
    expect(discriminator).toEqual({ propertyName: 'modelId' });
    expect(oneOf.map((branch) => branch.properties)).toEqual(
      AI_MODEL_IDS.map((modelId) => ({
        modelId: { const: modelId },
        duration: { enum: [...AI_MODEL_OPTIONS[modelId].durations] },
        quality: { enum: qualitiesOfModel(modelId) },
        aspectRatio: { enum: [...AI_MODEL_OPTIONS[modelId].aspectRatios] },
        ...(AI_MODEL_OPTIONS[modelId].seed ? {} : { seed: false }),
        ...(AI_MODEL_OPTIONS[modelId].negativePrompt ? {} : { negativePrompt: false }),
      })),
    );
  });

  it('gives each model the qualities up to its highest resolution', () => {
    expect(qualitiesOfModel('fal-kling-standard').sort()).toEqual(['Lite', 'Pro', 'Standard']);
    expect(qualitiesOfModel('kadr-motion-v1').sort()).toEqual(['Lite', 'Pro', 'Standard', 'Ultra']);
  });
});

describe('POST /jobs body, creative options (issue 21)', () => {
  it('takes a shape, a seed and a negative prompt the model supports; all three are optional', () => {
    expect(CreateJobBodySchema.parse(body({ aspectRatio: '9:16', seed: 42 }))).toMatchObject({
      aspectRatio: '9:16',
      seed: 42,
    });
    const fal = CreateJobBodySchema.parse(
      body({ modelId: 'fal-kling-standard', aspectRatio: '1:1', negativePrompt: '  blur, text \u200b' }),
    );
    expect(fal).toMatchObject({ aspectRatio: '1:1', negativePrompt: 'blur, text' });
    expect(CreateJobBodySchema.parse(body({}))).not.toHaveProperty('seed');
  });

  it('refuses an option the model does not take, naming the field', () => {
    expect(fieldErrors(body({ modelId: 'fal-kling-standard', seed: 7 }))).toEqual({
      seed: 'This model does not take a seed.',
    });
    expect(fieldErrors(body({ negativePrompt: 'blur' }))).toEqual({
      negativePrompt: 'This model does not take a negative prompt.',
    });
    // Even an empty one: the document forbids the field for such a model.
    expect(Object.keys(fieldErrors(body({ negativePrompt: '' })))).toEqual(['negativePrompt']);
    // For a model that takes one, an empty negative prompt (once trimmed) is none.
    expect(CreateJobBodySchema.parse(body({ modelId: 'fal-kling-standard', negativePrompt: '  ' }))).toMatchObject({
      negativePrompt: '',
    });
  });

  it('refuses a shape, seed or negative prompt that is not one', () => {
    expect(Object.keys(fieldErrors(body({ aspectRatio: '4:3', seed: -1 }))).sort()).toEqual(['aspectRatio', 'seed']);
    expect(Object.keys(fieldErrors(body({ seed: 1.5 })))).toEqual(['seed']);
    expect(Object.keys(fieldErrors(body({ seed: 2 ** 31 })))).toEqual(['seed']);
    expect(Object.keys(fieldErrors(body({ modelId: 'fal-kling-standard', negativePrompt: 'x'.repeat(501) })))).toEqual([
      'negativePrompt',
    ]);
    expect(Object.keys(fieldErrors(body({ modelId: 'fal-kling-standard', negativePrompt: 'a\nb' })))).toEqual([
      'negativePrompt',
    ]);
  });
});

describe('trimInvisibleEdges', () => {
  it('trims white space, format characters and blank letters at the edges only', () => {
    expect(trimInvisibleEdges('\u200b \ufeffa\u200bb\u3164\u2800 ')).toBe('a\u200bb');
  });
});
