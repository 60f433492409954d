import type { Model, PipelineStage } from 'mongoose';

/** The elements of one array field over a whole collection. */
export interface ArrayElementStats {
  count: number;
  /** The earliest value of the elements' date field; null when no element has one. */
  earliest: Date | null;
}

/**
 * Counts the elements of `array` in every document of `model`'s collection and finds the
 * earliest `date` among them (an element without one is counted, not dated) — in the server, so
 * a large backlog is not read into the process. An outbox's size and the age of its oldest entry
 * is what services use it for. Only stages FerretDB 1.24 handles (`$match`, `$project`,
 * `$unwind`, `$count`, `$sort`, `$limit`; it has no `$min` accumulator), hence two pipelines.
 */
export async function arrayElementStats<T>(model: Model<T>, array: string, date: string): Promise<ArrayElementStats> {
  const dated = `${array}.${date}`;
  const elements: PipelineStage[] = [
    { $match: { [`${array}.0`]: { $exists: true } } },
    { $project: { [array]: 1 } },
    { $unwind: `$${array}` },
  ];
  const [counted, earliest] = await Promise.all([
    model.aggregate<{ count: number }>([...elements, { $count: 'count' }]),
    model.aggregate<Partial<Record<string, Record<string, unknown>>>>([
      ...elements,
      { $match: { [dated]: { $exists: true } } },
      { $sort: { [dated]: 1 } },
      { $limit: 1 },
    ]),
  ]);
  const first = earliest[0]?.[array]?.[date] as Date | undefined;
  return { count: counted[0]?.count ?? 0, earliest: first ? new Date(first) : null };
}
