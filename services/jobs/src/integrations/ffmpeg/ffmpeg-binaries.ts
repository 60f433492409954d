import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '@kadr/telemetry';

/**
 * Which ffmpeg and ffprobe the service runs. `npm ci && npm start` must render on a machine
 * without a system ffmpeg, so the npm-shipped static builds are the fallback; a system one on
 * PATH is preferred (Debian's is newer and has every filter the scene uses), and a configured
 * path is used exactly as given.
 */
export type BinarySource = 'configured' | 'system' | 'npm package' | 'not found';

export interface ResolvedBinary {
  path: string;
  source: BinarySource;
}

export interface FfmpegBinaries {
  ffmpeg: ResolvedBinary;
  ffprobe: ResolvedBinary;
}

export interface BinaryLookup {
  /** The PATH to search (default: process.env.PATH). */
  pathEnv?: string;
  /** Where the npm package's binary is, or undefined (default: the installed package's `path`). */
  npmBinary?: (name: BinaryName) => string | undefined;
}

type BinaryName = 'ffmpeg' | 'ffprobe';

const VARIABLE_OF: Record<BinaryName, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };

const NPM_PACKAGE_OF: Record<BinaryName, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

export class FfmpegBinaryError extends Error {
  override readonly name = 'FfmpegBinaryError';
}

/** The installed package's binary; undefined when the package has none for this platform (it throws then). */
function installedNpmBinary(name: BinaryName): string | undefined {
  try {
    // Loaded only when needed: the packages throw at load time on a platform they do not ship.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const installed = require(NPM_PACKAGE_OF[name]) as { path?: unknown };
    return typeof installed.path === 'string' ? installed.path : undefined;
  } catch {
    return undefined;
  }
}

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The first executable `name` in the PATH's directories (what a shell would run), without spawning `which`. */
function onPath(name: BinaryName, pathEnv: string): string | undefined {
  for (const dir of pathEnv.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isFile(candidate) && isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * A file that exists but this user may not run (npm 11 skips the packages' `chmod u+x`
 * postinstall, and ffprobe ships as 0744) fails at start-up, naming the variable that fixes it,
 * rather than as EACCES in the middle of a render.
 */
function assertRunnable(name: BinaryName, file: string, what: string): void {
  if (!isFile(file) || isExecutable(file)) return;
  throw new FfmpegBinaryError(
    `${name} ${what} (${file}) is not executable by this user: set ${VARIABLE_OF[name]} to a ${name} you can run, ` +
      `or make it executable (chmod +x)`,
  );
}

function resolveBinary(name: BinaryName, configured: string | undefined, lookup: BinaryLookup): ResolvedBinary {
  if (configured) {
    // A bare name is left to spawn's own PATH search; a path is checked now.
    if (configured.includes(path.sep)) assertRunnable(name, configured, `of ${VARIABLE_OF[name]}`);
    return { path: configured, source: 'configured' };
  }
  const system = onPath(name, lookup.pathEnv ?? process.env.PATH ?? '');
  if (system) return { path: system, source: 'system' };
  const shipped = (lookup.npmBinary ?? installedNpmBinary)(name);
  if (shipped && isFile(shipped)) {
    assertRunnable(name, shipped, `from the npm package ${NPM_PACKAGE_OF[name]}`);
    return { path: shipped, source: 'npm package' };
  }
  // Nothing to run: the local provider reports itself unavailable, as without ffmpeg before.
  return { path: name, source: 'not found' };
}

/** FFMPEG_PATH / FFPROBE_PATH when set, else the system's on PATH, else the npm packages'. Throws FfmpegBinaryError. */
export function resolveFfmpegBinaries(
  configured: { FFMPEG_PATH?: string | undefined; FFPROBE_PATH?: string | undefined },
  lookup: BinaryLookup = {},
): FfmpegBinaries {
  return {
    ffmpeg: resolveBinary('ffmpeg', configured.FFMPEG_PATH, lookup),
    ffprobe: resolveBinary('ffprobe', configured.FFPROBE_PATH, lookup),
  };
}

/**
 * The ffmpeg and ffprobe this process runs, logged once (path and where each came from). Throws a
 * clear start-up error when one exists but may not be run (the variable to set is in the message).
 */
export function reportedFfmpegBinaries(
  configured: { FFMPEG_PATH?: string | undefined; FFPROBE_PATH?: string | undefined },
  logger: Pick<Logger, 'info' | 'warn'>,
): FfmpegBinaries {
  const binaries = resolveFfmpegBinaries(configured);
  const { ffmpeg, ffprobe } = binaries;
  const fields = {
    ffmpeg: ffmpeg.path,
    ffmpegSource: ffmpeg.source,
    ffprobe: ffprobe.path,
    ffprobeSource: ffprobe.source,
  };
  if (ffmpeg.source === 'not found' || ffprobe.source === 'not found') {
    logger.warn(fields, 'ffmpeg/ffprobe not found (PATH, npm packages): the local renderer is unavailable');
  } else {
    logger.info(fields, 'using ffmpeg and ffprobe');
  }
  return binaries;
}
