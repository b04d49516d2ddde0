import { cp, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildBundle, checkBundle, hashBuildInputs } from '../../../src/app/bundle.ts';
import { projectRoot } from '../../../src/http/app.ts';

/**
 * The production bundle (client + SSR) of the sources as they are now, for tests and benchmarks,
 * in a folder of the caller's own that it may delete when done. A production build rather than
 * Vite's dev middleware: no dependency pre-bundling or full reloads mid-test, no HMR socket, and
 * the browser sees exactly what production serves.
 *
 * Built at most once per source state (src/app/bundle.ts decides freshness by the hash of the
 * build inputs): ./dist when `npm run build` or `npm start` left it fresh, else a shared bundle
 * in the temporary folder named by that hash, which every test file and benchmark of the same
 * sources reuses. Callers get a copy (a fraction of a second), never ./dist itself, which a
 * developer's server may be using.
 */
export async function buildWebBundle(): Promise<string> {
  const inputs = await hashBuildInputs(projectRoot);
  const dist = path.join(projectRoot, 'dist');
  const source = (await checkBundle(projectRoot, dist, inputs)).fresh
    ? dist
    : await sharedBundle(inputs);
  const copy = await mkdtemp(path.join(tmpdir(), 'pitwall-web-'));
  await cp(source, copy, { recursive: true });
  return copy;
}

const SHARED_PREFIX = 'pitwall-bundle-';
/** Shared bundles of other source states older than this are removed after a build. */
const SHARED_KEEP_MS = 60 * 60 * 1000;

/**
 * The shared bundle of `inputs`. Built into a scratch folder and renamed into place, so a
 * concurrent caller never sees half a bundle; the one that loses the rename uses the winner's.
 */
async function sharedBundle(inputs: string): Promise<string> {
  const dir = path.join(tmpdir(), `${SHARED_PREFIX}${inputs.slice(0, 16)}`);
  const fresh = async () => (await checkBundle(projectRoot, dir, inputs)).fresh;
  if (await fresh()) return dir;
  const scratch = await mkdtemp(path.join(tmpdir(), 'pitwall-bundle-build-'));
  try {
    await buildBundle(projectRoot, scratch);
    try {
      await rename(scratch, dir);
    } catch {
      if (await fresh()) return dir;
      await rm(dir, { recursive: true, force: true });
      await rename(scratch, dir);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  await pruneSharedBundles(dir);
  return dir;
}

async function pruneSharedBundles(keep: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(tmpdir())) {
    const dir = path.join(tmpdir(), name);
    if (!name.startsWith(SHARED_PREFIX) || dir === keep) continue;
    const info = await stat(dir).catch(() => null);
    if (info && now - info.mtimeMs > SHARED_KEEP_MS)
      await rm(dir, { recursive: true, force: true });
  }
}
