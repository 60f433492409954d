import type { z } from 'zod';
import { validationProblem } from './error-mapping';

/** Parses request input with a zod schema; a mismatch becomes a 400 `validation` problem with field errors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationProblem(result.error, 'Please fix highlighted fields.');
  return result.data;
}
