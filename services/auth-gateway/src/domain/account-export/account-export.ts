import { z } from 'zod';
import { ExportProfileSchema, type ExportProfile } from './export-profile';

/** The archive's format name: a reader checks it before trusting the layout (bump it when the layout changes). */
export const EXPORT_FORMAT = 'kadr-export/1';

/** Top-level keys of the archive that are not sections. */
const RESERVED_KEYS = ['format', 'exportedAt', 'user'] as const;

/**
 * One part of the archive, read from the service that owns it: its name (a top-level key of the
 * archive), its shape (the API document states it) and how it is read for one person (`sources`
 * carries who they are and the clients to ask).
 */
export interface ExportSection<Sources, T = unknown> {
  name: string;
  schema: z.ZodType<T>;
  load(sources: Sources): Promise<T>;
}

/**
 * Checks a list of sections once, where it is written: names are unique, kebab- or camel-case
 * words, and none is a reserved key — a clash would silently overwrite part of the archive.
 */
export function exportSections<Sources>(
  sections: readonly ExportSection<Sources>[],
): readonly ExportSection<Sources>[] {
  const names = new Set<string>();
  for (const { name } of sections) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(name)) throw new Error(`export section name "${name}" is not a plain word`);
    if ((RESERVED_KEYS as readonly string[]).includes(name) || names.has(name)) {
      throw new Error(`export section name "${name}" is reserved or used twice`);
    }
    names.add(name);
  }
  return sections;
}

/** The archive as the API document states it: format, time, the person's profile, then one key per section. */
export function accountExportSchema<Sources>(sections: readonly ExportSection<Sources>[]) {
  return z
    .object({
      format: z.literal(EXPORT_FORMAT),
      exportedAt: z.iso.datetime({ offset: true }),
      user: ExportProfileSchema,
      ...Object.fromEntries(sections.map((section) => [section.name, section.schema])),
    })
    .meta({
      id: 'AccountExport',
      description: `Everything Kadr keeps about the signed-in person, one key per section (format \`${EXPORT_FORMAT}\`).`,
    });
}

export type AccountExport = { format: typeof EXPORT_FORMAT; exportedAt: string; user: ExportProfile } & Record<
  string,
  unknown
>;

/** Sections that could not be read: the archive is not made at all (a partial one could pass for complete). */
export class ExportIncompleteError extends Error {
  constructor(readonly failures: { section: string; error: unknown }[]) {
    super(`export sections unavailable: ${failures.map((failure) => failure.section).join(', ')}`);
    this.name = 'ExportIncompleteError';
  }
}

/**
 * Reads every section in parallel and assembles the archive. When any section fails, every other
 * one is still awaited (no read is left running unobserved) and `ExportIncompleteError` names all
 * that failed.
 */
export async function composeAccountExport<Sources>({
  user,
  sections,
  sources,
  now,
}: {
  user: ExportProfile;
  sections: readonly ExportSection<Sources>[];
  sources: Sources;
  now: Date;
}): Promise<AccountExport> {
  const outcomes = await Promise.allSettled(sections.map((section) => section.load(sources)));
  const failures = outcomes.flatMap((outcome, index) =>
    outcome.status === 'rejected' ? [{ section: sections[index]!.name, error: outcome.reason as unknown }] : [],
  );
  if (failures.length > 0) throw new ExportIncompleteError(failures);
  const loaded: Record<string, unknown> = {};
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') loaded[sections[index]!.name] = outcome.value;
  });
  return { format: EXPORT_FORMAT, exportedAt: now.toISOString(), user, ...loaded };
}

/** `kadr-data-<yyyy-mm-dd>.json`, the day of the export in UTC. */
export const exportFileName = (now: Date): string => `kadr-data-${now.toISOString().slice(0, 10)}.json`;
