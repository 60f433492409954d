import { z } from 'zod';
import { HttpProblem, parseInput } from '../src';

const problemOf = (schema: z.ZodType, input: unknown) => {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof HttpProblem) return { status: error.status, errors: error.errors };
    throw error;
  }
  throw new Error('expected a validation problem');
};

describe('parseInput field errors', () => {
  const order = z.union([
    z.strictObject({ packageId: z.enum(['credits-100']) }),
    z.strictObject({ planId: z.enum(['starter', 'pro'], { error: 'Choose a plan.' }) }),
  ]);

  it('explains a union by the branch it came closest to', () => {
    expect(problemOf(order, { planId: 'enterprise' })).toEqual({ status: 400, errors: { planId: 'Choose a plan.' } });
    expect(problemOf(z.object({ order }), { order: { planId: 'x' } }).errors).toEqual({
      'order.planId': 'Choose a plan.',
    });
  });

  it('keeps the union issue when no branch is closer than another', () => {
    expect(Object.keys(problemOf(order, {}).errors ?? {})).toEqual(['_']);
  });

  it('maps plain field issues by path', () => {
    expect(problemOf(z.object({ take: z.number({ error: 'Must be a number.' }) }), { take: 'x' }).errors).toEqual({
      take: 'Must be a number.',
    });
  });
});
