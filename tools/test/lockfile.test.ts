/**
 * `npm ci` on a fresh machine refuses a lock that lacks an entry for any optional dependency of a
 * locked package, even one for another platform (`Missing: @swc/core-darwin-arm64@… from lock file`).
 * A lock rewritten over an existing node_modules can drop those entries; this catches it in
 * `npm test`, before CI's `npm ci` does (docs/decisions.md, issue 13).
 */
import fs from 'node:fs';
import path from 'node:path';

interface LockedPackage {
  version?: string;
  link?: boolean;
  optionalDependencies?: Record<string, string>;
}

const root = path.resolve(__dirname, '../..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};

/** Where npm would look for `name` when `from` requires it: nested node_modules first, then each parent. */
function resolvesInLock(from: string, name: string): boolean {
  let base = from;
  for (;;) {
    if (lock.packages[base ? `${base}/node_modules/${name}` : `node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('is a lockfile v3 with a packages map', () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(Object.keys(lock.packages).length).toBeGreaterThan(100);
  });

  // npm itself leaves some optional entries out on this registry (5 of @bufbuild/buf's 7 platforms) and `npm ci`
  // accepts that; what it refused were the entries below, dropped by a lock rewritten over node_modules.
  it.each(['@swc/core', '@unrs/resolver-binding'])('has an entry for every platform binary of %s', (prefix) => {
    const missing: string[] = [];
    let checked = 0;
    for (const [location, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!name.startsWith(prefix)) continue;
        checked += 1;
        if (!resolvesInLock(location, name)) missing.push(`${name} (optional dependency of ${location || 'the root'})`);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it('knows the platform binaries whose absence broke npm ci before', () => {
    expect(lock.packages['node_modules/@swc/core-darwin-arm64']).toBeDefined();
    expect(lock.packages['node_modules/@swc/core-linux-x64-gnu']).toBeDefined();
  });
});
