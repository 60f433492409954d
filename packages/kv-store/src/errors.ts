/**
 * Errors the memory adapter raises with the same messages Redis replies with, so callers (and the
 * contract suite) see one behaviour whichever adapter runs.
 */

export function wrongTypeError(): Error {
  return new Error('WRONGTYPE Operation against a key holding the wrong kind of value');
}

export function notAnIntegerError(): Error {
  return new Error('ERR value is not an integer or out of range');
}

export function closedError(): Error {
  return new Error('kv-store connection is closed');
}

/** Where errors with no caller to reject go by default (a subscriber handler that threw). */
export function warnUnhandled(error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.emitWarning(`kv-store: ${detail}`, { code: 'KADR_KV_STORE_UNHANDLED' });
}
