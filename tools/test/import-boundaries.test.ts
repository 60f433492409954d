/**
 * The dependency rule of the monorepo: packages never import services, and no service imports
 * another service (services talk over HTTP with internal tokens and over the bus). Checked on
 * every TypeScript source, by package name and by relative path.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

function workspaces(group: 'packages' | 'services'): { name: string; dir: string }[] {
  const base = path.join(root, group);
  if (!fs.existsSync(base)) return [];
  return fs
    .readdirSync(base)
    .filter((entry) => fs.existsSync(path.join(base, entry, 'package.json')))
    .map((entry) => ({
      dir: path.join(base, entry),
      name: (JSON.parse(fs.readFileSync(path.join(base, entry, 'package.json'), 'utf8')) as { name: string }).name,
    }));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(entry.name) ? [full] : [];
  });
}

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

export function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
}

/** The service a specifier points at (by name or by relative path), if any. */
function serviceTarget(file: string, specifier: string, services: { name: string; dir: string }[]) {
  if (specifier.startsWith('.')) {
    const resolved = path.resolve(path.dirname(file), specifier);
    return services.find((s) => resolved === s.dir || resolved.startsWith(`${s.dir}${path.sep}`));
  }
  return services.find((s) => specifier === s.name || specifier.startsWith(`${s.name}/`));
}

function violations(): string[] {
  const services = workspaces('services');
  const found: string[] = [];
  for (const owner of [...workspaces('packages'), ...services]) {
    const ownerIsService = services.some((s) => s.dir === owner.dir);
    for (const file of sourceFiles(owner.dir)) {
      for (const specifier of importsOf(file)) {
        const target = serviceTarget(file, specifier, services);
        if (!target || target.dir === owner.dir) continue;
        const rule = ownerIsService
          ? 'a service must not import another service'
          : 'a package must not import a service';
        found.push(`${path.relative(root, file)} imports '${specifier}': ${rule}`);
      }
    }
  }
  return found;
}

describe('import boundaries', () => {
  it('packages import no service and services import no other service', () => {
    expect(violations()).toEqual([]);
  });

  it('reports a service that imports another service, by name or by path', () => {
    const probeDir = path.join(root, 'services', `zz-boundary-probe-${process.pid}`);
    fs.mkdirSync(path.join(probeDir, 'src'), { recursive: true });
    fs.writeFileSync(path.join(probeDir, 'package.json'), JSON.stringify({ name: '@kadr/zz-boundary-probe' }));
    fs.writeFileSync(
      path.join(probeDir, 'src', 'leak.ts'),
      "import { startAuthGateway } from '@kadr/auth-gateway';\nimport { x } from '../../auth-gateway/src/config';\n",
    );
    try {
      const found = violations().filter((v) => v.includes('zz-boundary-probe'));
      expect(found).toHaveLength(2);
      expect(found[0]).toContain('a service must not import another service');
    } finally {
      fs.rmSync(probeDir, { recursive: true, force: true });
    }
  });

  it('recognises every import form it is meant to catch', () => {
    const probe = path.join(root, 'services', `boundary-probe-${process.pid}.ts`);
    fs.writeFileSync(
      probe,
      [
        "import { a } from '@kadr/x';",
        "import type { B } from '../y';",
        "export * from '@kadr/z/sub';",
        "const c = require('@kadr/w');",
        "void import('@kadr/v');",
        "import '@kadr/side-effect';",
      ].join('\n'),
    );
    try {
      expect(importsOf(probe)).toEqual(['@kadr/x', '../y', '@kadr/z/sub', '@kadr/w', '@kadr/v', '@kadr/side-effect']);
    } finally {
      fs.unlinkSync(probe);
    }
  });
});
