/**
 * Unique-index violations look the same from MongoDB and from the memory store (`code: 11000`),
 * so a repository has one `isDuplicateKeyError` branch for both implementations.
 */

export const DUPLICATE_KEY_CODE = 11000;

/** Thrown by the memory store when an insert or update would break a declared unique key (or the id). */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
  readonly code = DUPLICATE_KEY_CODE;

  constructor(
    readonly collection: string,
    /** The unique key that was violated, MongoDB style: `{ userId: 1 }`. */
    readonly keyPattern: Record<string, 1>,
    /** The values that collided: `{ userId: 'u1' }`. */
    readonly keyValue: Record<string, unknown>,
  ) {
    super(`E11000 duplicate key error collection: ${collection} index: ${Object.keys(keyPattern).join('_')}`);
  }
}

/**
 * True for a unique-key violation from MongoDB (`MongoServerError` / `MongoBulkWriteError`
 * with code 11000, or the legacy 11001), from FerretDB (same code) or from the memory store.
 */
export function isDuplicateKeyError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === DUPLICATE_KEY_CODE || code === 11001;
}
