import { isDate } from 'node:util/types';
import { readPath } from './field-path';

/** MongoDB-style sort specification: `{ createdAt: -1, id: 1 }` (dotted paths allowed). */
export type SortSpec = Readonly<Record<string, 1 | -1>>;

/** Ranks of value types, in MongoDB's comparison order (null < numbers < strings < objects < arrays < booleans < dates). */
function typeRank(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number' || typeof value === 'bigint') return 1;
  if (typeof value === 'string') return 2;
  if (isDate(value)) return 6;
  if (typeof value === 'boolean') return 5;
  if (Array.isArray(value)) return 4;
  return 3;
}

/**
 * Compares two scalar values the way MongoDB sorts them: across types by type rank, strings by
 * code units (binary, no collation — FerretDB has none either), dates by time. Arrays and
 * embedded documents only compare by type: sort on scalar fields.
 */
export function compareValues(a: unknown, b: unknown): number {
  const rankDifference = typeRank(a) - typeRank(b);
  if (rankDifference !== 0) return rankDifference;
  const left = isDate(a) ? a.getTime() : a;
  const right = isDate(b) ? b.getTime() : b;
  if (typeof left === 'object' || typeof right === 'object' || left === right) return 0;
  return (left as number | string | boolean) < (right as number | string | boolean) ? -1 : 1;
}

export function comparatorFor(spec: SortSpec): (a: unknown, b: unknown) => number {
  const keys = Object.entries(spec);
  return (a, b) => {
    for (const [path, direction] of keys) {
      const order = compareValues(readPath(a, path), readPath(b, path));
      if (order !== 0) return order * direction;
    }
    return 0;
  };
}
