import { z } from 'zod';

/** RFC 9457 problem details as every Kadr service answers them (`@kadr/http-kit`). */
export const ProblemSchema = z
  .looseObject({
    type: z.string().meta({
      description: '`/problems/<reason>` with a reason of the error catalogue',
      example: '/problems/validation',
    }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().meta({ description: 'A sentence a person understands' }),
    correlationId: z.string().optional().meta({ description: 'Also in the x-correlation-id response header' }),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'Field (or header) → message, on `validation` problems' }),
    retryAfterSeconds: z.number().int().optional().meta({ description: 'On `rate_limited`: the same as Retry-After' }),
  })
  .meta({ id: 'Problem' });
