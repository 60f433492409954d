import { z } from 'zod';
import {
  EXPORT_FORMAT,
  ExportIncompleteError,
  accountExportSchema,
  composeAccountExport,
  exportFileName,
  exportSections,
  type ExportSection,
} from './account-export';
import type { ExportProfile } from './export-profile';

const person: ExportProfile = {
  id: 'u-1',
  email: 'ala@example.org',
  emailVerified: true,
  name: 'Ala',
  tenantId: null,
  roles: ['user'],
  createdAt: '2025-01-01T00:00:00.000Z',
  lastLoginAt: '2025-01-02T00:00:00.000Z',
  identity: { issuer: 'https://id.example', subject: 's-1' },
};

type Sources = { userId: string };
const section = (name: string, load: (sources: Sources) => Promise<unknown>): ExportSection<Sources> => ({
  name,
  schema: z.unknown(),
  load,
});

describe('composeAccountExport', () => {
  const now = new Date('2025-03-04T05:06:07.000Z');

  it('puts the format, the time, the profile and one key per section, each loaded for the person', async () => {
    const archive = await composeAccountExport({
      user: person,
      sections: [
        section('settings', ({ userId }) => Promise.resolve({ of: userId })),
        section('jobs', () => Promise.resolve([1, 2])),
      ],
      sources: { userId: 'u-1' },
      now,
    });
    expect(archive).toEqual({
      format: EXPORT_FORMAT,
      exportedAt: '2025-03-04T05:06:07.000Z',
      user: person,
      settings: { of: 'u-1' },
      jobs: [1, 2],
    });
  });

  it('makes no archive when any section fails, naming every one that did after all have settled', async () => {
    let slowFinished = false;
    const failing = composeAccountExport({
      user: person,
      sections: [
        section('orders', () => Promise.reject(new Error('commerce down'))),
        section('videos', async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          slowFinished = true;
          return [];
        }),
        section('language', () => Promise.reject(new Error('i18n down'))),
      ],
      sources: { userId: 'u-1' },
      now,
    });
    await expect(failing).rejects.toBeInstanceOf(ExportIncompleteError);
    const error = (await failing.catch((e: unknown) => e)) as ExportIncompleteError;
    expect(error.failures.map((f) => f.section)).toEqual(['orders', 'language']);
    expect(slowFinished).toBe(true);
  });
});

describe('exportSections', () => {
  it('refuses a name used twice, a reserved key and a name that is not a plain word', () => {
    const ok = section('settings', () => Promise.resolve(null));
    expect(exportSections([ok, section('notifications', () => Promise.resolve([]))])).toHaveLength(2);
    expect(() => exportSections([ok, ok])).toThrow(/used twice/);
    for (const reserved of ['format', 'exportedAt', 'user']) {
      expect(() => exportSections([section(reserved, () => Promise.resolve(null))])).toThrow(/reserved/);
    }
    expect(() => exportSections([section('__proto__', () => Promise.resolve(null))])).toThrow(/plain word/);
  });
});

describe('accountExportSchema', () => {
  it('states every section and refuses an archive missing one', () => {
    const schema = accountExportSchema([
      { name: 'settings', schema: z.object({ aiProvider: z.string() }), load: () => Promise.resolve({}) },
    ]);
    const base = { format: EXPORT_FORMAT, exportedAt: '2025-03-04T05:06:07.000Z', user: person };
    expect(schema.safeParse({ ...base, settings: { aiProvider: 'local' } }).success).toBe(true);
    expect(schema.safeParse(base).success).toBe(false);
    expect(schema.safeParse({ ...base, format: 'kadr-export/2', settings: { aiProvider: 'local' } }).success).toBe(
      false,
    );
  });
});

describe('exportFileName', () => {
  it('is kadr-data-<yyyy-mm-dd>.json in UTC', () => {
    expect(exportFileName(new Date('2025-12-31T23:30:00.000Z'))).toBe('kadr-data-2025-12-31.json');
  });
});
