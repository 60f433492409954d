// npm run proto:breaking — fails when proto/ breaks the schemas of the baseline: the proto/
// folder of git `origin/main`, else `main`, else `HEAD` (PROTO_BASELINE_REF picks another
// ref). The baseline is exported with `git archive` into a temporary folder, so the
// working tree, the index and the network are never touched. With no commits yet (or no
// proto/ at the baseline) there is nothing to break: it says so and exits 0.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { protoDir, repoRoot, runBuf } from './proto-tooling.mjs';

const candidateRefs = process.env.PROTO_BASELINE_REF
  ? [process.env.PROTO_BASELINE_REF]
  : ['origin/main', 'main', 'HEAD'];

const baselineRef = candidateRefs.find((ref) => git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).ok);
if (!baselineRef) {
  console.log(
    `proto:breaking: no baseline (none of ${candidateRefs.join(', ')} is a commit here) — nothing to compare.`,
  );
} else if (git(['ls-tree', '-d', '--name-only', baselineRef, protoDir]).stdout.trim() === '') {
  console.log(`proto:breaking: ${baselineRef} has no ${protoDir}/ folder — nothing to compare.`);
} else {
  process.exitCode = await compareWith(baselineRef);
}

async function compareWith(ref) {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'kadr-proto-baseline-'));
  try {
    const archive = git(['archive', '--format=tar', ref, protoDir], { binary: true });
    if (!archive.ok) throw new Error(`git archive ${ref} ${protoDir} failed: ${archive.stderr}`);
    const untar = spawnSync('tar', ['-x', '-C', tempDir], { input: archive.stdout });
    if (untar.status !== 0) throw new Error(`could not unpack the baseline: ${untar.stderr}`);

    console.log(
      `proto:breaking: comparing ${protoDir}/ with ${ref} (${git(['rev-parse', '--short', ref]).stdout.trim()})`,
    );
    const status = runBuf(['breaking', protoDir, '--against', path.join(tempDir, protoDir)]);
    console.log(
      status === 0 ? 'proto:breaking: no breaking changes.' : 'proto:breaking: breaking changes found (above).',
    );
    return status;
  } catch (error) {
    console.error(`proto:breaking: ${error.message}`);
    return 1;
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}

function git(args, { binary = false } = {}) {
  const result = spawnSync('git', args, {
    cwd: repoRoot,
    encoding: binary ? 'buffer' : 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return {
    ok: result.status === 0,
    stdout: result.stdout ?? (binary ? Buffer.alloc(0) : ''),
    stderr: String(result.stderr ?? ''),
  };
}
