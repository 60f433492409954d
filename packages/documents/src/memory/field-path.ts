/** Reads a dotted path (`'owner.id'`) from a plain document; undefined when any step is missing. */
export function readPath(doc: unknown, path: string): unknown {
  let current: unknown = doc;
  for (const step of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}
