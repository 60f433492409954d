import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A development secret that must outlive a restart (an unsubscribe link in a caught e-mail still
 * works tomorrow): made once, at random, and kept in `<dataDir>/secrets/<name>` (readable by its
 * owner only). Only for the embedded mode; real deployments pass their secrets in.
 */
export async function persistedDevSecret(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, 'secrets', name);
  const kept = await readFile(file, 'utf8').catch(() => '');
  if (kept.trim().length >= 32) return kept.trim();
  const secret = randomBytes(32).toString('hex');
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
