import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testServerUrl } from '../../tests/support/runtime.ts';
import { assertServerOf } from './resolve-database.ts';

/**
 * A PostgreSQL found on the embedded port is used only when it is this folder's
 * (docs/reliability.md, "Embedded database"). The machine's server stands in for "a server on
 * the port"; a folder whose `pg` links to its data directory stands in for its own folder.
 */
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function dataDirectoryOf(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!
      .data_directory;
  } finally {
    await client.end();
  }
}

describe('assertServerOf', () => {
  it("refuses a server whose data is another folder's, naming both and what to do", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pitwall-embedded-'));
    dirs.push(dir);
    await expect(assertServerOf(testServerUrl, dir, 5432)).rejects.toThrow(
      new RegExp(
        `Port 5432 is held by a PostgreSQL whose data is in .*, not this folder's ${dir}/pg.*EMBEDDED_PG_PORT`,
      ),
    );
  });

  it('accepts the server whose data directory is this folder’s pg', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pitwall-embedded-'));
    dirs.push(dir);
    await symlink(await dataDirectoryOf(testServerUrl), path.join(dir, 'pg'));
    await expect(assertServerOf(testServerUrl, dir, 5432)).resolves.toBeUndefined();
  });
});
