/**
 * The import-circle check (`npm run lint:cycles`, part of `npm run lint`) fails on a circle: run
 * with the project's own .dependency-cruiser.js on small folders written here, it exits non-zero
 * and names the circle for a value, a type-only and a lazy import circle, and passes a folder
 * without one.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const config = join(root, '.dependency-cruiser.js');
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');
const folders: string[] = [];

function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pitwall-cycles-'));
  folders.push(dir);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'ESNext',
        moduleResolution: 'Bundler',
        allowImportingTsExtensions: true,
        verbatimModuleSyntax: true,
        noEmit: true,
      },
    }),
  );
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function check(dir: string): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(
      depcruise,
      ['--config', config, '--output-type', 'err', 'src'],
      { cwd: dir },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('import-circle check', () => {
  it('is part of npm run lint and covers src, web, bench, scripts, tests and migrations', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.lint).toContain('npm run lint:cycles');
    expect(pkg.scripts['lint:cycles']).toMatch(
      /^depcruise --config \.dependency-cruiser\.js src web bench scripts tests migrations$/,
    );
  });

  it('passes a folder without a circle', async () => {
    const dir = fixture({
      'src/a.ts': "import { b } from './b.ts';\nexport const a = b + 1;\n",
      'src/b.ts': "import type { C } from './c.ts';\nexport const b: C = 1;\n",
      'src/c.ts': 'export type C = number;\n',
    });
    const result = await check(dir);
    expect(result.output).toContain('no dependency violations');
    expect(result.code).toBe(0);
  });

  it('fails on a circle of value imports', async () => {
    const dir = fixture({
      'src/a.ts': "import { b } from './b.ts';\nexport const a = () => b();\n",
      'src/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    });
    const result = await check(dir);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/no-circular: src\/a\.ts/);
  });

  it('fails on a circle closed by a type-only import', async () => {
    const dir = fixture({
      'src/system.ts':
        "import { wake } from './jobs/wake.ts';\nexport interface System { w: typeof wake }\n",
      'src/jobs/wake.ts':
        "import type { System } from '../system.ts';\nexport const wake = (s?: System) => s;\n",
    });
    const result = await check(dir);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('no-circular');
    expect(result.output).toContain('src/jobs/wake.ts');
  });

  it('fails on a circle closed by a lazy import()', async () => {
    const dir = fixture({
      'src/a.ts': "import { b } from './b.ts';\nexport const a = 1 + b;\n",
      'src/b.ts':
        "export const b = 2;\nexport const later = async () => (await import('./a.ts')).a;\n",
    });
    const result = await check(dir);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('no-circular');
  });
});
