import { open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

let temporaryCounter = 0;

/**
 * Replaces `filePath` with `text` so that a crash at any moment leaves either the old or the new
 * content, never a torn file: write a temporary sibling, fsync it, rename it over the target
 * (atomic on POSIX file systems), then fsync the folder so the rename itself is durable.
 */
export async function writeFileAtomically(filePath: string, text: string): Promise<void> {
  temporaryCounter += 1;
  const temporaryPath = `${filePath}.${process.pid}.${temporaryCounter}.tmp`;
  try {
    const handle = await open(temporaryPath, 'w', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporaryPath, filePath);
  } catch (err) {
    await rm(temporaryPath, { force: true }).catch(() => undefined);
    throw err;
  }
  await syncFolder(dirname(filePath));
}

async function syncFolder(folder: string): Promise<void> {
  // Opening a folder for fsync is not possible on every platform; the data is already renamed into place.
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    /* best effort */
  }
}

/** The file's content, or null when it does not exist. */
export async function readFileIfExists(filePath: string): Promise<string | null> {
  try {
    return await readFile(filePath, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Removes temporary files a crash left behind next to `filePath`. */
export async function removeLeftoverTemporaries(filePath: string): Promise<void> {
  const prefix = `${basename(filePath)}.`;
  const folder = dirname(filePath);
  for (const entry of await readdir(folder)) {
    if (entry.startsWith(prefix) && entry.endsWith('.tmp')) await rm(join(folder, entry), { force: true });
  }
}
