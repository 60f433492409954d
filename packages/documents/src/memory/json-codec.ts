/**
 * The file format of a persisted memory collection: JSON, one document per line, with dates
 * written as `{ "$date": "<ISO 8601>" }` (MongoDB Extended JSON's shape) and turned back into
 * `Date` objects on load. Tagging keeps the round trip exact without declaring date fields per
 * collection, and without the false positives of reviving every ISO-looking string (a prompt
 * that happens to be a date stays a string). Only JSON values and Dates survive a round trip
 * (`undefined` properties disappear); the collection refuses anything else on the way in. The one
 * ambiguity, an object whose only field is `$date`, is also one MongoDB would refuse to store.
 */

import { isDate } from 'node:util/types';

export const SNAPSHOT_FORMAT = 'kadr-documents/1';

interface DateTag {
  $date: string | null;
}

function isDateTag(value: unknown): value is DateTag {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const tagged = (value as { $date?: unknown }).$date;
  return keys.length === 1 && keys[0] === '$date' && (typeof tagged === 'string' || tagged === null);
}

/** JSON.stringify calls Date#toJSON before a replacer sees the value, so look at the holder's raw property. */
function tagDates(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key];
  if (isDate(raw)) {
    const tag: DateTag = { $date: Number.isNaN(raw.getTime()) ? null : raw.toISOString() };
    return tag;
  }
  return value;
}

function reviveDates(_key: string, value: unknown): unknown {
  if (isDateTag(value)) return new Date(value.$date ?? Number.NaN);
  return value;
}

/** Serialises a collection; the layout (one document per line) keeps the file readable and diffable. */
export function encodeSnapshot(collection: string, documents: Iterable<unknown>): string {
  const lines: string[] = [];
  for (const doc of documents) lines.push(JSON.stringify(doc, tagDates));
  const header = JSON.stringify({ format: SNAPSHOT_FORMAT, collection });
  return `${header.slice(0, -1)},"documents":[\n${lines.join(',\n')}\n]}\n`;
}

export interface Snapshot {
  collection: string;
  documents: unknown[];
}

/** Parses a snapshot; throws with the file's name when it is not one (never silently empties a collection). */
export function decodeSnapshot(text: string, source: string): Snapshot {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, reviveDates);
  } catch (err) {
    throw new Error(`${source} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
  const snapshot = parsed as { format?: unknown; collection?: unknown; documents?: unknown };
  if (snapshot?.format !== SNAPSHOT_FORMAT || typeof snapshot.collection !== 'string') {
    throw new Error(`${source} is not a ${SNAPSHOT_FORMAT} snapshot`);
  }
  if (!Array.isArray(snapshot.documents)) throw new Error(`${source} has no documents array`);
  return { collection: snapshot.collection, documents: snapshot.documents as unknown[] };
}
