import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

/**
 * An image installs one service's production dependencies only (`npm ci --omit=dev --workspace
 * services/<name>`, services/Dockerfile): a package its code imports but its package.json does not
 * declare works in the monorepo (hoisted) and crashes in the container. Issue 14 found eleven.
 */
const root = path.resolve(__dirname, '../..');
const workspaces = ['packages', 'services'].flatMap((group) =>
  readdirSync(path.join(root, group))
    .map((name) => path.join(group, name))
    .filter((dir) => statSync(path.join(root, dir)).isDirectory()),
);

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'".][^'"]*)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory() && entry !== 'testing') return sourceFiles(file);
    // Test code, including the `testing` helpers packages export for other packages' tests.
    if (/\.test\.ts$/.test(entry) || entry === 'testing' || entry === 'testing.ts') return [];
    return entry.endsWith('.ts') ? [file] : [];
  });
}

const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier);

describe('every workspace declares the packages its production code imports', () => {
  it.each(workspaces)('%s', (workspace) => {
    const manifest = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
    };
    const declared = new Set(Object.keys(manifest.dependencies ?? {}));
    const undeclared = new Set<string>();
    for (const file of sourceFiles(path.join(root, workspace, 'src'))) {
      for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const name = packageName(specifier);
        if (specifier.startsWith('node:') || builtinModules.includes(name) || name === manifest.name) continue;
        if (!declared.has(name)) undeclared.add(`${name} (${path.relative(root, file)})`);
      }
    }
    expect([...undeclared]).toEqual([]);
  });
});
