import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, mkdir, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

/**
 * The production bundle (`npm run build`: dist/client and dist/ssr) and whether it still matches
 * the sources it was built from.
 *
 * Freshness is decided by content, not by file times: the build writes `build-stamp.json` beside
 * the bundles with the SHA-256 of every build input (path and bytes, in a fixed order). A start
 * recomputes that hash and compares. Content hashes survive what file times do not (a `git
 * checkout` that rewrites a file with the same bytes, a Docker `COPY` that resets times, a clock
 * that differs between the build and the run stage), and hashing the inputs takes well under a
 * second.
 */

/**
 * What the bundles are made of: the client and SSR sources, the pure domain code they import,
 * the Vite config and the exact dependency tree. Test files under web/ are not bundled.
 */
export const BUILD_INPUTS = ['web', 'src/domain', 'vite.config.ts', 'package-lock.json'] as const;

/** The file the build writes last; a bundle without it is incomplete. */
export const BUILD_STAMP = 'build-stamp.json';

const STAMP_FORMAT = 1;

export interface BuildStamp {
  format: number;
  /** SHA-256 (hex) of the build inputs the bundle was made from. */
  inputs: string;
  builtAt: string;
}

export type BundleStatus =
  { fresh: true } | { fresh: false; reason: 'missing' | 'incomplete' | 'stale' | 'unreadable' };

/**
 * The decision, pure: a bundle is fresh when both halves exist and its stamp records the hash of
 * the inputs as they are now.
 */
export function bundleStatus(found: {
  stamp: BuildStamp | null | 'unreadable';
  hasClient: boolean;
  hasSsr: boolean;
  inputs: string;
}): BundleStatus {
  if (!found.hasClient && !found.hasSsr && found.stamp === null)
    return { fresh: false, reason: 'missing' };
  if (found.stamp === 'unreadable') return { fresh: false, reason: 'unreadable' };
  if (found.stamp === null || !found.hasClient || !found.hasSsr)
    return { fresh: false, reason: 'incomplete' };
  if (found.stamp.format !== STAMP_FORMAT || found.stamp.inputs !== found.inputs)
    return { fresh: false, reason: 'stale' };
  return { fresh: true };
}

const isBundled = (rel: string) => !/\.test\.tsx?$/.test(rel);

async function listFiles(root: string, rel: string): Promise<string[]> {
  const abs = path.join(root, rel);
  const entries = await readdir(abs, { withFileTypes: true }).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw err;
  });
  if (entries === null) return [rel];
  const out: string[] = [];
  for (const e of entries) {
    const child = path.posix.join(rel, e.name);
    if (e.isDirectory()) out.push(...(await listFiles(root, child)));
    else if (e.isFile()) out.push(child);
  }
  return out;
}

/** SHA-256 over every build input's path and bytes, in sorted path order. */
export async function hashBuildInputs(root: string): Promise<string> {
  const files: string[] = [];
  for (const input of BUILD_INPUTS) {
    if (!existsSync(path.join(root, input))) continue;
    files.push(...(await listFiles(root, input)));
  }
  files.sort();
  const hash = createHash('sha256');
  for (const rel of files.filter(isBundled)) {
    const bytes = await readFile(path.join(root, rel));
    hash.update(`${rel}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

async function readStamp(outDir: string): Promise<BuildStamp | null | 'unreadable'> {
  let raw: string;
  try {
    raw = await readFile(path.join(outDir, BUILD_STAMP), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(raw) as Partial<BuildStamp>;
    if (typeof parsed.inputs !== 'string' || typeof parsed.format !== 'number') return 'unreadable';
    return parsed as BuildStamp;
  } catch {
    return 'unreadable';
  }
}

/**
 * The bundle in `outDir` compared with the sources under `root` now (`inputs`: their hash when
 * the caller has it already).
 */
export async function checkBundle(
  root: string,
  outDir: string,
  inputs?: string,
): Promise<BundleStatus & { inputs: string }> {
  inputs ??= await hashBuildInputs(root);
  const status = bundleStatus({
    stamp: await readStamp(outDir),
    hasClient: existsSync(path.join(outDir, 'client', '.vite', 'manifest.json')),
    hasSsr: existsSync(path.join(outDir, 'ssr', 'ssr.mjs')),
    inputs,
  });
  return { ...status, inputs };
}

const run = promisify(execFile);

/**
 * Builds the client bundle into `<outDir>/client` and the SSR bundle into `<outDir>/ssr` with
 * the project's Vite (a development dependency), then writes the stamp of the inputs hashed
 * before the build began: an edit made while it runs leaves the bundle stale, never wrongly fresh.
 */
export async function buildBundle(root: string, outDir: string): Promise<BuildStamp> {
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  if (!existsSync(vite))
    throw new Error(
      `The production bundle in ${outDir} must be built, and Vite is not installed here (${vite}): ` +
        'run `npm run build` where the development dependencies are installed, or install them (`npm ci`).',
    );
  const inputs = await hashBuildInputs(root);
  await mkdir(outDir, { recursive: true });
  await rm(path.join(outDir, BUILD_STAMP), { force: true });
  const opts = {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  };
  const common = ['--emptyOutDir', '--logLevel', 'warn'];
  await run(vite, ['build', '--outDir', path.join(outDir, 'client'), ...common], opts);
  await run(
    vite,
    ['build', '--ssr', 'web/ssr.tsx', '--outDir', path.join(outDir, 'ssr'), ...common],
    opts,
  );
  const stamp: BuildStamp = { format: STAMP_FORMAT, inputs, builtAt: new Date().toISOString() };
  await writeFile(path.join(outDir, BUILD_STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
  return stamp;
}

/** Who holds the build lock (the lock file's content). */
export interface BuildLockHolder {
  pid: number;
  host: string;
  /** Unique per acquisition: a release or a stale-lock break touches only the lock it read. */
  token: string;
  since: string;
}

/** A lock older than this is stale whoever holds it (a build takes well under a minute). */
const LOCK_STALE_MS = 15 * 60 * 1000;
const LOCK_POLL_MS = 200;
/** Tokens of the locks this process holds (a lock naming this pid and another token is stale). */
const heldHere = new Set<string>();

/**
 * The lock file of builds into `outDir`: beside it in its parent (`.dist.build-lock` for
 * `dist`), so it survives the build emptying `outDir` and is found by every process of the
 * checkout.
 */
export function buildLockPath(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.build-lock`);
}

function parseHolder(text: string): BuildLockHolder | null {
  try {
    const h = JSON.parse(text) as Partial<BuildLockHolder>;
    return typeof h.pid === 'number' && typeof h.host === 'string' && typeof h.token === 'string'
      ? { pid: h.pid, host: h.host, token: h.token, since: String(h.since) }
      : null;
  } catch {
    return null;
  }
}

/**
 * Whether the lock's holder may still be building: its process is alive (on this host; on
 * another one only the age can tell) and the lock is younger than LOCK_STALE_MS.
 */
function holderAlive(h: BuildLockHolder): boolean {
  const age = Date.now() - Date.parse(h.since);
  if (!(age < LOCK_STALE_MS)) return false;
  if (h.host !== hostname()) return true;
  if (h.pid === process.pid) return heldHere.has(h.token);
  try {
    process.kill(h.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes a stale lock, but only the one that was read: it is first renamed aside (atomic), and
 * if what was moved is not what was judged stale (another process took the lock in between), it
 * is linked back.
 */
async function breakStaleLock(lockPath: string, seen: string, token: string): Promise<void> {
  const aside = `${lockPath}.${token}.stale`;
  try {
    await rename(lockPath, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  try {
    if ((await readFile(aside, 'utf8')) !== seen)
      await link(aside, lockPath).catch((err: unknown) => {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      });
  } finally {
    await rm(aside, { force: true });
  }
}

/**
 * Runs `run` while holding the build lock of `outDir`, so two processes of one checkout
 * starting at once never both write the bundle: the lock file is created whole or not at all
 * (written aside, then hard-linked into place, which fails if it exists). A process that finds
 * it held calls `onWait` once and polls until it is released; a lock whose holder died (its pid
 * is gone on this host) or that is older than 15 minutes is broken.
 */
export async function withBuildLock<T>(
  outDir: string,
  run: () => Promise<T>,
  onWait: (holder: BuildLockHolder) => void = () => {},
): Promise<T> {
  const lockPath = buildLockPath(outDir);
  await mkdir(path.dirname(lockPath), { recursive: true });
  const me: BuildLockHolder = {
    pid: process.pid,
    host: hostname(),
    token: randomUUID(),
    since: new Date().toISOString(),
  };
  const text = JSON.stringify(me);
  const draft = `${lockPath}.${me.token}`;
  await writeFile(draft, text);
  let told = false;
  try {
    for (;;) {
      try {
        await link(draft, lockPath);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const seen = await readFile(lockPath, 'utf8').catch(() => null);
      if (seen === null) continue;
      const holder = parseHolder(seen);
      if (!holder || !holderAlive(holder)) {
        await breakStaleLock(lockPath, seen, me.token);
        continue;
      }
      if (!told) onWait(holder);
      told = true;
      await sleep(LOCK_POLL_MS);
    }
  } finally {
    await rm(draft, { force: true });
  }
  heldHere.add(me.token);
  try {
    return await run();
  } finally {
    heldHere.delete(me.token);
    if ((await readFile(lockPath, 'utf8').catch(() => null)) === text)
      await unlink(lockPath).catch(() => {});
  }
}

/**
 * Builds the bundle in `outDir` when it is missing, incomplete or stale; a fresh one is used as
 * it is. The build runs under the build lock (`withBuildLock`), and the bundle is checked again
 * once the lock is held: a process that waited for another's build uses that build. Returns what
 * was found and whether this process built.
 */
export async function ensureBundle(
  root: string,
  outDir: string,
  log: (message: string) => void = () => {},
): Promise<{ built: boolean; status: BundleStatus }> {
  const first = await checkBundle(root, outDir);
  if (first.fresh) return { built: false, status: { fresh: true } };
  return withBuildLock(
    outDir,
    async () => {
      const status = await checkBundle(root, outDir, first.inputs);
      if (status.fresh) {
        log(`The production bundle in ${outDir} was built by another process meanwhile`);
        return { built: false, status: { fresh: true } };
      }
      log(`The production bundle in ${outDir} is ${status.reason}: building it…`);
      await buildBundle(root, outDir);
      return { built: true, status: { fresh: false, reason: status.reason } };
    },
    (holder) =>
      log(
        `Another process (pid ${holder.pid}) is building the production bundle in ${outDir}; waiting for it…`,
      ),
  );
}
