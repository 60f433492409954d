import { isDate } from 'node:util/types';

/**
 * Deep-copies a document made of the values a memory collection supports — the same ones its
 * JSON file keeps: null, booleans, numbers, strings, Dates, arrays and plain objects
 * (`undefined` properties are copied here but not written to the file).
 *
 * Not `structuredClone`: that builds its copies in Node's main realm, so under jest (which runs
 * tests in a separate realm) `copy.createdAt instanceof Date` is false. A copy made here uses
 * the caller's `Date`, `Array` and `Object`, and rejects anything else (Map, class instances,
 * functions, bigint) up front rather than losing it at the next restart.
 */
export function cloneDocument<T>(value: T, path = 'document'): T {
  return copyValue(value, path) as T;
}

function copyValue(value: unknown, path: string): unknown {
  if (value === null || value === undefined) return value;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${path} is ${value}; only finite numbers survive a restart`);
      return value;
    case 'object':
      break;
    default:
      throw new TypeError(`${path} is a ${typeof value}; documents hold only JSON values and Dates`);
  }
  if (isDate(value)) return new Date(value.getTime());
  if (Array.isArray(value)) return value.map((item, index) => copyValue(item, `${path}[${index}]`));
  if (!isPlainObject(value)) {
    const kind = (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
    throw new TypeError(`${path} is a ${kind}; documents hold only JSON values and Dates`);
  }
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = copyValue(item, `${path}.${key}`);
  return copy;
}

/** `{}` or `Object.create(null)`, from any realm (checked by prototype shape, not identity). */
function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
