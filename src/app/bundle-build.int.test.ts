import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../http/app.ts';
import { buildLockPath, ensureBundle } from './bundle.ts';

/**
 * What `npm start` does with dist/ before it serves (src/main.ts calls `ensureBundle`): the real
 * freshness check and build runner, with a stand-in for Vite in the scratch checkout's
 * node_modules/.bin that records every build it runs in builds.log and writes what Vite would.
 * While the file `gate` exists the stand-in waits before writing, so a test can hold a build open
 * for as long as it needs.
 */
const FAKE_VITE = `#!/usr/bin/env node
const fs = require('node:fs');
const path = require('node:path');
const args = process.argv.slice(2);
const outDir = args[args.indexOf('--outDir') + 1];
const kind = args.includes('--ssr') ? 'ssr' : 'client';
const log = path.join(process.cwd(), 'builds.log');
fs.appendFileSync(log, kind + ' start\\n');
const gate = path.join(process.cwd(), 'gate');
const finish = () => {
  if (fs.existsSync(gate)) return setTimeout(finish, 50);
  fs.rmSync(outDir, { recursive: true, force: true });
  if (kind === 'ssr') {
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'ssr.mjs'), 'export function render() {}');
  } else {
    fs.mkdirSync(path.join(outDir, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(outDir, '.vite', 'manifest.json'), '{}');
  }
  fs.appendFileSync(log, kind + ' end\\n');
};
finish();
`;

/** A second `npm start` of the same checkout, reduced to its bundle step. */
const RUNNER = `import { ensureBundle } from ${JSON.stringify(path.join(projectRoot, 'src/app/bundle.ts'))};
const [root] = process.argv.slice(2);
const result = await ensureBundle(root, root + '/dist', (m) => console.log(m));
console.log('RESULT ' + JSON.stringify(result));
`;

describe('npm start and the bundle in dist/', () => {
  let root: string;
  const dist = () => path.join(root, 'dist');
  const write = async (rel: string, text: string) => {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), text);
  };
  const builds = async () =>
    (await readFile(path.join(root, 'builds.log'), 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean);
  const children: ChildProcess[] = [];

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'pitwall-bundle-build-'));
    await write('web/app.tsx', 'export const a = 1;');
    await write('web/pages/Home.tsx', 'export default function Home() {}');
    await write('src/domain/irating.ts', 'export const k = 1;');
    await write('vite.config.ts', 'export default {};');
    await write('package-lock.json', '{"lockfileVersion":3}');
    await write('node_modules/.bin/vite', FAKE_VITE);
    await chmod(path.join(root, 'node_modules/.bin/vite'), 0o755);
    await write('runner.mts', RUNNER);
  });
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    await rm(root, { recursive: true, force: true });
  });

  it('builds when the bundle is missing or its stamp does not match the sources, and not when unchanged', async () => {
    expect(await ensureBundle(root, dist())).toEqual({
      built: true,
      status: { fresh: false, reason: 'missing' },
    });
    expect(await builds()).toEqual(['client start', 'client end', 'ssr start', 'ssr end']);

    expect(await ensureBundle(root, dist())).toEqual({ built: false, status: { fresh: true } });
    expect(await builds()).toHaveLength(4);

    await write('web/pages/Home.tsx', 'export default function Home() { return 1; }');
    expect(await ensureBundle(root, dist())).toEqual({
      built: true,
      status: { fresh: false, reason: 'stale' },
    });
    expect(await builds()).toHaveLength(8);
    expect(existsSync(buildLockPath(dist()))).toBe(false);
  });

  /** Starts the runner (a process of its own); collects its output. */
  const start = () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'runner.mts'), root],
      {
        cwd: projectRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    children.push(child);
    const out = { text: '' };
    child.stdout.on('data', (chunk: Buffer) => (out.text += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { child, out, exited };
  };
  /** Waits until `ready` holds (the test's timeout bounds the wait). */
  const until = async (ready: () => boolean | Promise<boolean>) => {
    while (!(await ready())) await sleep(50);
  };
  const resultOf = (text: string) =>
    JSON.parse(/^RESULT (.*)$/m.exec(text)?.[1] ?? 'null') as unknown;

  it('two processes starting at once in one checkout: one builds, the other waits and uses its build', async () => {
    await write('gate', '');
    const first = start();
    await until(async () => (await builds()).includes('client start'));
    const second = start();
    await until(() => second.out.text.includes('is building the production bundle'));
    expect(second.out.text).toContain(`Another process (pid ${first.child.pid})`);
    await rm(path.join(root, 'gate'));

    expect(await first.exited).toBe(0);
    expect(await second.exited).toBe(0);
    expect(resultOf(first.out.text)).toEqual({
      built: true,
      status: { fresh: false, reason: 'missing' },
    });
    expect(resultOf(second.out.text)).toEqual({ built: false, status: { fresh: true } });
    expect(second.out.text).toContain('was built by another process meanwhile');
    expect(await builds()).toEqual(['client start', 'client end', 'ssr start', 'ssr end']);
    expect(existsSync(buildLockPath(dist()))).toBe(false);
  });

  it('breaks the lock of a process that died while building', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const lock = {
      pid: dead,
      host: hostname(),
      token: 'left-behind',
      since: new Date().toISOString(),
    };
    await writeFile(buildLockPath(dist()), JSON.stringify(lock));
    expect(await ensureBundle(root, dist())).toMatchObject({ built: true });
    expect(await builds()).toHaveLength(4);
    expect(existsSync(buildLockPath(dist()))).toBe(false);
  });
});
