import { z } from 'zod';

type LiteralValue = string | number | boolean;

/**
 * A union of one `z.literal` per value — what `z.union([z.literal(5), z.literal(10), …])` writes
 * by hand, built from a value list of `src/values/` (the OpenAPI document states it as `anyOf` of
 * `const`s, as before).
 */
export function literalUnion<const T extends readonly [LiteralValue, ...LiteralValue[]]>(
  values: T,
  params?: Parameters<typeof z.union>[1],
): z.ZodUnion<{ -readonly [K in keyof T]: z.ZodLiteral<T[K]> }> {
  const literals = values.map((value) => z.literal(value)) as { -readonly [K in keyof T]: z.ZodLiteral<T[K]> };
  return z.union(literals, params);
}
