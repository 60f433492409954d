// npm run proto:generate — regenerates packages/contracts/src/gen from proto/ (buf +
// protoc-gen-es from node_modules, then prettier). Commit the result with the schema change.
import path from 'node:path';
import { generate, listFiles, repoRoot } from './proto-tooling.mjs';

try {
  const outDir = await generate();
  const files = await listFiles(outDir);
  console.log(`proto:generate: wrote ${files.length} files to ${path.relative(repoRoot, outDir)}`);
} catch (error) {
  console.error(`proto:generate: ${error.message}`);
  process.exitCode = 1;
}
