// What the proto scripts share: where the schemas and the generated code live, how to run
// buf (the binary from node_modules, so no global install and no network), and how the
// generated TypeScript is formatted so committed files are byte-for-byte reproducible.
import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const protoDir = 'proto';
export const genTemplate = 'proto/buf.gen.yaml';
/** Where buf.gen.yaml writes, relative to the repository root (or to `buf generate -o`). */
export const generatedRelDir = 'packages/contracts/src/gen';
export const generatedDir = path.join(repoRoot, generatedRelDir);

const bufBin = path.join(repoRoot, 'node_modules', '.bin', 'buf');

/**
 * Runs buf from the repository root (buf.gen.yaml's plugin and output paths are relative
 * to it). Output goes straight to the terminal; returns buf's exit status.
 */
export function runBuf(args) {
  const result = spawnSync(bufBin, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.error) throw new Error(`could not run ${bufBin}: ${result.error.message}`);
  return result.status ?? 1;
}

/**
 * Generates the TypeScript for every schema in proto/ and formats it. With `outputBase`
 * the files go to `<outputBase>/packages/contracts/src/gen` instead of the package (used
 * to compare a fresh generation with the committed one).
 */
export async function generate(outputBase) {
  const args = ['generate', '--template', genTemplate];
  if (outputBase) args.push('--output', outputBase);
  const status = runBuf(args);
  if (status !== 0) throw new Error(`buf generate failed (exit ${status})`);
  const outDir = outputBase ? path.join(outputBase, generatedRelDir) : generatedDir;
  await formatTree(outDir);
  return outDir;
}

/**
 * Formats every generated file with the repository's prettier settings. The generated
 * folder is in .prettierignore (nobody edits it by hand), so the API is used directly and
 * the options are resolved for the file's committed location, wherever it was written.
 */
async function formatTree(outDir) {
  for (const rel of await listFiles(outDir)) {
    const file = path.join(outDir, rel);
    const options = (await prettier.resolveConfig(path.join(generatedDir, rel))) ?? {};
    const source = await readFile(file, 'utf8');
    await writeFile(file, await prettier.format(source, { ...options, filepath: file }));
  }
}

/** Every file below `dir`, as sorted paths relative to it; [] when `dir` does not exist. */
export async function listFiles(dir) {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
