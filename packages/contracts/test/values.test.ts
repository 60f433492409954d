import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type * as Values from '../src/values';

// Loading the values entry must not load a schema or protobuf runtime: any of these required
// while `@kadr/contracts/values` loads fails the test that loads it.
jest.mock('zod', () => {
  throw new Error('zod was loaded');
});
jest.mock('@bufbuild/protobuf', () => {
  throw new Error('@bufbuild/protobuf was loaded');
});
jest.mock('@bufbuild/protobuf/wkt', () => {
  throw new Error('@bufbuild/protobuf/wkt was loaded');
});
jest.mock('@bufbuild/protobuf/codegenv2', () => {
  throw new Error('@bufbuild/protobuf/codegenv2 was loaded');
});

const packageDir = path.resolve(__dirname, '..');
const valuesDir = path.join(packageDir, 'src', 'values');

/** Every module specifier a file imports or re-exports (type-only ones too: none may leave the folder). */
function specifiersOf(file: string): string[] {
  return ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles.map((ref) => ref.fileName);
}

/** The files the entry reaches, following relative specifiers; the bare ones are collected. */
function moduleGraph(entry: string): { files: string[]; bare: string[] } {
  const files = new Set<string>();
  const bare = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of specifiersOf(file)) {
      if (!specifier.startsWith('.')) {
        bare.add(specifier);
        continue;
      }
      const base = path.resolve(path.dirname(file), specifier);
      const target = [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
      if (!target) throw new Error(`${path.relative(packageDir, file)}: cannot resolve ${specifier}`);
      visit(target);
    }
  };
  visit(entry);
  return { files: [...files], bare: [...bare] };
}

describe('@kadr/contracts/values', () => {
  it('is a subpath export of the package: the values folder from source, its build output otherwise', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
      exports: Record<string, Record<string, string>>;
    };
    expect(manifest.exports['./values']).toEqual({
      'kadr-source': './src/values/index.ts',
      default: './dist/values/index.js',
    });
  });

  it('imports nothing outside its own folder: no package at all, so neither zod nor protobuf', () => {
    const { files, bare } = moduleGraph(path.join(valuesDir, 'index.ts'));
    expect(bare).toEqual([]);
    for (const file of files) expect(path.relative(valuesDir, file)).not.toMatch(/^\.\./);
    // Every file of the folder is reached from the entry (nothing lies there unexported).
    const inFolder = fs.readdirSync(valuesDir).filter((name) => name.endsWith('.ts'));
    expect(files.map((file) => path.basename(file)).sort()).toEqual(inFolder.sort());
  });

  it('loads through the package name without loading zod or @bufbuild/protobuf', () => {
    let values: typeof Values | undefined;
    jest.isolateModules(() => {
      values = jest.requireActual<typeof Values>('@kadr/contracts/values');
    });
    expect(values?.RESOLUTIONS).toEqual(['480p', '720p', '1080p', '2160p']);
    // The check above has teeth: the main entry does load zod, and the mock refuses it.
    expect(() => jest.isolateModules(() => jest.requireActual('@kadr/contracts'))).toThrow(
      /^(zod|@bufbuild\/protobuf\S*) was loaded$/,
    );
  });
});
