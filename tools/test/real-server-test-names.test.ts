/**
 * `make test` runs only `*.contract.test.ts` and `*.integration.test.ts` against real servers.
 * A test file that needs a real server under any other name would be skipped there silently, so
 * every file that declares a real-server suite must carry one of those names.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const REAL_SERVER_SUITE = /\b(describeWithRealServer|describeRepositoryContract)\s*[<(]/;
const RUN_AGAINST_REAL_SERVERS = /\.(contract|integration)\.test\.ts$/;

function testFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('real-server test file names', () => {
  it('every test file declaring a real-server suite is named *.contract.test.ts or *.integration.test.ts', () => {
    const misnamed = ['packages', 'services', 'tools']
      .flatMap((group) => testFiles(path.join(root, group)))
      .filter((file) => REAL_SERVER_SUITE.test(fs.readFileSync(file, 'utf8')) && !RUN_AGAINST_REAL_SERVERS.test(file))
      .map((file) => path.relative(root, file));
    expect(misnamed).toEqual([]);
  });
});
