import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/runtime.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { openRuntime } from './runtime.ts';

const silent = createLogger({ level: 'silent', pretty: false });

/** `npm start` (src/main.ts) refuses to start with a configuration production cannot run on. */
describe('start-up checks', () => {
  it('refuses to start in production with DATABASE_URL and no APP_URL, naming the variable', () => {
    // NODE_ENV unset: `npm start` is production by default. The check runs before anything is
    // built or opened (the database named here does not exist).
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        DATA_DIR: '/nonexistent',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/APP_URL: required in production when DATABASE_URL is set/);
  });
});

/** `npm run worker` (src/worker.ts) runs with the production defaults of `npm start`. */
describe('npm run worker', () => {
  // The database named here refuses connections: the worker logs its fatal start-up error and
  // exits, which is enough to see how it logs.
  const runWorker = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        DATA_DIR: '/nonexistent',
        ...env,
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
  /** The worker's own fatal line (knex prints its connection errors itself). */
  const fatalLine = (text: string) => {
    const found = text.split('\n').filter((line) => line.includes('start-up failed'));
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  it('logs JSON lines when NODE_ENV is unset (production, as npm start)', () => {
    const run = runWorker({});
    expect(run.status).toBe(1);
    expect(JSON.parse(fatalLine(run.stdout))).toMatchObject({
      level: 60,
      msg: 'start-up failed',
      err: { code: 'ECONNREFUSED' },
    });
  });

  it('pretty-prints only when NODE_ENV=development', () => {
    const run = runWorker({ NODE_ENV: 'development' });
    expect(run.status).toBe(1);
    expect(() => JSON.parse(fatalLine(run.stdout)) as unknown).toThrow();
  });
});

describe('the personal-data key', () => {
  let db: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    db = await createTestDatabase({ poolMax: 2 });
    dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-startup-'));
  });
  afterAll(async () => {
    await db?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const start = (piiKey: string) =>
    openRuntime(
      loadConfig({
        DATA_DIR: dataDir,
        PII_MASTER_KEY: piiKey,
        SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
      }),
      { role: 'cli', databaseUrl: db.url, logger: silent, closeOnSignal: false },
    );

  it('a process started with another personal-data key refuses to start', async () => {
    const first = await start('the-first-personal-data-key-0123456789abcdef');
    await first.close();
    await expect(start('a-second-personal-data-key-0123456789abcdef')).rejects.toThrow(
      /another personal-data key/,
    );
    const again = await start('the-first-personal-data-key-0123456789abcdef');
    await again.close();
  });
});
