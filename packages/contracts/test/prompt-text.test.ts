import { z } from 'zod';
import {
  AI_MODEL_IDS,
  CreateJobBodySchema,
  PROMPT_VISIBLE_CHARACTER,
  PROMPT_VISIBLE_CHARACTER_PATTERN,
} from '../src/http';

const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;

describe('a visible character of a prompt', () => {
  it('is the same to the documented pattern and to the service on every BMP code point', () => {
    const disagree: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCharCode(code);
      if (PROMPT_VISIBLE_CHARACTER.test(character) !== PROMPT_VISIBLE_CHARACTER_PATTERN.test(character)) {
        disagree.push(hex(code));
      }
    }
    // When Node's Unicode data changes, regenerate PROMPT_INVISIBLE_BMP_RANGES from PROMPT_VISIBLE_CHARACTER.
    expect(disagree).toEqual([]);
  });

  const body = (prompt: string) => ({
    prompt,
    modelId: AI_MODEL_IDS[0],
    duration: 5,
    quality: 'Lite',
    speed: 'Normal',
  });

  it.each([
    ['empty', ''],
    ['spaces', '   '],
    ['zero-width space and joiners', '\u200b\u200c\u200d'],
    ['BOM and word joiner', '\ufeff\u2060'],
    ['combining marks alone', '\u0301\u0302'],
    ['Hangul fillers and braille blank', '\u3164\u2800'],
  ])('refuses a prompt of %s', (_name, prompt) => {
    expect(CreateJobBodySchema.safeParse(body(prompt)).success).toBe(false);
  });

  it.each([
    ['words', 'a red fox'],
    ['one letter between zero-width characters', '\u200bx\u200b'],
    ['an emoji', '🎬'],
  ])('accepts a prompt of %s', (_name, prompt) => {
    expect(CreateJobBodySchema.safeParse(body(prompt)).success).toBe(true);
  });

  it('is stated in the JSON Schema the OpenAPI document is generated from, with the model ids as an enum', () => {
    const json = JSON.stringify(z.toJSONSchema(CreateJobBodySchema, { io: 'input', unrepresentable: 'any' }));
    expect(json).toContain(JSON.stringify(PROMPT_VISIBLE_CHARACTER_PATTERN.source));
    expect(json).toContain('"minLength":1');
    expect(json).toContain(JSON.stringify({ type: 'string', enum: [...AI_MODEL_IDS] }).slice(1, -1));
  });
});
