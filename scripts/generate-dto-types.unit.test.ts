import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dtoTypesSource } from './generate-dto-types.ts';

const tsconfig = {
  compilerOptions: {
    target: 'ES2023',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    allowImportingTsExtensions: true,
    strict: true,
    noEmit: true,
  },
};

let dir: string | null = null;

/** A throwaway project of `files` (path → source) with a tsconfig.json. */
async function project(files: Record<string, string>): Promise<string> {
  dir = await mkdtemp(path.join(tmpdir(), 'dto-types-'));
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [file, source] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), source);
  }
  return dir;
}

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

const events = `
export const KINDS = ['a', 'b'] as const;
/** The kinds. */
export type Kind = (typeof KINDS)[number];
`;

const queries = `
import type { Kind } from '../events/kinds.ts';

/** Module notes: not a type's comment. */

interface LinkDto {
  url: string;
}

/** One item, as pages show it. */
export interface ItemDto {
  id: string;
  kind: Kind;
  /** Where it points. */
  links: LinkDto[];
  meta: Readonly<Record<string, number>>;
}

export interface ItemPage<T> {
  data: T[];
}

export interface DetailDto extends ItemDto {
  notes: string | null;
}

export interface NotListed {
  secret: string;
}

export async function listItems(): Promise<ItemDto[]> {
  return [];
}
`;

describe('dtoTypesSource', () => {
  it('copies the listed types with their doc comments and every project type they name', async () => {
    const root = await project({ 'src/events/kinds.ts': events, 'src/queries/items.ts': queries });
    const out = await dtoTypesSource(
      [{ module: 'src/queries/items.ts', types: ['DetailDto', 'ItemPage'] }],
      root,
    );

    expect(out).toContain('/** One item, as pages show it. */\nexport interface ItemDto {');
    expect(out).toContain('export interface DetailDto extends ItemDto {');
    expect(out).toContain('export interface ItemPage<T> {');
    // A type the module does not export is exported from the generated file.
    expect(out).toContain('export interface LinkDto {');
    // A type that names a value is written out as what it resolves to.
    expect(out).toContain("/** The kinds. */\nexport type Kind = 'a' | 'b';");
    expect(out).not.toContain('NotListed');
    expect(out).not.toContain('Module notes');
    expect(out).not.toContain('listItems');
    // Grouped by module, modules in path order.
    expect(out.indexOf('// src/events/kinds.ts')).toBeLessThan(
      out.indexOf('// src/queries/items.ts'),
    );
  });

  it('refuses a type that names something the browser cannot have', async () => {
    const root = await project({
      'src/queries/rows.ts': `
import type { Knex } from 'knex';
export interface RowDto { db: Knex }
`,
    });
    await expect(
      dtoTypesSource([{ module: 'src/queries/rows.ts', types: ['RowDto'] }], root),
    ).rejects.toThrow(/src\/queries\/rows\.ts:3: names `Knex`/);
  });

  it('refuses two different types of one name', async () => {
    const root = await project({
      'src/queries/a.ts': `export interface Meta { page: number }`,
      'src/queries/b.ts': `export interface Meta { cursor: string }`,
    });
    await expect(
      dtoTypesSource(
        [
          { module: 'src/queries/a.ts', types: ['Meta'] },
          { module: 'src/queries/b.ts', types: ['Meta'] },
        ],
        root,
      ),
    ).rejects.toThrow(/two types named `Meta`/);
  });

  it('refuses a type imported under another name', async () => {
    const root = await project({
      'src/queries/a.ts': `export interface Meta { page: number }`,
      'src/queries/b.ts': `
import type { Meta as PageInfo } from './a.ts';
export interface ListDto { meta: PageInfo }
`,
    });
    await expect(
      dtoTypesSource([{ module: 'src/queries/b.ts', types: ['ListDto'] }], root),
    ).rejects.toThrow(/`PageInfo` is `Meta` renamed/);
  });

  it('refuses a name the module does not export', async () => {
    const root = await project({ 'src/queries/a.ts': `export interface Meta { page: number }` });
    await expect(
      dtoTypesSource([{ module: 'src/queries/a.ts', types: ['Missing'] }], root),
    ).rejects.toThrow('src/queries/a.ts exports no `Missing`');
  });
});
