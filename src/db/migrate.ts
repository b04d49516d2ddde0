import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';

/**
 * Runs migrations/*.ts in file-name order, each once (knex's own bookkeeping table, with its
 * lock so two processes starting together do not migrate twice).
 * File names: NNNN_<area>_<what>.ts, NNNN unique across the project.
 */
export const migrationsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../migrations',
);

interface MigrationModule {
  up: (knex: Knex) => Promise<void>;
  down?: (knex: Knex) => Promise<void>;
}

class DirectoryMigrationSource implements Knex.MigrationSource<string> {
  async getMigrations(): Promise<string[]> {
    const files = await readdir(migrationsDir);
    return files.filter((f) => /^\d{4}_.+\.ts$/.test(f)).sort();
  }
  getMigrationName(file: string): string {
    return file.replace(/\.ts$/, '');
  }
  async getMigration(file: string): Promise<Knex.Migration> {
    const mod = (await import(
      pathToFileURL(path.join(migrationsDir, file)).href
    )) as MigrationModule;
    const { up, down } = mod;
    return { up: (k: Knex) => up(k), down: (k: Knex) => (down ? down(k) : Promise.resolve()) };
  }
}

export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest({
    migrationSource: new DirectoryMigrationSource(),
  })) as [number, string[]];
  return applied;
}

/** Names of the migrations in migrations/ this database has not run yet (readiness). */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const [, pending] = (await knex.migrate.list({
    migrationSource: new DirectoryMigrationSource(),
  })) as [unknown[], string[]];
  return pending.map((file) => file.replace(/\.ts$/, ''));
}
