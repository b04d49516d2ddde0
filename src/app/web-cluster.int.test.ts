import cluster from 'node:cluster';
import { get } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/runtime.ts';
import { createLogger } from '../logger.ts';
import { forkWebProcesses, type WebProcesses } from './web-cluster.ts';
import { freePort } from '../http/test-support/free-port.ts';

/**
 * WEB_CONCURRENCY > 1 (docs/reliability.md, "Load"): web children forked on one port
 * (tests/support/web-child.ts runs `serveWebChild` as `npm start` does in each child).
 */
let db: TestDatabase;
let dataDir: string;
let web: WebProcesses | undefined;
let url: string;
const silent = createLogger({ level: 'silent', pretty: false });

/** A GET on a connection of its own (no keep-alive: a killed child's socket is never reused). */
const status = (path: string) =>
  new Promise<number>((resolve, reject) =>
    get(`${url}${path}`, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject),
  );

const living = () => Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());

beforeAll(async () => {
  db = await createTestDatabase({ label: 'cluster', poolMax: 2 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-cluster-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  web = forkWebProcesses({
    count: 2,
    databaseUrl: db.url,
    logger: silent,
    exec: { file: 'tests/support/web-child.ts', execArgv: ['--import', 'tsx'] },
    env: {
      NODE_ENV: 'production',
      APP_URL: url,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
      PII_MASTER_KEY: 'the-personal-data-key-of-this-test-0123456789',
      LOG_LEVEL: 'silent',
    },
  });
  await web.ready;
}, 120_000);

afterAll(async () => {
  await web?.close();
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('several web processes on one port', () => {
  it('serve one port; a child that dies is replaced while the other answers; close stops them all', async () => {
    expect(living()).toHaveLength(2);
    for (let i = 0; i < 10; i++) expect(await status('/healthz')).toBe(200);

    const [victim] = living();
    const replaced = new Promise<void>((resolve) =>
      cluster.once('listening', (worker) => {
        if (worker !== victim) resolve();
      }),
    );
    const dead = new Promise((resolve) => victim!.once('exit', resolve));
    victim!.process.kill('SIGKILL');
    await dead;
    for (let i = 0; i < 10; i++) expect(await status('/healthz')).toBe(200);
    await replaced;
    expect(living()).toHaveLength(2);
    expect(living()).not.toContain(victim);

    await web!.close();
    web = undefined;
    expect(living()).toHaveLength(0);
    await expect(status('/healthz')).rejects.toThrow(/ECONNREFUSED/);
  }, 120_000);
});
