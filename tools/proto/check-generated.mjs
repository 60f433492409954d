// npm run proto:check — fails (exit 1) when packages/contracts/src/gen is not exactly what
// proto/ generates: a schema changed without `npm run proto:generate`, or someone edited
// the generated code by hand. Generates into a temporary folder and compares file by file.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generate, generatedDir, generatedRelDir, listFiles } from './proto-tooling.mjs';

const tempBase = await mkdtemp(path.join(os.tmpdir(), 'kadr-proto-check-'));
try {
  const freshDir = await generate(tempBase);
  const problems = await compareTrees(freshDir, generatedDir);
  if (problems.length > 0) {
    console.error(`proto:check: ${generatedRelDir} is stale:`);
    for (const problem of problems) console.error(`  ${problem}`);
    console.error('Run `npm run proto:generate` and commit the result (never edit generated files by hand).');
    process.exitCode = 1;
  } else {
    console.log(`proto:check: ${generatedRelDir} is up to date with proto/`);
  }
} catch (error) {
  console.error(`proto:check: ${error.message}`);
  process.exitCode = 1;
} finally {
  await rm(tempBase, { recursive: true, force: true });
}

/** One line per file that differs, is missing from the committed folder, or should not be there. */
async function compareTrees(expectedDir, actualDir) {
  const expected = await listFiles(expectedDir);
  const actual = new Set(await listFiles(actualDir));
  const problems = [];
  for (const rel of expected) {
    const shown = path.join(generatedRelDir, rel);
    if (!actual.has(rel)) {
      problems.push(`missing:  ${shown}`);
      continue;
    }
    actual.delete(rel);
    const [want, have] = await Promise.all([
      readFile(path.join(expectedDir, rel)),
      readFile(path.join(actualDir, rel)),
    ]);
    if (!want.equals(have)) problems.push(`modified: ${shown}`);
  }
  for (const rel of actual) problems.push(`extra:    ${path.join(generatedRelDir, rel)} (no schema generates it)`);
  return problems;
}
