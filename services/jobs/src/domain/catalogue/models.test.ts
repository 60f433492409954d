import {
  AI_MODEL_IDS,
  AI_MODEL_OPTIONS,
  AI_PROVIDER_NAMES,
  CreateJobBodySchema,
  qualitiesOfModel,
} from '@kadr/contracts';
import { MODEL_CATALOGUE } from './models';

describe('the model catalogue', () => {
  it('has exactly the model ids the contract documents (the enum of POST /jobs modelId)', () => {
    expect(MODEL_CATALOGUE.map((model) => model.id).sort()).toEqual([...AI_MODEL_IDS].sort());
  });

  it('names only the providers the contract documents (the enum of PUT /api/settings/ai-provider)', () => {
    expect([...new Set(MODEL_CATALOGUE.map((model) => model.provider))].sort()).toEqual([...AI_PROVIDER_NAMES].sort());
  });

  it('renders exactly the durations and qualities the contract documents for it (POST /jobs per model)', () => {
    for (const model of MODEL_CATALOGUE) {
      expect({ id: model.id, durations: model.durations, maxResolution: model.maxResolution }).toEqual({
        id: model.id,
        durations: [...AI_MODEL_OPTIONS[model.id as keyof typeof AI_MODEL_OPTIONS].durations],
        maxResolution: AI_MODEL_OPTIONS[model.id as keyof typeof AI_MODEL_OPTIONS].maxResolution,
      });
      expect([...model.qualities].sort()).toEqual(qualitiesOfModel(model.id as keyof typeof AI_MODEL_OPTIONS).sort());
    }
  });

  it('every model is one a POST /jobs body may name; any other id is a 400 on modelId', () => {
    const body = { prompt: 'a fox', duration: 5, quality: 'Lite', speed: 'Normal' };
    for (const { id } of MODEL_CATALOGUE)
      expect(CreateJobBodySchema.safeParse({ ...body, modelId: id }).success).toBe(true);
    const unknown = CreateJobBodySchema.safeParse({ ...body, modelId: 'no-such-model' });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.path).toEqual(['modelId']);
  });
});
