import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The key that signs session cookies and CSRF tokens: SESSION_SECRET when set, otherwise a
 * random 48-byte key generated once and kept in `<DATA_DIR>/session-secret` (mode 0600), so
 * sessions survive restarts without a secret ever being committed. DATA_DIR is gitignored.
 */
export async function loadSessionSecret(opts: {
  configured: string | undefined;
  dataDir: string;
}): Promise<string> {
  if (opts.configured) return opts.configured;
  const file = path.resolve(opts.dataDir, 'session-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // 'wx' fails if another process created it meanwhile; then use theirs.
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return (await readFile(file, 'utf8')).trim();
  }
}
