import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_STAMP, bundleStatus, checkBundle, hashBuildInputs } from './bundle.ts';

const stamp = (inputs: string) => ({ format: 1, inputs, builtAt: '2026-11-26T00:00:00.000Z' });

describe('whether the production bundle is fresh (the decision)', () => {
  it('is fresh when both bundles exist and the stamp names the current inputs', () => {
    expect(
      bundleStatus({ stamp: stamp('abc'), hasClient: true, hasSsr: true, inputs: 'abc' }),
    ).toEqual({ fresh: true });
  });

  it('is missing when nothing was built', () => {
    expect(bundleStatus({ stamp: null, hasClient: false, hasSsr: false, inputs: 'abc' })).toEqual({
      fresh: false,
      reason: 'missing',
    });
  });

  it('is incomplete when a half or the stamp (written last) is absent', () => {
    for (const found of [
      { stamp: stamp('abc'), hasClient: false, hasSsr: true },
      { stamp: stamp('abc'), hasClient: true, hasSsr: false },
      { stamp: null, hasClient: true, hasSsr: true },
    ])
      expect(bundleStatus({ ...found, inputs: 'abc' })).toEqual({
        fresh: false,
        reason: 'incomplete',
      });
  });

  it('is stale when the inputs changed or the stamp has another format', () => {
    expect(
      bundleStatus({ stamp: stamp('old'), hasClient: true, hasSsr: true, inputs: 'new' }),
    ).toEqual({ fresh: false, reason: 'stale' });
    expect(
      bundleStatus({
        stamp: { ...stamp('abc'), format: 0 },
        hasClient: true,
        hasSsr: true,
        inputs: 'abc',
      }),
    ).toEqual({ fresh: false, reason: 'stale' });
  });

  it('is unreadable when the stamp is not a stamp', () => {
    expect(
      bundleStatus({ stamp: 'unreadable', hasClient: true, hasSsr: true, inputs: 'abc' }),
    ).toEqual({ fresh: false, reason: 'unreadable' });
  });
});

describe('the bundle against the sources on disk', () => {
  let root: string;
  const write = async (rel: string, text: string) => {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), text);
  };
  const outDir = () => path.join(root, 'dist');
  const fakeBuild = async () => {
    await write('dist/client/.vite/manifest.json', '{}');
    await write('dist/ssr/ssr.mjs', 'export function render() {}');
    await write(`dist/${BUILD_STAMP}`, JSON.stringify(stamp(await hashBuildInputs(root))));
  };

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'pitwall-bundle-'));
    await write('web/app.tsx', 'export const a = 1;');
    await write('web/pages/Home.tsx', 'export default function Home() {}');
    await write('src/domain/irating.ts', 'export const k = 1;');
    await write('src/http/app.ts', 'server code');
    await write('vite.config.ts', 'export default {};');
    await write('package-lock.json', '{"lockfileVersion":3}');
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is missing before the first build and fresh right after it', async () => {
    expect(await checkBundle(root, outDir())).toMatchObject({ fresh: false, reason: 'missing' });
    await fakeBuild();
    expect(await checkBundle(root, outDir())).toMatchObject({ fresh: true });
  });

  it('goes stale when a page, the domain code, the Vite config or the lock file changes', async () => {
    for (const [rel, text] of [
      ['web/pages/Home.tsx', 'export default function Home() { return 1; }'],
      ['web/pages/New.tsx', 'a new page'],
      ['src/domain/irating.ts', 'export const k = 2;'],
      ['vite.config.ts', 'export default { base: "/x/" };'],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
    ] as const) {
      await fakeBuild();
      await write(rel, text);
      expect(await checkBundle(root, outDir()), rel).toMatchObject({
        fresh: false,
        reason: 'stale',
      });
    }
  });

  it('stays fresh when only server code, a test or file times change', async () => {
    await fakeBuild();
    await write('src/http/app.ts', 'other server code');
    await write('web/lib/format.unit.test.ts', 'a test beside the page code');
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'web/app.tsx'), later, later);
    expect(await checkBundle(root, outDir())).toMatchObject({ fresh: true });
  });

  it('hashes paths as well as bytes (a renamed file is a change)', async () => {
    const before = await hashBuildInputs(root);
    await rm(path.join(root, 'web/pages/Home.tsx'));
    await write('web/pages/Start.tsx', 'export default function Home() {}');
    expect(await hashBuildInputs(root)).not.toBe(before);
  });
});
