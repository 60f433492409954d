import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';

/** Fonts install-prereqs.sh installs (fonts-liberation) and Debian's usual fallback. */
const KNOWN_FONT_FILES = [
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
];

/**
 * The DejaVu Sans Bold the `dejavu-fonts-ttf` npm package ships: text still shows on a machine
 * with no fonts installed (a fresh `npm ci`), after every system font.
 */
export function npmPackageFont(): string | undefined {
  try {
    return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans-Bold.ttf');
  } catch {
    return undefined;
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

function fcMatch(pattern: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('fc-match', ['-f', '%{file}', pattern], { timeout: 3_000 }, (error, stdout) =>
      resolve(error ? undefined : stdout.trim() || undefined),
    );
  });
}

/**
 * A bold sans font for the prompt text: the configured file, else fontconfig's answer, else a
 * known path, else the npm package's DejaVu. Undefined when none exists — the scene is then drawn without text (never a crash).
 */
export async function findFontFile(configured?: string): Promise<string | undefined> {
  for (const candidate of [configured, await fcMatch('Liberation Sans:bold'), ...KNOWN_FONT_FILES, npmPackageFont()]) {
    if (candidate && /\.(ttf|otf)$/i.test(candidate) && (await exists(candidate))) return candidate;
  }
  return undefined;
}
