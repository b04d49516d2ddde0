import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../../src/http/app.ts';

const run = promisify(execFile);

/**
 * Builds the client and SSR bundles once into a fresh temporary directory (never ./dist, which
 * a developer's server may be using) and returns it. A production build rather than Vite's dev
 * middleware: no dependency pre-bundling or full reloads mid-test, no HMR socket, and the
 * browser sees exactly what production serves; on this 2-core machine it takes a few seconds.
 */
export async function buildWebBundle(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pitwall-web-'));
  const vite = path.join(projectRoot, 'node_modules', '.bin', 'vite');
  const opts = { cwd: projectRoot, env: { ...process.env, NODE_ENV: 'production' } };
  await run(
    vite,
    ['build', '--outDir', path.join(dir, 'client'), '--emptyOutDir', '--logLevel', 'warn'],
    opts,
  );
  await run(
    vite,
    [
      'build',
      '--ssr',
      'web/ssr.tsx',
      '--outDir',
      path.join(dir, 'ssr'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    opts,
  );
  return dir;
}
