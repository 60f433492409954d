import { isDate } from 'node:util/types';
import { DuplicateKeyError } from '../duplicate-key';
import { readPath } from './field-path';

/**
 * One declared unique key (a field or a compound of fields) and the map from its value to the
 * id of the document holding it. Like a MongoDB unique index without `sparse`: a missing field
 * counts as `null`, so two documents both missing it collide.
 */
export class UniqueKey {
  private readonly owners = new Map<string, string>();

  constructor(
    private readonly collection: string,
    readonly fields: readonly string[],
  ) {}

  keyOf(doc: unknown): string {
    return JSON.stringify(this.fields.map((field) => normalise(readPath(doc, field))));
  }

  /** Throws a DuplicateKeyError when another document (not `selfId`) already holds `doc`'s key. */
  assertFree(doc: unknown, selfId?: string): void {
    const owner = this.owners.get(this.keyOf(doc));
    if (owner !== undefined && owner !== selfId) {
      throw new DuplicateKeyError(
        this.collection,
        Object.fromEntries(this.fields.map((field) => [field, 1 as const])),
        Object.fromEntries(this.fields.map((field) => [field, readPath(doc, field) ?? null])),
      );
    }
  }

  add(doc: unknown, id: string): void {
    this.owners.set(this.keyOf(doc), id);
  }

  remove(doc: unknown): void {
    this.owners.delete(this.keyOf(doc));
  }
}

function normalise(value: unknown): unknown {
  if (value === undefined) return null;
  if (isDate(value)) return { $date: value.getTime() };
  return value;
}
