/**
 * `npm run build`: the client bundle (dist/client) and the SSR bundle (dist/ssr), then
 * dist/build-stamp.json with the hash of the sources they were built from, which `npm start`
 * compares to decide whether the bundle is fresh (src/app/bundle.ts). Under the build lock:
 * a `npm start` building at the same time is waited for.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBundle, withBuildLock } from '../src/app/bundle.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const started = Date.now();
const outDir = path.join(projectRoot, 'dist');
try {
  const stamp = await withBuildLock(
    outDir,
    () => buildBundle(projectRoot, outDir),
    (holder) => console.log(`Waiting for the build of process ${holder.pid} to finish…`),
  );
  console.log(
    `Built ${path.relative(process.cwd(), outDir) || outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s (inputs ${stamp.inputs.slice(0, 12)})`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
