import type { RequestHandler } from 'express';
import { HttpProblem } from './problems';

/**
 * How deep a JSON body may nest (objects and arrays each count as one level). Real Kadr bodies
 * nest 4 levels at most; 64 leaves room for any honest client while keeping every recursive walk
 * of a body (fingerprints, re-serialisation, validation) far from the stack limit.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a parsed JSON value nests deeper than `maxDepth`. Walks with an explicit stack, not
 * recursion, so the check itself cannot overflow whatever it is given.
 */
export function jsonDepthExceeds(value: unknown, maxDepth: number = MAX_JSON_DEPTH): boolean {
  const pending: { value: object; depth: number }[] = [];
  if (value !== null && typeof value === 'object') pending.push({ value, depth: 1 });
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.depth > maxDepth) return true;
    for (const child of Object.values(next.value) as unknown[]) {
      if (child !== null && typeof child === 'object') pending.push({ value: child, depth: next.depth + 1 });
    }
  }
  return false;
}

/** The 400 an over-deep body gets, wherever it is found. */
export function tooDeepProblem(maxDepth: number = MAX_JSON_DEPTH): HttpProblem {
  return new HttpProblem('validation', {
    detail: `The request body is nested too deeply (at most ${maxDepth} levels).`,
    errors: { body: `must not nest more than ${maxDepth} levels` },
  });
}

/** After the JSON parser: refuses a body nested deeper than `maxDepth` with a 400 validation problem. */
export function rejectDeepJson(maxDepth: number = MAX_JSON_DEPTH): RequestHandler {
  return (req, _res, next) => {
    if (jsonDepthExceeds(req.body, maxDepth)) throw tooDeepProblem(maxDepth);
    next();
  };
}
